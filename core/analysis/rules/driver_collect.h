// Driver collect: stages whose tasks sent large results to the driver (Result Size) or whose
// results took long to fetch (Getting Result Time): collect(), toPandas() or a large broadcast
// built on the driver. Thresholds: DiagnosticRules driver_result_min_bytes, getting_result_min_ms.
#pragma once

#include <vector>

#include "core/analysis/rules/rule_context.h"

namespace afterglow::rules {

void AddDriverCollectFindings(const RuleContext& context, std::vector<Finding>& out);

}  // namespace afterglow::rules
