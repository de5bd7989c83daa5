// Operators in the SQL plans that cost more than their output: nested-loop and cartesian joins
// (BroadcastNestedLoopJoin, CartesianProduct: every row against every row, usually a join
// condition that is not an equality or a missing one), broadcasts over
// DiagnosticRules::broadcast_max_bytes, and many small files read or written (small_files).
#pragma once

#include <vector>

#include "core/analysis/rules/rule_context.h"

namespace afterglow::rules {

void AddPlanShapeFindings(const RuleContext& context, std::vector<Finding>& out);

}  // namespace afterglow::rules
