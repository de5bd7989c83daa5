// The time axis every timeline shares: which slice of the data's time extent is visible (zoom and
// pan state), the mapping between epoch milliseconds and screen x, and "nice" tick steps (1, 2, 5
// times a power of ten in ms; whole seconds, minutes and hours above that) with labels relative to
// the extent's start, as Tracy labels its time ruler.
//
// [SECTION] TimelineAxis: the state and its pure maths (ImGui-free, unit-tested natively)
// [SECTION] Ticks: step choice and labels (ui/widgets/axis_ticks.h)
// [SECTION] Canvas: the ImGui side (mouse wheel zooms around the cursor, drag pans, double-click
//           resets; the ruler and grid)
#pragma once

#include <cstddef>
#include <cstdint>

#include "imgui.h"
#include "ui/widgets/axis_ticks.h"

namespace afterglow::ui {

// [SECTION] TimelineAxis
struct TimelineAxis {
  // The data's time range (epoch ms) and the visible window inside it. The view may not leave the
  // extent and never gets narrower than kMinSpanMs.
  double extent_start_ms = 0, extent_end_ms = 1;
  double view_start_ms = 0, view_end_ms = 1;

  static constexpr double kMinSpanMs = 1.0;

  // Sets the extent (end < start is taken as empty) and shows all of it.
  void SetExtent(int64_t start_ms, int64_t end_ms);
  // Sets the extent but keeps a zoomed view (clipped to the new extent), so rebuilding a model
  // while a log loads leaves the user's zoom alone. An unzoomed view shows the whole new extent.
  void UpdateExtent(int64_t start_ms, int64_t end_ms);
  void Reset() { view_start_ms = extent_start_ms, view_end_ms = extent_end_ms; }
  double ViewSpanMs() const { return view_end_ms - view_start_ms; }
  bool IsZoomed() const {
    return view_start_ms > extent_start_ms || view_end_ms < extent_end_ms;
  }
  // Screen mapping for a canvas of `width` pixels starting at x0.
  double PixelsPerMs(float width) const { return width / ViewSpanMs(); }
  float ToX(double time_ms, float x0, float width) const {
    return x0 + static_cast<float>((time_ms - view_start_ms) * PixelsPerMs(width));
  }
  double ToTime(float x, float x0, float width) const {
    return view_start_ms + (x - x0) / PixelsPerMs(width);
  }
  // Scales the visible span by `factor` (< 1 zooms in) keeping `anchor_ms` at the same screen x.
  void ZoomAround(double anchor_ms, double factor);
  // Moves the view by `delta_ms` (positive: later), stopping at the extent's ends.
  void Pan(double delta_ms);
};

// [SECTION] Ticks: NiceTickStep and FormatAxisOffset (ui/widgets/axis_ticks.h), shared with
// the charts.

// [SECTION] Canvas
// Lays out an interactive canvas of `size` at the cursor and applies the mouse to `axis`: wheel
// over the time area zooms around the cursor (over the labels it scrolls the page), left-drag
// pans (vertical drag scrolls the enclosing window), double-click shows the whole extent. Time
// runs from `time_x_offset` pixels right of the canvas's left edge to its right edge (the lane
// labels sit left of it). Returns the canvas's top-left corner; ImGui::IsItemHovered() refers to
// the canvas afterwards.
ImVec2 TimelineCanvas(const char* id, TimelineAxis& axis, ImVec2 size, float time_x_offset);

// A lane timeline's canvas as its draw code sees it: where the canvas is, where time runs on it,
// the visible band of the scrolled child window it fills, and the mouse over it.
struct TimelineCanvasArea {
  ImVec2 pos;                           // the canvas's top-left corner (screen)
  float width = 0;                      // the canvas's width: the child's whole content width
  float time_x0 = 0, time_width = 1;    // the time area: right of the labels, at least 1 px wide
  float view_top = 0, view_bottom = 0;  // the child window's visible band
  bool hovered = false;                 // the mouse is over the canvas
  ImVec2 mouse;                         // the mouse position (screen)
  ImDrawList* draw = nullptr;           // the child window's draw list

  // Clip drawing to the visible part of the time area, or of the label column (which ends 4 px
  // left of the time area). Each pairs with draw->PopClipRect().
  void PushTimeClip() const {
    draw->PushClipRect(ImVec2(time_x0, view_top), ImVec2(time_x0 + time_width, view_bottom), true);
  }
  void PushLabelClip() const {
    draw->PushClipRect(ImVec2(pos.x, view_top), ImVec2(time_x0 - 4, view_bottom), true);
  }
};
// Called right after BeginChild: a TimelineCanvas as wide as the child's content and
// `content_height` tall, lane labels `label_width` wide on its left of the time area.
TimelineCanvasArea PlaceTimelineCanvas(const char* id, TimelineAxis& axis, float content_height,
                                       float label_width);
// Draws the ruler (tick labels along the top, `ruler_height` tall) and faint vertical grid lines
// down to `bottom`, for a canvas whose lanes start at x0 and are `width` wide.
void DrawTimeRuler(const TimelineAxis& axis, ImDrawList* draw, float x0, float top, float width,
                   float ruler_height, float bottom);
// The ruler of a lane timeline's canvas, on an opaque band at the top of the visible part of the
// scrolled child, so it stays in view over the lanes scrolled beneath it. Draw it last.
void DrawCanvasRuler(const TimelineCanvasArea& canvas, const TimelineAxis& axis,
                     float ruler_height);

}  // namespace afterglow::ui
