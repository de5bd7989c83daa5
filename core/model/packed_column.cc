#include "core/model/packed_column.h"

#include <algorithm>
#include <limits>

namespace afterglow {

size_t PackedInts::RowsIn(size_t page) const {
  return std::min(packed::kPageRows, size_ - (page << packed::kPageShift));
}

void PackedInts::Reencode(size_t index, int64_t value, bool headroom, size_t capacity_rows) {
  Page& page = pages_[index];
  const size_t rows = RowsIn(index);
  int64_t lo = value, hi = value;
  for (size_t row = index << packed::kPageShift, end = row + rows; row < end; ++row) {
    const int64_t v = Get(row);
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  if (headroom && value < page.base) {
    // Lower the base further by the page's spread (or the step, if larger), saturating: the
    // spread at least doubles each time, so a page re-encodes at most ~64 times going down.
    const uint64_t step = std::max(static_cast<uint64_t>(page.base) - static_cast<uint64_t>(value),
                                   static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo));
    const uint64_t room = static_cast<uint64_t>(lo) - static_cast<uint64_t>(
                                                          std::numeric_limits<int64_t>::min());
    lo = step >= room ? std::numeric_limits<int64_t>::min()
                      : static_cast<int64_t>(static_cast<uint64_t>(lo) - step);
  }
  const unsigned width =
      packed::WidthFor(static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo));
  std::vector<uint8_t> encoded(width == 0 ? 0 : capacity_rows * width, 0);
  for (size_t i = 0; i < rows && width > 0; ++i) {
    const int64_t v = Get((index << packed::kPageShift) + i);
    packed::Store(&encoded[i * width], width,
                  static_cast<uint64_t>(v) - static_cast<uint64_t>(lo));
  }
  page.bytes.swap(encoded);
  page.base = lo;
  page.width = static_cast<uint8_t>(width);
}

void PackedInts::Set(size_t row, int64_t value) {
  const size_t index = row >> packed::kPageShift;
  const size_t slot = row & packed::kPageMask;
  Page& page = pages_[index];
  const uint64_t offset = static_cast<uint64_t>(value) - static_cast<uint64_t>(page.base);
  const bool fits = value >= page.base && packed::Fits(offset, page.width);
  if (!fits || (slot + 1) * page.width > page.bytes.size()) {
    // Out of range, or past what Compact left of the page: a full page at the needed width.
    Reencode(index, value, /*headroom=*/true, packed::kPageRows);
    if (page.width == 0) return;  // every row, this one included, equals the base
  }
  if (page.width == 0) return;  // value == base
  packed::Store(page.bytes.data() + slot * page.width, page.width,
                static_cast<uint64_t>(value) - static_cast<uint64_t>(page.base));
}

void PackedInts::PushBack(int64_t value) {
  const size_t row = size_;
  if ((row & packed::kPageMask) == 0) {
    Page& page = pages_.emplace_back();
    page.base = value;  // a new page's first value is its base: width 0 until another differs
    ++size_;
    return;
  }
  Page& page = pages_[row >> packed::kPageShift];
  if (page.width != 0 && ((row & packed::kPageMask) + 1) * page.width > page.bytes.size()) {
    // The page was cut by Compact: give it back its full size before the row joins it.
    Reencode(row >> packed::kPageShift, page.base, /*headroom=*/false, packed::kPageRows);
  }
  ++size_;  // the new row reads as the base (a zero offset) until Set writes it
  Set(row, value);
}

void PackedInts::Compact() {
  for (size_t index = 0; index < pages_.size(); ++index) CompactPage(index);
  pages_.shrink_to_fit();
}

void PackedInts::CompactPage(size_t index) {
  Page& page = pages_[index];
  if (page.width == 0) return;
  const size_t rows = RowsIn(index);
  // Most pages are stored tight already (values written once, near each other): their base is
  // their smallest value, their width what their spread needs and their bytes their rows. Only
  // the others are re-encoded, which allocates and reads every row twice.
  uint64_t lowest = UINT64_MAX, highest = 0;  // offsets from the base
  const uint8_t* at = page.bytes.data();
  for (size_t row = 0; row < rows; ++row, at += page.width) {
    const uint64_t offset = packed::Load(at, page.width);
    lowest = std::min(lowest, offset);
    highest = std::max(highest, offset);
  }
  if (lowest == 0 && packed::WidthFor(highest) == page.width &&
      page.bytes.size() == rows * page.width) {
    return;
  }
  Reencode(index, Get(index << packed::kPageShift), /*headroom=*/false, rows);
}

size_t PackedInts::bytes() const {
  size_t total = pages_.capacity() * sizeof(Page);
  for (const Page& page : pages_) total += page.bytes.capacity();
  return total;
}

}  // namespace afterglow
