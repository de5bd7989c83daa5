// The charts' layout maths: value <-> pixel, nice ticks on round values, rounded axis tops and
// lines snapped to the device-pixel grid.
#include "ui/widgets/chart_layout.h"

#include <gtest/gtest.h>

#include <cmath>

namespace afterglow::ui {
namespace {

TEST(ChartLayout, LinearScaleMapsBothWaysAndFlipsForY) {
  const LinearScale x{0, 100, 50, 250};
  EXPECT_FLOAT_EQ(x.ToPixel(0), 50);
  EXPECT_FLOAT_EQ(x.ToPixel(25), 100);
  EXPECT_DOUBLE_EQ(x.ToValue(150), 50);
  const LinearScale y{0, 16, 300, 100};  // grows upwards
  EXPECT_FLOAT_EQ(y.ToPixel(0), 300);
  EXPECT_FLOAT_EQ(y.ToPixel(16), 100);
  EXPECT_FLOAT_EQ(y.ToPixel(4), 250);
  const LinearScale empty{5, 5, 0, 10};  // no span: everything at the start
  EXPECT_FLOAT_EQ(empty.ToPixel(7), 0);
}

TEST(ChartLayout, NiceStepsAreOneTwoFiveTimesAPowerOfTen) {
  EXPECT_DOUBLE_EQ(NiceStepAtLeast(0.7), 1);
  EXPECT_DOUBLE_EQ(NiceStepAtLeast(1.2), 2);
  EXPECT_DOUBLE_EQ(NiceStepAtLeast(3), 5);
  EXPECT_DOUBLE_EQ(NiceStepAtLeast(6), 10);
  EXPECT_DOUBLE_EQ(NiceStepAtLeast(0.3 / 0.1 * 0.1), 0.5);
  EXPECT_DOUBLE_EQ(NiceStepAtLeast(2000), 2000);
  EXPECT_DOUBLE_EQ(NiceStepAtLeast(0), 1);
}

TEST(ChartLayout, ValueTicksStandOnRoundValuesInsideTheRange) {
  // 0..16 cores over 200 px with ticks at least 40 px apart: every 5 cores at most... 4 per 200.
  const ValueTicks ticks = NiceValueTicks(0, 16, 200, 40, true);
  EXPECT_DOUBLE_EQ(ticks.step, 5);
  ASSERT_EQ(ticks.count, 4);
  EXPECT_DOUBLE_EQ(ticks.At(0), 0);
  EXPECT_DOUBLE_EQ(ticks.At(3), 15);
  // Integral axes never step below one core.
  EXPECT_DOUBLE_EQ(NiceValueTicks(0, 2, 400, 20, true).step, 1);
  EXPECT_DOUBLE_EQ(NiceValueTicks(0, 2, 400, 20, false).step, 0.1);
  // A range not starting at a multiple: the first tick is the next multiple.
  const ValueTicks shifted = NiceValueTicks(13, 97, 100, 20, false);
  EXPECT_DOUBLE_EQ(shifted.step, 20);
  EXPECT_DOUBLE_EQ(shifted.At(0), 20);
  EXPECT_DOUBLE_EQ(shifted.At(shifted.count - 1), 80);
  // However dense asked, never more than 64 ticks.
  EXPECT_LE(NiceValueTicks(0, 1e6, 1000, 0.001f, false).count, 64);
}

TEST(ChartLayout, TicksFromOriginCountOffsets) {
  // Time from an application start at 1000 ms, visible 3500..9000, every 2 s.
  const ValueTicks ticks = TicksFromOrigin(1000, 3500, 9000, 2000);
  ASSERT_EQ(ticks.count, 3);
  EXPECT_DOUBLE_EQ(ticks.At(0), 5000);
  EXPECT_DOUBLE_EQ(ticks.At(2), 9000);
  EXPECT_EQ(TicksFromOrigin(0, 10, 5, 1).count, 0);  // an empty range
}

TEST(ChartLayout, UpperBoundsRoundUpToANiceStep) {
  EXPECT_DOUBLE_EQ(NiceUpperBound(13), 14);
  EXPECT_DOUBLE_EQ(NiceUpperBound(64), 70);
  EXPECT_DOUBLE_EQ(NiceUpperBound(16), 16);
  EXPECT_DOUBLE_EQ(NiceUpperBound(100), 100);
  EXPECT_DOUBLE_EQ(NiceUpperBound(0), 1);
  EXPECT_GE(NiceUpperBound(0.3), 0.3);
}

TEST(ChartLayout, LinesSnapToWholeDevicePixels) {
  EXPECT_FLOAT_EQ(SnapLine(10.3f, 1), 10.5f);  // a 1 px line fills pixel 10
  EXPECT_FLOAT_EQ(SnapLine(10.7f, 1), 10.5f);
  EXPECT_FLOAT_EQ(SnapLine(10.7f, 2), 11.0f);  // a 2 px line covers pixels 10 and 11
  EXPECT_FLOAT_EQ(SnapLine(10.2f, 3), 10.5f);
  EXPECT_FLOAT_EQ(HairlinePx(1), 1);
  EXPECT_FLOAT_EQ(HairlinePx(1.25f), 1);
  EXPECT_FLOAT_EQ(HairlinePx(2), 2);
  EXPECT_FLOAT_EQ(HairlinePx(2.6f), 3);
  EXPECT_FLOAT_EQ(HairlinePx(0.5f), 1);
}

}  // namespace
}  // namespace afterglow::ui
