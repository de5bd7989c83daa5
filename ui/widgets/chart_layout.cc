#include "ui/widgets/chart_layout.h"

#include <algorithm>
#include <cmath>

namespace afterglow::ui {

namespace {
constexpr int kMaxTicks = 64;
}

double NiceStepAtLeast(double wanted) {
  if (!(wanted > 0)) return 1;
  const double power = std::pow(10.0, std::floor(std::log10(wanted)));
  for (double m : {1.0, 2.0, 5.0}) {
    // A relative tolerance: 0.3 / 0.1 is 2.9999999999999996 in doubles.
    if (m * power >= wanted * (1 - 1e-9)) return m * power;
  }
  return 10 * power;
}

ValueTicks TicksFromOrigin(double origin, double lo, double hi, double step) {
  ValueTicks ticks;
  ticks.step = step > 0 ? step : 1;
  if (!(hi >= lo)) return ticks;
  const double k0 = std::ceil((lo - origin) / ticks.step - 1e-9);
  ticks.first = origin + k0 * ticks.step;
  const double last = std::floor((hi - origin) / ticks.step + 1e-9);
  ticks.count = static_cast<int>(std::clamp(last - k0 + 1, 0.0, static_cast<double>(kMaxTicks)));
  return ticks;
}

ValueTicks NiceValueTicks(double lo, double hi, float length_px, float min_spacing_px,
                          bool integral) {
  const double span = std::max(hi - lo, 0.0);
  const double per_px = span / std::max(length_px, 1.0f);
  double step = NiceStepAtLeast(per_px * min_spacing_px);
  if (integral) step = std::max(step, 1.0);
  // Never more than kMaxTicks, however small the spacing asked.
  while (span / step > kMaxTicks - 1) step = NiceStepAtLeast(step * 1.5);
  return TicksFromOrigin(0, lo, hi, step);
}

double NiceUpperBound(double max_value) {
  if (!(max_value > 0)) return 1;
  const double step = NiceStepAtLeast(max_value / 8);
  return std::ceil(max_value / step - 1e-9) * step;
}

float SnapLine(float px, float line_px) {
  const int width = std::max(1, static_cast<int>(std::lround(line_px)));
  return width % 2 == 1 ? std::floor(px) + 0.5f : std::round(px);
}

float HairlinePx(float scale) { return std::max(1.0f, std::round(scale)); }

}  // namespace afterglow::ui
