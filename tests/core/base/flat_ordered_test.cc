// FlatOrderedMap and FlatOrderedSet (core/base/flat_ordered.h) against std::map and std::set:
// the same elements in the same order after every step of random inserts, lookups and erases,
// with keys that mostly grow and leave from the front (as the retention's rows do) and with keys
// anywhere.
#include "core/base/flat_ordered.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

namespace afterglow {
namespace flat_ordered_test {

template <typename Flat, typename Std>
void ExpectSameMap(Flat& flat, const Std& expected) {
  ASSERT_EQ(flat.size(), expected.size());
  ASSERT_EQ(flat.empty(), expected.empty());
  auto it = expected.begin();
  for (const auto& [key, value] : flat) {
    ASSERT_EQ(key, it->first);
    ASSERT_EQ(value, it->second);
    ++it;
  }
}

// One random run: `spread` is how far below the newest key an insert may land (0: always new
// keys past the last); erases take the first element or a random one.
void RunMap(uint32_t seed, int64_t spread, int front_erase_percent) {
  std::mt19937 random(seed);
  FlatOrderedMap<int64_t, int64_t> flat;
  std::map<int64_t, int64_t> expected;
  int64_t newest = 0;
  for (int step = 0; step < 20000; ++step) {
    const uint32_t op = random() % 100;
    if (op < 50 || expected.empty()) {
      newest += 1 + static_cast<int64_t>(random() % 3);
      const int64_t key = newest - (spread == 0 ? 0 : static_cast<int64_t>(random() % spread));
      const int64_t value = static_cast<int64_t>(random());
      flat[key] = value;
      expected[key] = value;
    } else if (op < 85) {
      if (static_cast<int>(random() % 100) < front_erase_percent) {
        flat.erase(flat.begin());
        expected.erase(expected.begin());
      } else {
        auto pick = expected.begin();
        std::advance(pick, random() % expected.size());
        const int64_t key = pick->first;
        auto found = flat.find(key);
        ASSERT_NE(found, flat.end());
        flat.erase(found);
        expected.erase(pick);
      }
    } else {
      const int64_t key = newest - static_cast<int64_t>(random() % (2 * spread + 8));
      auto found = flat.find(key);
      auto want = expected.find(key);
      ASSERT_EQ(found == flat.end(), want == expected.end()) << key;
      if (want != expected.end()) ASSERT_EQ(found->second, want->second);
      auto lower = flat.lower_bound(key);
      auto want_lower = expected.lower_bound(key);
      ASSERT_EQ(lower == flat.end(), want_lower == expected.end());
      if (want_lower != expected.end()) ASSERT_EQ(lower->first, want_lower->first);
      ASSERT_EQ(flat.count(key), expected.count(key));
      const auto& const_flat = flat;
      auto upper = const_flat.upper_bound(key);
      auto want_upper = expected.upper_bound(key);
      ASSERT_EQ(upper == const_flat.end(), want_upper == expected.end());
      if (want_upper != expected.end()) ASSERT_EQ(upper->first, want_upper->first);
      ASSERT_EQ(const_flat.find(key) == const_flat.end(), want == expected.end());
      if (!expected.empty()) ASSERT_EQ(const_flat.rbegin()->first, expected.rbegin()->first);
    }
    if (step % 97 == 0) ExpectSameMap(flat, expected);
  }
  ExpectSameMap(flat, expected);
}

TEST(FlatOrderedMap, GrowingKeysLeavingFromTheFront) { RunMap(1, 0, 90); }
TEST(FlatOrderedMap, MostlyGrowingKeys) { RunMap(2, 20, 50); }
TEST(FlatOrderedMap, KeysAnywhere) { RunMap(3, 100000, 0); }

TEST(FlatOrderedMap, OperatorBracketAddsADefaultValueOnce) {
  FlatOrderedMap<int, int> map;
  map[5] += 2;
  map[5] += 3;
  map[1] = 7;
  ASSERT_EQ(map.size(), 2u);
  EXPECT_EQ(map.begin()->first, 1);
  EXPECT_EQ(map[5], 5);
  const auto& const_map = map;
  EXPECT_EQ(const_map.at(1), 7);
  EXPECT_THROW(const_map.at(2), std::out_of_range);
  EXPECT_EQ(std::distance(const_map.rbegin(), const_map.rend()), 2);
}

TEST(FlatOrderedSet, SameAsStdSet) {
  std::mt19937 random(4);
  FlatOrderedSet<std::pair<int64_t, int32_t>> flat;
  std::set<std::pair<int64_t, int32_t>> expected;
  int64_t time = 0;
  for (int step = 0; step < 20000; ++step) {
    const uint32_t op = random() % 100;
    if (op < 55 || expected.empty()) {
      time += static_cast<int64_t>(random() % 4);
      // A tenth of them at -1, as skipped stages sort first.
      const std::pair<int64_t, int32_t> key{random() % 10 == 0 ? -1 : time,
                                            static_cast<int32_t>(random() % 50)};
      ASSERT_EQ(flat.insert(key).second, expected.insert(key).second);
    } else if (op < 80) {
      ASSERT_EQ(*flat.begin(), *expected.begin());
      flat.erase(flat.begin());
      expected.erase(expected.begin());
    } else {
      auto pick = expected.begin();
      std::advance(pick, random() % expected.size());
      const auto key = *pick;
      ASSERT_EQ(flat.erase(key), 1u);
      expected.erase(pick);
      ASSERT_EQ(flat.erase(key), 0u);
    }
    ASSERT_EQ(flat.size(), expected.size());
  }
  ASSERT_TRUE(std::equal(flat.begin(), flat.end(), expected.begin(), expected.end()));
}

}  // namespace flat_ordered_test
}  // namespace afterglow
