// The timeline axis (ui/timeline/timeline_axis.h): zooming keeps the time under the cursor in place and
// stays inside the extent, panning stops at the ends, tick steps are 1-2-5 multiples and whole
// time units spaced at least the asked pixels apart, labels carry the precision the step needs.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "ui/timeline/timeline_axis.h"

namespace afterglow::ui {
namespace timeline_axis_test {

std::string Label(double offset_ms, double step_ms) {
  char out[48];
  return FormatAxisOffset(offset_ms, step_ms, out, sizeof out);
}

TEST(TimelineAxis, ZoomKeepsTheAnchorUnderTheCursor) {
  TimelineAxis axis;
  axis.SetExtent(1000, 11000);  // 10 s
  const float x0 = 100, width = 1000;
  const float cursor_x = 350;
  const double anchor = axis.ToTime(cursor_x, x0, width);
  EXPECT_DOUBLE_EQ(anchor, 1000 + 2500);
  axis.ZoomAround(anchor, 0.5);
  EXPECT_DOUBLE_EQ(axis.ViewSpanMs(), 5000);
  EXPECT_NEAR(axis.ToX(anchor, x0, width), cursor_x, 1e-3);
  EXPECT_TRUE(axis.IsZoomed());
  // Zooming out past the extent shows exactly the extent.
  axis.ZoomAround(anchor, 100);
  EXPECT_DOUBLE_EQ(axis.view_start_ms, 1000);
  EXPECT_DOUBLE_EQ(axis.view_end_ms, 11000);
  EXPECT_FALSE(axis.IsZoomed());
  // Zooming in never goes below the minimum span.
  for (int i = 0; i < 100; ++i) axis.ZoomAround(5000, 0.5);
  EXPECT_NEAR(axis.ViewSpanMs(), TimelineAxis::kMinSpanMs, 1e-9);
  EXPECT_GE(axis.view_start_ms, 1000);
}

TEST(TimelineAxis, PanStopsAtTheExtentEnds) {
  TimelineAxis axis;
  axis.SetExtent(0, 1000);
  axis.ZoomAround(500, 0.1);  // 100 ms visible, around 500
  axis.Pan(-10000);
  EXPECT_DOUBLE_EQ(axis.view_start_ms, 0);
  EXPECT_DOUBLE_EQ(axis.ViewSpanMs(), 100);
  axis.Pan(10000);
  EXPECT_DOUBLE_EQ(axis.view_end_ms, 1000);
  axis.Pan(-250);
  EXPECT_DOUBLE_EQ(axis.view_start_ms, 650);
  axis.Reset();
  EXPECT_FALSE(axis.IsZoomed());
}

TEST(TimelineAxis, UpdateExtentKeepsAZoomedViewOnly) {
  TimelineAxis axis;
  axis.SetExtent(0, 1000);
  axis.UpdateExtent(0, 2000);  // not zoomed: follows the extent
  EXPECT_DOUBLE_EQ(axis.view_end_ms, 2000);
  axis.ZoomAround(1000, 0.1);
  const double start = axis.view_start_ms, end = axis.view_end_ms;
  axis.UpdateExtent(0, 3000);
  EXPECT_DOUBLE_EQ(axis.view_start_ms, start);
  EXPECT_DOUBLE_EQ(axis.view_end_ms, end);
}

TEST(TimelineAxis, EmptyExtentStillMaps) {
  TimelineAxis axis;
  axis.SetExtent(5000, 5000);
  EXPECT_GT(axis.ViewSpanMs(), 0);
  EXPECT_TRUE(std::isfinite(axis.PixelsPerMs(800)));
}

TEST(TimelineAxis, TickStepsAreNiceAndFarEnoughApart) {
  // 10 s over 1000 px with ticks >= 100 px apart: at least 1 s per tick -> exactly 1 s.
  EXPECT_DOUBLE_EQ(NiceTickStep(10000, 1000, 100), 1000);
  // 1.3 s wanted -> 2 s; 3 ms wanted -> 5 ms; 40 ms wanted -> 50 ms.
  EXPECT_DOUBLE_EQ(NiceTickStep(13000, 1000, 100), 2000);
  EXPECT_DOUBLE_EQ(NiceTickStep(30, 1000, 100), 5);
  EXPECT_DOUBLE_EQ(NiceTickStep(400, 1000, 100), 50);
  // One hour over 1000 px, 100 px apart: 6 min wanted -> 10 min.
  EXPECT_DOUBLE_EQ(NiceTickStep(3600e3, 1000, 100), 600e3);
  // Two days: 4.8 h wanted -> 6 h. Ten days: 1 d.
  EXPECT_DOUBLE_EQ(NiceTickStep(48 * 3600e3, 1000, 100), 6 * 3600e3);
  EXPECT_DOUBLE_EQ(NiceTickStep(10 * 86400e3, 1000, 100), 86400e3);
  // Never closer than asked, for spans from 1 ms to a week.
  for (double span = 1; span < 7 * 86400e3; span *= 1.7) {
    const double step = NiceTickStep(span, 1200, 90);
    EXPECT_GE(step / span * 1200, 90 - 1e-6) << span;
  }
}

TEST(TimelineAxis, LabelsCarryThePrecisionOfTheStep) {
  EXPECT_EQ(Label(0, 1000), "0 s");
  EXPECT_EQ(Label(1500, 500), "1.5 s");
  EXPECT_EQ(Label(1250, 50), "1.25 s");
  EXPECT_EQ(Label(7, 1), "0.007 s");
  EXPECT_EQ(Label(45000, 5000), "45 s");
  EXPECT_EQ(Label(90000, 30000), "1 min 30 s");
  EXPECT_EQ(Label(600e3, 300e3), "10 min");
  EXPECT_EQ(Label(2 * 3600e3, 3600e3), "2 h");
  EXPECT_EQ(Label(3600e3 + 15 * 60e3, 900e3), "1 h 15 min");
  EXPECT_EQ(Label(2 * 86400e3 + 3 * 3600e3, 3 * 3600e3), "2 d 3 h");
  EXPECT_EQ(Label(61500, 500), "1 min 1.5 s");
}

}  // namespace timeline_axis_test
}  // namespace afterglow::ui
