#include "ui/widgets/axis_ticks.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace afterglow::ui {

double NiceTickStep(double span_ms, float width_px, float min_spacing_px) {
  const double wanted = span_ms * min_spacing_px / std::max(width_px, 1.0f);
  if (wanted <= 0) return 1;
  // Sub-second and first steps: 1, 2, 5 x 10^k ms.
  if (wanted < 1000) {
    double power = std::pow(10.0, std::floor(std::log10(wanted)));
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
      if (m * power >= wanted) return m * power;
    }
    return 10 * power;
  }
  static constexpr double kSteps[] = {
      1e3,     2e3,      5e3,      10e3,     15e3,     30e3,           // seconds
      60e3,    120e3,    300e3,    600e3,    900e3,    1800e3,         // minutes
      3600e3,  7200e3,   10800e3,  21600e3,  43200e3,  86400e3,        // hours, a day
  };
  for (double step : kSteps) {
    if (step >= wanted) return step;
  }
  return std::ceil(wanted / 86400e3) * 86400e3;  // whole days
}

const char* FormatAxisOffset(double offset_ms, double step_ms, char* out, size_t size) {
  const double magnitude = std::fabs(offset_ms);
  const char* sign = offset_ms < -0.5 * step_ms ? "-" : "";
  if (step_ms < 1000) {
    // Enough decimals of a second that neighbouring ticks differ.
    const int decimals = step_ms >= 100 ? 1 : step_ms >= 10 ? 2 : 3;
    if (magnitude < 60e3) {
      std::snprintf(out, size, "%s%.*f s", sign, decimals, magnitude / 1000);
    } else {
      const long long minutes = static_cast<long long>(magnitude / 60e3);
      std::snprintf(out, size, "%s%lld min %.*f s", sign, minutes, decimals,
                    (magnitude - minutes * 60e3) / 1000);
    }
    return out;
  }
  const long long total_s = std::llround(magnitude / 1000);
  const long long days = total_s / 86400, hours = total_s / 3600 % 24;
  const long long minutes = total_s / 60 % 60, seconds = total_s % 60;
  if (total_s == 0) {
    std::snprintf(out, size, "0 s");
  } else if (days > 0) {
    if (hours > 0) {
      std::snprintf(out, size, "%s%lld d %lld h", sign, days, hours);
    } else {
      std::snprintf(out, size, "%s%lld d", sign, days);
    }
  } else if (total_s >= 3600) {
    if (minutes > 0) {
      std::snprintf(out, size, "%s%lld h %lld min", sign, hours, minutes);
    } else {
      std::snprintf(out, size, "%s%lld h", sign, hours);
    }
  } else if (total_s >= 60) {
    if (seconds > 0) {
      std::snprintf(out, size, "%s%lld min %lld s", sign, minutes, seconds);
    } else {
      std::snprintf(out, size, "%s%lld min", sign, minutes);
    }
  } else {
    std::snprintf(out, size, "%s%lld s", sign, seconds);
  }
  return out;
}

}  // namespace afterglow::ui
