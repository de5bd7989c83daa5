// Work on one executor: a stage with many tasks whose task time nearly all went to one executor
// while other executors were alive and idle (the Spark Cassandra Connector FAQ's "one executor
// does all the work": tasks held back for the executor that has their data by
// spark.locality.wait, input that lives on one node, or too few cores given to the application).
// Threshold: DiagnosticRules one_executor_*.
#pragma once

#include <vector>

#include "core/analysis/rules/rule_context.h"

namespace afterglow::rules {

void AddExecutorBalanceFindings(const RuleContext& context, std::vector<Finding>& out);

}  // namespace afterglow::rules
