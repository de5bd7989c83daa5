#include "core/analysis/time/core_usage_buckets.h"

#include <algorithm>

namespace afterglow::time_analysis {

std::vector<CoreUsageBucket> BucketCoreUsage(const CoreUsage& usage, int64_t from_ms,
                                             int64_t to_ms, uint32_t buckets) {
  std::vector<CoreUsageBucket> out;
  if (buckets == 0 || to_ms <= from_ms) return out;
  const int64_t width = std::max<int64_t>(1, (to_ms - from_ms) / buckets);
  out.resize(buckets);
  const int64_t series_end = usage.start_ms + static_cast<int64_t>(usage.buckets.size()) * usage.bucket_ms;
  for (uint32_t b = 0; b < buckets; ++b) {
    CoreUsageBucket& bucket = out[b];
    bucket.start_ms = from_ms + b * width;
    bucket.end_ms = b + 1 == buckets ? to_ms : from_ms + (b + 1) * width;
    const int64_t from = std::max(bucket.start_ms, usage.start_ms);
    const int64_t to = std::min(bucket.end_ms, std::min(series_end, usage.end_ms));
    double offered_ms = 0, busy_ms = 0;
    for (int64_t k = to > from ? (from - usage.start_ms) / usage.bucket_ms : 0;
         to > from && usage.start_ms + k * usage.bucket_ms < to; ++k) {
      const UsageBucket& s = usage.buckets[static_cast<size_t>(k)];
      const int64_t s_from = usage.bucket_start(static_cast<size_t>(k));
      const int64_t s_to = usage.bucket_end(static_cast<size_t>(k));
      const int64_t overlap = std::min(to, s_to) - std::max(from, s_from);
      if (overlap <= 0 || s_to <= s_from) continue;
      const double share = static_cast<double>(overlap) / static_cast<double>(s_to - s_from);
      offered_ms += share * static_cast<double>(s.offered_core_ms);
      busy_ms += share * static_cast<double>(s.busy_core_ms);
      bucket.max_offered_cores = std::max(bucket.max_offered_cores, s.max_offered_cores);
      bucket.max_busy_cores = std::max(bucket.max_busy_cores, s.max_busy_cores);
    }
    const double span = static_cast<double>(bucket.end_ms - bucket.start_ms);
    bucket.mean_offered_cores = offered_ms / span;
    bucket.mean_busy_cores = busy_ms / span;
  }
  return out;
}

CoreUsageBucket CoreUsageAt(const CoreUsage& usage, int64_t time_ms) {
  CoreUsageBucket out;
  out.start_ms = out.end_ms = time_ms;
  if (time_ms < usage.start_ms || time_ms >= usage.end_ms || usage.buckets.empty()) return out;
  const size_t k = std::min(usage.buckets.size() - 1,
                            static_cast<size_t>((time_ms - usage.start_ms) / usage.bucket_ms));
  const UsageBucket& s = usage.buckets[k];
  out.start_ms = usage.bucket_start(k);
  out.end_ms = usage.bucket_end(k);
  out.max_offered_cores = s.max_offered_cores;
  out.max_busy_cores = s.max_busy_cores;
  const double span = static_cast<double>(std::max<int64_t>(1, out.end_ms - out.start_ms));
  out.mean_offered_cores = static_cast<double>(s.offered_core_ms) / span;
  out.mean_busy_cores = static_cast<double>(s.busy_core_ms) / span;
  return out;
}

}  // namespace afterglow::time_analysis
