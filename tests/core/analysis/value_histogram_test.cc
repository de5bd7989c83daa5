// The histogram's bins on values whose bins are known by construction.
#include "core/analysis/value_histogram.h"

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

namespace afterglow {
namespace {

TEST(ValueHistogram, ZeroToNinetyNineInTenBinsOfTen) {
  std::vector<int64_t> v(100);
  std::iota(v.begin(), v.end(), 0);
  const ValueHistogram h = HistogramOfSorted(v, 10);
  EXPECT_EQ(h.lo, 0);
  EXPECT_EQ(h.bin_width, 10);
  ASSERT_EQ(h.counts.size(), 10u);
  for (uint32_t c : h.counts) EXPECT_EQ(c, 10u);
  EXPECT_EQ(h.values, 100u);
  EXPECT_EQ(h.most, 10u);
}

TEST(ValueHistogram, WidthIsOneTwoOrFiveTimesAPowerOfTenAndStartsOnAMultiple) {
  // 130..870 in at most 8 bins: width 100 covers 1..8 (8 bins), starting at 100.
  const std::vector<int64_t> v = {130, 150, 420, 499, 500, 870};
  const ValueHistogram h = HistogramOfSorted(v, 8);
  EXPECT_EQ(h.bin_width, 100);
  EXPECT_EQ(h.lo, 100);
  ASSERT_EQ(h.counts.size(), 8u);
  const std::vector<uint32_t> expected = {2, 0, 0, 2, 1, 0, 0, 1};
  EXPECT_EQ(h.counts, expected);
  // Fewer bins allowed: width 200 from 0 (0-199, ..., 800-999).
  const ValueHistogram wide = HistogramOfSorted(v, 5);
  EXPECT_EQ(wide.bin_width, 200);
  EXPECT_EQ(wide.lo, 0);
  const std::vector<uint32_t> wide_expected = {2, 0, 3, 0, 1};
  EXPECT_EQ(wide.counts, wide_expected);
}

TEST(ValueHistogram, OneStragglerLeavesEmptyBinsBetween) {
  // Nine tasks of 1 s and one of 20 s: the straggler alone in the last bin.
  std::vector<int64_t> v(9, 1000);
  v.push_back(20000);
  const ValueHistogram h = HistogramOfSorted(v, 40);
  EXPECT_EQ(h.bin_width, 500);
  EXPECT_EQ(h.lo, 1000);
  ASSERT_EQ(h.counts.size(), 39u);
  EXPECT_EQ(h.counts.front(), 9u);
  EXPECT_EQ(h.counts.back(), 1u);
  EXPECT_EQ(h.BinOf(20000), 38);
  EXPECT_EQ(h.BinOf(1499), 0);
  EXPECT_EQ(h.BinOf(999), -1);
  EXPECT_EQ(h.BinOf(20500), -1);
}

TEST(ValueHistogram, EqualValuesFillOneBin) {
  const std::vector<int64_t> v(7, 42);
  const ValueHistogram h = HistogramOfSorted(v, 30);
  EXPECT_EQ(h.bin_width, 1);
  EXPECT_EQ(h.lo, 42);
  ASSERT_EQ(h.counts.size(), 1u);
  EXPECT_EQ(h.counts[0], 7u);
}

TEST(ValueHistogram, NothingToBin) {
  EXPECT_TRUE(HistogramOfSorted({}, 10).counts.empty());
  const std::vector<int64_t> v = {1, 2};
  EXPECT_TRUE(HistogramOfSorted(v, 0).counts.empty());
}

}  // namespace
}  // namespace afterglow
