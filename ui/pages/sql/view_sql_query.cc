// One SQL execution (#/sql/<id>), as Spark's ExecutionPage shows it and more: the header
// (description, status, submission, duration, jobs and their stages as links), then tabs for the
// plan graph, every operator's metrics as the REST API prints them, the scans and what was pushed
// into them (a scan that reads a lot with nothing pushed is flagged), the physical plan text of
// each plan version (AQE re-plans) and the modified configs.
#include <algorithm>
#include <cstdio>
#include <cstring>

#include "ui/widgets/format.h"
#include "ui/pages/compare/compare_with.h"
#include "ui/pages/sql/sql_plan_graph_view.h"
#include "ui/widgets/status_colors.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/tsv.h"
#include "ui/widgets/widget_anchors.h"
#include "ui/app/views.h"
#include "ui/pages/findings/view_findings.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

constexpr const char* kDash = "\xe2\x80\x94";

ImVec4 StageColor(StageStatus status) {
  switch (status) {
    case StageStatus::kComplete:
      return colors::kRunning;  // the link colour: a finished stage is the normal case
    case StageStatus::kFailed:
      return colors::kFailed;
    case StageStatus::kActive:
      return colors::kAccent;
    case StageStatus::kPending:
    case StageStatus::kSkipped:
      return colors::kMuted;
  }
  return colors::kMuted;
}

const char* QueryStageStatusName(StageStatus status) {
  switch (status) {
    case StageStatus::kActive:
      return "active";
    case StageStatus::kComplete:
      return "complete";
    case StageStatus::kFailed:
      return "failed";
    case StageStatus::kPending:
      return "pending";
    case StageStatus::kSkipped:
      return "skipped";
  }
  return "";
}

// A link drawn in `color`; true when clicked.
bool ColoredLink(const char* text, const ImVec4& color) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  ImGui::TextUnformatted(text);
  ImGui::PopStyleColor();
  if (!ImGui::IsItemHovered()) return false;
  ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  ImGui::GetWindowDrawList()->AddLine(ImVec2(min.x, max.y), max, ImGui::GetColorU32(color));
  return ImGui::IsMouseClicked(ImGuiMouseButton_Left);
}

// Items laid out left to right that wrap to the next line when the row is full.
void SameLineOrWrap(float next_width) {
  const float spacing = ImGui::GetFontSize() * 0.4f;
  const float right = ImGui::GetItemRectMax().x + spacing + next_width;
  const float limit = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (right < limit) ImGui::SameLine(0, spacing);
}

void DrawLabel(const char* label) {
  ImGui::TextColored(colors::kMuted, "%s", label);
  ImGui::SameLine();
}

// Returns true when a link was followed (the route changed; stop drawing this view's data).
bool DrawJobs(AppState& state, const char* label, const std::vector<int32_t>& jobs,
              const ImVec4& color) {
  if (jobs.empty()) return false;
  DrawLabel(label);
  char text[24];
  bool first = true;
  for (int32_t job : jobs) {
    std::snprintf(text, sizeof text, "%d", job);
    if (!first) SameLineOrWrap(ImGui::CalcTextSize(text).x);
    first = false;
    if (ColoredLink(text, color)) {
      Navigate(state, Route{ViewId::kJob, job});
      return true;
    }
  }
  return false;
}

// "Parent Execution" and "Sub Executions", as Spark 3.4+'s execution page links them. True when
// one was followed.
bool DrawParentAndSubExecutionLinks(AppState& state, const SqlQueryModel& query) {
  char text[32];
  if (query.parent_execution >= 0) {
    DrawLabel("Parent execution");
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(query.parent_execution));
    if (LinkText(text)) {
      Navigate(state, Route{ViewId::kSqlQuery, query.parent_execution});
      return true;
    }
    if (!query.sub_executions.empty()) ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
  }
  if (query.sub_executions.empty()) return false;
  DrawLabel("Sub executions");
  bool first = true;
  for (int64_t sub : query.sub_executions) {
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(sub));
    if (!first) SameLineOrWrap(ImGui::CalcTextSize(text).x);
    first = false;
    if (LinkText(text)) {
      Navigate(state, Route{ViewId::kSqlQuery, sub});
      return true;
    }
  }
  return false;
}

bool DrawQueryHeader(AppState& state) {
  const SqlQueryModel& query = state.sql_query;
  const SqlRow& row = query.header;
  char text[96];
  ImGui::PushFont(Fonts().title);
  ImGui::Text("Query %lld", static_cast<long long>(query.execution_id));
  ImGui::PopFont();
  ImGui::SameLine();
  ImGui::TextColored(SqlStatusColor(row.status), "%s", SqlStatusName(row.status));
  ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
  DrawLabel("Submitted");
  ImGui::TextUnformatted(FormatTimestamp(row.submitted_ms, text, sizeof text));
  ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
  DrawLabel("Duration");
  ImGui::TextUnformatted(FormatDuration(row.duration_ms, text, sizeof text));
  ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
  if (LinkText("All queries")) {
    Navigate(state, Route{ViewId::kSql});
    return true;
  }
  ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
  DrawCompareWithSql(state, query.execution_id);

  if (!row.summary.empty()) {
    // The description can be a whole SQL text: two lines here, all of it in the tooltip.
    ImGui::PushTextWrapPos(0);
    const float max_height = ImGui::GetTextLineHeightWithSpacing() * 2;
    const ImVec2 start = ImGui::GetCursorScreenPos();
    ImGui::PushClipRect(start, ImVec2(start.x + ImGui::GetContentRegionAvail().x,
                                      start.y + max_height), true);
    ImGui::TextUnformatted(row.summary.c_str());
    ImGui::PopClipRect();
    ImGui::PopTextWrapPos();
    const bool clipped = ImGui::GetItemRectSize().y > max_height;
    const bool hovered = ImGui::IsItemHovered();
    if (clipped) {
      ImGui::SetCursorScreenPos(ImVec2(start.x, start.y + max_height));
      ImGui::Dummy(ImVec2(0, 0));
    }
    if (hovered) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 45);
      ImGui::TextUnformatted(row.description.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
  }
  if (query.parent_execution >= 0 || !query.sub_executions.empty()) {
    if (DrawParentAndSubExecutionLinks(state, query)) return true;
  }
  if (!query.error_message.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, colors::kFailed);
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(query.error_message.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
  }

  if (JobCount(row) == 0) {
    DrawLabel("Jobs");
    ImGui::TextColored(colors::kMuted, "none (the plan ran no Spark job)");
  } else {
    if (DrawJobs(state, "Succeeded jobs", row.succeeded_jobs, colors::kRunning)) return true;
    if (!row.succeeded_jobs.empty() && !row.running_jobs.empty()) ImGui::SameLine(0, 20);
    if (DrawJobs(state, "Running jobs", row.running_jobs, colors::kRunning)) return true;
    if ((!row.succeeded_jobs.empty() || !row.running_jobs.empty()) && !row.failed_jobs.empty()) {
      ImGui::SameLine(0, 20);
    }
    if (DrawJobs(state, "Failed jobs", row.failed_jobs, colors::kFailed)) return true;
  }
  if (!query.stages.empty()) {
    DrawLabel("Stages");
    bool first = true;
    for (const SqlStageLink& stage : query.stages) {
      std::snprintf(text, sizeof text, "%d.%d", stage.stage_id, stage.attempt_id);
      if (!first) SameLineOrWrap(ImGui::CalcTextSize(text).x);
      first = false;
      if (ColoredLink(text, StageColor(stage.status))) {
        Navigate(state, Route{ViewId::kStage, stage.stage_id, stage.attempt_id});
        return true;
      }
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Stage %d attempt %d (%s)", stage.stage_id, stage.attempt_id,
                          QueryStageStatusName(stage.status));
      }
    }
  }
  if (query.flagged_scans > 0) {
    ImGui::TextColored(colors::kAccent,
                       "%u scan%s read%s many files or bytes with no filter pushed down: see Scans",
                       query.flagged_scans, query.flagged_scans == 1 ? "" : "s",
                       query.flagged_scans == 1 ? "s" : "");
  }
  return false;
}

// ---- Operators -------------------------------------------------------------------------------

void CopyOperators(const SqlQueryModel& query) {
  TsvWriter tsv;
  for (const char* name : {"Node", "Operator", "Codegen stage", "Metric", "Value"}) tsv.Cell(name);
  tsv.EndRow();
  for (const SqlQueryModel::TableRow& row : query.table) {
    const SqlOperatorNode& node = query.nodes[row.node];
    tsv.Cell(node.node_id);
    tsv.Cell(node.name);
    if (node.codegen_id >= 0) tsv.Cell(node.codegen_id);
    else tsv.Cell("");
    if (row.metric >= 0) {
      const SqlOperatorMetric& metric = query.metrics[static_cast<size_t>(row.metric)];
      tsv.Cell(metric.name);
      tsv.Cell(metric.value);
    } else {
      tsv.Cell("");
      tsv.Cell("");
    }
    tsv.EndRow();
  }
  ImGui::SetClipboardText(tsv.text().c_str());
}

void DrawOperators(SqlQueryModel& query) {
  const float em = ImGui::GetFontSize();
  SearchBox("##opsearch", "Filter operators or metrics  ( / )", query.search_text,
            sizeof query.search_text, em * 18);
  if (query.filter != query.search_text) query.ApplyFilter(query.search_text, query.selected_node);
  ImGui::SameLine();
  if (CopyTsvButton("operators")) CopyOperators(query);
  ImGui::SameLine();
  char operators[32], rows[32];
  ImGui::TextColored(colors::kMuted, "%s operators, %s rows",
                     FormatCount(query.nodes.size(), operators, sizeof operators),
                     FormatCount(query.table.size(), rows, sizeof rows));
  if (query.operators_version_count > 1) {
    // The version the graph tab shows (its picker changes both).
    const int32_t shown = query.operators_version + 1;
    ImGui::SameLine();
    ImGui::TextColored(query.operators_version_count == shown ? colors::kMuted : colors::kAccent,
                       "of plan %d%s of %d", shown,
                       shown == 1 ? " (initial)"
                                  : shown == query.operators_version_count ? " (final)" : "",
                       query.operators_version_count);
  }
  if (query.selected_node >= 0) {
    ImGui::SameLine();
    ImGui::TextColored(colors::kAccent, "node %lld only (picked in the graph)",
                       static_cast<long long>(query.selected_node));
    ImGui::SameLine();
    if (ImGui::SmallButton("Show all")) query.ApplyFilter(query.filter, -1);
  }
  if (query.nodes.empty()) {
    ImGui::TextColored(colors::kMuted, "The log has no plan graph for this execution.");
    return;
  }
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                     ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable |
                                     ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit |
                                     ImGuiTableFlags_PadOuterX;
  if (!ImGui::BeginTable("operators", 9, kFlags, ImVec2(0, ImGui::GetContentRegionAvail().y))) {
    return;
  }
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Node", 0, em * 3);
  ImGui::TableSetupColumn("Operator", 0, em * 12);
  ImGui::TableSetupColumn("Codegen", 0, em * 4);
  ImGui::TableSetupColumn("Metric", 0, em * 13);
  ImGui::TableSetupColumn("Total", 0, em * 7);
  ImGui::TableSetupColumn("Min", 0, em * 6);
  ImGui::TableSetupColumn("Med", 0, em * 6);
  ImGui::TableSetupColumn("Max", 0, em * 6);
  ImGui::TableSetupColumn("Max task", ImGuiTableColumnFlags_WidthStretch);
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(query.table.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const SqlQueryModel::TableRow& row = query.table[static_cast<size_t>(i)];
      const SqlOperatorNode& node = query.nodes[row.node];
      // A node's id and name head its first row only, so each operator reads as one block.
      const bool first_of_node = i == 0 || query.table[static_cast<size_t>(i) - 1].node != row.node;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (first_of_node) {
        ImGui::Text("%lld", static_cast<long long>(node.node_id));
        ImGui::TableNextColumn();
        ImGui::TextColored(node.is_cluster ? colors::kMuted : ImGui::GetStyleColorVec4(ImGuiCol_Text),
                           "%s", node.name.c_str());
        if (ImGui::IsItemHovered() && !node.description.empty()) {
          ImGui::BeginTooltip();
          ImGui::PushTextWrapPos(em * 45);
          ImGui::TextUnformatted(node.description.c_str());
          ImGui::PopTextWrapPos();
          ImGui::EndTooltip();
        }
        ImGui::TableNextColumn();
        if (node.codegen_id >= 0) ImGui::Text("%lld", static_cast<long long>(node.codegen_id));
      } else {
        ImGui::TableNextColumn();
        ImGui::TableNextColumn();
      }
      ImGui::TableNextColumn();
      if (row.metric < 0) {
        ImGui::TextColored(colors::kMuted, "(no metrics)");
        for (int c = 0; c < 5; ++c) ImGui::TableNextColumn();
        continue;
      }
      const SqlOperatorMetric& metric = query.metrics[static_cast<size_t>(row.metric)];
      ImGui::TextUnformatted(metric.name.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(metric.total.c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", metric.value.c_str());
      for (const std::string* part : {&metric.min, &metric.med, &metric.max, &metric.max_task}) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(part->c_str());
      }
    }
  }
  ImGui::EndTable();
}

// ---- Scans ----------------------------------------------------------------------------------

void CopyScans(const SqlQueryModel& query) {
  TsvWriter tsv;
  for (const char* name : {"Node", "Scan", "Location", "Partition filters", "Pushed filters",
                           "Data filters", "Files read", "Size read", "Output rows",
                           "Nothing pushed", "Large"}) {
    tsv.Cell(name);
  }
  tsv.EndRow();
  for (const SqlScan& scan : query.scans) {
    const SqlOperatorNode& node = query.nodes[scan.node];
    tsv.Cell(node.node_id);
    tsv.Cell(node.name);
    tsv.Cell(scan.location);
    tsv.Cell(scan.partition_filters);
    tsv.Cell(scan.pushed_filters);
    tsv.Cell(scan.data_filters);
    tsv.Cell(scan.files_read);
    tsv.Cell(scan.bytes_read);
    tsv.Cell(scan.output_rows);
    tsv.Cell(scan.nothing_pushed ? "yes" : "no");
    tsv.Cell(scan.large ? "yes" : "no");
    tsv.EndRow();
  }
  ImGui::SetClipboardText(tsv.text().c_str());
}

void TextOrDash(const std::string& text) {
  if (text.empty()) {
    ImGui::TextColored(colors::kMuted, "%s", kDash);
    return;
  }
  ImGui::TextUnformatted(text.c_str());
  if (ImGui::IsItemHovered() && ImGui::CalcTextSize(text.c_str()).x > ImGui::GetColumnWidth()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 45);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void DrawScans(const SqlQueryModel& query) {
  const float em = ImGui::GetFontSize();
  if (CopyTsvButton("scans")) CopyScans(query);
  ImGui::SameLine();
  ImGui::TextColored(colors::kMuted,
                     "Filters as the plan reports them (long lists end in \"...\" as Spark "
                     "truncates them; the physical plan has them in full). Flagged: nothing "
                     "pushed and >= %lld files or >= 1 GiB read.",
                     static_cast<long long>(kManyFiles));
  if (query.scans.empty()) {
    ImGui::TextColored(colors::kMuted, "No file or table scans in this plan.");
    return;
  }
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                     ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable |
                                     ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit |
                                     ImGuiTableFlags_PadOuterX;
  if (!ImGui::BeginTable("scans", 9, kFlags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Node", 0, em * 3);
  ImGui::TableSetupColumn("Scan", 0, em * 9);
  ImGui::TableSetupColumn("Location", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("Partition filters", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("Pushed filters", ImGuiTableColumnFlags_WidthStretch, 1.2f);
  ImGui::TableSetupColumn("Files read", 0, em * 5);
  ImGui::TableSetupColumn("Size read", 0, em * 6);
  ImGui::TableSetupColumn("Output rows", 0, em * 7);
  ImGui::TableSetupColumn("Pushdown", 0, em * 9);
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(query.scans.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const SqlScan& scan = query.scans[static_cast<size_t>(i)];
      const SqlOperatorNode& node = query.nodes[scan.node];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%lld", static_cast<long long>(node.node_id));
      ImGui::TableNextColumn();
      TextOrDash(node.name);
      for (const std::string* text : {&scan.location, &scan.partition_filters,
                                      &scan.pushed_filters, &scan.files_read, &scan.bytes_read,
                                      &scan.output_rows}) {
        ImGui::TableNextColumn();
        TextOrDash(*text);
      }
      ImGui::TableNextColumn();
      if (scan.Flagged()) {
        ImGui::TextColored(colors::kFailed, "full scan, large");
      } else if (scan.nothing_pushed) {
        ImGui::TextColored(colors::kAccent, "nothing pushed");
      } else if (!scan.pushed_filters.empty() || !scan.partition_filters.empty()) {
        ImGui::TextColored(colors::kSucceeded, "filters pushed");
      } else {
        ImGui::TextColored(colors::kMuted, "not reported");
      }
    }
  }
  ImGui::EndTable();
}

// ---- Plan text and configs ------------------------------------------------------------------

void DrawPlanText(SqlQueryModel& query) {
  if (query.plan_versions.empty()) {
    ImGui::TextColored(colors::kMuted, "The log has no physical plan for this execution.");
    return;
  }
  const int32_t versions = static_cast<int32_t>(query.plan_versions.size());
  query.shown_version = std::clamp(query.shown_version, 0, versions - 1);
  if (versions > 1) {
    ImGui::TextColored(colors::kMuted, "Re-planned by adaptive query execution: %d versions",
                       versions);
    char label[48];
    for (int32_t v = 0; v < versions; ++v) {
      ImGui::SameLine();
      if (v == 0) std::snprintf(label, sizeof label, "1 (initial)");
      else if (v == versions - 1) std::snprintf(label, sizeof label, "%d (final)", v + 1);
      else std::snprintf(label, sizeof label, "%d", v + 1);
      if (ImGui::RadioButton(label, query.shown_version == v)) query.shown_version = v;
    }
  }
  std::string& text = query.plan_versions[static_cast<size_t>(query.shown_version)];
  if (ImGui::SmallButton("Copy plan")) ImGui::SetClipboardText(text.c_str());
  ImGui::SameLine();
  char size[32];
  ImGui::TextColored(colors::kMuted, "%s characters",
                     FormatCount(text.size(), size, sizeof size));
  if (Fonts().mono != nullptr) ImGui::PushFont(Fonts().mono);
  // Read-only: ImGui never writes through the pointer, and selection and Ctrl+C work.
  ImGui::InputTextMultiline("##plan", text.data(), text.size() + 1,
                            ImVec2(-1, ImGui::GetContentRegionAvail().y),
                            ImGuiInputTextFlags_ReadOnly);
  if (Fonts().mono != nullptr) ImGui::PopFont();
}

void DrawConfigs(const SqlQueryModel& query) {
  if (query.modified_configs.empty()) {
    ImGui::TextColored(colors::kMuted, "No configs were modified for this execution.");
    return;
  }
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                     ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable |
                                     ImGuiTableFlags_ScrollY | ImGuiTableFlags_PadOuterX;
  if (!ImGui::BeginTable("configs", 2, kFlags, ImVec2(0, ImGui::GetContentRegionAvail().y))) {
    return;
  }
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Name");
  ImGui::TableSetupColumn("Value");
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
  for (const auto& [name, value] : query.modified_configs) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    TextOrDash(name);
    ImGui::TableNextColumn();
    TextOrDash(value);
  }
  ImGui::EndTable();
}

}  // namespace

void DrawSqlQueryView(AppState& state) {
  SqlQueryModel& query = state.sql_query;
  if (query.execution_id != state.route.id || !query.found) {
    ImGui::PushFont(Fonts().title);
    ImGui::Text("Query %lld", static_cast<long long>(state.route.id));
    ImGui::PopFont();
    ImGui::TextColored(colors::kFailed, "%s",
                       query.error.empty() ? "No such SQL execution in this application."
                                           : query.error.c_str());
    if (LinkText("All queries")) Navigate(state, Route{ViewId::kSql});
    return;
  }
  if (DrawQueryHeader(state)) return;
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.2f));
  DrawFindingsAbout(state, FindingSubject::Sql(query.execution_id), "Findings about this query");
  if (!ImGui::BeginTabBar("sqlquery")) return;
  char label[64];
  if (ImGui::BeginTabItem("Plan graph")) {
    int64_t selected = query.selected_node;
    query.graph_drawn = state.sql_plan_graph.execution_id == query.execution_id;
    if (DrawSqlPlanGraph(state, query.execution_id, 0, &selected)) {
      query.ApplyFilter(query.filter, selected);
    }
    ImGui::EndTabItem();
  }
  std::snprintf(label, sizeof label, "Operators (%zu)###operators", query.nodes.size());
  const bool operators_open = ImGui::BeginTabItem(label);
  AnchorLastItem("operatorsTab");
  query.operators_drawn = operators_open;
  if (operators_open) {
    DrawOperators(query);
    ImGui::EndTabItem();
  }
  std::snprintf(label, sizeof label, "%sScans (%zu)###scans",
                query.flagged_scans > 0 ? "! " : "", query.scans.size());
  if (ImGui::BeginTabItem(label)) {
    DrawScans(query);
    ImGui::EndTabItem();
  }
  if (query.plan_versions.size() > 1) {
    std::snprintf(label, sizeof label, "Physical plan (%zu versions)###plan",
                  query.plan_versions.size());
  } else {
    std::snprintf(label, sizeof label, "Physical plan###plan");
  }
  if (ImGui::BeginTabItem(label)) {
    DrawPlanText(query);
    ImGui::EndTabItem();
  }
  std::snprintf(label, sizeof label, "Modified configs (%zu)###configs",
                query.modified_configs.size());
  if (ImGui::BeginTabItem(label)) {
    DrawConfigs(query);
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
}

void DescribeSqlQueryView(const AppState& state, JsonWriter& out) {
  const SqlQueryModel& query = state.sql_query;
  out.FieldInt("executionId", query.execution_id);
  out.FieldBool("found", query.found);
  out.Field("status", SqlStatusName(query.header.status));
  out.FieldInt("durationMs", query.header.duration_ms);
  out.FieldInt("operators", static_cast<int64_t>(query.nodes.size()));
  out.FieldInt("operatorRows", static_cast<int64_t>(query.table.size()));
  // The plan version the Operators tab lists (0: the initial), the graph's.
  out.FieldInt("operatorsVersion", query.operators_version);
  out.FieldBool("operatorsDrawn", query.operators_drawn);
  out.Key("jobs");
  out.BeginArray();
  for (const auto* jobs :
       {&query.header.succeeded_jobs, &query.header.running_jobs, &query.header.failed_jobs}) {
    for (int32_t job : *jobs) out.Int(job);
  }
  out.EndArray();
  out.FieldInt("stages", static_cast<int64_t>(query.stages.size()));
  out.FieldBool("graphDrawn", query.graph_drawn);
  out.FieldInt("graphZoomPercent", state.sql_plan_graph.viewport.ZoomPercent());
  out.FieldInt("planVersions", static_cast<int64_t>(query.plan_versions.size()));
  out.FieldInt("scans", static_cast<int64_t>(query.scans.size()));
  out.FieldInt("flaggedScans", query.flagged_scans);
  out.FieldInt("modifiedConfigs", static_cast<int64_t>(query.modified_configs.size()));
  out.FieldInt("parentExecution", query.parent_execution);
  out.Key("subExecutions");
  out.BeginArray();
  for (int64_t sub : query.sub_executions) out.Int(sub);
  out.EndArray();
  if (!query.error.empty()) out.Field("error", query.error);
  out.FieldInt("selectedNode", query.selected_node);
  // The plan graph tab: the plan version shown (0: the initial), its edges' row counts, the node
  // search and what AQE changed from the previous version, for the browser tests.
  const SqlPlanGraphModel& graph = state.sql_plan_graph;
  out.Key("planGraph");
  out.BeginObject();
  out.FieldInt("version", graph.version);
  out.FieldInt("versions", graph.version_count);
  out.FieldBool("sideBySide", graph.side_by_side && graph.version > 0 &&
                                  state.sql_plan_graph_initial.execution_id == graph.execution_id);
  out.FieldBool("selectedInInitial", graph.selected_in_initial);
  out.FieldInt("nodes", static_cast<int64_t>(graph.nodes.size()));
  out.FieldInt("newNodes", static_cast<int64_t>(graph.from_previous.new_node_ids.size()));
  out.Field("changesFromPrevious", graph.from_previous_text);
  out.Field("changesFromInitial", graph.from_initial_text);
  // Every edge drawn, by node ids, with the row count its label chip shows (-1: no chip).
  out.Key("edges");
  out.BeginArray();
  for (size_t e = 0; e < graph.edges.size(); ++e) {
    out.BeginObject();
    out.FieldInt("from", graph.nodes[static_cast<size_t>(graph.edges[e].first)].node_id);
    out.FieldInt("to", graph.nodes[static_cast<size_t>(graph.edges[e].second)].node_id);
    out.FieldInt("rows", graph.edge_rows[e]);
    out.EndObject();
  }
  out.EndArray();
  out.Field("search", graph.search.applied);
  out.FieldInt("searchMatches", static_cast<int64_t>(graph.search.matches.size()));
  out.FieldInt("searchCursor", graph.search.cursor);
  const SqlPlanGraphModel& panel = graph.selected_in_initial ? state.sql_plan_graph_initial : graph;
  const int32_t selected = panel.IndexOfNode(query.selected_node);
  out.Field("selectedName", selected >= 0 ? panel.nodes[static_cast<size_t>(selected)].title : "");
  out.FieldInt("selectedMetrics",
               selected >= 0 ? static_cast<int64_t>(panel.nodes[static_cast<size_t>(selected)].metric_lines.size()) : 0);
  out.EndObject();
  out.Key("findings");  // the findings whose evidence names this execution
  const std::vector<uint32_t> own =
      state.overview.findings.About(FindingSubject::Sql(query.execution_id));
  DescribeFindings(state.overview.findings, &own, out);
}

}  // namespace afterglow::ui
