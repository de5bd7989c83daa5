// The charts the views share, drawn with ImGui's draw lists: a plot with a y axis on the left
// and an x axis below, nice round ticks labelled in the page's units, faint grid lines, step
// series (cores over time, drawn as areas or lines), line series with markers (the what-if
// curve), vertical marker lines (the actual run), and a hover line whose readout the caller
// writes (it knows what the value under the cursor means). Lines are snapped to the device-pixel
// grid and sized in whole device pixels, so the chart is crisp at any devicePixelRatio; colours
// come from the theme (ui/widgets/theme.h). Drawing allocates nothing once the draw list has
// grown; the caller keeps the series' arrays (bucketed once per width, never per frame).
#pragma once

#include <cstddef>
#include <cstdint>

#include "imgui.h"

namespace afterglow::ui {

enum class ChartUnit : uint8_t {
  kCount,       // cores, executors: integral ticks, "1,234"
  kDuration,    // ms, labelled "850 ms", "2 min 30 s"
  kTimeOffset,  // epoch ms, labelled as the offset from the axis's origin ("+1 min 20 s")
  kPercent,     // 0..100, "75%"
};

struct ChartAxisSpec {
  double lo = 0, hi = 1;
  ChartUnit unit = ChartUnit::kCount;
  double origin = 0;  // kTimeOffset: where "0 s" is
};

enum class SeriesKind : uint8_t {
  kStepArea,  // filled from 0 to y[i] over [x[i], x[i + 1]): x holds count + 1 edges
  kStepLine,  // the same as an outline
  kLine,      // points (x[i], y[i]) joined, with markers when `markers`
};

struct ChartSeries {
  SeriesKind kind = SeriesKind::kLine;
  const double* x = nullptr;
  const double* y = nullptr;
  size_t count = 0;
  ImVec4 color{1, 1, 1, 1};
  bool markers = false;
};

struct ChartMarkerLine {
  double x = 0;
  ImVec4 color{1, 1, 1, 1};
  const char* label = "";  // drawn at the line's top
};

struct ChartSpec {
  ChartAxisSpec x, y;
  const ChartSeries* series = nullptr;
  size_t series_count = 0;
  const ChartMarkerLine* markers = nullptr;
  size_t marker_count = 0;
  float left_margin = 0;  // pixels left of the plot for the y labels; 0: as wide as they need
  float right_margin = -1;  // pixels right of the plot; negative: a small gap
};

// What is under the mouse: the x value, and for line series the nearest point (by x).
struct ChartHover {
  bool active = false;
  double x = 0;
  int series = -1, point = -1;  // the nearest point of a kLine series, or -1
};

// Draws into the box at `pos` of `size` (screen pixels) on the current window's draw list;
// `hovered`: whether the mouse is over the box (the caller's item).
ChartHover DrawChartIn(const ChartSpec& spec, ImVec2 pos, ImVec2 size, bool hovered);
// The same at the cursor, as an item `size` big (width 0: the available width).
ChartHover Chart(const char* id, const ChartSpec& spec, ImVec2 size);

// A value as the axis labels it; `step`: the tick step (for the precision), 0 for a readout.
const char* FormatChartValue(double value, ChartUnit unit, double origin, double step, char* out,
                             size_t size);

}  // namespace afterglow::ui
