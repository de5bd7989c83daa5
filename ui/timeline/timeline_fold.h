// Lane packing and Tracy-style folding for timelines with many bars, free of ImGui so both are
// unit-tested natively.
//
// Packing: spans (tasks of one executor) go into rows so no two spans of a row overlap; each span
// takes the lowest-numbered row free at its start, so the row count is the peak number of spans
// running at once (one row per busy task slot).
//
// Folding: at a given zoom, a row's spans narrower than a few pixels are merged with their narrow
// neighbours into one "N items" zone. Only the visible time range is walked, and runs of narrow
// spans are skipped by binary search, so the work and the output per row are bounded by the
// canvas's pixel width, not by the number of spans (a 100,000-task stage draws at 60 fps).
//
// Caching: most frames fold the same rows at the same zoom (a table beside the timeline scrolls,
// the mouse moves), so FoldCache keeps each row's items until the zoom, the time area's width or
// the data change.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace afterglow::ui {

// A bar's time range in epoch ms; start <= end.
struct TimeSpan {
  int64_t start_ms = 0;
  int64_t end_ms = 0;
};

// Rows of indices into `spans`, each row in start order with no overlap: a span may start exactly
// when the previous one of its row ends. Ties in start are taken in index order.
std::vector<std::vector<uint32_t>> PackRows(std::span<const TimeSpan> spans);

// One drawn item of a folded row: `count` consecutive spans of the row from position `first`.
// count == 1 is a single span's bar; count > 1 is a folded zone covering [start_ms, end_ms].
struct FoldedItem {
  uint32_t first = 0;  // position in the row (not an index into spans)
  uint32_t count = 0;
  int64_t start_ms = 0;
  int64_t end_ms = 0;
};

// Appends to `out` (not cleared) the items that draw `row` (indices into `spans`, start-ordered,
// non-overlapping as PackRows makes them) within the visible range [view_start_ms, view_end_ms]
// at `pixels_per_ms`: every span of the row that intersects the range is in exactly one item;
// a span at least `min_px` wide is its own item; narrower spans fold together with following
// narrow spans that start less than `min_px` after the zone ends.
void FoldRow(std::span<const TimeSpan> spans, std::span<const uint32_t> row, double view_start_ms,
             double view_end_ms, double pixels_per_ms, double min_px, std::vector<FoldedItem>& out);

// The folded items of one lane's rows, kept across frames. Row(r) folds row r with FoldRow the
// first time it is asked for under the current key (the visible range, pixels per ms, min_px and
// the data's identity: the spans' and rows' addresses and sizes) and returns the stored items
// after that; any change of key drops every row. A row scrolled into view is folded then, rows
// seen before are not folded again. Invalidate() drops every row when the data changed in place
// (same vectors, new contents): the model that owns the spans calls it when it rebuilds them.
// Memory: at most the items of the lane's rows at one zoom (bounded by rows x pixel width).
class FoldCache {
 public:
  // Row r's items, valid until the next call on this cache.
  std::span<const FoldedItem> Row(std::span<const TimeSpan> spans,
                                  const std::vector<std::vector<uint32_t>>& rows, size_t r,
                                  double view_start_ms, double view_end_ms, double pixels_per_ms,
                                  double min_px);
  void Invalidate();
  // Rows folded (not served from the cache) since construction: for tests and describe().
  uint64_t rows_folded() const { return rows_folded_; }

 private:
  struct Key {
    const TimeSpan* spans = nullptr;
    size_t span_count = 0;
    const void* rows = nullptr;
    size_t row_count = 0;
    double view_start_ms = 0, view_end_ms = 0, pixels_per_ms = 0, min_px = 0;
    bool operator==(const Key&) const = default;
  };
  static constexpr uint32_t kNotFolded = ~uint32_t{0};

  Key key_;
  bool valid_ = false;
  std::vector<uint32_t> row_begin_;  // per row: the first of its items in items_, or kNotFolded
  std::vector<uint32_t> row_end_;
  std::vector<FoldedItem> items_;    // rows' items in the order they were folded
  uint64_t rows_folded_ = 0;
};

}  // namespace afterglow::ui
