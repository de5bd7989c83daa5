// RowIndex (core/base/row_index.h): live task ids -> rows, against std::unordered_map
// over a long random run of starts and ends (runs of consecutive ids, as Spark assigns them, and
// ids that collide in the table), and the growth and emptying of the table.
#include "core/base/row_index.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <unordered_map>
#include <vector>

namespace afterglow {
namespace row_index_test {

TEST(RowIndex, AgreesWithAHashMapOverStartsAndEnds) {
  std::mt19937_64 random(7);
  RowIndex index;
  std::unordered_map<int64_t, uint32_t> expected;
  std::vector<int64_t> live;
  int64_t next_id = 0;
  for (uint32_t step = 0; step < 200000; ++step) {
    const uint64_t choice = random() % 10;
    if (choice < 5 || live.empty()) {
      // Mostly the next id; sometimes a far one, a negative one or one already live (a repeated
      // TaskStart replaces the row).
      int64_t id = next_id++;
      if (choice == 1) id = static_cast<int64_t>(random() >> 1);
      if (choice == 2) id = -static_cast<int64_t>(random() % 1000) - 1;
      if (choice == 3 && !live.empty()) id = live[random() % live.size()];
      if (expected.count(id) == 0) live.push_back(id);
      index.Set(id, step);
      expected[id] = step;
    } else {
      const size_t at = random() % live.size();
      const int64_t id = live[at];
      live[at] = live.back();
      live.pop_back();
      EXPECT_TRUE(index.Erase(id));
      expected.erase(id);
      EXPECT_FALSE(index.Erase(id));
    }
    if (step % 997 == 0) {
      ASSERT_EQ(index.size(), expected.size());
      for (const auto& [id, row] : expected) ASSERT_EQ(index.Find(id), int64_t{row}) << id;
      EXPECT_EQ(index.Find(next_id + 5), -1);
    }
  }
  for (int64_t id : live) EXPECT_TRUE(index.Erase(id));
  EXPECT_EQ(index.size(), 0u);
  EXPECT_EQ(index.Find(0), -1);
}

TEST(RowIndex, EmptyIndexFindsNothing) {
  RowIndex index;
  EXPECT_EQ(index.Find(42), -1);
  EXPECT_FALSE(index.Erase(42));
  index.Set(42, 0);
  EXPECT_EQ(index.Find(42), 0);
  EXPECT_EQ(index.size(), 1u);
}

}  // namespace row_index_test
}  // namespace afterglow
