// Failures with their root cause: the deepest "Caused by:" of every failed task's error (the
// error's first line when it has none), grouped by exception class, with the count and the first
// occurrence (task, stage), and the known classes explained with their fix.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/analysis/rules/rule_context.h"

namespace afterglow::rules {

struct RootCause {
  std::string exception_class;  // "java.lang.OutOfMemoryError", "FetchFailed", ...
  std::string message;          // the root line, trimmed
};

// The root cause of one error text (a task's errorMessage or a stage's failureReason).
RootCause RootCauseOf(std::string_view error);

void AddFailureCauseFindings(const RuleContext& context, std::vector<Finding>& out);

}  // namespace afterglow::rules
