#include "core/analysis/time/core_usage_buckets.h"

#include <algorithm>

namespace afterglow::time_analysis {
namespace {

// Index of the step in force at `t` (the last step with time_ms <= t), or -1.
int64_t StepIndexAt(const std::vector<CoreStep>& steps, int64_t t) {
  auto it = std::upper_bound(steps.begin(), steps.end(), t,
                             [](int64_t time, const CoreStep& s) { return time < s.time_ms; });
  return static_cast<int64_t>(it - steps.begin()) - 1;
}

}  // namespace

std::vector<CoreUsageBucket> BucketCoreUsage(const CoreUsage& usage, int64_t from_ms,
                                             int64_t to_ms, int64_t end_ms, uint32_t buckets) {
  std::vector<CoreUsageBucket> out;
  if (buckets == 0 || to_ms <= from_ms) return out;
  const int64_t width = std::max<int64_t>(1, (to_ms - from_ms) / buckets);
  out.resize(buckets);
  for (uint32_t b = 0; b < buckets; ++b) {
    out[b].start_ms = from_ms + b * width;
    out[b].end_ms = b + 1 == buckets ? to_ms : from_ms + (b + 1) * width;
  }
  const std::vector<CoreStep>& steps = usage.steps;
  int64_t step = std::max<int64_t>(0, StepIndexAt(steps, from_ms));
  for (uint32_t b = 0; b < buckets && step < static_cast<int64_t>(steps.size()); ++b) {
    CoreUsageBucket& bucket = out[b];
    double offered_ms = 0, busy_ms = 0;
    while (step < static_cast<int64_t>(steps.size())) {
      const CoreStep& s = steps[step];
      const int64_t next = step + 1 < static_cast<int64_t>(steps.size()) ? steps[step + 1].time_ms
                                                                         : end_ms;
      if (s.time_ms >= bucket.end_ms) break;
      const int64_t from = std::max(bucket.start_ms, s.time_ms);
      const int64_t to = std::min(bucket.end_ms, next);
      if (to > from) {
        offered_ms += static_cast<double>(to - from) * s.offered_cores;
        busy_ms += static_cast<double>(to - from) * s.busy_cores;
        bucket.max_offered_cores = std::max(bucket.max_offered_cores, s.offered_cores);
        bucket.max_busy_cores = std::max(bucket.max_busy_cores, s.busy_cores);
      }
      if (next > bucket.end_ms) break;  // the step goes on into the next bucket
      ++step;
    }
    const double span = static_cast<double>(bucket.end_ms - bucket.start_ms);
    bucket.mean_offered_cores = offered_ms / span;
    bucket.mean_busy_cores = busy_ms / span;
  }
  return out;
}

CoreStep CoreStepAt(const CoreUsage& usage, int64_t time_ms, int64_t end_ms) {
  const int64_t k = StepIndexAt(usage.steps, time_ms);
  if (k < 0 || time_ms >= end_ms) return {time_ms, 0, 0};
  return usage.steps[k];
}

}  // namespace afterglow::time_analysis
