// Partitions too big for an executor's memory per core: a stage whose typical (median) task reads
// more input or shuffle data than the share of the unified memory pool one running task gets
// (the pool over the executor's cores), so tasks spill, thrash in GC or fail with OutOfMemory.
// The fix sizes the partitions: spark.sql.files.maxPartitionBytes for scans,
// spark.sql.shuffle.partitions for shuffles. Threshold: DiagnosticRules partition_memory_ratio.
#pragma once

#include <cstdint>
#include <vector>

#include "core/analysis/rules/rule_context.h"

namespace afterglow::rules {

// The unified memory one task slot of an executor gets (its pool over its cores), the median
// over the non-driver executors (the driver's own in local mode); -1 when no executor says.
int64_t MemoryPerSlot(const RuleContext& context);

// The finding for one stage attempt whose task rows are `rows`, if its median task reads more
// than `per_slot` (MemoryPerSlot) allows. Per stage, so that the page's stepped diagnosis reads
// the tasks within its budget (DiagnosisSteps).
void AddPartitionSizeFinding(const RuleContext& context, const StageAttempt& stage,
                             const std::vector<uint32_t>& rows, int64_t per_slot,
                             std::vector<Finding>& out);

}  // namespace afterglow::rules
