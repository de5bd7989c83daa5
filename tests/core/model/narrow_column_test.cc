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

TEST(NarrowColumn, CompactPatchesOutliersOutAndEveryRowReadsBack) {
  // Mostly 1-byte values with a few wide ones, negative ones and values equal to the 1- and
  // 2-byte escapes (all ones), as a GC time column of a few ms with a few long pauses looks.
  std::mt19937_64 random(3);
  NarrowColumn column;
  std::vector<int64_t> expected(kRows, 0);
  for (size_t row = 0; row < kRows; ++row) {
    int64_t value = static_cast<int64_t>(random() % 200);
    switch (random() % 97) {
      case 0: value = static_cast<int64_t>(random() % 5000000000); break;
      case 1: value = -static_cast<int64_t>(random() % 1000) - 1; break;
      case 2: value = 0xFF; break;
      case 3: value = 0xFFFF; break;
      default: break;
    }
    column.Set(row, value);
    expected[row] = value;
  }
  const size_t plain_bytes = column.bytes();
  column.Compact(kRows);
  for (size_t row = 0; row < kRows; ++row) ASSERT_EQ(column.Get(row), expected[row]) << row;
  // About 4% of rows are exceptions (10 bytes) beside 1 byte a row: well under the 8 bytes a row
  // the negative values forced on every page before.
  EXPECT_LT(column.bytes(), kRows * 2);
  EXPECT_LT(column.bytes(), plain_bytes / 3);
  // Writes after Compact land in patched pages and past the last row; the rest stays.
  column.Set(5, 6000000000);
  column.Set(6, 7);
  column.Set(kRows + 3, 0xFF);
  expected[5] = 6000000000;
  expected[6] = 7;
  for (size_t row = 0; row < kRows; ++row) ASSERT_EQ(column.Get(row), expected[row]) << row;
  EXPECT_EQ(column.Get(kRows + 3), 0xFF);
  EXPECT_EQ(column.Get(kRows + 2), 0);
  column.Compact(kRows + 4);
  for (size_t row = 0; row < kRows; ++row) ASSERT_EQ(column.Get(row), expected[row]) << row;
  EXPECT_EQ(column.Get(kRows + 3), 0xFF);
  EXPECT_EQ(column.Get(kRows + 2), 0);
}

TEST(NarrowColumn, AMostlyZeroPageKeepsOnlyItsNonZeroRows) {
  NarrowColumn column;
  // A fetch-wait-time column: 0 in nearly every task, a few ms in 3 of a page's rows.
  column.Set(7, 12);
  column.Set(900, 3000);
  column.Set(4095, 1);
  column.Compact(packed::kPageRows);
  EXPECT_LE(column.bytes(), 3 * 10 + 64 + 64);  // three exceptions, no row bytes
  EXPECT_EQ(column.Get(7), 12);
  EXPECT_EQ(column.Get(900), 3000);
  EXPECT_EQ(column.Get(4095), 1);
  EXPECT_EQ(column.Get(8), 0);
  EXPECT_EQ(column.Get(0), 0);
}

TEST(NarrowColumn, PagesWrittenPastAreCompactedWhileLoadingAndLateWritesStillLand) {
  // Rows written in order, as TaskEnds mostly arrive: a 1-byte GC time with a rare long pause.
  NarrowColumn column;
  std::vector<int64_t> expected(kRows, 0);
  for (size_t row = 0; row < kRows; ++row) {
    expected[row] = row % 500 == 0 ? 70000 + static_cast<int64_t>(row) : static_cast<int64_t>(row % 100);
    column.Set(row, expected[row]);
  }
  // Before any Compact, every page but the last kSealLagPages is already at 1 byte a row plus
  // its outliers; plain pages would take 3 bytes a row.
  EXPECT_LT(column.bytes(), (kRows - NarrowColumn::kSealLagPages * packed::kPageRows) * 3 / 2 +
                                NarrowColumn::kSealLagPages * packed::kPageRows * 3 + 1024);
  for (size_t row = 0; row < kRows; ++row) ASSERT_EQ(column.Get(row), expected[row]) << row;
  // A task that ends late writes into a compacted page.
  column.Set(3, 123456789);
  column.Set(1000, 0);
  expected[3] = 123456789;
  expected[1000] = 0;
  column.Compact(kRows);
  for (size_t row = 0; row < kRows; ++row) ASSERT_EQ(column.Get(row), expected[row]) << row;
  EXPECT_LT(column.bytes(), kRows * 3 / 2);
}

}  // namespace narrow_column_test
}  // namespace afterglow
