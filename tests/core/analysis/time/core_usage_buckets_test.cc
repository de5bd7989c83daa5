// The usage series' buckets, the chart's buckets over them and the hover lookup, on a series
// built by hand from segments.
#include "core/analysis/time/core_usage_buckets.h"

#include <gtest/gtest.h>

namespace afterglow::time_analysis::test {
namespace {

// 0-100: 2 offered, 0 busy; 100-500: 2/1; 500-800: 4/1; 800-1000: 2/0; ends at 1000. One
// millisecond a bucket (shorter than kUsageBuckets ms).
CoreUsage Series() {
  CoreUsage usage = EmptyCoreUsage(0, 1000);
  for (const CoreSegment& s : {CoreSegment{0, 100, 2, 0}, CoreSegment{100, 500, 2, 1},
                               CoreSegment{500, 800, 4, 1}, CoreSegment{800, 1000, 2, 0}}) {
    AddCoreSegment(usage, s);
  }
  return usage;
}

TEST(CoreUsageSeries, ShortRunsKeepOneBucketAMillisecond) {
  const CoreUsage usage = Series();
  EXPECT_EQ(usage.bucket_ms, 1);
  EXPECT_EQ(usage.buckets.size(), 1000u);
  EXPECT_EQ(usage.app.available, 100 * 2 + 400 * 2 + 300 * 4 + 200 * 2);
  EXPECT_EQ(usage.app.used, 400 + 300);
  EXPECT_EQ(usage.peak_offered_cores, 4);
}

TEST(CoreUsageSeries, LongRunsKeepAtMostTheBucketCountWithExactCoreMs) {
  // A day: buckets of several seconds each. A 1 ms burst of 64 cores stays as a bucket's peak.
  const int64_t day = 24LL * 3600 * 1000;
  CoreUsage usage = EmptyCoreUsage(5000, 5000 + day);
  ASSERT_LE(usage.buckets.size(), kUsageBuckets);
  EXPECT_GE(usage.bucket_ms * static_cast<int64_t>(usage.buckets.size()), day);
  AddCoreSegment(usage, {5000, 5000 + day, 8, 0});
  AddCoreSegment(usage, {5000 + 7777, 5000 + 7778, 64, 64});
  int64_t offered = 0;
  int32_t peak = 0;
  for (const UsageBucket& b : usage.buckets) {
    offered += b.offered_core_ms;
    peak = std::max(peak, b.max_busy_cores);
  }
  EXPECT_EQ(offered, 8 * day + 64);
  EXPECT_EQ(usage.app.available, 8 * day + 64);
  EXPECT_EQ(peak, 64);
}

TEST(CoreUsageBuckets, MeansAreTimeWeightedAndPeaksKept) {
  const std::vector<CoreUsageBucket> b = BucketCoreUsage(Series(), 0, 1000, 2);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b[0].end_ms, 500);
  EXPECT_DOUBLE_EQ(b[0].mean_offered_cores, 2.0);
  EXPECT_DOUBLE_EQ(b[0].mean_busy_cores, 400.0 / 500);
  EXPECT_EQ(b[0].max_busy_cores, 1);
  EXPECT_DOUBLE_EQ(b[1].mean_offered_cores, (300.0 * 4 + 200.0 * 2) / 500);
  EXPECT_DOUBLE_EQ(b[1].mean_busy_cores, 300.0 / 500);
  EXPECT_EQ(b[1].max_offered_cores, 4);
}

TEST(CoreUsageBuckets, ARangeInsideOneStep) {
  const std::vector<CoreUsageBucket> b = BucketCoreUsage(Series(), 600, 700, 4);
  ASSERT_EQ(b.size(), 4u);
  for (const CoreUsageBucket& bucket : b) {
    EXPECT_DOUBLE_EQ(bucket.mean_offered_cores, 4.0);
    EXPECT_DOUBLE_EQ(bucket.mean_busy_cores, 1.0);
  }
}

TEST(CoreUsageBuckets, ChartBucketsNarrowerThanTheSeriesTakeTheirShare) {
  CoreUsage usage = EmptyCoreUsage(0, 100LL * kUsageBuckets);  // 100 ms a series bucket
  ASSERT_EQ(usage.bucket_ms, 100);
  AddCoreSegment(usage, {0, 50, 4, 4});  // half of bucket 0 at 4 cores
  const std::vector<CoreUsageBucket> b = BucketCoreUsage(usage, 0, 100, 4);
  ASSERT_EQ(b.size(), 4u);
  for (const CoreUsageBucket& bucket : b) {
    EXPECT_DOUBLE_EQ(bucket.mean_busy_cores, 2.0);  // the series' mean, spread evenly
    EXPECT_EQ(bucket.max_busy_cores, 4);
  }
}

TEST(CoreUsageBuckets, BucketTotalsEqualTheSeriesCoreMs) {
  const CoreUsage usage = Series();
  const std::vector<CoreUsageBucket> b = BucketCoreUsage(usage, 0, 1000, 7);
  double offered = 0, busy = 0;
  for (const CoreUsageBucket& bucket : b) {
    offered += bucket.mean_offered_cores * (bucket.end_ms - bucket.start_ms);
    busy += bucket.mean_busy_cores * (bucket.end_ms - bucket.start_ms);
  }
  EXPECT_NEAR(offered, 100 * 2 + 400 * 2 + 300 * 4 + 200 * 2, 1e-6);
  EXPECT_NEAR(busy, 400 + 300, 1e-6);
}

TEST(CoreUsageBuckets, NoBucketsOrEmptyRange) {
  EXPECT_TRUE(BucketCoreUsage(Series(), 0, 1000, 0).empty());
  EXPECT_TRUE(BucketCoreUsage(Series(), 500, 500, 3).empty());
}

TEST(CoreUsageBuckets, UsageAtAnInstant) {
  const CoreUsage usage = Series();
  EXPECT_EQ(CoreUsageAt(usage, 550).max_offered_cores, 4);
  EXPECT_EQ(CoreUsageAt(usage, 500).max_offered_cores, 4);
  EXPECT_EQ(CoreUsageAt(usage, 499).max_offered_cores, 2);
  EXPECT_EQ(CoreUsageAt(usage, 499).max_busy_cores, 1);
  EXPECT_EQ(CoreUsageAt(usage, 499).end_ms - CoreUsageAt(usage, 499).start_ms, 1);
  EXPECT_EQ(CoreUsageAt(usage, -5).max_offered_cores, 0);
  EXPECT_EQ(CoreUsageAt(usage, 1000).max_offered_cores, 0);
}

}  // namespace
}  // namespace afterglow::time_analysis::test
