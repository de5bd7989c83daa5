// #/jobs/<id>: one job as Spark's job page shows it: its facts (status, submitted, duration,
// group, the SQL query that ran it), the DAG of its stages' RDD operations and the table of its
// stage attempts. Drawn from state.job_page, which PrepareJobView builds on navigation.
#include <algorithm>
#include <cstdio>

#include "ui/widgets/format.h"
#include "ui/widgets/small_table_filter.h"
#include "ui/graph/graph_view.h"
#include "ui/pages/compare/compare_with.h"
#include "ui/app/keyboard.h"
#include "ui/graph/rdd_dag_view.h"
#include "ui/timeline/job_timeline.h"
#include "ui/widgets/status_colors.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/tsv.h"
#include "ui/app/views.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

ImVec4 SectionColor(JobStageSection section) {
  switch (section) {
    case JobStageSection::kActive: return colors::kRunning;
    case JobStageSection::kCompleted: return colors::kSucceeded;
    case JobStageSection::kFailed: return colors::kFailed;
    case JobStageSection::kPending:
    case JobStageSection::kSkipped:
    case JobStageSection::kCount: break;
  }
  return colors::kMuted;
}

// "Label: value" on one line, the label muted.
void JobFact(const char* label, const char* value) {
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
  ImGui::TextColored(JobStatusColor(job.status), "%s", JobStatusName(job.status));
  ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
  DrawCompareWithJob(state, job.job_id);
  const std::string& title = job.description.empty() ? job.name : job.description;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(title.c_str());
  ImGui::PopTextWrapPos();
  if (!job.description.empty() && job.description != job.name) {
    ImGui::TextColored(colors::kMuted, "%s", job.name.c_str());
  }
  JobFact("Submitted:", FormatTimestamp(job.submitted_ms, text, sizeof text));
  ImGui::SameLine(0, ImGui::GetFontSize() * 2);
  JobFact("Duration:", FormatDuration(job.duration_ms, text, sizeof text));
  if (!job.job_group.empty()) {
    ImGui::SameLine(0, ImGui::GetFontSize() * 2);
    JobFact("Job group:", job.job_group.c_str());
  }
  if (job.sql_execution_id >= 0) {
    ImGui::SameLine(0, ImGui::GetFontSize() * 2);
    ImGui::TextColored(colors::kMuted, "Associated SQL query:");
    ImGui::SameLine();
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(job.sql_execution_id));
    if (LinkText(text)) Navigate(state, Route{ViewId::kSqlQuery, job.sql_execution_id});
  }
  // Spark's summary list: the count of each stage table the page shows.
  bool first = true;
  for (size_t section = 0; section < kJobStageSectionCount; ++section) {
    if (job.section_size[section] == 0) continue;
    if (!first) ImGui::SameLine(0, ImGui::GetFontSize());
    first = false;
    const auto which = static_cast<JobStageSection>(section);
    ImGui::TextColored(SectionColor(which), "%s stages: %u", JobStageSectionName(which),
                       job.section_size[section]);
  }
  if (first) ImGui::TextColored(colors::kMuted, "No stages");
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
  for (const char* header : {"Section", "Stage", "Attempt", "Name", "Status", "Submitted",
                             "Duration ms", "Tasks complete", "Tasks", "Tasks failed",
                             "Input bytes", "Output bytes", "Shuffle read bytes",
                             "Shuffle write bytes"}) {
    tsv.Cell(header);
  }
  tsv.EndRow();
  char text[64];
  for (size_t section = 0; section < kJobStageSectionCount; ++section) {
    for (uint32_t i = 0; i < job.section_size[section]; ++i) {
      const JobStageRow& row = job.stages[job.display[job.section_begin[section] + i]];
      tsv.Cell(JobStageSectionName(static_cast<JobStageSection>(section)));
      tsv.Cell(row.stage_id);
      tsv.Cell(row.attempt_id);
      tsv.Cell(row.name);
      tsv.Cell(StageStatusName(row.status));
      tsv.Cell(FormatTimestamp(row.submitted_ms, text, sizeof text));
      tsv.Cell(row.duration_ms);
      tsv.Cell(row.tasks_complete);
      tsv.Cell(row.tasks_total);
      tsv.Cell(row.tasks_failed);
      tsv.Cell(row.input_bytes);
      tsv.Cell(row.output_bytes);
      tsv.Cell(row.shuffle_read_bytes);
      tsv.Cell(row.shuffle_write_bytes);
      tsv.EndRow();
    }
  }
  ImGui::SetClipboardText(tsv.text().c_str());
}

// A byte count, or blank for zero as Spark's stage table leaves it.
void BytesCell(int64_t bytes) {
  char text[32];
  ImGui::TableNextColumn();
  if (bytes > 0) ImGui::TextUnformatted(FormatBytes(static_cast<uint64_t>(bytes), text, sizeof text));
}

// A stage's page exists once it was submitted; pending and skipped stages have none.
bool HasStagePage(const JobStageRow& row) { return row.submitted_ms >= 0; }

void DrawStageRow(AppState& state, const JobStageRow& row, float row_height, bool selected) {
  char text[96], other[32];
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::PushID(row.stage_id);
  // The whole row is the link to the stage's page (Enter opens the selected one).
  if (ImGui::Selectable("##open", selected,
                        ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap,
                        ImVec2(0, row_height)) &&
      HasStagePage(row)) {
    Navigate(state, Route{ViewId::kStage, row.stage_id, row.attempt_id});
  }
  if (selected) ScrollToSelectedRow();
  ImGui::PopID();
  ImGui::SameLine(0, 0);
  if (row.attempt_id > 0) {
    std::snprintf(text, sizeof text, "%d (retry %d)", row.stage_id, row.attempt_id);
  } else {
    std::snprintf(text, sizeof text, "%d", row.stage_id);
  }
  ImGui::TextColored(HasStagePage(row) ? colors::kRunning : colors::kMuted, "%s", text);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(row.name.c_str());
  if (ImGui::IsItemHovered() && !row.failure_reason.empty()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
    ImGui::Text("%.*s", static_cast<int>(std::min<size_t>(row.failure_reason.size(), 1500)),
                row.failure_reason.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(FormatTimestamp(row.submitted_ms, text, sizeof text));
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(FormatDuration(row.duration_ms, text, sizeof text));
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
  ImGui::TextColored(StageStatusColor(row.status), "%s", StageStatusName(row.status));
}

// One of Spark's stage tables ("Completed Stages (3)"): as tall as its rows, so the page scrolls
// through the sections; rows are clipped to the visible part of the page.
void DrawSection(AppState& state, JobPageModel& job, JobStageSection section) {
  const auto index = static_cast<size_t>(section);
  const uint32_t begin = job.section_begin[index];
  const uint32_t size = job.section_size[index];
  if (size == 0) return;  // Spark leaves an empty section out
  char title[64];
  std::snprintf(title, sizeof title, "%s Stages (%u)", JobStageSectionName(section), size);
  ImGui::PushStyleColor(ImGuiCol_Text, SectionColor(section));
  SectionTitle(title);
  ImGui::PopStyleColor();
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                     ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_Resizable |
                                     ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_PadOuterX;
  const float em = ImGui::GetFontSize();
  const float row_height = ImGui::GetTextLineHeight() + 2;  // ProgressCell's height
  // Every section's table has the same id: ImGui then keeps their column widths in step.
  if (ImGui::BeginTable("job_stages", 10, kFlags)) {
    ImGui::TableSetupColumn("Stage", 0, em * 5.5f);
    ImGui::TableSetupColumn("Description", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("Submitted", 0, em * 9.5f);
    ImGui::TableSetupColumn("Duration", 0, em * 4.5f);
    ImGui::TableSetupColumn("Tasks: Succeeded/Total", 0, em * 11);
    ImGui::TableSetupColumn("Input", 0, em * 4.5f);
    ImGui::TableSetupColumn("Output", 0, em * 4.5f);
    ImGui::TableSetupColumn("Shuffle Read", 0, em * 5.5f);
    ImGui::TableSetupColumn("Shuffle Write", 0, em * 5.5f);
    ImGui::TableSetupColumn("Status", 0, em * 6);
    ImGui::PushFont(Fonts().bold);
    ImGui::TableHeadersRow();
    ImGui::PopFont();
    // The selection is a position in job.display; this table holds [begin, begin + size).
    const int selected = job.selected_row - static_cast<int>(begin);
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(size));
    if (selected >= 0 && selected < static_cast<int>(size)) ForceSelectedRowDrawn(clipper, selected);
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        DrawStageRow(state, job.stages[job.display[begin + static_cast<uint32_t>(i)]], row_height,
                     i == selected);
      }
    }
    ImGui::EndTable();
  }
  ImGui::Dummy(ImVec2(0, em * 0.4f));
}

void DrawStageSections(AppState& state, JobPageModel& job) {
  // Arrows move one selection through every section's rows, in the page's order; Enter opens
  // the selected stage's page.
  const int open = TableKeyboardSelection(&job.selected_row, static_cast<int>(job.display.size()));
  if (open >= 0) {
    const JobStageRow& row = job.stages[job.display[static_cast<size_t>(open)]];
    if (HasStagePage(row)) {
      Navigate(state, Route{ViewId::kStage, row.stage_id, row.attempt_id});
      return;
    }
  }
  const SmallTableClicks clicks =
      DrawSmallTableToolbar("job_stages", "Filter by stage id or name", job.stage_filter,
                            job.display.size(), job.stages.size(), "stages");
  if (clicks.filter_changed) job.ArrangeStages();
  if (clicks.copy) CopyStagesTsv(job);
  for (size_t section = 0; section < kJobStageSectionCount; ++section) {
    DrawSection(state, job, static_cast<JobStageSection>(section));
    if (!(state.route.view == ViewId::kJob)) return;  // a row was clicked: the page changed
  }
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
  // A rebuild of the same job (a refresh while the log loads) keeps what the user set: the DAG's
  // pan and zoom and the selected stage (which may have moved to another section).
  JobPageModel& page = state.job_page;
  const bool same = page.job_id == state.route.id;
  const GraphViewport kept = page.dag.viewport;
  const TimelineAxis kept_axis = page.timeline.axis;
  int32_t selected_stage = -1;
  if (same && page.selected_row >= 0 &&
      static_cast<size_t>(page.selected_row) < page.display.size()) {
    selected_stage = page.stages[page.display[static_cast<size_t>(page.selected_row)]].stage_id;
  }
  BuildJobPageModel(*model, *strings, state.route.id, DagTextMeasure(), page);
  if (same) page.timeline.axis = kept_axis;  // the timeline's zoom too
  BuildJobTimeline(*model, *strings, page, page.timeline);
  if (!same) return;
  page.dag.viewport = kept;
  for (size_t i = 0; i < page.display.size(); ++i) {
    if (page.stages[page.display[i]].stage_id == selected_stage) {
      page.selected_row = static_cast<int>(i);
    }
  }
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
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.3f));
  DrawJobTimelineSection(state);
  if (!(state.route.view == ViewId::kJob)) return;  // a stage bar was clicked: the page changed
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.3f));
  char title[96];
  std::snprintf(title, sizeof title, "DAG Visualization (%d stages%s)", job.dag.stage_count,
                job.dag.skipped_stages > 0 ? ", skipped ones greyed" : "");
  SectionTitle(title);
  if (job.dag.nodes.empty()) {
    ImGui::TextColored(colors::kMuted, "The log lists no RDDs for this job's stages.");
  } else {
    // As tall as the fitted graph (with the canvas's toolbar row), within reason; the rest is
    // reached by scrolling the graph.
    const float height = std::clamp(GraphCanvasFitHeight(job.dag.layout.bounds), 140.0f,
                                    std::max(140.0f, ImGui::GetContentRegionAvail().y * 0.55f));
    const int32_t stage = DrawRddDag(job.dag, "##job_dag", height);
    if (stage >= 0) {
      Navigate(state, Route{ViewId::kStage, stage, -1});
      return;
    }
  }
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.3f));
  DrawStageSections(state, job);
}

void DescribeJobView(const AppState& state, JsonWriter& out) {
  const JobPageModel& job = state.job_page;
  out.FieldInt("jobId", state.route.id);
  out.FieldBool("found", job.found && job.job_id == state.route.id);
  out.Field("status", job.found ? JobStatusName(job.status) : "");
  out.FieldInt("stageRows", static_cast<int64_t>(job.stages.size()));
  out.Key("stages");  // [stage id, attempt id, status] in the page's order, section by section
  out.BeginArray();
  for (uint32_t i : job.display) {
    const JobStageRow& row = job.stages[i];
    out.BeginArray();
    out.Int(row.stage_id);
    out.Int(row.attempt_id);
    out.String(StageStatusName(row.status));
    out.EndArray();
  }
  out.EndArray();
  out.Key("sections");  // rows per section the page shows, e.g. {"Completed": 3, "Skipped": 2}
  out.BeginObject();
  for (size_t section = 0; section < kJobStageSectionCount; ++section) {
    if (job.section_size[section] == 0) continue;
    out.FieldInt(JobStageSectionName(static_cast<JobStageSection>(section)),
                 job.section_size[section]);
  }
  out.EndObject();
  out.FieldInt("selectedRow", job.selected_row);  // keyboard selection in the page's order
  if (job.selected_row >= 0 && static_cast<size_t>(job.selected_row) < job.display.size()) {
    out.FieldInt("selectedStage", job.stages[job.display[static_cast<size_t>(job.selected_row)]].stage_id);
  }
  out.FieldInt("sqlExecutionId", job.sql_execution_id);
  out.Key("timeline");  // the event timeline's lanes (Executors, Stages)
  out.BeginObject();
  DescribeLaneTimeline(job.timeline, out);
  out.EndObject();
  out.FieldInt("dagNodes", static_cast<int64_t>(job.dag.nodes.size()));
  out.FieldInt("dagClusters", static_cast<int64_t>(job.dag.clusters.size()));
  out.FieldInt("dagStages", job.dag.stage_count);
  out.FieldInt("dagSkippedStages", job.dag.skipped_stages);
  out.FieldInt("dagEdges", static_cast<int64_t>(job.dag.edges.size()));
  out.FieldInt("dagZoomPercent", job.dag.viewport.ZoomPercent());
}

}  // namespace afterglow::ui
