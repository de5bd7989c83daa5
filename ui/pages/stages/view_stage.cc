// One stage attempt, as Spark's stage page shows it, on one scrolling page:
//   [header]      id, attempt, name, status, times, totals, jobs, other attempts, failure
//   [findings]    the diagnosis' findings about this stage attempt (ui/pages/findings/)
//   [dag]         the DAG of RDD operations (ui/graph/)
//   [summary]     min / 25th / median / 75th / max of the task metrics, skew highlighted, and
//                 the histogram of task durations (duration_histogram_view.h)
//   [executors]   aggregated metrics by executor
//   [accumulators]
//   [timeline]    the event timeline of tasks (ui/timeline/)
//   [tasks]       every task attempt: sortable, filterable, clipped for 100,000 rows
// Everything is drawn from state.stage_page, built by PrepareRoute.
#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ui/widgets/format.h"
#include "ui/app/keyboard.h"
#include "ui/widgets/metric_tooltips.h"
#include "ui/graph/rdd_dag_view.h"
#include "ui/pages/stages/duration_histogram_view.h"
#include "ui/widgets/small_table_filter.h"
#include "ui/widgets/sortable_table.h"
#include "ui/pages/stages/stages_table_model.h"
#include "ui/widgets/status_colors.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/tsv.h"
#include "ui/app/views.h"
#include "ui/pages/findings/view_findings.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

void WrappedTooltip(const char* text, int max_chars = 2000) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36);
  const int length = static_cast<int>(std::string_view(text).size());
  ImGui::Text("%.*s%s", std::min(length, max_chars), text,
              length > max_chars ? "\xe2\x80\xa6" : "");
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void HoverTooltip(const char* text) {
  if (ImGui::IsItemHovered()) WrappedTooltip(text);
}

// "1.2 GiB / 3,456" for a size with its records.
const char* SizeRecords(int64_t bytes, int64_t records, char* out, size_t size) {
  char b[32], r[32];
  std::snprintf(out, size, "%s / %s", FormatBytes(static_cast<uint64_t>(std::max<int64_t>(bytes, 0)), b, sizeof b),
                FormatCount(static_cast<uint64_t>(std::max<int64_t>(records, 0)), r, sizeof r));
  return out;
}

// A label and a value on one line, the label muted.
void Fact(const char* label, const char* value) {
  ImGui::TextColored(colors::kMuted, "%s", label);
  ImGui::SameLine();
  ImGui::TextUnformatted(value);
}

// ---- [header] -------------------------------------------------------------------------------

void DrawHeader(AppState& state, const StagePageModel& page) {
  char text[64], other[64];
  ImGui::PushFont(Fonts().title);
  ImGui::Text("Stage %d", page.stage_id);
  ImGui::SameLine();
  ImGui::TextColored(colors::kMuted, "attempt %d", page.attempt_id);
  ImGui::SameLine();
  ImGui::TextColored(StageStatusColor(page.status), "%s", StageStatusName(page.status));
  if (page.num_tasks == 1) {
    // A one-task stage runs on one core however large the cluster: say so where it is seen first.
    ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
    ImGui::TextColored(colors::kAccent, "1 task");
  }
  ImGui::PopFont();
  if (page.num_tasks == 1 && ImGui::IsItemHovered()) {
    WrappedTooltip("The whole stage is one task, so it ran on a single core. A single partition "
                   "(e.g. a global sort, a window without PARTITION BY, coalesce(1), a small "
                   "input file) is the usual cause.");
  }
  ImGui::PushFont(Fonts().bold);
  ImGui::TextWrapped("%s", page.name.c_str());
  ImGui::PopFont();
  if (!page.details.empty()) HoverTooltip(page.details.c_str());
  if (!page.description.empty()) ImGui::TextColored(colors::kMuted, "%s", page.description.c_str());
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.3f));

  // Headline cards.
  const float em = ImGui::GetFontSize();
  const float card = em * 9;
  auto card_at = [&](const char* caption, const char* value, MetricTip tip, bool has_tip) {
    StatCard(caption, value, card);
    if (has_tip) HoverTooltip(MetricTooltip(tip));
    ImGui::SameLine();
  };
  card_at("Duration", FormatDuration(page.duration_ms, text, sizeof text), MetricTip::kStageDuration,
          true);
  card_at("Total task time", FormatDuration(page.total_task_time_ms, text, sizeof text),
          MetricTip::kDuration, true);
  std::snprintf(text, sizeof text, "%u / %u", page.tasks_complete, page.num_tasks);
  card_at("Tasks succeeded", text, MetricTip::kDuration, false);
  if (page.tasks_failed + page.tasks_killed > 0) {
    std::snprintf(text, sizeof text, "%u / %u", page.tasks_failed, page.tasks_killed);
    card_at("Failed / killed", text, MetricTip::kDuration, false);
  }
  if (page.has_input) {
    card_at("Input", FormatBytes(page.input_bytes, text, sizeof text), MetricTip::kInput, true);
  }
  if (page.has_output) {
    card_at("Output", FormatBytes(page.output_bytes, text, sizeof text), MetricTip::kOutput, true);
  }
  if (page.has_shuffle_read) {
    card_at("Shuffle read", FormatBytes(page.shuffle_read_bytes, text, sizeof text),
            MetricTip::kShuffleRead, true);
  }
  if (page.has_shuffle_write) {
    card_at("Shuffle write", FormatBytes(page.shuffle_write_bytes, text, sizeof text),
            MetricTip::kShuffleWrite, true);
  }
  if (page.has_spill) {
    FormatBytes(page.memory_spilled, text, sizeof text);
    FormatBytes(page.disk_spilled, other, sizeof other);
    char both[144];
    std::snprintf(both, sizeof both, "%s / %s", text, other);
    StatCard("Spill (memory / disk)", both, em * 12);
    HoverTooltip(MetricTooltip(MetricTip::kSpillDisk));
    ImGui::SameLine();
  }
  ImGui::NewLine();

  Fact("Submitted", FormatTimestamp(page.submitted_ms, text, sizeof text));
  ImGui::SameLine(0, em * 1.5f);
  Fact("Completed", FormatTimestamp(page.completed_ms, text, sizeof text));
  if (!page.locality_summary.empty()) {
    ImGui::SameLine(0, em * 1.5f);
    Fact("Locality level summary", page.locality_summary.c_str());
    HoverTooltip(MetricTooltip(MetricTip::kLocality));
  }
  // Sizes with their records on one line, only those the stage has.
  bool first = true;
  auto size_fact = [&](bool shown, const char* label, int64_t bytes, int64_t records) {
    if (!shown) return;
    if (!first) ImGui::SameLine(0, em * 1.5f);
    first = false;
    Fact(label, SizeRecords(bytes, records, text, sizeof text));
  };
  size_fact(page.has_input, "Input size / records", page.input_bytes, page.input_records);
  size_fact(page.has_output, "Output size / records", page.output_bytes, page.output_records);
  size_fact(page.has_shuffle_read, "Shuffle read size / records", page.shuffle_read_bytes,
            page.shuffle_read_records);
  size_fact(page.has_shuffle_write, "Shuffle write size / records", page.shuffle_write_bytes,
            page.shuffle_write_records);

  ImGui::TextColored(colors::kMuted, "%s", page.job_ids.size() == 1 ? "Job" : "Jobs");
  for (int32_t job : page.job_ids) {
    ImGui::SameLine();
    std::snprintf(text, sizeof text, "%d", job);
    ImGui::PushID(job);
    if (LinkText(text)) Navigate(state, Route{ViewId::kJob, job});
    ImGui::PopID();
  }
  if (page.job_ids.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(colors::kMuted, "none");
  }
  if (page.attempts.size() > 1) {
    ImGui::SameLine(0, em * 1.5f);
    ImGui::TextColored(colors::kMuted, "Attempts");
    for (int32_t attempt : page.attempts) {
      ImGui::SameLine();
      std::snprintf(text, sizeof text, "%d", attempt);
      if (attempt == page.attempt_id) {
        ImGui::PushFont(Fonts().bold);
        ImGui::TextUnformatted(text);
        ImGui::PopFont();
        continue;
      }
      ImGui::PushID(attempt);
      if (LinkText(text)) Navigate(state, Route{ViewId::kStage, page.stage_id, attempt});
      ImGui::PopID();
    }
  }

  if (!page.failure_reason.empty()) {
    ImGui::Dummy(ImVec2(0, em * 0.3f));
    ImGui::TextColored(colors::kFailed, "Failure reason");
    // Reasons are often whole stack traces: a bounded, scrolling box keeps the page readable.
    const float lines = static_cast<float>(
        std::min<size_t>(8, 1 + std::count(page.failure_reason.begin(),
                                           page.failure_reason.end(), '\n')));
    const float height = ImGui::GetTextLineHeightWithSpacing() * lines +
                         ImGui::GetStyle().WindowPadding.y * 2 + ImGui::GetTextLineHeight();
    if (ImGui::BeginChild("failure", ImVec2(0, height), true)) {
      ImGui::PushStyleColor(ImGuiCol_Text, colors::kFailed);
      ImGui::TextWrapped("%s", page.failure_reason.c_str());
      ImGui::PopStyleColor();
    }
    ImGui::EndChild();
  }
}

// ---- [summary] ------------------------------------------------------------------------------

const char* SummaryCell(const SummaryRow& row, size_t i, char* out, size_t size) {
  const double v = row.values[i];
  char a[32], b[32];
  switch (row.unit) {
    case SummaryUnit::kMillis:
      return FormatDuration(static_cast<int64_t>(v), out, size);
    case SummaryUnit::kNanos:
      return FormatDuration(static_cast<int64_t>(v / 1e6), out, size);
    case SummaryUnit::kBytes:
      return FormatBytes(static_cast<uint64_t>(std::max(0.0, v)), out, size);
    case SummaryUnit::kBytesRecords:
      std::snprintf(out, size, "%s / %s", FormatBytes(static_cast<uint64_t>(std::max(0.0, v)), a, sizeof a),
                    FormatCount(static_cast<uint64_t>(std::max(0.0, row.records[i])), b, sizeof b));
      return out;
  }
  return out;
}

// The summary metrics as the table shows them, one metric a row.
void CopySummaryTsv(const StagePageModel& page) {
  TsvWriter tsv;
  for (const char* header : {"Metric", "Min", "25th percentile", "Median", "75th percentile", "Max"}) {
    tsv.Cell(header);
  }
  tsv.EndRow();
  char text[96];
  for (const SummaryRow& row : page.summary) {
    if (!page.summary_filter.Shows({row.label})) continue;
    tsv.Cell(row.label);
    for (size_t i = 0; i < 5; ++i) tsv.Cell(SummaryCell(row, i, text, sizeof text));
    tsv.EndRow();
  }
  ImGui::SetClipboardText(tsv.text().c_str());
}

void DrawSummary(StagePageModel& page) {
  char title[96], count[32];
  std::snprintf(title, sizeof title, "Summary metrics for %s completed %s",
                FormatCount(page.tasks_complete, count, sizeof count),
                page.tasks_complete == 1 ? "task" : "tasks");
  SectionTitle(title);
  if (!page.has_summary) {
    ImGui::TextColored(colors::kMuted, "No task has reported metrics for this stage attempt yet.");
    return;
  }
  size_t shown = 0;
  for (const SummaryRow& row : page.summary) shown += page.summary_filter.Shows({row.label});
  if (DrawSmallTableToolbar("summary", "Filter metrics", page.summary_filter, shown,
                            page.summary.size(), "metrics").copy) {
    CopySummaryTsv(page);
  }
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                     ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit |
                                     ImGuiTableFlags_PadOuterX;
  const float em = ImGui::GetFontSize();
  if (!ImGui::BeginTable("summary", 6, kFlags)) return;
  ImGui::TableSetupColumn("Metric", 0, em * 14);
  for (const char* name : {"Min", "25th percentile", "Median", "75th percentile", "Max"}) {
    ImGui::TableSetupColumn(name, 0, em * 10);
  }
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
  char text[96];
  for (const SummaryRow& row : page.summary) {
    if (!page.summary_filter.Shows({row.label})) continue;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.label);
    HoverTooltip(MetricTooltip(row.tip));
    for (size_t i = 0; i < 5; ++i) {
      ImGui::TableNextColumn();
      const bool skew_cell = row.skewed && i == 4;
      if (skew_cell) {
        const ImVec4 fill(colors::kFailed.x, colors::kFailed.y, colors::kFailed.z, 0.30f);
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, ImGui::GetColorU32(fill));
      }
      ImGui::TextUnformatted(SummaryCell(row, i, text, sizeof text));
      if (skew_cell && ImGui::IsItemHovered()) {
        if (row.skew_ratio > 0) {
          std::snprintf(text, sizeof text, "skew: the slowest task took %.1fx the median",
                        row.skew_ratio);
          if (row.unit == SummaryUnit::kBytes || row.unit == SummaryUnit::kBytesRecords) {
            std::snprintf(text, sizeof text, "skew: the largest task had %.1fx the median",
                          row.skew_ratio);
          }
        } else {
          std::snprintf(text, sizeof text, "skew: the median task had none of this; the max is "
                                           "over twice the 75th percentile");
        }
        WrappedTooltip(text);
      }
    }
  }
  ImGui::EndTable();
}

// ---- [executors] ----------------------------------------------------------------------------

enum ExecutorColumn : int {
  kExecId, kExecAddress, kExecTaskTime, kExecTotal, kExecFailed, kExecKilled, kExecSucceeded,
  kExecExcluded, kExecInput, kExecOutput, kExecShuffleRead, kExecShuffleWrite, kExecSpillMemory,
  kExecSpillDisk, kExecColumnCount
};

void CopyExecutorsTsv(const StagePageModel& page) {
  TsvWriter tsv;
  for (const char* h : {"Executor ID", "Address", "Task Time (ms)", "Total Tasks", "Failed Tasks",
                        "Killed Tasks", "Succeeded Tasks", "Excluded", "Input (bytes)",
                        "Input Records", "Output (bytes)", "Output Records", "Shuffle Read (bytes)",
                        "Shuffle Read Records", "Shuffle Write (bytes)", "Shuffle Write Records",
                        "Spill Memory (bytes)", "Spill Disk (bytes)"}) {
    tsv.Cell(h);
  }
  tsv.EndRow();
  for (const ExecutorSummaryRow& e : page.executors) {
    if (!page.executors_filter.Shows({e.executor_id, e.address})) continue;
    tsv.Cell(e.executor_id);
    tsv.Cell(e.address);
    for (int64_t v : {e.task_time_ms, e.TotalTasks(), e.failed_tasks, e.killed_tasks,
                      e.succeeded_tasks}) {
      tsv.Cell(v);
    }
    tsv.Cell(e.excluded ? "true" : "false");
    for (int64_t v : {e.input_bytes, e.input_records, e.output_bytes, e.output_records,
                      e.shuffle_read_bytes, e.shuffle_read_records, e.shuffle_write_bytes,
                      e.shuffle_write_records, e.memory_spilled, e.disk_spilled}) {
      tsv.Cell(v);
    }
    tsv.EndRow();
  }
  ImGui::SetClipboardText(tsv.text().c_str());
}

void DrawExecutors(AppState& state, StagePageModel& page) {
  SectionTitle("Aggregated metrics by executor");
  if (page.executors.empty()) {
    ImGui::TextColored(colors::kMuted, "No executor ran a task of this stage attempt.");
    return;
  }
  // The rows the filter shows, in the model's order: an index the clipper walks.
  static std::vector<uint32_t> shown;
  shown.clear();
  for (size_t i = 0; i < page.executors.size(); ++i) {
    const ExecutorSummaryRow& e = page.executors[i];
    if (page.executors_filter.Shows({e.executor_id, e.address})) shown.push_back(static_cast<uint32_t>(i));
  }
  if (DrawSmallTableToolbar("executors", "Filter by executor id or address", page.executors_filter,
                            shown.size(), page.executors.size(), "executors").copy) {
    CopyExecutorsTsv(page);
  }
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                     ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit |
                                     ImGuiTableFlags_PadOuterX | ImGuiTableFlags_ScrollY |
                                     ImGuiTableFlags_ScrollX | ImGuiTableFlags_Resizable;
  const float em = ImGui::GetFontSize();
  const float row = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
  // Room for the sideways scrollbar below the rows, so that it never covers the last one.
  const float height =
      row * static_cast<float>(std::min<size_t>(std::max<size_t>(shown.size(), 1), 12) + 1) + 4 +
      ImGui::GetStyle().ScrollbarSize;
  if (!ImGui::BeginTable("executors", kExecColumnCount, kFlags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  auto hidden = [](bool shown) { return shown ? 0 : ImGuiTableColumnFlags_Disabled; };
  // The table scrolls sideways, so each header shows in full ("Shuffle Read Size / Records"):
  // a column starts at least as wide as its bold header.
  ImGui::PushFont(Fonts().bold);
  auto column = [em](const char* name, ImGuiTableColumnFlags flags, float width_em) {
    ImGui::TableSetupColumn(name, flags, std::max(em * width_em, ImGui::CalcTextSize(name).x + em));
  };
  column("Executor ID", 0, 5.5f);
  column("Address", 0, 11);
  column("Task Time", 0, 5.5f);
  column("Total Tasks", 0, 5);
  column("Failed Tasks", 0, 5.2f);
  column("Killed Tasks", 0, 5);
  column("Succeeded Tasks", 0, 6.5f);
  column("Excluded", 0, 4.5f);
  column("Input Size / Records", hidden(page.has_input), 9);
  column("Output Size / Records", hidden(page.has_output), 9);
  column("Shuffle Read Size / Records", hidden(page.has_shuffle_read), 10.5f);
  column("Shuffle Write Size / Records", hidden(page.has_shuffle_write), 10.5f);
  column("Spill (Memory)", hidden(page.has_spill), 6);
  column("Spill (Disk)", hidden(page.has_spill), 6);
  ImGui::PopFont();
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
  char text[96];
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(shown.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const ExecutorSummaryRow& e = page.executors[shown[i]];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushID(i);
      if (LinkText(e.executor_id.c_str())) {
        state.executor_to_select = e.executor_id;  // the Executors tab selects its row
        Navigate(state, Route{ViewId::kExecutors});
      }
      ImGui::PopID();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(e.address.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(FormatDuration(e.task_time_ms, text, sizeof text));
      ImGui::TableNextColumn();
      ImGui::Text("%lld", static_cast<long long>(e.TotalTasks()));
      ImGui::TableNextColumn();
      if (e.failed_tasks > 0) {
        ImGui::TextColored(colors::kFailed, "%lld", static_cast<long long>(e.failed_tasks));
      } else {
        ImGui::TextUnformatted("0");
      }
      ImGui::TableNextColumn();
      ImGui::Text("%lld", static_cast<long long>(e.killed_tasks));
      ImGui::TableNextColumn();
      ImGui::Text("%lld", static_cast<long long>(e.succeeded_tasks));
      ImGui::TableNextColumn();
      if (e.excluded) {
        ImGui::TextColored(colors::kFailed, "true");
      } else {
        ImGui::TextColored(colors::kMuted, "false");
      }
      // stagepage.js leaves size / records blank when there are no records.
      auto size_records = [&](int64_t bytes, int64_t records) {
        ImGui::TableNextColumn();
        if (records != 0) ImGui::TextUnformatted(SizeRecords(bytes, records, text, sizeof text));
      };
      size_records(e.input_bytes, e.input_records);
      size_records(e.output_bytes, e.output_records);
      size_records(e.shuffle_read_bytes, e.shuffle_read_records);
      size_records(e.shuffle_write_bytes, e.shuffle_write_records);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(FormatBytes(std::max<int64_t>(e.memory_spilled, 0), text, sizeof text));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(FormatBytes(std::max<int64_t>(e.disk_spilled, 0), text, sizeof text));
    }
  }
  ImGui::EndTable();
}

// ---- [accumulators] -------------------------------------------------------------------------

void CopyAccumulatorsTsv(const StagePageModel& page) {
  TsvWriter tsv;
  for (const char* h : {"ID", "Name", "Value"}) tsv.Cell(h);
  tsv.EndRow();
  for (const AccumulatorRow& acc : page.accumulators) {
    if (!page.accumulators_filter.Shows({acc.name, acc.value})) continue;
    tsv.Cell(acc.id);
    tsv.Cell(acc.name);
    tsv.Cell(acc.value);
    tsv.EndRow();
  }
  ImGui::SetClipboardText(tsv.text().c_str());
}

void DrawAccumulators(StagePageModel& page) {
  if (page.accumulators.empty()) return;
  SectionTitle("Accumulators");
  size_t shown = 0;
  for (const AccumulatorRow& acc : page.accumulators) {
    shown += page.accumulators_filter.Shows({acc.name, acc.value});
  }
  if (DrawSmallTableToolbar("accumulators", "Filter by name or value", page.accumulators_filter,
                            shown, page.accumulators.size(), "accumulators").copy) {
    CopyAccumulatorsTsv(page);
  }
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                     ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit |
                                     ImGuiTableFlags_PadOuterX;
  const float em = ImGui::GetFontSize();
  if (!ImGui::BeginTable("accumulators", 3, kFlags)) return;
  ImGui::TableSetupColumn("ID", 0, em * 5);
  ImGui::TableSetupColumn("Name", 0, em * 24);
  ImGui::TableSetupColumn("Value", 0, em * 24);
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
  for (const AccumulatorRow& acc : page.accumulators) {
    if (!page.accumulators_filter.Shows({acc.name, acc.value})) continue;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::Text("%lld", static_cast<long long>(acc.id));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(acc.name.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(acc.value.c_str());
  }
  ImGui::EndTable();
}

// ---- [tasks] --------------------------------------------------------------------------------

struct TaskColumnSpec {
  const char* name;
  float width_em;
  bool has_tip;
  MetricTip tip;
};

// Indexed by TaskColumn.
constexpr TaskColumnSpec kTaskColumns[] = {
    {"Index", 3.5f, false, MetricTip::kDuration},
    {"Task ID", 4.5f, false, MetricTip::kDuration},
    {"Attempt", 3.8f, false, MetricTip::kDuration},
    {"Status", 5.5f, false, MetricTip::kDuration},
    {"Locality Level", 7.5f, true, MetricTip::kLocality},
    {"Executor ID", 5.5f, false, MetricTip::kDuration},
    {"Host", 10, false, MetricTip::kDuration},
    {"Logs", 6, false, MetricTip::kDuration},
    {"Launch Time", 9.5f, false, MetricTip::kDuration},
    {"Duration", 5, true, MetricTip::kDuration},
    {"Scheduler Delay", 6.5f, true, MetricTip::kSchedulerDelay},
    {"Task Deserialization Time", 6.5f, true, MetricTip::kTaskDeserializationTime},
    {"GC Time", 5, true, MetricTip::kGcTime},
    {"Result Serialization Time", 6.5f, true, MetricTip::kResultSerializationTime},
    {"Getting Result Time", 6.5f, true, MetricTip::kGettingResultTime},
    {"Peak Execution Memory", 7, true, MetricTip::kPeakExecutionMemory},
    {"Accumulators", 14, false, MetricTip::kDuration},
    {"Input Size / Records", 9, true, MetricTip::kInput},
    {"Output Size / Records", 9, true, MetricTip::kOutput},
    {"Shuffle Read Fetch Wait Time", 7, true, MetricTip::kShuffleReadFetchWait},
    {"Shuffle Remote Reads", 7, true, MetricTip::kShuffleRemoteReads},
    {"Shuffle Remote Blocks", 6, false, MetricTip::kDuration},
    {"Shuffle Read Size / Records", 10, true, MetricTip::kShuffleRead},
    {"Shuffle Write Time", 6.5f, true, MetricTip::kShuffleWriteTime},
    {"Shuffle Write Size / Records", 10, true, MetricTip::kShuffleWrite},
    {"Spill (Memory)", 6, true, MetricTip::kSpillMemory},
    {"Spill (Disk)", 6, true, MetricTip::kSpillDisk},
    {"Errors", 24, false, MetricTip::kDuration},
};
static_assert(sizeof kTaskColumns / sizeof kTaskColumns[0] == kTaskColumnCount,
              "one spec per task column");

bool TaskColumnShown(const StagePageModel& page, TaskColumn column) {
  switch (column) {
    case TaskColumn::kInput: return page.has_input;
    case TaskColumn::kOutput: return page.has_output;
    case TaskColumn::kFetchWait:
    case TaskColumn::kRemoteReads:
    case TaskColumn::kRemoteBlocks:
    case TaskColumn::kShuffleRead: return page.has_shuffle_read;
    case TaskColumn::kWriteTime:
    case TaskColumn::kShuffleWrite: return page.has_shuffle_write;
    case TaskColumn::kAccumulators: return !page.accumulators.empty();
    case TaskColumn::kSpillMemory:
    case TaskColumn::kSpillDisk: return page.has_spill;
    default: return true;
  }
}

// The text of one task cell ("" for metrics a task does not have), as the table and TSV show it.
const char* TaskCellText(const TaskTableModel& tasks, uint32_t row, const TaskCells& c,
                         TaskColumn column, char* out, size_t size) {
  auto ms = [&](int64_t v) { return v < 0 ? "" : FormatDuration(v, out, size); };
  auto bytes = [&](int64_t v) {
    return v < 0 ? "" : FormatBytes(static_cast<uint64_t>(v), out, size);
  };
  auto size_records = [&](int64_t b, int64_t r) {
    return b <= 0 && r <= 0 ? "" : SizeRecords(b, r, out, size);
  };
  auto text = [&](StringId id) {
    const std::string_view s = tasks.pool->Get(id);
    std::snprintf(out, size, "%.*s", static_cast<int>(s.size()), s.data());
    return out;
  };
  switch (column) {
    case TaskColumn::kIndex: std::snprintf(out, size, "%d", c.index); return out;
    case TaskColumn::kTaskId:
      std::snprintf(out, size, "%lld", static_cast<long long>(c.task_id));
      return out;
    case TaskColumn::kAttempt:
      std::snprintf(out, size, "%d%s", c.attempt, c.speculative ? " (speculative)" : "");
      return out;
    case TaskColumn::kStatus: return TaskApiStatusName(c.status);
    case TaskColumn::kLocality: return text(c.locality);
    case TaskColumn::kExecutor: return text(c.executor_id);
    case TaskColumn::kHost: return text(c.host);
    case TaskColumn::kLaunchTime: return FormatTimestamp(c.launch_time_ms, out, size);
    case TaskColumn::kDuration: return ms(c.duration_ms);
    case TaskColumn::kSchedulerDelay: return ms(c.scheduler_delay_ms);
    case TaskColumn::kDeserialization: return ms(c.deserialization_ms);
    case TaskColumn::kGcTime: return ms(c.gc_time_ms);
    case TaskColumn::kResultSerialization: return ms(c.result_serialization_ms);
    case TaskColumn::kGettingResult: return ms(c.getting_result_ms);
    case TaskColumn::kPeakMemory: return bytes(c.peak_memory);
    case TaskColumn::kInput: return size_records(c.input_bytes, c.input_records);
    case TaskColumn::kOutput: return size_records(c.output_bytes, c.output_records);
    case TaskColumn::kShuffleRead:
      return size_records(c.shuffle_read_bytes, c.shuffle_read_records);
    case TaskColumn::kShuffleWrite:
      return size_records(c.shuffle_write_bytes, c.shuffle_write_records);
    case TaskColumn::kSpillMemory: return bytes(c.spill_memory);
    case TaskColumn::kSpillDisk: return bytes(c.spill_disk);
    case TaskColumn::kFetchWait: return ms(c.fetch_wait_ms);
    case TaskColumn::kRemoteReads: return bytes(c.remote_bytes);
    case TaskColumn::kRemoteBlocks:
      if (c.remote_blocks < 0) return "";
      std::snprintf(out, size, "%lld", static_cast<long long>(c.remote_blocks));
      return out;
    // stagepage.js shows writeTime (ns) as milliseconds.
    case TaskColumn::kWriteTime: return ms(c.write_time_ns < 0 ? -1 : c.write_time_ns / 1000000);
    case TaskColumn::kLogs: {
      // The link names, read from the task's executor (the TaskRow's executorLogs).
      const TaskRow task = tasks.QueryRow(row);
      std::string names;
      if (task.executor_logs != nullptr) {
        for (const auto& [name, url] : *task.executor_logs) {
          if (!names.empty()) names += ' ';
          names += tasks.pool->Get(name);
        }
      }
      std::snprintf(out, size, "%s", names.c_str());
      return out;
    }
    case TaskColumn::kAccumulators: {
      const std::string text = TaskAccumulatorsText(tasks.QueryRow(row), *tasks.pool, "; ");
      std::snprintf(out, size, "%s", text.c_str());
      return out;
    }
    case TaskColumn::kErrors: {
      // The first line: the exception's class and message.
      const std::string_view s = tasks.pool->Get(c.error);
      const size_t end = std::min(s.find('\n'), s.size());
      std::snprintf(out, size, "%.*s", static_cast<int>(end), s.data());
      return out;
    }
    case TaskColumn::kCount: break;
  }
  return "";
}

void CopyTasksTsv(const StagePageModel& page) {
  const TaskTableModel& tasks = page.tasks;
  TsvWriter tsv;
  for (size_t i = 0; i < kTaskColumnCount; ++i) {
    if (TaskColumnShown(page, static_cast<TaskColumn>(i))) tsv.Cell(kTaskColumns[i].name);
  }
  tsv.EndRow();
  char text[256];
  for (uint32_t row : tasks.shown) {
    const TaskCells c = ReadTaskCells(*tasks.model, row, tasks.now_ms);
    for (size_t i = 0; i < kTaskColumnCount; ++i) {
      const auto column = static_cast<TaskColumn>(i);
      if (!TaskColumnShown(page, column)) continue;
      if (column == TaskColumn::kErrors) {
        tsv.Cell(tasks.pool->Get(c.error));
      } else {
        tsv.Cell(TaskCellText(tasks, row, c, column, text, sizeof text));
      }
    }
    tsv.EndRow();
  }
  ImGui::SetClipboardText(tsv.text().c_str());
}

void DrawTaskToolbar(StagePageModel& page) {
  TaskTableModel& tasks = page.tasks;
  size_t filter = static_cast<size_t>(tasks.filter);
  const TableToolbarSpec spec{"##task-search", "Executor, host or error text ( / )", 18, "tasks",
                              "task attempts"};
  const TableToolbarClicks clicks = DrawTableToolbar(
      spec, tasks.counts, &filter,
      [](size_t i) { return TaskFilterName(static_cast<TaskFilter>(i)); }, tasks.search,
      sizeof tasks.search, tasks.shown.size(), tasks.order.size());
  if (clicks.filter_changed) {
    tasks.filter = static_cast<TaskFilter>(filter);
    tasks.ApplyFilter();
  }
  if (clicks.copy) CopyTasksTsv(page);
}

// A task row's executor: Enter on a task opens the Executors tab with its executor selected.
void OpenTaskExecutor(AppState& state, const TaskTableModel& tasks, int position) {
  const uint32_t row = tasks.shown[static_cast<size_t>(position)];
  state.executor_to_select.assign(tasks.pool->Get(tasks.model->tasks.executor_id[row]));
  Navigate(state, Route{ViewId::kExecutors});
}

// The executor's log links (stdout, stderr, ...), each opening its URL; the URL shows on hover.
void DrawTaskLogLinks(AppState& state, const TaskTableModel& tasks, uint32_t row) {
  const TaskRow task = tasks.QueryRow(row);
  if (task.executor_logs == nullptr) return;
  ImGui::PushID(static_cast<int>(row));
  bool first = true;
  for (const auto& [name_id, url_id] : *task.executor_logs) {
    const std::string name(tasks.pool->Get(name_id));
    const std::string url(tasks.pool->Get(url_id));
    if (!first) ImGui::SameLine();
    first = false;
    if (LinkText(name.c_str()) && state.hooks.open_url != nullptr) state.hooks.open_url(url.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", url.c_str());
  }
  ImGui::PopID();
}

void DrawTasks(AppState& state, StagePageModel& page) {
  TaskTableModel& tasks = page.tasks;
  char title[64], count[32];
  std::snprintf(title, sizeof title, "Tasks (%s)", FormatCount(tasks.order.size(), count, sizeof count));
  SectionTitle(title);
  if (std::exchange(tasks.scroll_into_view, false)) ImGui::SetScrollHereY(0.0f);
  if (tasks.model == nullptr || tasks.order.empty()) {
    ImGui::TextColored(colors::kMuted, "No task of this stage attempt started.");
    return;
  }
  DrawTaskToolbar(page);
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.2f));
  // Arrows move a selection through the tasks; Enter opens the selected task's executor.
  const int open = TableKeyboardSelection(&tasks.selected_row, static_cast<int>(tasks.shown.size()));
  if (open >= 0) {
    OpenTaskExecutor(state, tasks, open);
    return;
  }
  const float em = ImGui::GetFontSize();
  const float row = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
  // Up to 25 rows tall (the page scrolls around it), shorter for small stages.
  const float height =
      row * static_cast<float>(std::min<size_t>(std::max<size_t>(tasks.shown.size(), 1), 25) + 1) +
      ImGui::GetStyle().ScrollbarSize + 4;
  std::array<SortableColumn, kTaskColumnCount> columns;
  for (size_t i = 0; i < kTaskColumnCount; ++i) {
    const auto column = static_cast<TaskColumn>(i);
    ImGuiTableColumnFlags flags = TaskColumnShown(page, column) ? 0 : ImGuiTableColumnFlags_Disabled;
    if (column == TaskColumn::kIndex) flags |= ImGuiTableColumnFlags_DefaultSort;
    if (column == TaskColumn::kLogs || column == TaskColumn::kAccumulators) {
      flags |= ImGuiTableColumnFlags_NoSort;
    }
    if (column >= TaskColumn::kDuration && column <= TaskColumn::kSpillDisk) {
      flags |= ImGuiTableColumnFlags_PreferSortDescending;  // the largest first: the culprits
    }
    columns[i] = SortableColumn{kTaskColumns[i].name, kTaskColumns[i].width_em, flags,
                                kTaskColumns[i].has_tip ? MetricTooltip(kTaskColumns[i].tip)
                                                        : nullptr};
  }
  if (!BeginSortableTable("tasks", columns, height,
                          ImGuiTableFlags_ScrollX | ImGuiTableFlags_Hideable, 2)) {
    return;
  }
  if (tasks.sort_request != TaskColumn::kCount) {
    // A finding's link asked for its metric's largest first: set the header's order, which the
    // sort request below then applies as if the header had been clicked.
    if (TaskColumnShown(page, tasks.sort_request)) {
      SetSortDescending(static_cast<int>(tasks.sort_request));
    }
    tasks.sort_request = TaskColumn::kCount;
  }
  if (const SortRequest sort = TakeSortRequest(tasks.sorted); sort.apply) {
    tasks.Sort(static_cast<TaskColumn>(sort.column), sort.ascending);
  }

  char text[256];
  int clicked_executor = -1;  // the row whose executor link was clicked, opened after the table
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(tasks.shown.size()));
  ForceSelectedRowDrawn(clipper, tasks.selected_row);
  while (clipper.Step()) {
    for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
      const TaskCells c = ReadTaskCells(*tasks.model, tasks.shown[r], tasks.now_ms);
      const bool selected = r == tasks.selected_row;
      ImGui::TableNextRow();
      for (size_t i = 0; i < kTaskColumnCount; ++i) {
        const auto column = static_cast<TaskColumn>(i);
        if (!ImGui::TableNextColumn()) continue;
        if (column == TaskColumn::kLogs) {
          DrawTaskLogLinks(state, tasks, tasks.shown[r]);
          continue;
        }
        const char* cell = TaskCellText(tasks, tasks.shown[r], c, column, text, sizeof text);
        if (column == TaskColumn::kIndex) {
          // The row highlights when selected; a click selects it (Enter then opens its executor).
          ImGui::PushID(r);
          if (ImGui::Selectable(cell, selected,
                                ImGuiSelectableFlags_SpanAllColumns |
                                    ImGuiSelectableFlags_AllowItemOverlap)) {
            tasks.selected_row = r;
          }
          if (selected) ScrollToSelectedRow();
          ImGui::PopID();
        } else if (column == TaskColumn::kExecutor) {
          ImGui::PushID(r);
          if (LinkText(cell)) clicked_executor = r;
          ImGui::PopID();
        } else if (column == TaskColumn::kStatus) {
          ImGui::TextColored(TaskStatusColor(c.status), "%s", cell);
        } else if (column == TaskColumn::kAccumulators) {
          ImGui::TextUnformatted(cell);
          if (cell[0] != '\0' && ImGui::IsItemHovered()) {
            const std::string lines =
                TaskAccumulatorsText(tasks.QueryRow(tasks.shown[r]), *tasks.pool, "\n");
            ImGui::SetTooltip("%s", lines.c_str());
          }
        } else if (column == TaskColumn::kErrors) {
          ImGui::TextColored(colors::kFailed, "%s", cell);
          if (c.error != kEmptyString && ImGui::IsItemHovered()) {
            const std::string_view full = tasks.pool->Get(c.error);
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(em * 48);
            ImGui::Text("%.*s", static_cast<int>(std::min<size_t>(full.size(), 3000)), full.data());
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
          }
        } else {
          ImGui::TextUnformatted(cell);
        }
      }
    }
  }
  EndSortableTable();
  if (clicked_executor >= 0) OpenTaskExecutor(state, tasks, clicked_executor);
}

}  // namespace

void DrawStageView(AppState& state) {
  StagePageModel& page = state.stage_page;
  if (!page.found) {
    ImGui::PushFont(Fonts().title);
    ImGui::Text("Stage %lld", static_cast<long long>(state.route.id));
    ImGui::PopFont();
    ImGui::TextColored(colors::kFailed, "%s",
                       page.error.empty() ? "This stage is not in the log." : page.error.c_str());
    if (LinkText("All stages")) Navigate(state, Route{ViewId::kStages});
    return;
  }
  const float gap = ImGui::GetFontSize() * 0.8f;
  DrawHeader(state, page);
  ImGui::Dummy(ImVec2(0, gap));
  DrawFindingsAbout(state, FindingSubject::Stage(page.stage_id, page.attempt_id),
                    "Findings about this stage");

  // [section] DAG of RDD operations (ui/graph/)
  DrawStageDag(state, static_cast<int32_t>(page.stage_id), 0);

  DrawSummary(page);
  ImGui::Dummy(ImVec2(0, gap * 0.5f));
  DrawDurationHistogram(page);
  ImGui::Dummy(ImVec2(0, gap));
  DrawExecutors(state, page);
  ImGui::Dummy(ImVec2(0, gap));
  DrawAccumulators(page);
  if (!page.accumulators.empty()) ImGui::Dummy(ImVec2(0, gap));

  // [section] Event timeline of tasks (ui/timeline/)
  DrawTaskTimelineSection(state);  // ui/timeline/task_timeline.h

  DrawTasks(state, page);
}

void DescribeStageView(const AppState& state, JsonWriter& out) {
  const StagePageModel& page = state.stage_page;
  out.FieldBool("found", page.found);
  if (!page.found) {
    out.Field("error", page.error);
    return;
  }
  out.FieldInt("stageId", page.stage_id);
  out.FieldInt("attemptId", page.attempt_id);
  out.Field("status", StageStatusName(page.status));
  out.FieldInt("numTasks", page.num_tasks);
  out.FieldInt("taskRows", static_cast<int64_t>(page.tasks.shown.size()));
  out.FieldInt("taskAttempts", static_cast<int64_t>(page.tasks.order.size()));
  out.Field("taskFilter", TaskFilterName(page.tasks.filter));
  out.Key("durationQuantiles");  // the summary's Duration row: min, 25th, median, 75th, max (ms)
  out.BeginArray();
  if (const SummaryRow* duration = page.FindSummary(SummaryField::kExecutorRunTime)) {
    for (double v : duration->values) out.Double(v);
  }
  out.EndArray();
  // The histogram of those tasks' durations: bin k is [lo + k * binWidth, lo + (k + 1) * binWidth).
  out.Key("durationHistogram");
  out.BeginObject();
  out.FieldInt("lo", page.duration_histogram.lo);
  out.FieldInt("binWidth", page.duration_histogram.bin_width);
  out.Key("counts");
  out.BeginArray();
  for (uint32_t c : page.duration_histogram.counts) out.Int(c);
  out.EndArray();
  out.EndObject();
  out.Key("skewedMetrics");  // summary rows whose Max cell is highlighted
  out.BeginArray();
  for (const SummaryRow& row : page.summary) {
    if (row.skewed) out.String(row.label);
  }
  out.EndArray();
  out.FieldInt("summaryRows", static_cast<int64_t>(page.summary.size()));
  out.FieldInt("executorRows", static_cast<int64_t>(page.executors.size()));
  out.FieldInt("accumulatorRows", static_cast<int64_t>(page.accumulators.size()));
  out.Key("jobIds");
  out.BeginArray();
  for (int32_t job : page.job_ids) out.Int(job);
  out.EndArray();
  out.Key("firstTaskIds");  // task ids in the task table's order, the first few
  out.BeginArray();
  for (size_t i = 0; i < page.tasks.shown.size() && i < 10; ++i) {
    out.Int(page.tasks.model->tasks.task_id[page.tasks.shown[i]]);
  }
  out.EndArray();
  out.Field("taskSearch", page.tasks.search);
  out.FieldInt("selectedRow", page.tasks.selected_row);  // keyboard selection, -1 for none
  if (page.tasks.selected_row >= 0 &&
      static_cast<size_t>(page.tasks.selected_row) < page.tasks.shown.size()) {
    out.FieldInt("selectedTaskId",
                 page.tasks.model->tasks.task_id[page.tasks.shown[static_cast<size_t>(
                     page.tasks.selected_row)]]);
  }
  DescribeTaskTimeline(state.task_timeline, out);  // "taskTimeline": lanes, bars drawn, folds
  out.Key("findings");  // the findings whose evidence names this stage attempt
  const std::vector<uint32_t> own =
      state.overview.findings.About(FindingSubject::Stage(page.stage_id, page.attempt_id));
  DescribeFindings(state.overview.findings, &own, out);
}

}  // namespace afterglow::ui
