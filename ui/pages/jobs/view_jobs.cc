// The jobs of the selected application, as Spark's Jobs page lists them: id, description,
// submission time, duration, stages and tasks progress, status. Sortable; long lists are clipped
// so only visible rows are drawn; a click, or Enter on the row the arrows selected, opens the job.
#include <algorithm>
#include <cstdio>

#include "ui/widgets/format.h"
#include "ui/timeline/jobs_timeline.h"
#include "ui/app/keyboard.h"
#include "ui/pages/compare/compare_with.h"
#include "ui/widgets/sortable_table.h"
#include "ui/widgets/status_colors.h"
#include "ui/widgets/theme.h"
#include "ui/app/views.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

void DrawHeadline(const JobsTableModel& jobs) {
  ImGui::PushFont(Fonts().title);
  ImGui::TextUnformatted("Jobs");
  ImGui::PopFont();
  char count[32];
  ImGui::TextColored(colors::kMuted, "%s jobs", FormatCount(jobs.rows.size(), count, sizeof count));
  ImGui::SameLine();
  ImGui::TextColored(colors::kSucceeded, "%u succeeded", jobs.succeeded);
  if (jobs.failed > 0) {
    ImGui::SameLine();
    ImGui::TextColored(colors::kFailed, "%u failed", jobs.failed);
  }
  if (jobs.running > 0) {
    ImGui::SameLine();
    ImGui::TextColored(colors::kRunning, "%u running (no end in the log)", jobs.running);
  }
  ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
  ImGui::TextColored(colors::kMuted, "Scheduling Mode:");
  ImGui::SameLine();
  ImGui::TextUnformatted(jobs.scheduling_mode.c_str());
}

void DrawToolbar(JobsTableModel& jobs) {
  size_t filter = static_cast<size_t>(jobs.filter);
  const TableToolbarSpec spec{"##job-search", "Filter by id or description ( / )", 20, "jobs_tsv",
                              "jobs"};
  const TableToolbarClicks clicks = DrawTableToolbar(
      spec, jobs.counts, &filter, [](size_t i) { return JobFilterName(static_cast<JobFilter>(i)); },
      jobs.search, sizeof jobs.search, jobs.shown.size(), jobs.rows.size());
  if (clicks.filter_changed) {
    jobs.filter = static_cast<JobFilter>(filter);
    jobs.ApplyFilter();
  }
  if (clicks.copy) ImGui::SetClipboardText(jobs.Tsv().c_str());
}

void DrawRow(AppState& state, const JobRow& row, float row_height, bool selected) {
  char text[96], other[32];
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::PushID(static_cast<int>(row.job_id));
  // The whole row is the link to the job's page (Enter opens the selected one).
  if (ImGui::Selectable("##open", selected,
                        ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap,
                        ImVec2(0, row_height))) {
    Navigate(state, Route{ViewId::kJob, row.job_id});
  }
  if (selected) ScrollToSelectedRow();
  ImGui::PopID();
  ImGui::SameLine(0, 0);
  ImGui::TextColored(colors::kRunning, "%lld", static_cast<long long>(row.job_id));
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(row.description.c_str());
  if (ImGui::IsItemHovered() &&
      ImGui::CalcTextSize(row.description.c_str()).x > ImGui::GetColumnWidth()) {
    ImGui::SetTooltip("%s", row.description.c_str());
  }
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(FormatTimestamp(row.submitted_ms, text, sizeof text));
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(FormatDuration(row.duration_ms, text, sizeof text));
  ImGui::TableNextColumn();
  ImGui::Text("%u/%u", row.stages_completed, row.stages_total);
  if (row.stages_skipped > 0) {
    ImGui::SameLine();
    ImGui::TextColored(colors::kMuted, "(%u skipped)", row.stages_skipped);
  }
  if (row.stages_failed > 0) {
    ImGui::SameLine();
    ImGui::TextColored(colors::kFailed, "(%u failed)", row.stages_failed);
  }
  ImGui::TableNextColumn();
  if (row.tasks_failed > 0) {
    std::snprintf(text, sizeof text, "%u/%u (%s failed)", row.tasks_completed, row.tasks_total,
                  FormatCount(row.tasks_failed, other, sizeof other));
  } else {
    std::snprintf(text, sizeof text, "%u/%u", row.tasks_completed, row.tasks_total);
  }
  ProgressCell(row.tasks_completed, row.tasks_total, row.tasks_failed, text);
  ImGui::TableNextColumn();
  ImGui::TextColored(JobStatusColor(row.status), "%s", JobStatusName(row.status));
}

}  // namespace

void DrawJobsView(AppState& state) {
  JobsTableModel& jobs = state.jobs;
  DrawHeadline(jobs);
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.2f));
  DrawJobsTimelineSection(state);  // executors and jobs on one axis (ui/timeline/jobs_timeline.h)
  DrawToolbar(jobs);
  DrawCompareTwoJobs(state);  // two of these jobs in the compare view
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.2f));
  // Arrows move a selection through the rows; Enter opens the selected job.
  const int open = TableKeyboardSelection(&state.jobs_selected_row,
                                          static_cast<int>(jobs.shown.size()));
  if (open >= 0) {
    Navigate(state, Route{ViewId::kJob, jobs.rows[jobs.shown[static_cast<size_t>(open)]].job_id});
    return;
  }
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                     ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_Resizable |
                                     ImGuiTableFlags_Sortable | ImGuiTableFlags_ScrollY |
                                     ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_PadOuterX;
  // As tall as its rows (a short list leaves no empty grid), at most the space left.
  const float em = ImGui::GetFontSize();
  const float cell_padding = ImGui::GetStyle().CellPadding.y * 2;
  const float row_height = ImGui::GetTextLineHeight() + 2;  // ProgressCell's height
  const float content_height = (ImGui::GetTextLineHeight() + cell_padding) +
                               (row_height + cell_padding) * static_cast<float>(jobs.shown.size()) +
                               2;
  const float height = std::min(content_height, ImGui::GetContentRegionAvail().y);
  if (!ImGui::BeginTable("jobs", 7, kFlags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn(
      "Job", ImGuiTableColumnFlags_DefaultSort | ImGuiTableColumnFlags_PreferSortDescending,
      em * 3.5f, static_cast<ImGuiID>(JobColumn::kId));
  ImGui::TableSetupColumn("Description", ImGuiTableColumnFlags_WidthStretch, 0,
                          static_cast<ImGuiID>(JobColumn::kDescription));
  ImGui::TableSetupColumn("Submitted", 0, em * 9.5f, static_cast<ImGuiID>(JobColumn::kSubmitted));
  ImGui::TableSetupColumn("Duration", 0, em * 5, static_cast<ImGuiID>(JobColumn::kDuration));
  ImGui::TableSetupColumn("Stages", 0, em * 9, static_cast<ImGuiID>(JobColumn::kStages));
  ImGui::TableSetupColumn("Tasks", 0, em * 13, static_cast<ImGuiID>(JobColumn::kTasks));
  ImGui::TableSetupColumn("Status", 0, em * 6.5f, static_cast<ImGuiID>(JobColumn::kStatus));
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();

  // Sorting happens only when the user changes the order, on the index, not the rows.
  if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs();
      specs && (specs->SpecsDirty || !jobs.sorted)) {
    if (specs->SpecsCount > 0) {
      const ImGuiTableColumnSortSpecs& spec = specs->Specs[0];
      jobs.Sort(static_cast<JobColumn>(spec.ColumnUserID),
                spec.SortDirection == ImGuiSortDirection_Ascending);
    }
    specs->SpecsDirty = false;
  }

  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(jobs.shown.size()));
  ForceSelectedRowDrawn(clipper, state.jobs_selected_row);
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      DrawRow(state, jobs.rows[jobs.shown[i]], row_height, i == state.jobs_selected_row);
    }
  }
  ImGui::EndTable();
}

}  // namespace afterglow::ui

namespace afterglow::ui {

void DescribeJobsView(const AppState& state, JsonWriter& out) {
  const JobsTableModel& jobs = state.jobs;
  out.FieldInt("rows", static_cast<int64_t>(jobs.shown.size()));
  out.FieldInt("total", static_cast<int64_t>(jobs.rows.size()));
  out.Field("filter", JobFilterName(jobs.filter));
  out.Field("search", jobs.search);
  out.Field("schedulingMode", jobs.scheduling_mode);
  out.FieldInt("succeeded", jobs.succeeded);
  out.FieldInt("failed", jobs.failed);
  out.FieldInt("running", jobs.running);
  out.Key("firstRows");  // job ids in the table's order, the first few
  out.BeginArray();
  for (size_t i = 0; i < jobs.shown.size() && i < 10; ++i) out.Int(jobs.rows[jobs.shown[i]].job_id);
  out.EndArray();
  out.FieldInt("selectedRow", state.jobs_selected_row);  // keyboard selection, -1 for none
  if (state.jobs_selected_row >= 0 &&
      static_cast<size_t>(state.jobs_selected_row) < jobs.shown.size()) {
    out.FieldInt("selectedJob",
                 jobs.rows[jobs.shown[static_cast<size_t>(state.jobs_selected_row)]].job_id);
  }
}

}  // namespace afterglow::ui
