// Spark's JDBC/ODBC Server tab (ThriftServerPage): how many sessions are online and statements
// running, then the SQL statements (user, jobs, group, times, statement, state, detail) and the
// sessions (user, IP, id, times, statements run). Shown only for a log with the Thrift server's
// events; a job id opens the job's page.
#include <algorithm>
#include <cstdio>

#include "ui/app/views.h"
#include "ui/widgets/format.h"
#include "ui/widgets/small_table_filter.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

constexpr ImGuiTableFlags kTableFlags =
    ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter | ImGuiTableFlags_BordersInnerH |
    ImGuiTableFlags_Resizable | ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX |
    ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_PadOuterX;

float TableHeight(size_t rows, float share) {
  const float row = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
  const float content = row * (static_cast<float>(rows) + 1) + ImGui::GetStyle().ScrollbarSize + 4;
  return std::max(row * 3, std::min(content, ImGui::GetContentRegionAvail().y * share));
}

void TimeCell(int64_t ms) {
  ImGui::TableNextColumn();
  char text[64];
  if (ms > 0) ImGui::TextUnformatted(FormatTimestamp(ms, text, sizeof text));
}

void DurationCell(int64_t ms) {
  ImGui::TableNextColumn();
  char text[32];
  ImGui::TextUnformatted(FormatDuration(ms, text, sizeof text));
}

// A long text on one line, whole in the tooltip.
void TextCell(const std::string& text, ImVec4 color = ImVec4(0, 0, 0, 0)) {
  ImGui::TableNextColumn();
  const size_t end = std::min(text.find('\n'), text.size());
  if (color.w > 0) {
    ImGui::TextColored(color, "%.*s", static_cast<int>(end), text.c_str());
  } else {
    ImGui::Text("%.*s", static_cast<int>(end), text.c_str());
  }
  if (!text.empty() && ImGui::IsItemHovered() &&
      (end < text.size() || ImGui::CalcTextSize(text.c_str()).x > ImGui::GetColumnWidth())) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 48);
    ImGui::Text("%.*s", static_cast<int>(std::min<size_t>(text.size(), 3000)), text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void DrawStatements(AppState& state, ThriftServerPageModel& page) {
  char title[64];
  std::snprintf(title, sizeof title, "SQL Statistics (%zu)", page.statements.size());
  SectionTitle(title);
  const float em = ImGui::GetFontSize();
  if (SearchBox("##sqlserver-search", "Filter by user, statement, state or detail ( / )",
                page.search, sizeof page.search, em * 22)) {
    page.ApplyFilter();
  }
  ImGui::SameLine(0, em);
  if (CopyTsvButton("sqlserver_statements_tsv")) ImGui::SetClipboardText(page.StatementsTsv().c_str());
  ImGui::SameLine(0, em);
  ImGui::TextColored(colors::kMuted, "%zu of %zu statements", page.shown.size(),
                     page.statements.size());
  if (!ImGui::BeginTable("sqlserver_statements", 11, kTableFlags,
                         ImVec2(0, TableHeight(page.shown.size(), 0.55f)))) {
    return;
  }
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const auto& [name, width] : {std::pair{"User", 6.0f}, {"JobID", 6.0f}, {"GroupID", 9.0f},
                                    {"Start Time", 9.5f}, {"Finish Time", 9.5f},
                                    {"Close Time", 9.5f}, {"Execution Time", 6.5f},
                                    {"Duration", 5.5f}, {"Statement", 24.0f}, {"State", 6.0f},
                                    {"Detail", 24.0f}}) {
    ImGui::TableSetupColumn(name, 0, em * width);
  }
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
  int64_t open_job = -1;
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(page.shown.size()));
  while (clipper.Step()) {
    for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
      const ThriftStatementLine& s = page.statements[page.shown[static_cast<size_t>(r)]];
      ImGui::TableNextRow();
      TextCell(s.user);
      ImGui::TableNextColumn();
      ImGui::PushID(r);
      for (size_t j = 0; j < s.jobs.size(); ++j) {
        if (j > 0) ImGui::SameLine();
        char link[24];
        std::snprintf(link, sizeof link, "[%d]", s.jobs[j]);
        ImGui::PushID(static_cast<int>(j));
        if (LinkText(link)) open_job = s.jobs[j];
        ImGui::PopID();
      }
      ImGui::PopID();
      TextCell(s.group_id);
      TimeCell(s.start_ms);
      TimeCell(s.finish_ms);
      TimeCell(s.close_ms);
      DurationCell(s.execution_ms);
      DurationCell(s.duration_ms);
      TextCell(s.statement);
      TextCell(s.state, s.failed ? colors::kFailed : colors::kMuted);
      TextCell(s.detail, s.failed ? colors::kFailed : ImVec4(0, 0, 0, 0));
    }
  }
  ImGui::EndTable();
  if (open_job >= 0) Navigate(state, Route{ViewId::kJob, open_job});
}

void DrawSessions(ThriftServerPageModel& page) {
  char title[64];
  std::snprintf(title, sizeof title, "Session Statistics (%zu)", page.sessions.size());
  SectionTitle(title);
  size_t shown = 0;
  for (const ThriftSessionLine& s : page.sessions) shown += page.ShowsSession(s);
  if (DrawSmallTableToolbar("sqlserver_sessions", "Filter by user, IP or session id",
                            page.sessions_filter, shown, page.sessions.size(), "sessions")
          .copy) {
    ImGui::SetClipboardText(page.SessionsTsv().c_str());
  }
  const float em = ImGui::GetFontSize();
  if (!ImGui::BeginTable("sqlserver_sessions", 7, kTableFlags,
                         ImVec2(0, TableHeight(shown, 0.9f)))) {
    return;
  }
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const auto& [name, width] : {std::pair{"User", 6.0f}, {"IP", 8.0f}, {"Session ID", 18.0f},
                                    {"Start Time", 9.5f}, {"Finish Time", 9.5f},
                                    {"Duration", 6.0f}, {"Total Execute", 6.0f}}) {
    ImGui::TableSetupColumn(name, 0, em * width);
  }
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
  for (const ThriftSessionLine& s : page.sessions) {
    if (!page.ShowsSession(s)) continue;
    ImGui::TableNextRow();
    TextCell(s.user);
    TextCell(s.ip);
    TextCell(s.session_id);
    TimeCell(s.start_ms);
    TimeCell(s.finish_ms);
    DurationCell(s.duration_ms);
    ImGui::TableNextColumn();
    ImGui::Text("%lld", static_cast<long long>(s.total_execute));
  }
  ImGui::EndTable();
}

}  // namespace

void DrawThriftServerView(AppState& state) {
  ThriftServerPageModel& page = state.thrift_server;
  ImGui::PushFont(Fonts().title);
  ImGui::TextUnformatted("JDBC/ODBC Server");
  ImGui::PopFont();
  if (!HasThriftServer(state.SelectedModel())) {
    ImGui::TextColored(colors::kMuted, "This log has no Thrift server sessions or statements.");
    return;
  }
  ImGui::TextColored(colors::kMuted, "%lld session(s) are online, running %lld SQL statement(s)",
                     static_cast<long long>(page.online_sessions),
                     static_cast<long long>(page.running_statements));
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.3f));
  DrawStatements(state, page);
  if (!(state.route.view == ViewId::kSqlServer)) return;  // a job link was clicked
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.4f));
  DrawSessions(page);
}

void DescribeThriftServerView(const AppState& state, JsonWriter& out) {
  const ThriftServerPageModel& page = state.thrift_server;
  out.FieldInt("rows", static_cast<int64_t>(page.shown.size()));
  out.FieldInt("statements", static_cast<int64_t>(page.statements.size()));
  out.FieldInt("sessions", static_cast<int64_t>(page.sessions.size()));
  out.FieldInt("onlineSessions", page.online_sessions);
  out.FieldInt("runningStatements", page.running_statements);
  out.Key("states");  // each shown statement's state, in the table's order
  out.BeginArray();
  for (uint32_t i : page.shown) out.String(page.statements[i].state);
  out.EndArray();
}

bool ThriftServerViewAvailable(const AppState& state) {
  return HasThriftServer(state.SelectedModel());
}

}  // namespace afterglow::ui
