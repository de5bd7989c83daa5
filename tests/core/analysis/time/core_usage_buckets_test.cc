// The chart's buckets of the core usage series and the hover lookup, on a series built by hand.
#include "core/analysis/time/core_usage_buckets.h"

#include <gtest/gtest.h>

namespace afterglow::time_analysis::test {
namespace {

// 0-100: 2 offered, 0 busy; 100-500: 2/1; 500-800: 4/1; 800-1000: 2/0; ends at 1000.
CoreUsage Series() {
  CoreUsage usage;
  usage.steps = {{0, 2, 0}, {100, 2, 1}, {500, 4, 1}, {800, 2, 0}};
  return usage;
}

TEST(CoreUsageBuckets, MeansAreTimeWeightedAndPeaksKept) {
  const std::vector<CoreUsageBucket> b = BucketCoreUsage(Series(), 0, 1000, 1000, 2);
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
  const std::vector<CoreUsageBucket> b = BucketCoreUsage(Series(), 600, 700, 1000, 4);
  ASSERT_EQ(b.size(), 4u);
  for (const CoreUsageBucket& bucket : b) {
    EXPECT_DOUBLE_EQ(bucket.mean_offered_cores, 4.0);
    EXPECT_DOUBLE_EQ(bucket.mean_busy_cores, 1.0);
  }
}

TEST(CoreUsageBuckets, BucketTotalsEqualTheSeriesCoreMs) {
  const CoreUsage usage = Series();
  const std::vector<CoreUsageBucket> b = BucketCoreUsage(usage, 0, 1000, 1000, 7);
  double offered = 0, busy = 0;
  for (const CoreUsageBucket& bucket : b) {
    offered += bucket.mean_offered_cores * (bucket.end_ms - bucket.start_ms);
    busy += bucket.mean_busy_cores * (bucket.end_ms - bucket.start_ms);
  }
  EXPECT_NEAR(offered, 100 * 2 + 400 * 2 + 300 * 4 + 200 * 2, 1e-6);
  EXPECT_NEAR(busy, 400 + 300, 1e-6);
}

TEST(CoreUsageBuckets, NoBucketsOrEmptyRange) {
  EXPECT_TRUE(BucketCoreUsage(Series(), 0, 1000, 1000, 0).empty());
  EXPECT_TRUE(BucketCoreUsage(Series(), 500, 500, 1000, 3).empty());
}

TEST(CoreUsageBuckets, StepAtAnInstant) {
  const CoreUsage usage = Series();
  EXPECT_EQ(CoreStepAt(usage, 550, 1000).offered_cores, 4);
  EXPECT_EQ(CoreStepAt(usage, 500, 1000).offered_cores, 4);
  EXPECT_EQ(CoreStepAt(usage, 499, 1000).offered_cores, 2);
  EXPECT_EQ(CoreStepAt(usage, 499, 1000).busy_cores, 1);
  EXPECT_EQ(CoreStepAt(usage, -5, 1000).offered_cores, 0);
  EXPECT_EQ(CoreStepAt(usage, 1000, 1000).offered_cores, 0);
}

}  // namespace
}  // namespace afterglow::time_analysis::test
