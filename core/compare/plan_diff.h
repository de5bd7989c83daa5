// What changed between two plans of aligned SQL executions: operators added, removed or replaced
// (a removed and an added operator of one family, e.g. SortMergeJoin -> BroadcastHashJoin,
// Filter -> GpuFilter), and the scan fields that changed (a filter moved into PushedFilters, a
// narrower ReadSchema). Operators are compared as multisets of names: a plan with two joins of
// which one changed shows one replacement.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/compare/plan_shape.h"

namespace afterglow::compare {

struct ScanFieldChange {
  std::string scan;   // the scan's name in run B (in A when only A has it)
  std::string field;  // "PushedFilters", "PartitionFilters", "ReadSchema"
  std::string a, b;   // "" when that side's scan has no such field
};

struct PlanChanges {
  bool same_shape = true;            // the operator trees are equal
  std::vector<std::string> added;    // only in B
  std::vector<std::string> removed;  // only in A
  std::vector<std::pair<std::string, std::string>> replaced;  // (A's, B's)
  std::vector<ScanFieldChange> scans;
  bool empty() const {
    return added.empty() && removed.empty() && replaced.empty() && scans.empty();
  }
};

// The last capitalized word of the name's first word: "SortMergeJoin" -> "Join",
// "GpuFilter" -> "Filter", "Scan parquet t" -> "Scan", "BatchScan" -> "Scan".
std::string OperatorFamily(const std::string& name);

PlanChanges DiffPlans(const PlanShape& a, const PlanShape& b);

}  // namespace afterglow::compare
