// A column of int64 values that rows are written into in any order (task metrics arrive with
// each TaskEnd), where rows never written read as 0. Stored in fixed pages (packed_page.h), each
// at the narrowest byte width its values so far allow: a page whose values are all 0 is not
// stored at all; otherwise 1 to 8 bytes a row (8 once a value is negative). Most task metrics are
// small counts, byte sizes or millisecond times, so most pages take 0 to 3 bytes a row; CPU times
// in nanoseconds take 5. Widening re-encodes one page (at most 8 times), so filling n rows stays
// O(n), and growth never copies the rest of the column.
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
    if (p.width == 0) return 0;
    return static_cast<int64_t>(
        packed::Load(p.bytes.data() + (row & packed::kPageMask) * p.width, p.width));
  }
  void Set(size_t row, int64_t value);
  // Releases growth slack once `rows` rows exist: all-zero pages dropped, each page re-encoded
  // at the width its values need, the last page cut to its rows. Later Sets still work.
  void Compact(size_t rows);
  size_t bytes() const;  // memory held, page index included
  size_t width() const;  // the widest page's bytes a row: 0 to 8

 private:
  struct Page {
    std::vector<uint8_t> bytes;  // the page's rows at `width` bytes each (may be fewer rows)
    uint8_t width = 0;           // 0: every row of the page is 0 and nothing is stored
  };
  static void Reencode(Page& page, unsigned width, size_t rows);

  std::vector<Page> pages_;
};

}  // namespace afterglow
