// The walk every lane timeline makes over a lane's packed rows each frame: only the rows inside
// the visible band, each folded at the current zoom (ui/timeline/timeline_fold.h), each item placed on
// screen. Shared by the stage's task timeline and the application timeline's lanes so both place
// and clip bars the same way; the callers draw. Free of ImGui drawing, so it is tested natively.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "ui/timeline/timeline_axis.h"
#include "ui/timeline/timeline_fold.h"

namespace afterglow::ui {

// Bars narrower than this many pixels fold into "N items" zones.
inline constexpr double kTimelineFoldPixels = 3.0;

// Where a lane's rows are on screen.
struct LaneRowsPlacement {
  float lane_top = 0;    // y of the lane's first row
  float row_height = 1;  // every row is this tall
  float bar_inset = 1;   // the gap above and below a bar inside its row
  float min_bar_px = 2;  // a bar is at least this wide, so a 0 ms task stays visible
  float view_top = 0, view_bottom = 0;  // the visible band (the scrolled child's rectangle)
  float time_x0 = 0, time_width = 1;    // the time area: x of the axis's view start, and width
  bool mouse_over = false;              // the mouse is over the canvas, at (mouse_x, mouse_y)
  float mouse_x = 0, mouse_y = 0;
};

// The placement every lane of a timeline shares (lane_top is set per lane): rows `row_height`
// tall, bars `bar_inset` inside them and at least `min_bar_px` wide, in the band and time area.
inline LaneRowsPlacement TimelinePlacement(float row_height, float bar_inset, float min_bar_px,
                                           float view_top, float view_bottom, float time_x0,
                                           float time_width) {
  return {0, row_height, bar_inset, min_bar_px, view_top, view_bottom, time_x0, time_width};
}

// The same, for the time area and visible band of a canvas PlaceTimelineCanvas laid out.
inline LaneRowsPlacement TimelinePlacement(const TimelineCanvasArea& canvas, float row_height,
                                           float bar_inset, float min_bar_px) {
  LaneRowsPlacement placement =
      TimelinePlacement(row_height, bar_inset, min_bar_px, canvas.view_top, canvas.view_bottom,
                        canvas.time_x0, canvas.time_width);
  placement.mouse_over = canvas.hovered;
  placement.mouse_x = canvas.mouse.x;
  placement.mouse_y = canvas.mouse.y;
  return placement;
}

// One item of a folded row, placed: `x0..x1` its ends on screen, widened to `min_bar_px` and
// clamped a few pixels outside the time area (far-off ends keep float coordinates small);
// `y0..y1` the bar inside its row.
struct PlacedItem {
  size_t row = 0;  // the row's position in the lane
  const FoldedItem* item = nullptr;
  uint32_t span = 0;  // the item's first span: an index into the spans (the bar, when count == 1)
  float x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  bool hovered = false;  // the mouse is over the canvas and inside x0..x1, y0..y1

  bool Contains(float x, float y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
};

// The rows [first, end) of `row_count` rows that meet the visible band: those with
// row_top + row_height >= view_top and row_top <= view_bottom.
struct RowRange {
  size_t first = 0, end = 0;
};
inline RowRange VisibleRows(const LaneRowsPlacement& p, size_t row_count) {
  auto top_of = [&](size_t r) { return p.lane_top + static_cast<float>(r) * p.row_height; };
  RowRange range;
  while (range.first < row_count && top_of(range.first) + p.row_height < p.view_top) ++range.first;
  range.end = range.first;
  while (range.end < row_count && top_of(range.end) <= p.view_bottom) ++range.end;
  return range;
}

// Calls `draw(placed)` for every folded item of every visible row of `rows` (indices into
// `spans`, as PackRows makes them), left to right within a row, rows top to bottom. `cache` keeps
// the rows' folds across frames (it belongs to this lane); `placed.item` points into it until the
// next row.
template <class Draw>
void ForEachVisibleItem(const TimelineAxis& axis, std::span<const TimeSpan> spans,
                        const std::vector<std::vector<uint32_t>>& rows,
                        const LaneRowsPlacement& p, FoldCache& cache, Draw draw) {
  const RowRange visible = VisibleRows(p, rows.size());
  const double pixels_per_ms = axis.PixelsPerMs(p.time_width);
  const float right = p.time_x0 + p.time_width;
  for (size_t r = visible.first; r < visible.end; ++r) {
    const std::span<const FoldedItem> items = cache.Row(
        spans, rows, r, axis.view_start_ms, axis.view_end_ms, pixels_per_ms, kTimelineFoldPixels);
    const float row_top = p.lane_top + static_cast<float>(r) * p.row_height;
    for (const FoldedItem& item : items) {
      PlacedItem placed;
      placed.row = r;
      placed.item = &item;
      placed.span = rows[r][item.first];
      placed.x0 = axis.ToX(static_cast<double>(item.start_ms), p.time_x0, p.time_width);
      placed.x1 = axis.ToX(static_cast<double>(item.end_ms), p.time_x0, p.time_width);
      placed.x1 = std::max(placed.x1, placed.x0 + p.min_bar_px);
      placed.x0 = std::max(placed.x0, p.time_x0 - 4);
      placed.x1 = std::min(placed.x1, right + 4);
      placed.y0 = row_top + p.bar_inset;
      placed.y1 = row_top + p.row_height - p.bar_inset;
      placed.hovered = p.mouse_over && placed.Contains(p.mouse_x, p.mouse_y);
      draw(placed);
    }
  }
}

}  // namespace afterglow::ui
