#include "core/model/narrow_column.h"

#include <algorithm>
#include <array>

namespace afterglow {
namespace {

// Negative values keep all 8 bytes (sign included); others only their significant bytes.
unsigned WidthOfValue(int64_t value) {
  return value < 0 ? 8 : packed::WidthFor(static_cast<uint64_t>(value));
}

// The stored bytes of an exception row at `width` (1 to 7): all ones. Width 8 has no escape
// (a page at 8 bytes holds every value plainly) and width 0 none either (no bytes: a row is an
// exception exactly when its slot is listed).
// Callers check width 8 apart; it answers all ones there without shifting a uint64_t by 64.
uint64_t EscapeAt(unsigned width) {
  return width >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * width)) - 1;
}

// What one exception costs beside the page's bytes: its slot (2) and value (8).
constexpr size_t kExceptionBytes = 10;
// What a page's two exception lists cost once they hold anything (their headers and the
// allocator's rounding), so a page patches only when that saves more.
constexpr size_t kExceptionListBytes = 48;

}  // namespace

int64_t NarrowColumn::GetPatched(const Page& page, size_t slot) {
  if (page.width != 0) {
    const uint64_t raw = packed::Load(page.bytes.data() + slot * page.width, page.width);
    // A page at 8 bytes has no escape (and no exceptions): every value is stored plainly.
    if (page.width == 8 || raw != EscapeAt(page.width)) return static_cast<int64_t>(raw);
  }
  const auto at =
      std::lower_bound(page.exception_slots.begin(), page.exception_slots.end(), slot);
  if (at == page.exception_slots.end() || *at != slot) return 0;
  return page.exception_values[static_cast<size_t>(at - page.exception_slots.begin())];
}

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

void NarrowColumn::Unpatch(Page& page) {
  std::vector<int64_t> values(packed::kPageRows, 0);
  const size_t held = page.width == 0 ? 0 : page.bytes.size() / page.width;
  unsigned width = 0;
  for (size_t slot = 0; slot < packed::kPageRows; ++slot) {
    if (slot < held || page.width == 0) values[slot] = GetPatched(page, slot);
    width = std::max(width, WidthOfValue(values[slot]));
  }
  std::vector<uint16_t>().swap(page.exception_slots);
  std::vector<int64_t>().swap(page.exception_values);
  page.bytes.assign(packed::kPageRows * width, 0);
  page.width = static_cast<uint8_t>(width);
  for (size_t slot = 0; slot < packed::kPageRows && width > 0; ++slot) {
    packed::Store(&page.bytes[slot * width], width, static_cast<uint64_t>(values[slot]));
  }
}

void NarrowColumn::SetSlow(size_t row, int64_t value) {
  const size_t index = row >> packed::kPageShift;
  const size_t slot = row & packed::kPageMask;
  if (index >= pages_.size()) {
    if (value == 0) return;  // unwritten rows already read as 0
    pages_.resize(index + 1);
  }
  if (index >= sealed_pages_ + kSealLagPages) {
    std::vector<int64_t> values;
    for (; sealed_pages_ + kSealLagPages <= index; ++sealed_pages_) {
      Page& sealed = pages_[sealed_pages_];
      if (sealed.width != 0 || !sealed.exception_slots.empty()) {
        CompactPage(sealed, packed::kPageRows, values);
      }
    }
  }
  Page& page = pages_[index];
  if (page.compacted) {
    page.compacted = false;
    if (!page.exception_slots.empty()) Unpatch(page);
  }
  if (value == 0 && page.width == 0) return;
  const unsigned needed = std::max<unsigned>(WidthOfValue(value), page.width);
  // A new or widened page, or one cut by Compact that grows again, takes every row it can hold.
  if (needed != page.width || (slot + 1) * page.width > page.bytes.size()) {
    Reencode(page, needed, packed::kPageRows);
  }
  packed::Store(page.bytes.data() + slot * page.width, page.width, static_cast<uint64_t>(value));
}

void NarrowColumn::CompactPage(Page& page, size_t page_rows, std::vector<int64_t>& values) {
  const size_t held =
      page.width == 0 ? page_rows : std::min(page_rows, page.bytes.size() / page.width);
  values.assign(page_rows, 0);
  // rows_at[w]: rows whose value needs w bytes; escapes[w]: rows whose value is w's escape.
  std::array<size_t, 9> rows_at{};
  std::array<size_t, 9> escapes{};
  for (size_t slot = 0; slot < page_rows; ++slot) {
    const int64_t value = slot < held ? GetPatched(page, slot) : 0;
    values[slot] = value;
    const unsigned width = WidthOfValue(value);
    ++rows_at[width];
    if (width >= 1 && width <= 7 && static_cast<uint64_t>(value) == EscapeAt(width)) {
      ++escapes[width];
    }
  }
  // The width that stores the page in the fewest bytes, exceptions included (ties: narrower).
  unsigned best_width = 8;
  size_t best_exceptions = 0;
  size_t best_cost = page_rows * 8;
  size_t wider = 0;  // rows needing more than w bytes, for w from 8 down
  for (unsigned w = 8; w-- > 0;) {
    wider += rows_at[w + 1];
    const size_t exceptions = w == 0 ? wider : wider + escapes[w];
    const size_t cost =
        page_rows * w + (exceptions == 0 ? 0 : exceptions * kExceptionBytes + kExceptionListBytes);
    if (cost <= best_cost) {
      best_width = w;
      best_exceptions = exceptions;
      best_cost = cost;
    }
  }
  Page compacted;
  compacted.width = static_cast<uint8_t>(best_width);
  compacted.compacted = true;
  compacted.bytes.assign(page_rows * best_width, 0);
  compacted.exception_slots.reserve(best_exceptions);
  compacted.exception_values.reserve(best_exceptions);
  for (size_t slot = 0; slot < page_rows; ++slot) {
    const int64_t value = values[slot];
    const bool escaped = best_width > 0 && best_width < 8 &&
                         static_cast<uint64_t>(value) == EscapeAt(best_width);
    const bool exception = best_exceptions > 0 && (WidthOfValue(value) > best_width || escaped);
    if (exception) {
      compacted.exception_slots.push_back(static_cast<uint16_t>(slot));
      compacted.exception_values.push_back(value);
    }
    if (best_width > 0) {
      packed::Store(&compacted.bytes[slot * best_width], best_width,
                    exception ? EscapeAt(best_width) : static_cast<uint64_t>(value));
    }
  }
  page = std::move(compacted);
}

void NarrowColumn::Compact(size_t rows) {
  const size_t pages = (rows + packed::kPageRows - 1) >> packed::kPageShift;
  if (pages_.size() > pages) pages_.resize(pages);
  sealed_pages_ = std::min(sealed_pages_, pages_.size());
  std::vector<int64_t> values;
  for (size_t index = 0; index < pages_.size(); ++index) {
    Page& page = pages_[index];
    const size_t page_rows = std::min(packed::kPageRows, rows - (index << packed::kPageShift));
    const bool cut = page.width != 0 && page.bytes.size() == page_rows * page.width;
    if (page.compacted && (page_rows == packed::kPageRows || cut)) continue;
    if (page.width == 0 && page.exception_slots.empty()) continue;
    CompactPage(page, page_rows, values);
  }
  while (!pages_.empty() && pages_.back().width == 0 && pages_.back().exception_slots.empty()) {
    pages_.pop_back();
  }
  pages_.shrink_to_fit();
}

size_t NarrowColumn::bytes() const {
  size_t total = pages_.capacity() * sizeof(Page);
  for (const Page& page : pages_) {
    total += page.bytes.capacity() + page.exception_slots.capacity() * sizeof(uint16_t) +
             page.exception_values.capacity() * sizeof(int64_t);
  }
  return total;
}

size_t NarrowColumn::width() const {
  uint8_t widest = 0;
  for (const Page& page : pages_) widest = std::max(widest, page.width);
  return widest;
}

}  // namespace afterglow
