// AccumulatorTypes: the SQL listener's accumulator id -> metric type table.
#include "core/listen/accumulator_types.h"

#include <gtest/gtest.h>

#include <map>
#include <vector>

namespace afterglow {
namespace {

TEST(AccumulatorTypesTest, SetOverwritesInsertKeepsAndFindMisses) {
  AccumulatorTypes types;
  EXPECT_TRUE(types.empty());
  EXPECT_EQ(types.Find(5), nullptr);
  types.Set(5, StringId{1});
  types.Set(-7, StringId{2});
  types.Set(5, StringId{3});     // the latest plan's type wins
  types.Insert(-7, StringId{4});  // already there: kept
  types.Insert(0, StringId{5});
  EXPECT_EQ(types.size(), 3u);
  ASSERT_NE(types.Find(5), nullptr);
  EXPECT_EQ(*types.Find(5), StringId{3});
  EXPECT_EQ(*types.Find(-7), StringId{2});
  EXPECT_EQ(*types.Find(0), StringId{5});
  EXPECT_FALSE(types.Contains(6));
  const std::vector<std::pair<int64_t, StringId>> sorted = {
      {-7, StringId{2}}, {0, StringId{5}}, {5, StringId{3}}};
  EXPECT_EQ(types.Sorted(), sorted);
}

// Many ids, through growth and a reserve, against a std::map.
TEST(AccumulatorTypesTest, GrowsAndAgreesWithAMap) {
  AccumulatorTypes types;
  std::map<int64_t, StringId> expected;
  for (int64_t i = 0; i < 5000; ++i) {
    const int64_t id = (i * 7919) % 3001 - 1500 + (i % 3 == 0 ? (int64_t{1} << 40) : 0);
    const StringId type = static_cast<StringId>(i % 17);
    types.Set(id, type);
    expected[id] = type;
    if (i == 100) types.reserve(4000);
  }
  EXPECT_EQ(types.size(), expected.size());
  for (const auto& [id, type] : expected) {
    ASSERT_NE(types.Find(id), nullptr);
    EXPECT_EQ(*types.Find(id), type);
  }
  const std::vector<std::pair<int64_t, StringId>> sorted(expected.begin(), expected.end());
  EXPECT_EQ(types.Sorted(), sorted);
  EXPECT_FALSE(types.Contains(int64_t{1} << 50));
}

}  // namespace
}  // namespace afterglow
