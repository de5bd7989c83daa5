#include "ui/pages/findings/follow_evidence.h"

#include <cstdio>

namespace afterglow::ui {

int64_t NodeOfOperator(const SqlQueryModel& query, std::string_view op) {
  if (op.empty()) return -1;
  for (const SqlOperatorNode& node : query.nodes) {
    if (std::string_view(node.description).starts_with(op)) return node.node_id;
  }
  for (const SqlOperatorNode& node : query.nodes) {
    if (node.name == op) return node.node_id;
  }
  return -1;
}

void FollowEvidenceLink(AppState& state, const EvidenceLink& link) {
  if (link.label.empty()) return;
  Navigate(state, link.route);
  const EvidenceFocus& focus = link.focus;
  switch (link.route.view) {
    case ViewId::kStage: {
      TaskTableModel& tasks = state.stage_page.tasks;
      if (!state.stage_page.found) break;
      if (focus.task_sort != TaskColumn::kCount) tasks.sort_request = focus.task_sort;
      if (focus.task_id >= 0) tasks.FocusTask(focus.task_id);
      tasks.scroll_into_view = focus.task_sort != TaskColumn::kCount || focus.task_id >= 0;
      break;
    }
    case ViewId::kExecutors:
      state.executor_to_select = focus.executor_id;
      break;
    case ViewId::kSqlQuery: {
      SqlQueryModel& query = state.sql_query;
      const int64_t node = NodeOfOperator(query, focus.sql_operator);
      if (node < 0) break;
      query.search_text[0] = '\0';
      query.ApplyFilter("", node);
      break;
    }
    case ViewId::kEnvironment: {
      EnvironmentTableModel& environment = state.environment;
      std::snprintf(environment.filter_text, sizeof environment.filter_text, "%s",
                    focus.environment_key.c_str());
      environment.Filter(environment.filter_text);
      environment.filter_set_by_link = true;
      break;
    }
    default:
      break;
  }
}

}  // namespace afterglow::ui
