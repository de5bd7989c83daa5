// NarrowColumn (core/model/narrow_column.h): rows written in any order read back exactly, rows
// never written read 0, pages of zeros are not stored, and a wide value widens only its page.
#include "core/model/narrow_column.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace afterglow {
namespace narrow_column_test {

constexpr size_t kRows = 4 * packed::kPageRows + 77;

TEST(NarrowColumn, RandomOrderWritesReadBackAndUnwrittenRowsAreZero) {
  std::mt19937_64 random(11);
  NarrowColumn column;
  std::vector<int64_t> expected(kRows, 0);
  for (size_t i = 0; i < kRows; ++i) {
    const size_t row = random() % kRows;
    int64_t value = 0;
    switch (random() % 5) {
      case 0: value = 0; break;
      case 1: value = static_cast<int64_t>(random() % 256); break;
      case 2: value = static_cast<int64_t>(random() % 5000000000); break;  // 5 bytes
      case 3: value = -static_cast<int64_t>(random() % 1000) - 1; break;
      default: value = static_cast<int64_t>(random()); break;
    }
    column.Set(row, value);
    expected[row] = value;
  }
  for (size_t row = 0; row < kRows + 10; ++row) {
    ASSERT_EQ(column.Get(row), row < kRows ? expected[row] : 0) << "row " << row;
  }
  column.Compact(kRows);
  for (size_t row = 0; row < kRows; ++row) ASSERT_EQ(column.Get(row), expected[row]);
  column.Set(kRows - 1, std::numeric_limits<int64_t>::min());
  column.Set(kRows + 5, 9);
  EXPECT_EQ(column.Get(kRows - 1), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(column.Get(kRows + 5), 9);
  EXPECT_EQ(column.Get(kRows + 4), 0);
}

TEST(NarrowColumn, ZeroPagesAreNotStoredAndWidthIsPerPage) {
  NarrowColumn column;
  for (size_t row = 0; row < kRows; ++row) column.Set(row, 0);
  EXPECT_EQ(column.bytes(), 0u);  // nothing but zeros: no page at all
  // One small value in page 0 and one nanosecond CPU time (5 bytes) in page 2.
  column.Set(10, 200);
  column.Set(2 * packed::kPageRows + 1, 4000000000000);
  EXPECT_EQ(column.width(), 6u);
  column.Compact(kRows);
  // Page 0 at 1 byte, page 1 absent, page 2 at 6 bytes; nothing after page 2.
  EXPECT_LE(column.bytes(), packed::kPageRows * (1 + 6) + 3 * 64);
  EXPECT_EQ(column.Get(10), 200);
  EXPECT_EQ(column.Get(2 * packed::kPageRows + 1), 4000000000000);
  EXPECT_EQ(column.Get(packed::kPageRows + 3), 0);
  // A value cleared back to zero lets Compact drop its page.
  column.Set(10, 0);
  column.Compact(kRows);
  EXPECT_LE(column.bytes(), packed::kPageRows * 6 + 3 * 64);
  EXPECT_EQ(column.Get(10), 0);
}

}  // namespace narrow_column_test
}  // namespace afterglow
