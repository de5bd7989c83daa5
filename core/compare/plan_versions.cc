#include "core/compare/plan_versions.h"

#include <map>
#include <optional>
#include <string>

#include "core/compare/plan_shape.h"

namespace afterglow::compare {

PlanVersionChanges DiffPlanVersions(const SqlModel& sql, const StringPool& pool,
                                    int64_t execution_id, size_t from, size_t to) {
  PlanVersionChanges out;
  const std::optional<SqlPlanGraph> a = sql.PlanVersion(execution_id, from);
  const std::optional<SqlPlanGraph> b = sql.PlanVersion(execution_id, to);
  if (!a || !b) return out;
  out.valid = true;
  out.changes = DiffPlans(ReadPlanShape(*a, pool), ReadPlanShape(*b, pool));
  std::map<std::string, int> left;  // `from`'s operators not yet matched, by name
  for (const SqlPlanNode& node : a->all_nodes) {
    if (!node.is_cluster) ++left[OperatorName(pool.Get(node.name))];
  }
  for (const SqlPlanNode& node : b->all_nodes) {
    if (node.is_cluster) continue;
    int& count = left[OperatorName(pool.Get(node.name))];
    if (count > 0) --count;
    else out.new_node_ids.push_back(node.id);
  }
  return out;
}

}  // namespace afterglow::compare
