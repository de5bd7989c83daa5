// Sparklens' TaskSkew (StageSkewAnalyzer): the longest task over the median task, the median
// being the element at size/2 of the sorted durations; 0 when there is no task or the median
// is 0. Both readings of a stage's skew (executorRunTime, slot held) use it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace afterglow::time_analysis {

// Copies `ms` (nth_element reorders): transient memory of one stage's tasks.
inline double LongestOverMedian(std::span<const int32_t> ms) {
  if (ms.empty()) return 0;
  std::vector<int32_t> sorted(ms.begin(), ms.end());
  const int32_t longest = *std::max_element(sorted.begin(), sorted.end());
  std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
  const int32_t median = sorted[sorted.size() / 2];
  return median > 0 ? static_cast<double>(longest) / median : 0.0;
}

}  // namespace afterglow::time_analysis
