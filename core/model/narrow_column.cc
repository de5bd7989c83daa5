#include "core/model/narrow_column.h"

#include <algorithm>

namespace afterglow {
namespace {

// Negative values keep all 8 bytes (sign included); others only their significant bytes.
unsigned WidthOfValue(int64_t value) {
  return value < 0 ? 8 : packed::WidthFor(static_cast<uint64_t>(value));
}

}  // namespace

void NarrowColumn::Reencode(Page& page, unsigned width, size_t rows) {
  if (width == 0) {
    page.bytes = std::vector<uint8_t>();
    page.width = 0;
    return;
  }
  std::vector<uint8_t> wider(rows * width, 0);
  const size_t old_rows = page.width == 0 ? 0 : page.bytes.size() / page.width;
  for (size_t i = 0; i < std::min(rows, old_rows); ++i) {
    packed::Store(&wider[i * width], width, packed::Load(&page.bytes[i * page.width], page.width));
  }
  page.bytes.swap(wider);
  page.width = static_cast<uint8_t>(width);
}

void NarrowColumn::Set(size_t row, int64_t value) {
  const size_t index = row >> packed::kPageShift;
  const size_t slot = row & packed::kPageMask;
  if (index >= pages_.size()) {
    if (value == 0) return;  // unwritten rows already read as 0
    pages_.resize(index + 1);
  }
  Page& page = pages_[index];
  if (value == 0 && page.width == 0) return;
  const unsigned needed = std::max<unsigned>(WidthOfValue(value), page.width);
  // A new or widened page, or one cut by Compact that grows again, takes every row it can hold.
  if (needed != page.width || (slot + 1) * page.width > page.bytes.size()) {
    Reencode(page, needed, packed::kPageRows);
  }
  packed::Store(page.bytes.data() + slot * page.width, page.width, static_cast<uint64_t>(value));
}

void NarrowColumn::Compact(size_t rows) {
  const size_t pages = (rows + packed::kPageRows - 1) >> packed::kPageShift;
  if (pages_.size() > pages) pages_.resize(pages);
  for (size_t index = 0; index < pages_.size(); ++index) {
    Page& page = pages_[index];
    if (page.width == 0) continue;
    const size_t page_rows = std::min(packed::kPageRows, rows - (index << packed::kPageShift));
    const size_t held = std::min(page_rows, page.bytes.size() / page.width);
    unsigned needed = 0;
    for (size_t i = 0; i < held; ++i) {
      const uint64_t raw = packed::Load(&page.bytes[i * page.width], page.width);
      needed = std::max(needed, page.width == 8 ? WidthOfValue(static_cast<int64_t>(raw))
                                                : packed::WidthFor(raw));
    }
    if (needed != page.width || page.bytes.size() != page_rows * page.width) {
      Reencode(page, needed, page_rows);
    }
  }
  while (!pages_.empty() && pages_.back().width == 0) pages_.pop_back();
  pages_.shrink_to_fit();
}

size_t NarrowColumn::bytes() const {
  size_t total = pages_.capacity() * sizeof(Page);
  for (const Page& page : pages_) total += page.bytes.capacity();
  return total;
}

size_t NarrowColumn::width() const {
  uint8_t widest = 0;
  for (const Page& page : pages_) widest = std::max(widest, page.width);
  return widest;
}

}  // namespace afterglow
