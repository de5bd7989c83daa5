// IndexSet (core/model/index_set.h): counts each distinct task index once, in any order, including
// indices a broken log may carry (negative, huge), and holds a stage's indices in a bit each.
#include "core/model/index_set.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <set>

namespace afterglow {
namespace index_set_test {

TEST(IndexSet, CountsDistinctIndicesLikeAHashSet) {
  std::mt19937 random(5);
  IndexSet set;
  std::set<int32_t> expected;
  for (int i = 0; i < 20000; ++i) {
    int32_t index = static_cast<int32_t>(random() % 9000);
    if (i % 997 == 0) index = -static_cast<int32_t>(random() % 50) - 1;
    if (i % 1201 == 0) index = std::numeric_limits<int32_t>::max() - static_cast<int32_t>(random() % 3);
    EXPECT_EQ(set.insert(index), expected.insert(index).second) << index;
  }
  EXPECT_EQ(set.size(), expected.size());
  for (int32_t index = -60; index < 9100; ++index) {
    EXPECT_EQ(set.contains(index), expected.count(index) == 1) << index;
  }
  EXPECT_TRUE(set.contains(std::numeric_limits<int32_t>::max() - 1) ==
              (expected.count(std::numeric_limits<int32_t>::max() - 1) == 1));
}

TEST(IndexSet, EmptyUntilFirstInsertAndRepeatsDoNotCount) {
  IndexSet set;
  EXPECT_TRUE(set.empty());
  EXPECT_EQ(set.size(), 0u);
  EXPECT_FALSE(set.contains(0));
  EXPECT_TRUE(set.insert(0));
  EXPECT_FALSE(set.insert(0));
  EXPECT_TRUE(set.insert(63));
  EXPECT_TRUE(set.insert(64));
  EXPECT_EQ(set.size(), 3u);
  EXPECT_FALSE(set.empty());
}

TEST(IndexSet, AStageOfAHundredThousandTasksTakesABitEachPlusGrowthSlack) {
  IndexSet set;
  constexpr int32_t kTasks = 100000;
  for (int32_t index = 0; index < kTasks; ++index) set.insert(index);
  EXPECT_EQ(set.size(), static_cast<size_t>(kTasks));
  // kTasks / 8 bytes of bitmap, at most half again in growth slack.
  EXPECT_LE(set.bytes(), kTasks / 8 * 3 / 2 + 64);
  EXPECT_GE(set.bytes(), kTasks / 8);
}

TEST(IndexSet, AHugeIndexDoesNotGrowTheBitmap) {
  IndexSet set;
  EXPECT_TRUE(set.insert(std::numeric_limits<int32_t>::max()));
  EXPECT_TRUE(set.insert(static_cast<int32_t>(IndexSet::kDenseLimit)));
  EXPECT_TRUE(set.insert(-1));
  EXPECT_LE(set.bytes(), 64u);
  EXPECT_EQ(set.size(), 3u);
}

}  // namespace index_set_test
}  // namespace afterglow
