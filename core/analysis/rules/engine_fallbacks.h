// Operators an accelerated engine left on vanilla Spark: Apache Gluten's plan fallbacks (its
// GlutenPlanFallbackEvent: the nodes that stayed on the JVM instead of Velox or ClickHouse, with
// the reason Gluten gave) and, in a RAPIDS Accelerator run (spark.plugins names
// com.nvidia.spark.SQLPlugin, or plans hold Gpu* nodes), the plan nodes that are not Gpu*: each
// costs a columnar/row transition and runs at CPU speed. One finding per query.
#pragma once

#include <string_view>
#include <vector>

#include "core/analysis/rules/rule_context.h"

namespace afterglow::rules {

// A plan node that does work of its own (not a wrapper, transition, reuse or command) and is not
// a Gpu* node: the operators of a GPU run that stayed on the CPU.
bool IsCpuOperatorOfGpuRun(std::string_view node_name);

void AddEngineFallbackFindings(const RuleContext& context, std::vector<Finding>& out);

}  // namespace afterglow::rules
