// The application at a glance: headline counts, the attempt's identity and times, and what was
// wrong with the input (skipped events, bad lines), all from Session::Summaries/problems.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "core/base/load_counters.h"
#include "ui/widgets/format.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/widget_anchors.h"
#include "ui/app/views.h"
#include "ui/pages/findings/view_findings.h"
#include "ui/time/time_views.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

void DetailRow(const char* key, const char* value) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextColored(colors::kMuted, "%s", key);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(value);
}

// "1,000 of 1,500" when retention deleted some of the log's `in_log`, else just `shown`.
const char* RetainedOf(uint64_t shown, int64_t in_log, char* out, size_t size) {
  char a[32], b[32];
  if (in_log <= static_cast<int64_t>(shown)) return FormatCount(shown, out, size);
  std::snprintf(out, size, "%s of %s", FormatCount(shown, a, sizeof a),
                FormatCount(static_cast<uint64_t>(in_log), b, sizeof b));
  return out;
}

// `retained` (null before the overview model is built) turns "Jobs 1,000" into "Jobs retained
// 1,000 of 1,500" when spark.ui.retainedJobs deleted some, and the same for stage attempts.
void DrawStatCards(const AttemptSummary& app, const RetainedCounts* retained) {
  const ImGuiStyle& style = ImGui::GetStyle();
  constexpr int kCards = 5;
  const float width =
      (ImGui::GetContentRegionAvail().x - style.ItemSpacing.x * (kCards - 1)) / kCards;
  char value[48];
  const bool jobs_dropped = retained != nullptr && retained->JobsDropped();
  const bool stages_dropped = retained != nullptr && retained->StagesDropped();
  StatCard(jobs_dropped ? "Jobs retained" : "Jobs",
           RetainedOf(app.jobs, jobs_dropped ? retained->jobs_in_log : 0, value, sizeof value),
           width);
  ImGui::SameLine();
  StatCard(stages_dropped ? "Stage attempts retained" : "Stage attempts",
           RetainedOf(app.stage_attempts, stages_dropped ? retained->stage_attempts_in_log : 0,
                      value, sizeof value),
           width);
  ImGui::SameLine();
  StatCard("Finished tasks", FormatCount(app.finished_tasks, value, sizeof value), width);
  ImGui::SameLine();
  StatCard("Executors", FormatCount(app.executors, value, sizeof value), width);
  ImGui::SameLine();
  const int64_t duration =
      app.start_ms >= 0 && app.end_ms >= app.start_ms ? app.end_ms - app.start_ms : -1;
  StatCard("Duration", FormatDuration(duration, value, sizeof value), width);
}

void DrawDetails(const AttemptSummary& app, const OverviewModel& overview) {
  SectionTitle("Application");
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg;
  if (!ImGui::BeginTable("details", 2, kFlags)) return;
  ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 10);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
  char text[64];
  DetailRow("Application ID", app.app_id.c_str());
  if (!app.attempt_id.empty()) DetailRow("Attempt", app.attempt_id.c_str());
  DetailRow("Name", app.name.c_str());
  DetailRow("Spark version",
            app.spark_version.empty() ? "not recorded in the log" : app.spark_version.c_str());
  // Where it ran (core/analysis/runtime_info.h): only what the environment says.
  for (const RuntimeLine& line : overview.runtime_lines) {
    DetailRow(line.key.c_str(), line.value.c_str());
    if (ImGui::IsItemHovered() &&
        ImGui::CalcTextSize(line.value.c_str()).x > ImGui::GetColumnWidth()) {
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
      ImGui::SetTooltip("%s", line.value.c_str());
      ImGui::PopTextWrapPos();
    }
  }
  DetailRow("User", app.user.c_str());
  DetailRow("Started", FormatTimestamp(app.start_ms, text, sizeof text));
  DetailRow("Ended", FormatTimestamp(app.end_ms, text, sizeof text));
  const int64_t duration =
      app.start_ms >= 0 && app.end_ms >= app.start_ms ? app.end_ms - app.start_ms : -1;
  DetailRow("Duration", FormatDuration(duration, text, sizeof text));
  DetailRow("Status", app.completed ? "Completed" : "Incomplete (no application end in the log)");
  ImGui::EndTable();
}

// The attempt's log, and the History Server's download of it: applications/<id>/<attempt>/logs,
// a zip of the log's files as they were opened.
void DrawLogDownload(const AppState& state, const AttemptSummary& app) {
  const AttemptModel* model = state.SelectedModel();
  if (model == nullptr) return;
  ImGui::TextColored(colors::kMuted, "Event log");
  ImGui::SameLine();
  ImGui::TextUnformatted(model->file_name.c_str());
  if (state.hooks.save_logs_zip == nullptr) return;
  ImGui::SameLine(0, ImGui::GetFontSize());
  // ApiRootResource's name for it: eventLogs-<app id>[-<attempt id>].zip.
  const std::string zip_name =
      "eventLogs-" + app.app_id + (app.attempt_id.empty() ? "" : "-" + app.attempt_id) + ".zip";
  if (LinkText("Download (zip)")) {
    state.hooks.save_logs_zip(model->file_name.c_str(), zip_name.c_str());
  }
  AnchorLastItem("downloadLogs");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("The History Server's logs download: this attempt's log files in one zip.");
  }
}

void DrawInputHealth(const AppState& state, const AttemptSummary& app) {
  SectionTitle("Input");
  DrawLogDownload(state, app);
  char count[32], bytes[32];
  ImGui::Text("%s read", FormatBytes(state.progress.bytes_done, bytes, sizeof bytes));
  // Every load counter, in the table's order, with its meaning as the tooltip; one that counts
  // lost or damaged input is coloured when it is not zero.
  for (const LoadCounterInfo& counter : kLoadCounterTable) {
    const uint64_t value = app.counters.*counter.value;
    const ImVec4 color = value == 0 || counter.severity == CounterSeverity::kInfo ? colors::kMuted
                         : counter.severity == CounterSeverity::kDataLoss        ? colors::kAccent
                                                                                  : colors::kFailed;
    char label[64], text[96];
    std::snprintf(text, sizeof text, "%s %s", FormatCount(value, count, sizeof count),
                  LoadCounterLabel(counter, label, sizeof label));
    const float gap = ImGui::GetFontSize() * 2;
    if (ImGui::CalcTextSize(text).x + gap < ImGui::GetContentRegionAvail().x) {
      ImGui::SameLine(0, gap);
    }
    ImGui::TextColored(color, "%s", text);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("%.*s", static_cast<int>(counter.meaning.size()), counter.meaning.data());
    }
  }

  const std::vector<LoadProblem>& problems = state.session->problems();
  if (problems.empty()) {
    ImGui::TextColored(colors::kSucceeded, "No problems found in the input.");
    return;
  }
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                                     ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp;
  const float height = std::min(ImGui::GetContentRegionAvail().y,
                                ImGui::GetTextLineHeightWithSpacing() * (problems.size() + 2.0f));
  if (!ImGui::BeginTable("problems", 3, kFlags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("File", ImGuiTableColumnFlags_WidthStretch, 2);
  // Where in the file: the line of the decompressed log, else the byte offset as stored.
  ImGui::TableSetupColumn("Where", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 8);
  ImGui::TableSetupColumn("Problem", ImGuiTableColumnFlags_WidthStretch, 5);
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(problems.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const LoadProblem& problem = problems[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(problem.file.c_str());
      ImGui::TableNextColumn();
      if (problem.line > 0) {
        ImGui::Text("line %s", FormatCount(problem.line, count, sizeof count));
      } else if (problem.offset > 0) {
        ImGui::Text("byte %s", FormatCount(problem.offset, count, sizeof count));
      }
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(problem.cause.c_str());
    }
  }
  ImGui::EndTable();
}

// [SECTION] Totals: sums of the REST API's numbers (core/analysis/app_totals.h says which).
void TotalRow(const char* key, const char* value, const ImVec4* color = nullptr) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextColored(colors::kMuted, "%s", key);
  ImGui::TableNextColumn();
  if (color != nullptr) {
    ImGui::TextColored(*color, "%s", value);
  } else {
    ImGui::TextUnformatted(value);
  }
}

const char* Bytes(int64_t value, char* out, size_t size) {
  return FormatBytes(static_cast<uint64_t>(value < 0 ? 0 : value), out, size);
}

void DrawTotals(const OverviewModel& overview) {
  const AppTotals& t = overview.totals;
  const RetainedCounts& retained = overview.retained;
  SectionTitle("Totals");
  if (!overview.retention_note.empty()) {
    // Before the numbers, as the Spark UI's "only showing" is: the sums cover the kept rows only.
    ImGui::PushStyleColor(ImGuiCol_Text, colors::kAccent);
    ImGui::TextWrapped("%s", overview.retention_note.c_str());
    ImGui::PopStyleColor();
  }
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg;
  if (!ImGui::BeginTable("totals", 2, kFlags)) return;
  ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 9);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
  char text[128], a[32], b[32], c[32];
  TotalRow("Task time", FormatDuration(t.executor_run_time_ms, text, sizeof text));
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Executor run time summed over every stage attempt (the API's /stages)");
  }
  std::snprintf(text, sizeof text, "%s (%.1f%% of task time)",
                FormatDuration(t.jvm_gc_time_ms, a, sizeof a), t.GcFraction() * 100);
  const bool gc_heavy = IsGcHeavy(t.jvm_gc_time_ms, t.executor_run_time_ms) && t.jvm_gc_time_ms > 0;
  TotalRow("GC time", text, gc_heavy ? &colors::kFailed : nullptr);
  TotalRow("CPU time", FormatDuration(t.executor_cpu_time_ns / 1'000'000, text, sizeof text));
  TotalRow("Input", Bytes(t.input_bytes, text, sizeof text));
  TotalRow("Output", Bytes(t.output_bytes, text, sizeof text));
  std::snprintf(text, sizeof text, "%s read, %s written", Bytes(t.shuffle_read_bytes, a, sizeof a),
                Bytes(t.shuffle_write_bytes, b, sizeof b));
  TotalRow("Shuffle", text);
  std::snprintf(text, sizeof text, "%s memory, %s disk", Bytes(t.memory_spilled_bytes, a, sizeof a),
                Bytes(t.disk_spilled_bytes, b, sizeof b));
  const bool spilled = t.memory_spilled_bytes > 0 || t.disk_spilled_bytes > 0;
  TotalRow("Spill", text, spilled ? &colors::kAccent : nullptr);
  std::snprintf(text, sizeof text, "%s completed, %s failed, %s killed%s",
                FormatCount(static_cast<uint64_t>(t.completed_tasks), a, sizeof a),
                FormatCount(static_cast<uint64_t>(t.failed_tasks), b, sizeof b),
                FormatCount(static_cast<uint64_t>(t.killed_tasks), c, sizeof c),
                retained.StagesDropped() ? " (of retained stages)" : "");
  TotalRow("Tasks", text, t.failed_tasks > 0 ? &colors::kFailed : nullptr);
  std::snprintf(text, sizeof text, "%d completed, %d failed, %d skipped", t.stages_complete,
                t.stages_failed, t.stages_skipped);
  if (t.stages_active + t.stages_pending > 0) {
    std::snprintf(text + std::strlen(text), sizeof text - std::strlen(text), ", %d unfinished",
                  t.stages_active + t.stages_pending);
  }
  if (retained.StagesDropped()) {
    std::snprintf(text + std::strlen(text), sizeof text - std::strlen(text),
                  " (retained; %s in the log)",
                  FormatCount(static_cast<uint64_t>(retained.stage_attempts_in_log), a, sizeof a));
  }
  TotalRow("Stage attempts", text, t.stages_failed > 0 ? &colors::kFailed : nullptr);
  std::snprintf(text, sizeof text, "%d succeeded, %d failed", t.jobs_succeeded, t.jobs_failed);
  if (t.jobs_running > 0) {
    std::snprintf(text + std::strlen(text), sizeof text - std::strlen(text), ", %d unfinished",
                  t.jobs_running);
  }
  if (retained.JobsDropped()) {
    std::snprintf(text + std::strlen(text), sizeof text - std::strlen(text),
                  " (retained; %s in the log)",
                  FormatCount(static_cast<uint64_t>(retained.jobs_in_log), a, sizeof a));
  }
  TotalRow("Jobs", text, t.jobs_failed > 0 ? &colors::kFailed : nullptr);
  if (t.local_mode) {
    std::snprintf(text, sizeof text, "local mode: the driver ran the tasks on %lld cores",
                  static_cast<long long>(t.executor_cores));
  } else {
    std::snprintf(text, sizeof text, "%d added, %d removed, %d lost", t.executors_total,
                  t.executors_removed, t.executors_lost);
  }
  TotalRow("Executors", text, t.executors_lost > 0 ? &colors::kFailed : nullptr);
  ImGui::EndTable();
}

// With several logs loaded (a log folder), every application, and a click selects one.
void DrawApplicationList(AppState& state) {
  SectionTitle("Applications in these logs");
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                                     ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp |
                                     ImGuiTableFlags_PadOuterX;
  const float row = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
  const float height = std::min(ImGui::GetFontSize() * 14, row * (state.summaries.size() + 1) + 2);
  if (!ImGui::BeginTable("applications", 6, kFlags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Application ID", 0, 3);
  ImGui::TableSetupColumn("Attempt", 0, 1);
  ImGui::TableSetupColumn("Name", 0, 3);
  ImGui::TableSetupColumn("Jobs", 0, 1);
  ImGui::TableSetupColumn("Finished tasks", 0, 1);
  ImGui::TableSetupColumn("Duration", 0, 1);
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
  size_t chosen = state.selected_app;
  char text[48];
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(state.summaries.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const AttemptSummary& app = state.summaries[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushID(i);
      if (ImGui::Selectable(app.app_id.c_str(), static_cast<size_t>(i) == state.selected_app,
                            ImGuiSelectableFlags_SpanAllColumns)) {
        chosen = i;
      }
      ImGui::PopID();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(app.attempt_id.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(app.name.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(FormatCount(app.jobs, text, sizeof text));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(FormatCount(app.finished_tasks, text, sizeof text));
      ImGui::TableNextColumn();
      const bool ended = app.start_ms >= 0 && app.end_ms >= app.start_ms;
      ImGui::TextUnformatted(
          FormatDuration(ended ? app.end_ms - app.start_ms : -1, text, sizeof text));
    }
  }
  ImGui::EndTable();
  // Applied after drawing: RefreshModels replaces the summaries the rows were read from.
  if (chosen != state.selected_app) {
    state.selected_app = chosen;
    RefreshModels(state);
  }
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.5f));
}

}  // namespace

void DrawOverviewView(AppState& state) {
  const AttemptSummary* app = state.SelectedApp();
  if (app == nullptr) {
    ImGui::TextColored(colors::kMuted, "No Spark application was found in these logs.");
    return;
  }
  ImGui::PushFont(Fonts().title);
  ImGui::TextUnformatted(app->name.empty() ? app->app_id.c_str() : app->name.c_str());
  ImGui::PopFont();
  ImGui::TextColored(colors::kMuted, "%s  \xc2\xb7  Spark %s  \xc2\xb7  %s", app->app_id.c_str(),
                     app->spark_version.empty() ? "version unknown" : app->spark_version.c_str(),
                     app->user.c_str());
  if (!state.overview.runtime_badge.empty()) {
    ImGui::SameLine(0, ImGui::GetFontSize());
    ImGui::TextColored(colors::kAccent, "%s", state.overview.runtime_badge.c_str());
  }
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.3f));
  DrawStatCards(*app, state.overview.built ? &state.overview.retained : nullptr);
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.5f));
  if (state.summaries.size() > 1) DrawApplicationList(state);
  app = state.SelectedApp();  // the list may have changed the selection
  if (state.overview.built) {
    DrawFindingsSection(state);  // ui/pages/findings/view_findings.h
    ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.5f));
  }
  if (state.time.built()) {
    DrawTimeFigures(state);
    DrawWhatIf(state);
    ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.5f));
  }
  // The application's identity beside its totals.
  if (ImGui::BeginTable("overview_columns", 2, ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    DrawDetails(*app, state.overview);
    ImGui::TableNextColumn();
    if (state.overview.built) DrawTotals(state.overview);
    ImGui::EndTable();
  }
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.5f));
  DrawInputHealth(state, *app);
}

}  // namespace afterglow::ui

namespace afterglow::ui {

void DescribeOverviewView(const AppState& state, JsonWriter& out) {
  const AttemptSummary* app = state.SelectedApp();
  out.Field("appId", app ? app->app_id : "");
  out.FieldInt("applications", static_cast<int64_t>(state.summaries.size()));
  out.FieldInt("jobs", app ? static_cast<int64_t>(app->jobs) : 0);
  out.FieldInt("stageAttempts", app ? static_cast<int64_t>(app->stage_attempts) : 0);
  out.FieldInt("finishedTasks", app ? static_cast<int64_t>(app->finished_tasks) : 0);
  out.FieldInt("executors", app ? static_cast<int64_t>(app->executors) : 0);
  const OverviewModel& overview = state.overview;
  out.Key("findings");  // in the list's order (ui/pages/findings/view_findings.h)
  DescribeFindings(overview.findings, nullptr, out);
  out.Key("runtime");  // {key: value} of the overview's runtime lines
  out.BeginObject();
  for (const RuntimeLine& line : overview.runtime_lines) out.Field(line.key, line.value);
  out.EndObject();
  const AppTotals& t = overview.totals;
  out.Key("totals");
  out.BeginObject();
  out.FieldInt("taskTimeMs", t.executor_run_time_ms);
  out.FieldInt("gcTimeMs", t.jvm_gc_time_ms);
  out.FieldInt("inputBytes", t.input_bytes);
  out.FieldInt("outputBytes", t.output_bytes);
  out.FieldInt("shuffleReadBytes", t.shuffle_read_bytes);
  out.FieldInt("shuffleWriteBytes", t.shuffle_write_bytes);
  out.FieldInt("memorySpilledBytes", t.memory_spilled_bytes);
  out.FieldInt("diskSpilledBytes", t.disk_spilled_bytes);
  out.FieldInt("failedTasks", t.failed_tasks);
  out.FieldInt("failedStages", t.stages_failed);
  out.FieldInt("failedJobs", t.jobs_failed);
  out.FieldInt("executorsLost", t.executors_lost);
  out.FieldInt("completedTasks", t.completed_tasks);
  out.EndObject();
  DescribeTime(state, out);
  const RetainedCounts& r = overview.retained;
  out.Key("retained");  // what the totals cover: the jobs and stage attempts retention kept
  out.BeginObject();
  out.FieldInt("jobsInLog", r.jobs_in_log);
  out.FieldInt("jobs", r.jobs_retained);
  out.FieldInt("stageAttemptsInLog", r.stage_attempts_in_log);
  out.FieldInt("stageAttempts", r.stage_attempts_retained);
  out.EndObject();
}

}  // namespace afterglow::ui
