// Driver collect: stages whose tasks sent large results to the driver (Result Size) or whose
// results took long to fetch (Getting Result Time): collect(), toPandas() or a large broadcast
// built on the driver. Thresholds: DiagnosticRules driver_result_min_bytes, getting_result_min_ms.
#pragma once

#include <cstdint>
#include <vector>

#include "core/analysis/rules/rule_context.h"

namespace afterglow::rules {

// The finding for one stage attempt, its task rows `rows` (null: none recorded). Per stage, so
// that the page's stepped diagnosis reads the tasks within its budget (DiagnosisSteps).
void AddDriverCollectFinding(const RuleContext& context, const StageAttempt& stage,
                             const std::vector<uint32_t>* rows, std::vector<Finding>& out);

}  // namespace afterglow::rules
