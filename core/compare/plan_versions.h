// What AQE changed between two plan versions of one SQL execution (the start's plan and each
// SparkListenerSQLAdaptiveExecutionUpdate's, core/model/sql_model.h PlanVersion): the same
// operator and scan-field differences the run comparison reports (plan_diff.h), and which
// operators of the later version are new, so the plan graph can mark them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/base/string_pool.h"
#include "core/compare/plan_diff.h"
#include "core/model/sql_model.h"

namespace afterglow::compare {

struct PlanVersionChanges {
  bool valid = false;  // both versions exist
  PlanChanges changes;
  // Node ids (SqlPlanNode::id) of `to`'s operators that `from` lacks, matched by OperatorName
  // with repeats counted, as DiffPlans counts them: the added operators and the new side of
  // each replacement. Clusters are never listed.
  std::vector<int64_t> new_node_ids;
};

// Version `from` against version `to` of `execution_id` (indices as SqlModel::PlanVersion);
// `valid` false when either does not exist.
PlanVersionChanges DiffPlanVersions(const SqlModel& sql, const StringPool& pool,
                                    int64_t execution_id, size_t from, size_t to);

}  // namespace afterglow::compare
