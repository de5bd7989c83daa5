// StageIndexSets (core/model/stage_index_sets.h): a job's succeeded (stage, task index) pairs are
// counted once each, whatever order stages' tasks end in, and Release empties the set.
#include "core/model/stage_index_sets.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <utility>

namespace afterglow {
namespace stage_index_sets_test {

TEST(StageIndexSets, CountsDistinctPairsLikeASetOfStageAndIndex) {
  std::mt19937 random(11);
  StageIndexSets set;
  std::set<std::pair<int32_t, int32_t>> expected;
  for (int i = 0; i < 30000; ++i) {
    // Runs of one stage, then jumps between a dozen stages; the same index in two stages counts
    // twice, a repeat within one stage once.
    const int32_t stage = static_cast<int32_t>((i / 50 + random() % 2) % 12);
    int32_t index = static_cast<int32_t>(random() % 700);
    if (i % 991 == 0) index = -1 - static_cast<int32_t>(random() % 5);
    EXPECT_EQ(set.insert(stage, index), expected.insert({stage, index}).second)
        << stage << " " << index;
  }
  EXPECT_EQ(set.size(), expected.size());
  EXPECT_FALSE(set.empty());
  set.Release();
  EXPECT_TRUE(set.empty());
  EXPECT_EQ(set.size(), 0u);
  EXPECT_TRUE(set.insert(3, 0));
  EXPECT_FALSE(set.insert(3, 0));
  EXPECT_TRUE(set.insert(4, 0));
  EXPECT_EQ(set.size(), 2u);
}

}  // namespace stage_index_sets_test
}  // namespace afterglow
