// The SQL / DataFrame tab (#/sql), as Spark's AllExecutionsPage lists executions: id,
// description, submission time, duration, the jobs each ran split by status (links to the jobs)
// and the status. Sortable, filtered by the search box, copied as TSV; a row opens #/sql/<id>.
// Sub-executions are listed under their root, as Spark 3.4+'s page groups them: the root's
// "Sub Execution IDs" cell links them and its arrow shows them under it. A log with Structured
// Streaming queries gets a line that links the Streaming tab.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "ui/widgets/format.h"
#include "ui/app/keyboard.h"
#include "ui/pages/compare/compare_with.h"
#include "ui/widgets/status_colors.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/tsv.h"
#include "ui/app/views.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

void DrawHeadline(const SqlListModel& sql) {
  ImGui::PushFont(Fonts().title);
  ImGui::TextUnformatted("SQL / DataFrame");
  ImGui::PopFont();
  char count[32];
  ImGui::TextColored(colors::kMuted, "%s execution%s",
                     FormatCount(sql.rows.size(), count, sizeof count),
                     sql.rows.size() == 1 ? "" : "s");
  ImGui::SameLine();
  ImGui::TextColored(colors::kSucceeded, "%u completed", sql.completed);
  if (sql.failed > 0) {
    ImGui::SameLine();
    ImGui::TextColored(colors::kFailed, "%u failed", sql.failed);
  }
  if (sql.running > 0) {
    ImGui::SameLine();
    ImGui::TextColored(colors::kRunning, "%u running (no end in the log)", sql.running);
  }
}

std::string JobList(const std::vector<int32_t>& jobs) {
  std::string text;
  for (int32_t job : jobs) {
    if (!text.empty()) text += ',';
    text += std::to_string(job);
  }
  return text;
}

void CopyTable(const SqlListModel& sql) {
  TsvWriter tsv;
  for (const char* name : {"ID", "Description", "Submitted", "Duration (ms)", "Succeeded Jobs",
                           "Running Jobs", "Failed Jobs", "Status"}) {
    tsv.Cell(name);
  }
  tsv.EndRow();
  char when[64];
  for (uint32_t index : sql.order) {
    const SqlRow& row = sql.rows[index];
    tsv.Cell(row.execution_id);
    tsv.Cell(row.summary);
    tsv.Cell(FormatTimestamp(row.submitted_ms, when, sizeof when));
    tsv.Cell(row.duration_ms);
    tsv.Cell(JobList(row.succeeded_jobs));
    tsv.Cell(JobList(row.running_jobs));
    tsv.Cell(JobList(row.failed_jobs));
    tsv.Cell(SqlStatusName(row.status));
    tsv.EndRow();
  }
  ImGui::SetClipboardText(tsv.text().c_str());
}

// Job ids as links, coloured by status; true when one was clicked (the route has changed).
bool DrawJobLinks(AppState& state, const std::vector<int32_t>& jobs, const ImVec4& color,
                  bool& first) {
  char label[24];
  for (int32_t job : jobs) {
    if (!first) ImGui::SameLine(0, ImGui::GetFontSize() * 0.3f);
    first = false;
    std::snprintf(label, sizeof label, "%d", job);
    ImGui::PushStyleColor(ImGuiCol_Text, color);
    ImGui::TextUnformatted(label);
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) {
      ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
      const ImVec2 min = ImGui::GetItemRectMin();
      const ImVec2 max = ImGui::GetItemRectMax();
      ImGui::GetWindowDrawList()->AddLine(ImVec2(min.x, max.y), max, ImGui::GetColorU32(color));
      ImGui::SetTooltip("Job %d", job);
      if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        Navigate(state, Route{ViewId::kJob, job});
        return true;
      }
    }
  }
  return false;
}

// The sub-execution ids of a root as links; true when one was clicked (the route has changed).
bool DrawSubExecutionLinks(AppState& state, const std::vector<int64_t>& ids) {
  char label[32];
  bool first = true;
  for (int64_t id : ids) {
    if (!first) ImGui::SameLine(0, ImGui::GetFontSize() * 0.3f);
    first = false;
    std::snprintf(label, sizeof label, "[%lld]", static_cast<long long>(id));
    if (LinkText(label)) {
      Navigate(state, Route{ViewId::kSqlQuery, id});
      return true;
    }
  }
  return false;
}

// Draws one row; returns the root whose arrow was clicked (its subs to show or hide), or -1. The
// caller toggles it once the table is drawn, since that changes the rows' order.
int64_t DrawRow(AppState& state, const SqlRow& row, bool selected) {
  SqlListModel& sql = state.sql;
  char text[96];
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::PushID(static_cast<int>(row.execution_id));
  bool toggled = false;
  if (row.listed_under >= 0) {
    // A sub-execution shown under its root: indented, with a corner arrow.
    std::snprintf(text, sizeof text, "    \xc2\xb7 %lld", static_cast<long long>(row.execution_id));
  } else if (!row.sub_executions.empty()) {
    const bool open = sql.IsExpanded(row.execution_id);
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(0, 0));
    toggled = ImGui::ArrowButton("##subs", open ? ImGuiDir_Down : ImGuiDir_Right);
    ImGui::PopStyleVar();
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("%s its %zu sub-executions", open ? "Hide" : "Show",
                        row.sub_executions.size());
    }
    ImGui::SameLine(0, ImGui::GetFontSize() * 0.25f);
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(row.execution_id));
  } else {
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(row.execution_id));
  }
  const bool row_clicked = ImGui::Selectable(
      text, selected, ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap);
  if (selected) ScrollToSelectedRow();
  ImGui::PopID();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(row.summary.c_str());
  if (ImGui::IsItemHovered() && !row.description.empty()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
    ImGui::TextUnformatted(row.description.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(FormatTimestamp(row.submitted_ms, text, sizeof text));
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(FormatDuration(row.duration_ms, text, sizeof text));
  ImGui::TableNextColumn();
  bool first = true;
  bool navigated = DrawJobLinks(state, row.succeeded_jobs, colors::kRunning, first);
  if (!navigated && !row.running_jobs.empty()) {
    if (!first) ImGui::SameLine();
    ImGui::TextColored(colors::kMuted, "running:");
    first = false;
    navigated = DrawJobLinks(state, row.running_jobs, colors::kRunning, first);
  }
  if (!navigated && !row.failed_jobs.empty()) {
    if (!first) ImGui::SameLine();
    ImGui::TextColored(colors::kFailed, "failed:");
    first = false;
    navigated = DrawJobLinks(state, row.failed_jobs, colors::kFailed, first);
  }
  if (first) ImGui::TextColored(colors::kMuted, "%s", "\xe2\x80\x94");
  ImGui::TableNextColumn();
  ImGui::TextColored(SqlStatusColor(row.status), "%s", SqlStatusName(row.status));
  if (sql.any_sub_executions) {
    ImGui::TableNextColumn();
    if (!navigated) navigated = DrawSubExecutionLinks(state, row.sub_executions);
  }
  if (toggled) return row.execution_id;
  if (row_clicked && !navigated) Navigate(state, Route{ViewId::kSqlQuery, row.execution_id});
  return -1;
}

void DrawExecutions(AppState& state, float max_height) {
  SqlListModel& sql = state.sql;
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                     ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_Resizable |
                                     ImGuiTableFlags_Sortable | ImGuiTableFlags_ScrollY |
                                     ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_PadOuterX;
  const float em = ImGui::GetFontSize();
  const float row_height = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
  const float content_height =
      row_height * static_cast<float>(std::max<size_t>(sql.order.size(), 1) + 1) + 2;
  const float height = std::min(content_height, max_height);
  const int columns = sql.any_sub_executions ? 7 : 6;
  if (!ImGui::BeginTable("sql", columns, kFlags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn(
      "ID", ImGuiTableColumnFlags_DefaultSort | ImGuiTableColumnFlags_PreferSortDescending,
      em * 3.5f, static_cast<ImGuiID>(SqlColumn::kId));
  ImGui::TableSetupColumn("Description", ImGuiTableColumnFlags_WidthStretch, 0,
                          static_cast<ImGuiID>(SqlColumn::kDescription));
  ImGui::TableSetupColumn("Submitted", 0, em * 9.5f, static_cast<ImGuiID>(SqlColumn::kSubmitted));
  ImGui::TableSetupColumn("Duration", 0, em * 5, static_cast<ImGuiID>(SqlColumn::kDuration));
  ImGui::TableSetupColumn("Job IDs", 0, em * 12, static_cast<ImGuiID>(SqlColumn::kJobs));
  ImGui::TableSetupColumn("Status", 0, em * 6.5f, static_cast<ImGuiID>(SqlColumn::kStatus));
  if (sql.any_sub_executions) {
    ImGui::TableSetupColumn("Sub Execution IDs", ImGuiTableColumnFlags_NoSort, em * 10);
  }
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();

  if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs();
      specs && (specs->SpecsDirty || !sql.sorted)) {
    if (specs->SpecsCount > 0) {
      const ImGuiTableColumnSortSpecs& spec = specs->Specs[0];
      sql.Sort(static_cast<SqlColumn>(spec.ColumnUserID),
               spec.SortDirection == ImGuiSortDirection_Ascending);
    }
    specs->SpecsDirty = false;
  }

  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(sql.order.size()));
  ForceSelectedRowDrawn(clipper, sql.selected_row);
  int64_t toggle = -1;
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      // A click navigates away; the rows are still valid (the list is rebuilt only on refresh).
      const int64_t clicked =
          DrawRow(state, sql.rows[sql.order[static_cast<size_t>(i)]], i == sql.selected_row);
      if (clicked >= 0) toggle = clicked;
    }
  }
  ImGui::EndTable();
  if (toggle >= 0) sql.ToggleExpanded(toggle);
}

// The log's Structured Streaming queries are on their own tab, as in Spark's UI.
void DrawStreamingTabLink(AppState& state) {
  const size_t queries = state.streaming.rows.size();
  ImGui::TextColored(colors::kMuted, "This log also ran %zu Structured Streaming quer%s:", queries,
                     queries == 1 ? "y" : "ies");
  ImGui::SameLine();
  if (LinkText("Streaming tab")) Navigate(state, Route{ViewId::kStreaming});
}

}  // namespace

void DrawSqlView(AppState& state) {
  SqlListModel& sql = state.sql;
  DrawHeadline(sql);
  if (!sql.error.empty()) {
    ImGui::TextColored(colors::kFailed, "%s", sql.error.c_str());
    return;
  }
  const float em = ImGui::GetFontSize();
  SearchBox("##sqlsearch", "Filter: id, description, job id, status  ( / )", sql.search_text,
            sizeof sql.search_text, em * 22);
  if (sql.filter != sql.search_text) sql.ApplyFilter(sql.search_text);
  ImGui::SameLine();
  if (CopyTsvButton("sql")) CopyTable(sql);
  DrawCompareTwoSql(state);  // two of these executions in the compare view
  if (!sql.filter.empty()) {
    ImGui::SameLine();
    char shown[32], total[32];
    ImGui::TextColored(colors::kMuted, "%s of %s shown",
                       FormatCount(sql.order.size(), shown, sizeof shown),
                       FormatCount(sql.rows.size(), total, sizeof total));
  }
  ImGui::Dummy(ImVec2(0, em * 0.2f));
  // Arrows move a selection through the executions; Enter opens the selected one's page.
  const int open = TableKeyboardSelection(&sql.selected_row, static_cast<int>(sql.order.size()));
  if (open >= 0) {
    Navigate(state, Route{ViewId::kSqlQuery, sql.rows[sql.order[static_cast<size_t>(open)]].execution_id});
    return;
  }
  // The streaming line keeps its space; the executions take the rest.
  const float row_height = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
  const bool streaming = !state.streaming.rows.empty();
  const float streaming_height = streaming ? row_height + em * 0.6f : 0;
  const float available = ImGui::GetContentRegionAvail().y - streaming_height;
  DrawExecutions(state, std::max(available, row_height * 4));
  if (streaming) {
    ImGui::Dummy(ImVec2(0, em * 0.3f));
    DrawStreamingTabLink(state);
  }
}

void DescribeSqlView(const AppState& state, JsonWriter& out) {
  const SqlListModel& sql = state.sql;
  out.FieldInt("rows", static_cast<int64_t>(sql.order.size()));
  out.FieldInt("executions", static_cast<int64_t>(sql.rows.size()));
  out.FieldInt("completed", sql.completed);
  out.FieldInt("failed", sql.failed);
  out.FieldInt("running", sql.running);
  out.Field("filter", sql.filter);
  out.Key("firstRows");  // execution ids in the table's order, the first few
  out.BeginArray();
  for (size_t i = 0; i < sql.order.size() && i < 10; ++i) {
    out.Int(sql.rows[sql.order[i]].execution_id);
  }
  out.EndArray();
  out.FieldInt("selectedRow", sql.selected_row);  // keyboard selection, -1 for none
  if (sql.selected_row >= 0 && static_cast<size_t>(sql.selected_row) < sql.order.size()) {
    out.FieldInt("selectedExecution",
                 sql.rows[sql.order[static_cast<size_t>(sql.selected_row)]].execution_id);
  }
  out.FieldInt("streamingQueries", static_cast<int64_t>(sql.streaming.size()));
  out.Key("subExecutions");  // listed root -> its sub-executions
  out.BeginObject();
  for (const SqlRow& row : sql.rows) {
    if (row.sub_executions.empty()) continue;
    out.Key(std::to_string(row.execution_id));
    out.BeginArray();
    for (int64_t sub : row.sub_executions) out.Int(sub);
    out.EndArray();
  }
  out.EndObject();
  if (!sql.error.empty()) out.Field("error", sql.error);
}

}  // namespace afterglow::ui
