// Sub-executions: an execution started while another ran (a command that runs queries, a
// Delta write) names that one as its root (Spark 3.4+'s "rootExecutionId"). Spark's SQL tab lists
// the sub-executions under their root, and an execution's page links its parent and its subs;
// the REST answer lists every execution flat and says nothing of roots. These are the two rules
// (docs/SPARK-SEMANTICS.md facts 111 and 112).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "core/model/sql_model.h"

namespace afterglow {

// The SQL tab's grouping (AllExecutionsPage, spark.ui.groupSQLSubExecutionEnabled's default).
struct SqlExecutionGroups {
  // A listed root's sub-executions, by execution id; roots without subs are absent.
  std::map<int64_t, std::vector<int64_t>> subs_by_root;
  // Executions listed under a root instead of at the top level: execution id -> root id.
  std::map<int64_t, int64_t> root_of_grouped;

  bool IsGrouped(int64_t execution_id) const { return root_of_grouped.count(execution_id) > 0; }
  const std::vector<int64_t>* SubsOf(int64_t execution_id) const;
};
SqlExecutionGroups GroupSubExecutions(const SqlModel& sql);

// The execution page's links (ExecutionPage): the parent (the root, when it is not the execution
// itself) and the sub-executions (every execution whose root is this one, by id).
std::optional<int64_t> ParentExecutionOf(const SqlModel& sql, int64_t execution_id);
std::vector<int64_t> SubExecutionsOf(const SqlModel& sql, int64_t execution_id);

}  // namespace afterglow
