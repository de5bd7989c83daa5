// A column of integers (or enums, or string ids) appended one row per task in log order, stored
// in fixed pages (packed_page.h) as offsets from the page's smallest value at the narrowest byte
// width the page's spread allows. Task ids, launch times, stage ids and executor ids of 4096
// consecutive tasks lie close together, so an 8-byte launch time takes 2 or 3 bytes and a column
// whose page holds one value (a stage attempt id, a status) takes none. Rows may be rewritten
// (finish time, status): a value outside the page's range re-encodes that page only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/model/packed_page.h"

namespace afterglow {

class PackedInts {
 public:
  // `row` < size().
  int64_t Get(size_t row) const {
    const Page& p = pages_[row >> packed::kPageShift];
    const uint64_t offset =
        packed::Load(p.bytes.data() + (row & packed::kPageMask) * p.width, p.width);
    return static_cast<int64_t>(static_cast<uint64_t>(p.base) + offset);
  }
  void PushBack(int64_t value);
  void Set(size_t row, int64_t value);  // `row` < size()
  // Releases slack: each page re-encoded from its smallest value at the width its spread needs
  // (Set may have left headroom), the last page cut to its rows. Later appends still work.
  void Compact();
  size_t size() const { return size_; }
  size_t bytes() const;  // memory held, page index included

 private:
  struct Page {
    std::vector<uint8_t> bytes;  // offsets from base at `width` bytes each (may be fewer rows)
    int64_t base = 0;
    uint8_t width = 0;  // 0: every row of the page equals base and nothing is stored
  };
  size_t RowsIn(size_t page) const;
  // Re-encodes `page` to hold `value` too; `headroom` keeps room below a lowered base so that
  // values stepping down re-encode O(log range) times, not once a step.
  void Reencode(size_t page, int64_t value, bool headroom, size_t capacity_rows);
  void CompactPage(size_t index);  // Compact's work for one page

  std::vector<Page> pages_;
  size_t size_ = 0;
};

// PackedInts read and written as T (an integer or an enum).
template <typename T>
class PackedColumn {
 public:
  T operator[](size_t row) const { return static_cast<T>(ints_.Get(row)); }
  void push_back(T value) { ints_.PushBack(static_cast<int64_t>(value)); }
  void Set(size_t row, T value) { ints_.Set(row, static_cast<int64_t>(value)); }
  // Appends `fill` until there are `rows` rows.
  void Resize(size_t rows, T fill) {
    while (ints_.size() < rows) ints_.PushBack(static_cast<int64_t>(fill));
  }
  void Compact() { ints_.Compact(); }
  size_t size() const { return ints_.size(); }
  bool empty() const { return ints_.size() == 0; }
  size_t bytes() const { return ints_.bytes(); }

 private:
  PackedInts ints_;
};

}  // namespace afterglow
