// Spark's Executors page: the Active / Dead / Total summary, then one row per executor (the driver
// included, as Spark lists it) with Spark's colour rules: Task Time red when GC took over 10 % of
// it, Failed Tasks red, Active Tasks blue, each more opaque the worse it is (executorspage.js).
// Sortable, filtered by the search box, copied as TSV; long lists are clipped.
#include <algorithm>
#include <cstdio>

#include "core/analysis/diagnostics.h"
#include "ui/timeline/executors_timeline.h"
#include "ui/widgets/format.h"
#include "ui/app/keyboard.h"
#include "ui/widgets/small_table_filter.h"
#include "ui/widgets/theme.h"
#include "ui/app/views.h"
#include "ui/pages/findings/view_findings.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

// executorspage.js colours: hsla(0, 100%, 50%, a) and hsla(240, 100%, 50%, a).
ImU32 Red(float alpha) { return ImGui::GetColorU32(ImVec4(1.0f, 0.0f, 0.0f, alpha)); }
ImU32 Blue(float alpha) { return ImGui::GetColorU32(ImVec4(0.0f, 0.0f, 1.0f, alpha)); }

// Alpha 0.5 at GC = 0 up to 1 at GC >= 50 % of the task time (totalDurationAlpha).
float GcAlpha(int64_t gc, int64_t duration) {
  return duration > 0 ? std::min(static_cast<float>(gc) / static_cast<float>(duration) + 0.5f, 1.0f)
                      : 1.0f;
}
// Alpha 0.5 up to 1 at 10 % failed (failedTasksAlpha).
float FailedAlpha(int64_t failed, int64_t total) {
  return total > 0 ? std::min(10.0f * static_cast<float>(failed) / static_cast<float>(total), 1.0f) *
                             0.5f + 0.5f
                   : 1.0f;
}
// Alpha 0.5 up to 1 when every task slot is busy (activeTasksAlpha).
float ActiveAlpha(int64_t active, int64_t max_tasks) {
  return max_tasks > 0 ? static_cast<float>(active) / static_cast<float>(max_tasks) * 0.5f + 0.5f
                       : 1.0f;
}

const ImVec4 kWhite(1, 1, 1, 1);

// "1.2 s (0.3 s)": task time with GC time, as Spark's Task Time (GC Time) column.
const char* TaskTimeText(int64_t duration_ms, int64_t gc_ms, char* out, size_t size) {
  char duration[32], gc[32];
  std::snprintf(out, size, "%s (%s)", FormatDuration(duration_ms, duration, sizeof duration),
                FormatDuration(gc_ms, gc, sizeof gc));
  return out;
}

const char* UsedOfTotal(int64_t used, int64_t total, char* out, size_t size) {
  char a[32], b[32];
  std::snprintf(out, size, "%s / %s", FormatBytes(static_cast<uint64_t>(std::max<int64_t>(used, 0)), a, sizeof a),
                FormatBytes(static_cast<uint64_t>(std::max<int64_t>(total, 0)), b, sizeof b));
  return out;
}

void CellText(const char* text) {
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(text);
}

void CellCount(int64_t value) {
  char text[32];
  CellText(FormatCount(static_cast<uint64_t>(std::max<int64_t>(value, 0)), text, sizeof text));
}

void CellBytes(int64_t value) {
  char text[32];
  CellText(FormatBytes(static_cast<uint64_t>(std::max<int64_t>(value, 0)), text, sizeof text));
}

// A count painted with a background colour when `alpha` > 0 (white text on it, as Spark's).
void ColouredCount(int64_t value, ImU32 background) {
  ImGui::TableNextColumn();
  char text[32];
  FormatCount(static_cast<uint64_t>(std::max<int64_t>(value, 0)), text, sizeof text);
  if (background != 0) {
    ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, background);
    ImGui::TextColored(kWhite, "%s", text);
  } else {
    ImGui::TextUnformatted(text);
  }
}

void TaskTimeCell(int64_t duration_ms, int64_t gc_ms, bool gc_heavy) {
  ImGui::TableNextColumn();
  char text[64];
  TaskTimeText(duration_ms, gc_ms, text, sizeof text);
  if (gc_heavy) {
    ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, Red(GcAlpha(gc_ms, duration_ms)));
    ImGui::TextColored(kWhite, "%s", text);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("GC took %.0f%% of the task time (Spark marks over 10%%)",
                        duration_ms > 0 ? 100.0 * gc_ms / duration_ms : 100.0);
    }
  } else {
    ImGui::TextUnformatted(text);
  }
}

void DrawSummaryRow(const char* label, const ExecutorTotals& t) {
  char text[96];
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  std::snprintf(text, sizeof text, "%s(%lld)", label, static_cast<long long>(t.count));
  ImGui::TextUnformatted(text);
  CellCount(t.rdd_blocks);
  CellText(UsedOfTotal(t.memory_used, t.max_memory, text, sizeof text));
  CellBytes(t.disk_used);
  CellCount(t.cores);
  // The summary's cells follow the same colour rules as the rows (executorspage.js applies them
  // to the summary template too).
  ColouredCount(t.active_tasks, t.active_tasks > 0 ? Blue(0.5f) : 0);
  ColouredCount(t.failed_tasks,
                t.failed_tasks > 0 ? Red(FailedAlpha(t.failed_tasks, t.total_tasks)) : 0);
  CellCount(t.completed_tasks);
  CellCount(t.total_tasks);
  TaskTimeCell(t.total_duration_ms, t.total_gc_ms, t.gc_heavy);
  CellBytes(t.input_bytes);
  CellBytes(t.shuffle_read_bytes);
  CellBytes(t.shuffle_write_bytes);
  CellCount(t.excluded);
}

void DrawSummary(ExecutorsTableModel& model) {
  SectionTitle("Summary");
  SmallTableFilter& filter = model.summary_filter;
  const size_t shown = filter.Shows({"Active"}) + filter.Shows({"Dead"}) + filter.Shows({"Total"});
  if (DrawSmallTableToolbar("executor_summary", "Filter: Active, Dead, Total", filter, shown, 3,
                            "rows").copy) {
    ImGui::SetClipboardText(model.SummaryTsv().c_str());
  }
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                     ImGuiTableFlags_BordersInnerH |
                                     ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_PadOuterX;
  if (!ImGui::BeginTable("executor_summary", 14, kFlags)) return;
  for (const char* header :
       {"", "RDD Blocks", "Storage Memory", "Disk Used", "Cores", "Active Tasks", "Failed Tasks",
        "Complete Tasks", "Total Tasks", "Task Time (GC Time)", "Input", "Shuffle Read",
        "Shuffle Write", "Excluded"}) {
    ImGui::TableSetupColumn(header);
  }
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
  if (filter.Shows({"Active"})) DrawSummaryRow("Active", model.active);
  if (filter.Shows({"Dead"})) DrawSummaryRow("Dead", model.dead);
  if (filter.Shows({"Total"})) DrawSummaryRow("Total", model.total);
  ImGui::EndTable();
}

void DrawExecutorRow(const ExecutorsTableModel& model, const ExecutorRow& r, bool selected,
                     void (*open_url)(const char*)) {
  char text[160];
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  // The row highlights when the arrows (or a task's executor link) selected it.
  ImGui::Selectable(r.id.c_str(), selected,
                    ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap);
  if (selected) ScrollToSelectedRow();
  CellText(r.address.c_str());
  ImGui::TableNextColumn();
  ImGui::TextColored(r.active ? (r.excluded ? colors::kAccent : colors::kSucceeded)
                             : (r.decommissioned ? colors::kAccent : colors::kMuted),
                     "%s", r.status.c_str());
  CellCount(r.rdd_blocks);
  CellText(UsedOfTotal(r.memory_used, r.max_memory, text, sizeof text));
  CellBytes(r.disk_used);
  CellCount(r.cores);
  ColouredCount(r.active_tasks,
                r.active_tasks > 0 ? Blue(ActiveAlpha(r.active_tasks, r.max_tasks)) : 0);
  ColouredCount(r.failed_tasks,
                r.failed_tasks > 0 ? Red(FailedAlpha(r.failed_tasks, r.total_tasks)) : 0);
  CellCount(r.completed_tasks);
  CellCount(r.total_tasks);
  TaskTimeCell(r.total_duration_ms, r.total_gc_ms, r.gc_heavy);
  CellBytes(r.input_bytes);
  CellBytes(r.shuffle_read_bytes);
  CellBytes(r.shuffle_write_bytes);
  if (model.has_peak_metrics) {
    // Byte pairs (on / off heap, direct / mapped), then the GC pairs (count / time).
    for (size_t i = 0; i < 8; i += 2) {
      ImGui::TableNextColumn();
      if (r.peaks[kShownPeaks[i]] >= 0) {
        ImGui::TextUnformatted(
            UsedOfTotal(r.peaks[kShownPeaks[i]], r.peaks[kShownPeaks[i + 1]], text, sizeof text));
      }
    }
    for (size_t i = 8; i < kShownPeaks.size(); i += 2) {
      ImGui::TableNextColumn();
      if (r.peaks[kShownPeaks[i]] >= 0) {
        char time[32];
        std::snprintf(text, sizeof text, "%lld / %s", static_cast<long long>(r.peaks[kShownPeaks[i]]),
                      FormatDuration(r.peaks[kShownPeaks[i + 1]], time, sizeof time));
        ImGui::TextUnformatted(text);
      }
    }
  }
  ImGui::TableNextColumn();
  ImGui::PushID(r.id.c_str());
  for (size_t i = 0; i < r.logs.size(); ++i) {
    if (i > 0) ImGui::SameLine();
    if (LinkText(r.logs[i].first.c_str()) && open_url != nullptr) open_url(r.logs[i].second.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.logs[i].second.c_str());
  }
  ImGui::PopID();
  CellText(FormatTimestamp(r.add_ms, text, sizeof text));
  ImGui::TableNextColumn();
  if (r.remove_ms >= 0) {
    char when[48];
    std::snprintf(text, sizeof text, "%s  %s", FormatTimestamp(r.remove_ms, when, sizeof when),
                  r.remove_reason.c_str());
    ImGui::TextUnformatted(text);
    if (ImGui::IsItemHovered() && !r.remove_reason.empty()) {
      ImGui::SetTooltip("%s", r.remove_reason.c_str());
    }
  }
}

void DrawHeadline(const ExecutorsTableModel& model) {
  ImGui::PushFont(Fonts().title);
  ImGui::TextUnformatted("Executors");
  ImGui::PopFont();
  ImGui::TextColored(colors::kMuted, "%lld executors (driver included):",
                     static_cast<long long>(model.total.count));
  ImGui::SameLine();
  ImGui::TextColored(colors::kSucceeded, "%lld active", static_cast<long long>(model.active.count));
  ImGui::SameLine();
  ImGui::TextColored(model.dead.count > 0 ? colors::kAccent : colors::kMuted, "%lld dead",
                     static_cast<long long>(model.dead.count));
  int gc_heavy = 0;
  for (const ExecutorRow& row : model.rows) gc_heavy += row.gc_heavy;
  if (gc_heavy > 0) {
    ImGui::SameLine();
    ImGui::TextColored(colors::kFailed, "%d with GC over %.0f%% of task time", gc_heavy,
                       kGcHeavyFraction * 100);
  }
}

// A link to an executor (Enter on a task of the stage page) selects its row once the table is in
// its sort order, and scrolls to it.
void SelectLinkedExecutor(AppState& state) {
  if (state.executor_to_select.empty()) return;
  const ExecutorsTableModel& model = state.executors;
  for (size_t i = 0; i < model.order.size(); ++i) {
    if (model.rows[model.order[i]].id == state.executor_to_select) {
      state.executors_selected_row = static_cast<int>(i);
      MarkTableSelectionMoved();
    }
  }
  state.executor_to_select.clear();
}

}  // namespace

void DrawExecutorsView(AppState& state) {
  ExecutorsTableModel& model = state.executors;
  DrawHeadline(model);
  if (!model.error.empty()) {
    ImGui::TextColored(colors::kFailed, "%s", model.error.c_str());
    return;
  }
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.2f));
  // Executors have no page each: this one lists the findings about any of them, each naming its.
  DrawFindingsAbout(state, FindingSubject::Executor(""), "Findings about executors");
  DrawSummary(model);
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.4f));
  SectionTitle("Executors");
  const float em = ImGui::GetFontSize();
  if (SearchBox("##executor_filter", "Filter executors (id, address, status, reason)  /",
                model.filter_text, sizeof model.filter_text, em * 22)) {
    model.Filter(model.filter_text);
  }
  ImGui::SameLine();
  ImGui::TextColored(colors::kMuted, "%zu of %zu", model.order.size(), model.rows.size());
  ImGui::SameLine();
  if (CopyTsvButton("executors_tsv")) ImGui::SetClipboardText(model.Tsv().c_str());

  // Arrows move a selection through the rows (an executor has no page of its own to open).
  TableKeyboardSelection(&state.executors_selected_row, static_cast<int>(model.order.size()));
  const int columns = model.has_peak_metrics ? 24 : 18;
  constexpr ImGuiTableFlags kFlags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter | ImGuiTableFlags_BordersInnerH |
      ImGuiTableFlags_Resizable | ImGuiTableFlags_Sortable | ImGuiTableFlags_ScrollY |
      ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_PadOuterX;
  const float row_height = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
  const float content = row_height * (static_cast<float>(model.order.size()) + 1) +
                        ImGui::GetStyle().ScrollbarSize + 4;
  // Leaves room under the table for what follows it (the executors timeline) unless the list is
  // short enough to show whole.
  const float avail = ImGui::GetContentRegionAvail().y;
  const float height = std::max(std::min(content, std::max(avail * 0.6f, row_height * 8)),
                                row_height * 3);
  if (!ImGui::BeginTable("executors", columns, kFlags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  // The table scrolls sideways: every header shows in full, with room for the sort arrow.
  ImGui::PushFont(Fonts().bold);
  auto column = [em](const char* name, float width, ExecutorColumn id,
                     ImGuiTableColumnFlags flags = 0) {
    width = std::max(width, ImGui::CalcTextSize(name).x + em * 1.2f);
    ImGui::TableSetupColumn(name, flags, width, static_cast<ImGuiID>(id));
  };
  column("Executor ID", em * 5.5f, ExecutorColumn::kId, ImGuiTableColumnFlags_DefaultSort);
  column("Address", em * 11, ExecutorColumn::kAddress);
  column("Status", std::max(em * 5, ImGui::CalcTextSize(model.widest_status.c_str()).x + em),
         ExecutorColumn::kStatus);
  column("RDD Blocks", em * 4.5f, ExecutorColumn::kRddBlocks);
  column("Storage Memory", em * 10, ExecutorColumn::kStorageMemory);
  column("Disk Used", em * 5, ExecutorColumn::kDiskUsed);
  column("Cores", em * 3, ExecutorColumn::kCores);
  column("Active Tasks", em * 5, ExecutorColumn::kActiveTasks);
  column("Failed Tasks", em * 5, ExecutorColumn::kFailedTasks);
  column("Complete Tasks", em * 6, ExecutorColumn::kCompleteTasks);
  column("Total Tasks", em * 5, ExecutorColumn::kTotalTasks);
  column("Task Time (GC Time)", em * 8.5f, ExecutorColumn::kTaskTime);
  column("Input", em * 5.5f, ExecutorColumn::kInput);
  column("Shuffle Read", em * 5.5f, ExecutorColumn::kShuffleRead);
  column("Shuffle Write", em * 5.5f, ExecutorColumn::kShuffleWrite);
  if (model.has_peak_metrics) {
    column("Peak JVM Memory (on/off heap)", em * 10, ExecutorColumn::kPeakJvmMemory);
    column("Peak Execution Memory (on/off)", em * 10, ExecutorColumn::kPeakExecutionMemory);
    column("Peak Storage Memory (on/off)", em * 10, ExecutorColumn::kPeakStorageMemory);
    column("Peak Pool Memory (direct/mapped)", em * 10, ExecutorColumn::kPeakPoolMemory);
    column("Minor GC (count / time)", em * 8, ExecutorColumn::kMinorGc);
    column("Major GC (count / time)", em * 8, ExecutorColumn::kMajorGc);
  }
  column("Logs", em * 6, ExecutorColumn::kLogs, ImGuiTableColumnFlags_NoSort);
  column("Added", em * 9, ExecutorColumn::kAdded);
  column("Removed", em * 16, ExecutorColumn::kRemoved);
  ImGui::TableHeadersRow();
  ImGui::PopFont();

  if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs();
      specs && (specs->SpecsDirty || !model.sorted)) {
    if (specs->SpecsCount > 0) {
      const ImGuiTableColumnSortSpecs& spec = specs->Specs[0];
      model.Sort(static_cast<ExecutorColumn>(spec.ColumnUserID),
                 spec.SortDirection == ImGuiSortDirection_Ascending);
    }
    specs->SpecsDirty = false;
  }
  SelectLinkedExecutor(state);

  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(model.order.size()));
  ForceSelectedRowDrawn(clipper, state.executors_selected_row);
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      DrawExecutorRow(model, model.rows[model.order[i]], i == state.executors_selected_row,
                      state.hooks.open_url);
    }
  }
  ImGui::EndTable();
  DrawExecutorsTimelineSection(state);  // lifetimes, add/remove reasons (ui/timeline/executors_timeline.h)
}

void DescribeExecutorsView(const AppState& state, JsonWriter& out) {
  const ExecutorsTableModel& model = state.executors;
  out.FieldInt("rows", static_cast<int64_t>(model.order.size()));
  out.FieldInt("active", model.active.count);
  out.FieldInt("dead", model.dead.count);
  out.FieldInt("totalTasks", model.total.total_tasks);
  out.FieldInt("failedTasks", model.total.failed_tasks);
  out.Key("gcHeavy");  // ids whose Task Time cell is red
  out.BeginArray();
  for (const ExecutorRow& row : model.rows) {
    if (row.gc_heavy) out.String(row.id);
  }
  out.EndArray();
  out.Key("decommissioned");  // ids whose status says "Decommissioned", in the table's order
  out.BeginArray();
  for (uint32_t index : model.order) {
    if (model.rows[index].decommissioned) out.String(model.rows[index].id);
  }
  out.EndArray();
  out.Key("firstRows");  // executor ids in the table's order, the first few
  out.BeginArray();
  for (size_t i = 0; i < model.order.size() && i < 10; ++i) out.String(model.rows[model.order[i]].id);
  out.EndArray();
  out.FieldInt("selectedRow", state.executors_selected_row);  // keyboard selection, -1 for none
  out.Key("findings");  // the findings whose evidence names an executor
  const std::vector<uint32_t> own = state.overview.findings.About(FindingSubject::Executor(""));
  DescribeFindings(state.overview.findings, &own, out);
  if (state.executors_selected_row >= 0 &&
      static_cast<size_t>(state.executors_selected_row) < model.order.size()) {
    out.Field("selectedExecutor",
              model.rows[model.order[static_cast<size_t>(state.executors_selected_row)]].id);
  }
  if (!model.error.empty()) out.Field("error", model.error);
}

}  // namespace afterglow::ui
