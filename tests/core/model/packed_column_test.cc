// PackedColumn (core/model/packed_column.h): every value written reads back exactly, whatever
// the order of appends and rewrites, across page boundaries and after Compact; pages of values
// that lie close together take a few bytes a row.
#include "core/model/packed_column.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace afterglow {
namespace packed_column_test {

constexpr size_t kRows = 3 * packed::kPageRows + 123;  // three full pages and a partial one

void ExpectSame(const PackedColumn<int64_t>& column, const std::vector<int64_t>& expected) {
  ASSERT_EQ(column.size(), expected.size());
  for (size_t row = 0; row < expected.size(); ++row) {
    ASSERT_EQ(column[row], expected[row]) << "row " << row;
  }
}

TEST(PackedColumn, RandomAppendsAndRewritesReadBack) {
  std::mt19937_64 random(7);
  const int64_t kExtremes[] = {0, -1, 1, std::numeric_limits<int64_t>::min(),
                               std::numeric_limits<int64_t>::max(), 1600000000000};
  PackedColumn<int64_t> column;
  std::vector<int64_t> expected;
  auto next_value = [&]() -> int64_t {
    switch (random() % 4) {
      case 0: return kExtremes[random() % 6];
      case 1: return static_cast<int64_t>(random());  // any 64-bit pattern
      case 2: return 1600000000000 + static_cast<int64_t>(random() % 100000);
      default: return static_cast<int64_t>(random() % 300) - 100;
    }
  };
  for (size_t i = 0; i < kRows; ++i) {
    const int64_t value = next_value();
    column.push_back(value);
    expected.push_back(value);
    if (random() % 3 == 0) {  // rewrite an earlier row, as a TaskEnd rewrites a finish time
      const size_t row = random() % expected.size();
      expected[row] = next_value();
      column.Set(row, expected[row]);
    }
  }
  ExpectSame(column, expected);
  column.Compact();
  ExpectSame(column, expected);
  // Appends and rewrites after Compact (a rolling log's next file) still land.
  for (size_t i = 0; i < 200; ++i) {
    column.push_back(static_cast<int64_t>(i) * -7);
    expected.push_back(static_cast<int64_t>(i) * -7);
  }
  column.Set(5, 42);
  expected[5] = 42;
  column.Set(expected.size() - 1, std::numeric_limits<int64_t>::min());
  expected.back() = std::numeric_limits<int64_t>::min();
  ExpectSame(column, expected);
}

TEST(PackedColumn, DescendingValuesReadBack) {
  // Each value below the page's base: the base steps down with headroom, values stay exact.
  PackedColumn<int64_t> column;
  std::vector<int64_t> expected;
  for (size_t i = 0; i < kRows; ++i) {
    expected.push_back(1000000 - static_cast<int64_t>(i) * 3);
    column.push_back(expected.back());
  }
  ExpectSame(column, expected);
  column.Compact();
  ExpectSame(column, expected);
}

TEST(PackedColumn, CloseValuesTakeTheirSpreadsWidth) {
  // Launch times of consecutive tasks: epoch milliseconds rising by 0 to 9 ms a task, so a page
  // of 4096 spans under 2^16 ms and needs 2 bytes a row, not 8.
  PackedColumn<int64_t> launch;
  std::mt19937 random(3);
  int64_t time = 1700000000000;
  for (size_t i = 0; i < kRows; ++i) {
    time += random() % 10;
    launch.push_back(time);
  }
  launch.Compact();
  EXPECT_LE(launch.bytes(), kRows * 2 + 4 * 64);  // rows at 2 bytes, plus the page index
  // One value repeated (a stage attempt id) stores no rows at all.
  PackedColumn<int32_t> attempt;
  attempt.Resize(kRows, 0);
  attempt.Compact();
  EXPECT_LE(attempt.bytes(), 4 * 64u);
  for (size_t row = 0; row < kRows; ++row) ASSERT_EQ(attempt[row], 0);
}

TEST(PackedColumn, EnumsAndSlackOfOnePage) {
  enum class Status : uint8_t { kRunning, kSuccess, kFailed };
  PackedColumn<Status> status;
  for (size_t i = 0; i < packed::kPageRows + 1; ++i) status.push_back(Status::kRunning);
  status.Set(packed::kPageRows, Status::kFailed);
  status.Set(3, Status::kSuccess);
  EXPECT_EQ(status[3], Status::kSuccess);
  EXPECT_EQ(status[4], Status::kRunning);
  EXPECT_EQ(status[packed::kPageRows], Status::kFailed);
  // Before Compact a page holds all its rows: two 1-byte pages at most.
  EXPECT_LE(status.bytes(), 2 * packed::kPageRows + 2 * 64);
  status.Compact();
  EXPECT_LE(status.bytes(), packed::kPageRows + 1 + 2 * 64);  // the last page cut to one row
  EXPECT_EQ(status[3], Status::kSuccess);
  EXPECT_EQ(status[packed::kPageRows], Status::kFailed);
}

}  // namespace packed_column_test
}  // namespace afterglow
