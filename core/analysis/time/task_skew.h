// Sparklens' TaskSkew (StageSkewAnalyzer): the longest task over the median task, the median
// being the element at size/2 of the sorted durations; 0 when there is no task or the median
// is 0. Both readings of a stage's skew (executorRunTime, slot held) use it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace afterglow::time_analysis {

inline double LongestOverMedian(std::vector<int32_t> ms) {
  if (ms.empty()) return 0;
  const int32_t longest = *std::max_element(ms.begin(), ms.end());
  std::nth_element(ms.begin(), ms.begin() + ms.size() / 2, ms.end());
  const int32_t median = ms[ms.size() / 2];
  return median > 0 ? static_cast<double>(longest) / median : 0.0;
}

}  // namespace afterglow::time_analysis
