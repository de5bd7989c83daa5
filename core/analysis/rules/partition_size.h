// Partitions too big for an executor's memory per core: a stage whose typical (median) task reads
// more input or shuffle data than the share of the unified memory pool one running task gets
// (the pool over the executor's cores), so tasks spill, thrash in GC or fail with OutOfMemory.
// The fix sizes the partitions: spark.sql.files.maxPartitionBytes for scans,
// spark.sql.shuffle.partitions for shuffles. Threshold: DiagnosticRules partition_memory_ratio.
#pragma once

#include <vector>

#include "core/analysis/rules/rule_context.h"

namespace afterglow::rules {

void AddPartitionSizeFindings(const RuleContext& context, std::vector<Finding>& out);

}  // namespace afterglow::rules
