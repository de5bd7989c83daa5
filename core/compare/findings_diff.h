// Which findings of the overview (core/analysis/diagnostics.h) one run has and the other not.
// Ids shift between runs, so a finding is known by its rule and the name of what it points at
// (FindingCompareKey); findings with equal keys pair in order, the rest are one-sided.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/analysis/diagnostics.h"

namespace afterglow::compare {

// The rule and the target's name: "durationSkew|stage|parquet at Job.scala:12". An executor
// finding keys on its rule alone: executor ids of two runs are unrelated.
std::string FindingCompareKey(const Finding& finding);

struct FindingsDiff {
  std::vector<Finding> only_a;  // disappeared
  std::vector<Finding> only_b;  // appeared
  std::vector<std::pair<Finding, Finding>> both;  // stayed (A's, B's)
};

FindingsDiff DiffFindings(const std::vector<Finding>& a, const std::vector<Finding>& b);

// "stage", "job", "executor", "sql", "application".
const char* FindingTargetName(FindingTarget target);

}  // namespace afterglow::compare
