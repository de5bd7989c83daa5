// ScalaImmutableIntOrder: the order Scala's immutable Map iterates Int keys (the SQL listener's
// job and stage sets).
#include "core/listen/scala_order.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace afterglow {
namespace scala_order_test {

TEST(ScalaImmutableIntOrder, UpToFourKeysKeepInsertionOrder) {
  EXPECT_EQ(ScalaImmutableIntOrder({7, 3, 9, 1}), (std::vector<int32_t>{7, 3, 9, 1}));
}

TEST(ScalaImmutableIntOrder, FiveKeysIterateAsScalaHashMapDoes) {
  // Scala 2.13: (1 to 5).map(i => i -> i).toMap prints HashMap(5 -> 5, 1 -> 1, 2 -> 2, ...).
  EXPECT_EQ(ScalaImmutableIntOrder({1, 2, 3, 4, 5}), (std::vector<int32_t>{5, 1, 2, 3, 4}));
}

TEST(ScalaImmutableIntOrder, BeyondFourTheOrderDependsOnlyOnTheKeys) {
  const std::vector<int32_t> a = ScalaImmutableIntOrder({0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  const std::vector<int32_t> b = ScalaImmutableIntOrder({9, 8, 7, 6, 5, 4, 3, 2, 1, 0});
  EXPECT_EQ(a, b);
  std::vector<int32_t> sorted = a;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<int32_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
}

}  // namespace scala_order_test
}  // namespace afterglow
