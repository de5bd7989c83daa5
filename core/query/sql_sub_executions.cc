#include "core/query/sql_sub_executions.h"

#include <set>

namespace afterglow {

const std::vector<int64_t>* SqlExecutionGroups::SubsOf(int64_t execution_id) const {
  auto it = subs_by_root.find(execution_id);
  return it == subs_by_root.end() ? nullptr : &it->second;
}

SqlExecutionGroups GroupSubExecutions(const SqlModel& sql) {
  SqlExecutionGroups groups;
  // Walked in id order, as executionsList() gives them: an execution joins its root only when
  // the root was listed before it; otherwise (its root lost, or started later with a larger id)
  // it is listed at the top level and can hold sub-executions itself.
  std::set<int64_t> listed;
  for (const auto& [id, row] : sql.executions) {
    if (row.root_execution_id != id && listed.count(row.root_execution_id) > 0) {
      groups.subs_by_root[row.root_execution_id].push_back(id);
      groups.root_of_grouped[id] = row.root_execution_id;
    } else {
      listed.insert(id);
    }
  }
  return groups;
}

std::optional<int64_t> ParentExecutionOf(const SqlModel& sql, int64_t execution_id) {
  auto it = sql.executions.find(execution_id);
  if (it == sql.executions.end() || it->second.root_execution_id == execution_id) {
    return std::nullopt;
  }
  return it->second.root_execution_id;
}

std::vector<int64_t> SubExecutionsOf(const SqlModel& sql, int64_t execution_id) {
  std::vector<int64_t> subs;
  for (const auto& [id, row] : sql.executions) {
    if (row.root_execution_id == execution_id && id != execution_id) subs.push_back(id);
  }
  return subs;
}

}  // namespace afterglow
