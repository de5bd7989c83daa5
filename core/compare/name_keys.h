// Normal forms of the names the comparison of two runs matches on: call sites without line
// numbers (code edited between runs moves them), plan text without expression ids (every run
// numbers its attributes afresh: value#12 vs value#0).
#pragma once

#include <string>
#include <string_view>

namespace afterglow::compare {

// "count at Job.scala:42" -> "count at Job.scala": every ":<digits>" removed.
std::string WithoutLineNumbers(std::string_view call_site);

// "isnotnull(value#12L)" -> "isnotnull(value)": every "#<digits>" (and a type suffix L) removed.
std::string WithoutExpressionIds(std::string_view plan_text);

// Leading and trailing blanks removed.
std::string_view TrimBlanks(std::string_view text);

}  // namespace afterglow::compare
