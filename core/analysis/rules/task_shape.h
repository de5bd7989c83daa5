// How the stages' work was cut into tasks: tiny tasks (thousands of tasks whose median is a few
// ms, so scheduling and deserialization dominate) and shuffle partitions far from the data size
// (a shuffle read of over 1 GiB a task spills and runs few tasks; under 1 MiB a task over hundreds
// of tasks is overhead). Thresholds: DiagnosticRules tiny_task_* and shuffle_partition_*.
#pragma once

#include <vector>

#include "core/analysis/rules/rule_context.h"

namespace afterglow::rules {

// The time a stage's successful tasks spent outside executor run time (scheduler delay,
// deserialization, result serialization and fetching), summed, in ms.
int64_t TaskOverheadMs(const AttemptModel& attempt, const std::vector<uint32_t>& rows);

// The findings for one stage attempt whose task rows are `rows`. Per stage, so that the page's
// stepped diagnosis reads the tasks within its budget (DiagnosisSteps).
void AddTaskShapeFindings(const RuleContext& context, const StageAttempt& stage,
                          const std::vector<uint32_t>& rows, std::vector<Finding>& out);

}  // namespace afterglow::rules
