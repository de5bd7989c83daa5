// The core usage series (core_usage.h) reduced to what a chart of a given width can show: equal
// time buckets over a visible range, each with the most and the mean cores offered and busy, so
// a short burst stays visible as a peak while the mean draws the area. Also the series' own
// bucket at one instant, for a hover readout. Cost: the series' buckets inside the range; a view
// caches the buckets per (range, width) rather than asking every frame.
#pragma once

#include <cstdint>
#include <vector>

#include "core/analysis/time/core_usage.h"

namespace afterglow::time_analysis {

struct CoreUsageBucket {
  int64_t start_ms = 0;
  int64_t end_ms = 0;
  int32_t max_offered_cores = 0;
  int32_t max_busy_cores = 0;
  double mean_offered_cores = 0;  // time-weighted over the bucket
  double mean_busy_cores = 0;
};

// `buckets` equal buckets over [from_ms, to_ms) (the last one takes the remainder). A chart
// bucket narrower than the series' takes its share of each series bucket it overlaps (its mean)
// and their peaks. Empty when buckets == 0 or to_ms <= from_ms.
std::vector<CoreUsageBucket> BucketCoreUsage(const CoreUsage& usage, int64_t from_ms,
                                             int64_t to_ms, uint32_t buckets);

// The series' bucket holding `time_ms` (usage.bucket_ms wide: one millisecond, so the exact
// cores then, for an application shorter than kUsageBuckets ms); zeros outside the application.
CoreUsageBucket CoreUsageAt(const CoreUsage& usage, int64_t time_ms);

}  // namespace afterglow::time_analysis
