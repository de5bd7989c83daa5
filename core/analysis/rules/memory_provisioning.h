// Executor memory against what the executors used (Spark's executor metrics peaks, from the
// TaskEnd and StageExecutorMetrics events): over-provisioned when spark.executor.memory is
// several times the largest peak JVM heap (Dr. Elephant's JvmUsedMemoryHeuristic); under-
// provisioned when an executor's unified memory (execution + storage) filled its pool, or its
// process tree's RSS came near spark.executor.memory + spark.executor.memoryOverhead (the
// container limit). Each fix names the key and a suggested value. Thresholds: DiagnosticRules
// memory_*.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/analysis/rules/rule_context.h"

namespace afterglow::rules {

// A Spark memory setting in bytes: "4g", "9397M", "512k", "1t" (any case, an optional "b"), a
// bare number in MiB (spark.executor.memory's and memoryOverhead's default unit); -1 when it is
// not one.
int64_t ParseSparkMemory(std::string_view text);

void AddMemoryProvisioningFindings(const RuleContext& context, std::vector<Finding>& out);

}  // namespace afterglow::rules
