// The pure maths of the charts (ui/widgets/chart.h): mapping values to pixels, "nice" value ticks
// (1, 2, 5 times a power of ten), an axis's rounded upper bound, and snapping lines to the
// device-pixel grid so they stay crisp at any devicePixelRatio. No ImGui: unit-tested natively.
#pragma once

#include <cstdint>

namespace afterglow::ui {

// Maps [lo, hi] onto [px_lo, px_hi]; px_hi < px_lo for a y axis that grows upwards.
struct LinearScale {
  double lo = 0, hi = 1;
  float px_lo = 0, px_hi = 1;

  float ToPixel(double value) const {
    const double span = hi - lo;
    const double t = span != 0 ? (value - lo) / span : 0.0;
    return px_lo + static_cast<float>(t * (px_hi - px_lo));
  }
  double ToValue(float px) const {
    const float span = px_hi - px_lo;
    return span != 0 ? lo + (hi - lo) * static_cast<double>((px - px_lo) / span) : lo;
  }
};

// Ticks at first, first + step, ... (count of them), all inside [lo, hi].
struct ValueTicks {
  double first = 0;
  double step = 1;
  int count = 0;
  double At(int k) const { return first + k * step; }
};

// The 1/2/5 x 10^k step at least `wanted` (a step of 0 or less is 1).
double NiceStepAtLeast(double wanted);

// Ticks over [lo, hi] drawn `length_px` long, at least `min_spacing_px` apart, on whole multiples
// of a 1/2/5 x 10^k step. `integral` (cores, executors): no step below 1. At most 64 ticks.
ValueTicks NiceValueTicks(double lo, double hi, float length_px, float min_spacing_px,
                          bool integral);

// The ticks on whole multiples of `step` from `origin` inside [lo, hi] (a time axis whose labels
// are offsets from the application's start). At most 64 ticks.
ValueTicks TicksFromOrigin(double origin, double lo, double hi, double step);

// An axis's top for data peaking at `max_value`: the next multiple of a nice step of about an
// eighth of it (13 -> 14, 64 -> 70, 0.3 -> 0.3), 1 when there is no positive value.
double NiceUpperBound(double max_value);

// A line `line_px` device pixels thick, at `px`, placed on the pixel grid: odd widths centred in
// a pixel (n + 0.5), even widths on a pixel edge, so it covers whole pixels instead of blurring
// over two.
float SnapLine(float px, float line_px);

// The width of a chart's hairline at `scale` device pixels per CSS pixel: one CSS pixel, rounded
// to whole device pixels, at least 1.
float HairlinePx(float scale);

}  // namespace afterglow::ui
