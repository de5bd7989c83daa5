// A column of int64 values that rows are written into in any order (task metrics arrive with
// each TaskEnd), where rows never written read as 0. Stored in fixed pages (packed_page.h), each
// at the narrowest byte width its values so far allow: a page whose values are all 0 is not
// stored at all; otherwise 1 to 8 bytes a row (8 once a value is negative). Most task metrics are
// small counts, byte sizes or millisecond times, so most pages take 0 to 3 bytes a row; CPU times
// in nanoseconds take 5. Widening re-encodes one page (at most 8 times), so filling n rows stays
// O(n), and growth never copies the rest of the column.
//
// Compact (once a file has been read) also patches outliers out: a page whose rows are mostly
// narrow (a metric that is 0 in most tasks, a GC time of a few ms with a few of seconds) keeps its
// narrow width, and the few rows that do not fit are exceptions beside it (10 bytes each), their
// stored bytes set to the escape (all ones at the page's width). On nds_q66 that takes the metric
// columns from 24 to 15 bytes a task. Pages are also compacted while loading, once writes have
// moved kSealLagPages pages past them (tasks end roughly in the order they started), so the load's
// peak, which is what the wasm heap keeps, holds compacted pages too. A Set into a compacted page
// first restores it to plain form.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/model/packed_page.h"

namespace afterglow {

class NarrowColumn {
 public:
  int64_t Get(size_t row) const {
    const size_t page = row >> packed::kPageShift;
    if (page >= pages_.size()) return 0;
    const Page& p = pages_[page];
    if (!p.exception_slots.empty()) return GetPatched(p, row & packed::kPageMask);
    if (p.width == 0) return 0;
    return static_cast<int64_t>(
        packed::Load(p.bytes.data() + (row & packed::kPageMask) * p.width, p.width));
  }
  // Inline for the common write (a plain page of this load that already holds `value`'s width,
  // or a 0 into a page of zeros); anything else goes to SetSlow.
  void Set(size_t row, int64_t value) {
    const size_t index = row >> packed::kPageShift;
    if (index >= pages_.size()) {
      if (value == 0) return;  // unwritten rows already read as 0
    } else if (index < sealed_pages_ + kSealLagPages) {
      Page& p = pages_[index];
      const size_t slot = row & packed::kPageMask;
      if (!p.compacted) {
        if (value == 0 && p.width == 0) return;
        if (value >= 0 && p.width != 0 && packed::Fits(static_cast<uint64_t>(value), p.width) &&
            (slot + 1) * p.width <= p.bytes.size()) {
          packed::Store(p.bytes.data() + slot * p.width, p.width, static_cast<uint64_t>(value));
          return;
        }
      }
    }
    SetSlow(row, value);
  }
  // Releases growth slack once `rows` rows exist: all-zero pages dropped, each page re-encoded
  // at the width that stores it in the fewest bytes (outliers patched out), the last page cut to
  // its rows. Later Sets still work.
  void Compact(size_t rows);
  size_t bytes() const;  // memory held, page index included
  size_t width() const;  // the widest page's bytes a row: 0 to 8

  // A write this many pages past a page compacts it.
  static constexpr size_t kSealLagPages = 2;

 private:
  struct Page {
    std::vector<uint8_t> bytes;  // the page's rows at `width` bytes each (may be fewer rows)
    uint8_t width = 0;           // 0: every row (but exceptions) is 0 and nothing is stored
    bool compacted = false;      // compacted, and not written since
    // Only after Compact: slots (row & kPageMask), ascending, whose values do not fit `width`
    // or equal the escape, and their values. Their bytes in `bytes` hold the escape.
    std::vector<uint16_t> exception_slots;
    std::vector<int64_t> exception_values;
  };
  void SetSlow(size_t row, int64_t value);
  static int64_t GetPatched(const Page& page, size_t slot);
  static void Reencode(Page& page, unsigned width, size_t rows);
  // Brings a patched page back to plain form (its exceptions written into full-width rows).
  static void Unpatch(Page& page);
  // Re-encodes the first `page_rows` rows of `page` in the fewest bytes; `values` is scratch.
  static void CompactPage(Page& page, size_t page_rows, std::vector<int64_t>& values);

  std::vector<Page> pages_;
  size_t sealed_pages_ = 0;  // pages below this were compacted while loading
};

}  // namespace afterglow
