// Tick steps and labels for a time (or duration) axis: "nice" steps (1, 2, 5 times a power of ten
// in ms; whole seconds, minutes and hours above that) and labels as offsets from an origin, as
// Tracy labels its time ruler. Shared by the timelines (ui/timeline/timeline_axis.h) and the
// charts (ui/widgets/chart.h). Pure functions, no ImGui.
#pragma once

#include <cstddef>

namespace afterglow::ui {

// The tick step in ms for a span shown in `width_px` pixels, so ticks stand at least
// `min_spacing_px` apart: 1/2/5 x 10^k ms below a second, then 1, 2, 5, 10, 15, 30 s, 1, 2, 5, 10,
// 15, 30 min, 1, 2, 3, 6, 12 h, then whole days.
double NiceTickStep(double span_ms, float width_px, float min_spacing_px);
// A tick's label: `offset_ms` from the extent's start, written with the precision `step_ms`
// needs ("0 s", "1.25 s", "2 min 30 s", "1 h 15 min", "2 d 3 h").
const char* FormatAxisOffset(double offset_ms, double step_ms, char* out, size_t size);

}  // namespace afterglow::ui
