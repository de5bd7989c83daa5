// The stage page's summary-row skew test (core/analysis/summary_skew.h).
#include "core/analysis/summary_skew.h"

#include <gtest/gtest.h>

namespace afterglow {
namespace {

TEST(SummarySkew, AMaxOverTwiceP75AndASecondAboveTheMedianIsSkewed) {
  const SummarySkew skew = SummaryRowSkew(SkewMeasure::kMillis, 1000, 1200, 5000);
  EXPECT_TRUE(skew.skewed);
  EXPECT_DOUBLE_EQ(skew.ratio, 5.0);
}

TEST(SummarySkew, SmallTimesAreNotMaterial) {
  // 10x the median but only 360 ms more: noise on a small stage.
  EXPECT_FALSE(SummaryRowSkew(SkewMeasure::kMillis, 40, 45, 400).skewed);
}

TEST(SummarySkew, AMaxNearP75IsNotSkewed) {
  EXPECT_FALSE(SummaryRowSkew(SkewMeasure::kMillis, 10'000, 30'000, 50'000).skewed);
}

TEST(SummarySkew, NanosAndBytesHaveTheirOwnMaterialGap) {
  EXPECT_FALSE(SummaryRowSkew(SkewMeasure::kNanos, 1e6, 1e6, 5e8).skewed);  // half a second
  EXPECT_TRUE(SummaryRowSkew(SkewMeasure::kNanos, 1e6, 1e6, 2e9).skewed);
  EXPECT_FALSE(SummaryRowSkew(SkewMeasure::kBytes, 1 << 20, 1 << 20, 8 << 20).skewed);
  EXPECT_TRUE(SummaryRowSkew(SkewMeasure::kBytes, 1 << 20, 1 << 20, 64 << 20).skewed);
}

TEST(SummarySkew, ThresholdsComeFromTheRules) {
  DiagnosticRules rules;
  rules.summary_skew_min_gap_ms = 100;
  EXPECT_TRUE(SummaryRowSkew(SkewMeasure::kMillis, 40, 45, 400, rules).skewed);
  rules.summary_skew_max_over_p75 = 10;
  EXPECT_FALSE(SummaryRowSkew(SkewMeasure::kMillis, 40, 45, 400, rules).skewed);
}

TEST(SummarySkew, AZeroMedianHasNoRatio) {
  EXPECT_EQ(SummaryRowSkew(SkewMeasure::kBytes, 0, 0, 100 << 20).ratio, 0);
}

TEST(SummarySkew, TheStagePagesCases) {
  // 8 s max against a 200 ms 75th percentile: flagged.
  EXPECT_TRUE(SummaryRowSkew(SkewMeasure::kMillis, 150, 200, 8000).skewed);
  // Over 2x the 75th percentile but only 250 ms above the median: noise, not flagged.
  EXPECT_FALSE(SummaryRowSkew(SkewMeasure::kMillis, 50, 100, 300).skewed);
  // Far above the median but under 2x the 75th percentile: a spread, not one outlier.
  EXPECT_FALSE(SummaryRowSkew(SkewMeasure::kMillis, 1000, 5000, 9000).skewed);
  // Sizes: 1 GiB against 10 MiB is skew; 12 MiB against 1 MiB is not material.
  EXPECT_TRUE(SummaryRowSkew(SkewMeasure::kBytes, 8 << 20, 10 << 20, 1 << 30).skewed);
  EXPECT_FALSE(SummaryRowSkew(SkewMeasure::kBytes, 1 << 20, 1 << 20, 12 << 20).skewed);
  // Shuffle write time is in nanoseconds: 3 s against 0.1 s is skew.
  EXPECT_TRUE(SummaryRowSkew(SkewMeasure::kNanos, 5e7, 1e8, 3e9).skewed);
}

}  // namespace
}  // namespace afterglow
