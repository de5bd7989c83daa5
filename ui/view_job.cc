// #/jobs/<id>: one job as Spark's job page shows it: its facts (status, submitted, duration,
// group, the SQL query that ran it), the DAG of its stages' RDD operations and the table of its
// stage attempts. Drawn from state.job_page, which PrepareJobView builds on navigation.
#include <algorithm>
#include <cstdio>

#include "ui/format.h"
#include "ui/rdd_dag_view.h"
#include "ui/theme.h"
#include "ui/tsv.h"
#include "ui/views.h"
#include "ui/widgets.h"

namespace afterglow::ui {
namespace {

ImVec4 StatusColor(const std::string& status) {
  if (status == "SUCCEEDED" || status == "COMPLETE") return colors::kSucceeded;
  if (status == "FAILED") return colors::kFailed;
  if (status == "RUNNING" || status == "ACTIVE") return colors::kRunning;
  return colors::kMuted;
}

// "Label: value" on one line, the label muted.
void Fact(const char* label, const char* value) {
  ImGui::TextColored(colors::kMuted, "%s", label);
  ImGui::SameLine();
  ImGui::TextUnformatted(value);
}

void DrawFacts(AppState& state, const JobPageModel& job) {
  char text[64];
  ImGui::PushFont(Fonts().title);
  ImGui::Text("Job %lld", static_cast<long long>(job.job_id));
  ImGui::PopFont();
  ImGui::SameLine();
  ImGui::TextColored(StatusColor(job.status), "%s", job.status.c_str());
  const std::string& title = job.description.empty() ? job.name : job.description;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(title.c_str());
  ImGui::PopTextWrapPos();
  if (!job.description.empty() && job.description != job.name) {
    ImGui::TextColored(colors::kMuted, "%s", job.name.c_str());
  }
  Fact("Submitted:", FormatTimestamp(job.submitted_ms, text, sizeof text));
  ImGui::SameLine(0, ImGui::GetFontSize() * 2);
  Fact("Duration:", FormatDuration(job.DurationMs(), text, sizeof text));
  if (!job.job_group.empty()) {
    ImGui::SameLine(0, ImGui::GetFontSize() * 2);
    Fact("Job group:", job.job_group.c_str());
  }
  if (job.sql_execution_id >= 0) {
    ImGui::SameLine(0, ImGui::GetFontSize() * 2);
    ImGui::TextColored(colors::kMuted, "Associated SQL query:");
    ImGui::SameLine();
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(job.sql_execution_id));
    if (LinkText(text)) Navigate(state, Route{ViewId::kSqlQuery, job.sql_execution_id});
  }
  ImGui::Text("Stages: %u completed", job.completed_stages);
  if (job.skipped_stages > 0) {
    ImGui::SameLine();
    ImGui::TextColored(colors::kMuted, "%u skipped", job.skipped_stages);
  }
  if (job.failed_stages > 0) {
    ImGui::SameLine();
    ImGui::TextColored(colors::kFailed, "%u failed", job.failed_stages);
  }
  if (job.active_stages > 0) {
    ImGui::SameLine();
    ImGui::TextColored(colors::kRunning, "%u active", job.active_stages);
  }
  ImGui::SameLine(0, ImGui::GetFontSize() * 2);
  char done[32], total[32];
  ImGui::Text("Tasks: %s/%s", FormatCount(job.completed_tasks, done, sizeof done),
              FormatCount(job.num_tasks - std::min(job.num_tasks, job.skipped_tasks), total,
                          sizeof total));
  if (job.failed_tasks > 0) {
    ImGui::SameLine();
    ImGui::TextColored(colors::kFailed, "(%u failed)", job.failed_tasks);
  }
}

void CopyStagesTsv(const JobPageModel& job) {
  TsvWriter tsv;
  for (const char* header : {"Stage", "Attempt", "Name", "Status", "Submitted", "Duration ms",
                             "Tasks complete", "Tasks", "Tasks failed", "Input bytes",
                             "Output bytes", "Shuffle read bytes", "Shuffle write bytes"}) {
    tsv.Cell(header);
  }
  tsv.EndRow();
  char text[64];
  for (const JobStageRow& row : job.stages) {
    tsv.Cell(row.stage_id);
    tsv.Cell(row.attempt_id);
    tsv.Cell(row.name);
    tsv.Cell(row.status);
    tsv.Cell(FormatTimestamp(row.submitted_ms, text, sizeof text));
    tsv.Cell(row.DurationMs());
    tsv.Cell(row.tasks_complete);
    tsv.Cell(row.tasks_total);
    tsv.Cell(row.tasks_failed);
    tsv.Cell(row.input_bytes);
    tsv.Cell(row.output_bytes);
    tsv.Cell(row.shuffle_read_bytes);
    tsv.Cell(row.shuffle_write_bytes);
    tsv.EndRow();
  }
  ImGui::SetClipboardText(tsv.text().c_str());
}

// A byte count, or blank for zero as Spark's stage table leaves it.
void BytesCell(int64_t bytes) {
  char text[32];
  ImGui::TableNextColumn();
  if (bytes > 0) ImGui::TextUnformatted(FormatBytes(static_cast<uint64_t>(bytes), text, sizeof text));
}

void DrawStageRow(AppState& state, const JobStageRow& row) {
  char text[96], other[32];
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  std::snprintf(text, sizeof text, "%d", row.stage_id);
  if (row.attempt_id > 0) {
    std::snprintf(text, sizeof text, "%d (retry %d)", row.stage_id, row.attempt_id);
  }
  ImGui::PushID(row.stage_id * 1000 + row.attempt_id);
  if (row.status == "SKIPPED") {
    ImGui::TextColored(colors::kMuted, "%s", text);
  } else if (LinkText(text)) {
    Navigate(state, Route{ViewId::kStage, row.stage_id, row.attempt_id});
  }
  ImGui::PopID();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(row.name.c_str());
  if (ImGui::IsItemHovered() && !row.failure_reason.empty()) {
    ImGui::SetTooltip("%s", row.failure_reason.c_str());
  }
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(FormatTimestamp(row.submitted_ms, text, sizeof text));
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(FormatDuration(row.DurationMs(), text, sizeof text));
  ImGui::TableNextColumn();
  if (row.tasks_failed > 0) {
    std::snprintf(text, sizeof text, "%u/%u (%s failed)", row.tasks_complete, row.tasks_total,
                  FormatCount(row.tasks_failed, other, sizeof other));
  } else {
    std::snprintf(text, sizeof text, "%u/%u", row.tasks_complete, row.tasks_total);
  }
  ProgressCell(row.tasks_complete, row.tasks_total, row.tasks_failed, text);
  BytesCell(row.input_bytes);
  BytesCell(row.output_bytes);
  BytesCell(row.shuffle_read_bytes);
  BytesCell(row.shuffle_write_bytes);
  ImGui::TableNextColumn();
  ImGui::TextColored(StatusColor(row.status), "%s", row.status.c_str());
}

void DrawStagesTable(AppState& state, const JobPageModel& job) {
  char title[48];
  std::snprintf(title, sizeof title, "Stages (%zu)", job.stages.size());
  SectionTitle(title);
  ImGui::SameLine(ImGui::GetContentRegionAvail().x - ImGui::GetFontSize() * 5);
  if (CopyTsvButton("job_stages")) CopyStagesTsv(job);
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                     ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_Resizable |
                                     ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit |
                                     ImGuiTableFlags_PadOuterX;
  const float em = ImGui::GetFontSize();
  const float cell_padding = ImGui::GetStyle().CellPadding.y * 2;
  const float row_height = ImGui::GetTextLineHeight() + 2 + cell_padding;
  const float content = (ImGui::GetTextLineHeight() + cell_padding) +
                        row_height * static_cast<float>(job.stages.size()) + 2;
  const float height = std::max(std::min(content, ImGui::GetContentRegionAvail().y), row_height * 3);
  if (!ImGui::BeginTable("job_stages", 10, kFlags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Stage", 0, em * 5.5f);
  ImGui::TableSetupColumn("Name", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("Submitted", 0, em * 9.5f);
  ImGui::TableSetupColumn("Duration", 0, em * 4.5f);
  ImGui::TableSetupColumn("Tasks: succeeded/total", 0, em * 11);
  ImGui::TableSetupColumn("Input", 0, em * 4.5f);
  ImGui::TableSetupColumn("Output", 0, em * 4.5f);
  ImGui::TableSetupColumn("Shuffle read", 0, em * 5.5f);
  ImGui::TableSetupColumn("Shuffle write", 0, em * 5.5f);
  ImGui::TableSetupColumn("Status", 0, em * 6);
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(job.stages.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      DrawStageRow(state, job.stages[static_cast<size_t>(i)]);
    }
  }
  ImGui::EndTable();
}

}  // namespace

void PrepareJobView(AppState& state) {
  const AttemptModel* model = state.SelectedModel();
  const StringPool* strings = state.Strings();
  const AttemptSummary* app = state.SelectedApp();
  if (state.session == nullptr || model == nullptr || strings == nullptr || app == nullptr) {
    state.job_page.Clear();
    return;
  }
  const bool same = state.job_page.job_id == state.route.id;
  const GraphViewport kept = state.job_page.dag.viewport;
  BuildJobPageModel(*state.session, *app, *model, *strings, state.route.id, DagLineHeight(),
                    state.job_page);
  if (same) state.job_page.dag.viewport = kept;
}

void DrawJobView(AppState& state) {
  JobPageModel& job = state.job_page;
  if (LinkText("< All jobs")) {
    Navigate(state, Route{ViewId::kJobs});
    return;
  }
  if (job.job_id != state.route.id || !job.found) {
    ImGui::TextColored(colors::kMuted, "No job %lld in this application.",
                       static_cast<long long>(state.route.id));
    return;
  }
  DrawFacts(state, job);
  if (!job.error.empty()) ImGui::TextColored(colors::kFailed, "%s", job.error.c_str());
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.3f));
  char title[96];
  std::snprintf(title, sizeof title, "DAG Visualization (%d stages%s)", job.dag.stage_count,
                job.dag.skipped_stages > 0 ? ", skipped ones greyed" : "");
  SectionTitle(title);
  if (job.dag.nodes.empty()) {
    ImGui::TextColored(colors::kMuted, "The log lists no RDDs for this job's stages.");
  } else {
    // As tall as the graph at its natural size, within reason; the rest is reached by panning.
    const float natural = job.dag.layout.bounds.Height() + 40.0f;
    const float height = std::clamp(natural, 140.0f, ImGui::GetContentRegionAvail().y * 0.55f);
    const int32_t stage = DrawRddDag(job.dag, "##job_dag", height);
    if (stage >= 0) {
      Navigate(state, Route{ViewId::kStage, stage, -1});
      return;
    }
  }
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.3f));
  DrawStagesTable(state, job);
}

void DescribeJobView(const AppState& state, JsonWriter& out) {
  const JobPageModel& job = state.job_page;
  out.FieldInt("jobId", state.route.id);
  out.FieldBool("found", job.found && job.job_id == state.route.id);
  out.Field("status", job.status);
  out.FieldInt("stageRows", static_cast<int64_t>(job.stages.size()));
  out.Key("stages");  // [stage id, attempt id, status] in the table's order
  out.BeginArray();
  for (const JobStageRow& row : job.stages) {
    out.BeginArray();
    out.Int(row.stage_id);
    out.Int(row.attempt_id);
    out.String(row.status);
    out.EndArray();
  }
  out.EndArray();
  out.FieldInt("sqlExecutionId", job.sql_execution_id);
  out.FieldInt("dagNodes", static_cast<int64_t>(job.dag.nodes.size()));
  out.FieldInt("dagClusters", static_cast<int64_t>(job.dag.clusters.size()));
  out.FieldInt("dagStages", job.dag.stage_count);
  out.FieldInt("dagSkippedStages", job.dag.skipped_stages);
  out.FieldInt("dagEdges", static_cast<int64_t>(job.dag.edges.size()));
}

}  // namespace afterglow::ui
