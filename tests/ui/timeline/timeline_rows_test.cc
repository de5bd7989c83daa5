// The lane-row walk both timelines draw with (ui/timeline/timeline_rows.h): only rows meeting the visible
// band are folded and placed; a bar is widened to the minimum width and its far-off ends are
// clamped just outside the time area; bars sit inside their rows by the inset. Hand-built rows.
#include "ui/timeline/timeline_rows.h"

#include <gtest/gtest.h>

#include <vector>

namespace afterglow::ui {
namespace timeline_rows_test {

// Rows 10 px tall from y = 100; the band shows y 125..150: rows 2 (120..130) to 5 (150..160).
LaneRowsPlacement Placement() {
  return {.lane_top = 100,
          .row_height = 10,
          .bar_inset = 1,
          .min_bar_px = 2,
          .view_top = 125,
          .view_bottom = 150,
          .time_x0 = 50,
          .time_width = 1000};
}

TEST(TimelineRows, VisibleRowsAreThoseMeetingTheBand) {
  const RowRange range = VisibleRows(Placement(), 10);
  EXPECT_EQ(range.first, 2u);  // row 1 ends at 120 < 125; row 2 ends at 130
  EXPECT_EQ(range.end, 6u);    // row 5 starts at 150 (touching counts); row 6 at 160
  EXPECT_EQ(VisibleRows(Placement(), 4).end, 4u);  // fewer rows than the band holds
  LaneRowsPlacement below = Placement();
  below.lane_top = 200;  // the whole lane below the band
  EXPECT_EQ(VisibleRows(below, 10).first, VisibleRows(below, 10).end);
}

TEST(TimelineRows, PlacesEachItemOfTheVisibleRowsOnly) {
  TimelineAxis axis;
  axis.SetExtent(0, 1000);  // 1 ms a pixel over the 1000 px time area
  // One span per row; rows 0..9. Row r's span runs r*100 .. r*100 + 50 ms, except row 3's,
  // which lasts 0 ms, and row 4's, which runs from long before the view to long after it.
  std::vector<TimeSpan> spans;
  std::vector<std::vector<uint32_t>> rows;
  for (uint32_t r = 0; r < 10; ++r) {
    spans.push_back({r * 100, r * 100 + 50});
    rows.push_back({r});
  }
  spans[3] = {300, 300};
  spans[4] = {-1000000, 1000000};
  FoldCache cache;
  std::vector<PlacedItem> placed;
  ForEachVisibleItem(axis, spans, rows, Placement(), cache,
                     [&](const PlacedItem& item) { placed.push_back(item); });
  ASSERT_EQ(placed.size(), 4u);  // rows 2..5
  for (size_t i = 0; i < placed.size(); ++i) {
    const size_t row = i + 2;
    EXPECT_EQ(placed[i].row, row);
    EXPECT_FLOAT_EQ(placed[i].y0, 100 + 10 * row + 1);
    EXPECT_FLOAT_EQ(placed[i].y1, 100 + 10 * row + 9);
  }
  EXPECT_FLOAT_EQ(placed[0].x0, 50 + 200);
  EXPECT_FLOAT_EQ(placed[0].x1, 50 + 250);
  EXPECT_FLOAT_EQ(placed[1].x0, 50 + 300);  // the 0 ms task is 2 px wide
  EXPECT_FLOAT_EQ(placed[1].x1, 50 + 302);
  EXPECT_FLOAT_EQ(placed[2].x0, 50 - 4);  // clamped 4 px outside the time area
  EXPECT_FLOAT_EQ(placed[2].x1, 50 + 1000 + 4);
  EXPECT_FLOAT_EQ(placed[3].x0, 50 + 500);
}

// Each placed item names its first span (the bar it draws) and says whether the mouse is over
// it: only when the mouse is over the canvas, inside the item's rectangle.
TEST(TimelineRows, PlacedItemsNameTheirSpanAndTheHover) {
  TimelineAxis axis;
  axis.SetExtent(0, 1000);
  std::vector<TimeSpan> spans = {{0, 10}, {200, 250}, {600, 700}};
  // Row 2 holds spans 2 and 1 (indices into spans, in start order).
  std::vector<std::vector<uint32_t>> rows = {{0}, {0}, {1, 2}};
  LaneRowsPlacement p = Placement();
  p.mouse_over = true;
  p.mouse_x = 50 + 620;  // over span 2's bar (x 650..750), in row 2 (y 121..129)
  p.mouse_y = 125;
  FoldCache cache;
  std::vector<PlacedItem> placed;
  ForEachVisibleItem(axis, spans, rows, p, cache, [&](const PlacedItem& item) {
    placed.push_back(item);
  });
  ASSERT_EQ(placed.size(), 2u);
  EXPECT_EQ(placed[0].span, 1u);
  EXPECT_FALSE(placed[0].hovered);
  EXPECT_EQ(placed[1].span, 2u);
  EXPECT_TRUE(placed[1].hovered);
  p.mouse_over = false;  // the same position, but another item (a tooltip) has the mouse
  placed.clear();
  ForEachVisibleItem(axis, spans, rows, p, cache, [&](const PlacedItem& item) {
    placed.push_back(item);
  });
  ASSERT_EQ(placed.size(), 2u);
  EXPECT_FALSE(placed[1].hovered);
}

}  // namespace timeline_rows_test
}  // namespace afterglow::ui
