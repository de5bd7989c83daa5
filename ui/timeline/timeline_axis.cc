#include "ui/timeline/timeline_axis.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "imgui_internal.h"  // SetItemUsingMouseWheel: the wheel zooms instead of scrolling
#include "ui/widgets/theme.h"

namespace afterglow::ui {

// [SECTION] TimelineAxis

void TimelineAxis::SetExtent(int64_t start_ms, int64_t end_ms) {
  extent_start_ms = static_cast<double>(start_ms);
  extent_end_ms = static_cast<double>(std::max(end_ms, start_ms));
  // An empty extent (one instant, or nothing) still gets a span so the mapping is defined.
  if (extent_end_ms - extent_start_ms < kMinSpanMs) extent_end_ms = extent_start_ms + kMinSpanMs;
  Reset();
}

void TimelineAxis::UpdateExtent(int64_t start_ms, int64_t end_ms) {
  const bool zoomed = IsZoomed();
  const double old_start = view_start_ms, old_end = view_end_ms;
  SetExtent(start_ms, end_ms);
  if (!zoomed) return;
  view_start_ms = std::max(old_start, extent_start_ms);
  view_end_ms = std::min(old_end, extent_end_ms);
  if (ViewSpanMs() < std::min(kMinSpanMs, extent_end_ms - extent_start_ms)) Reset();
}

void TimelineAxis::ZoomAround(double anchor_ms, double factor) {
  const double extent = extent_end_ms - extent_start_ms;
  const double span = std::clamp(ViewSpanMs() * factor, std::min(kMinSpanMs, extent), extent);
  const double anchor_fraction = (anchor_ms - view_start_ms) / ViewSpanMs();
  view_start_ms = anchor_ms - anchor_fraction * span;
  view_end_ms = view_start_ms + span;
  Pan(0);  // back inside the extent
}

void TimelineAxis::Pan(double delta_ms) {
  const double span = ViewSpanMs();
  double start = view_start_ms + delta_ms;
  start = std::clamp(start, extent_start_ms, extent_end_ms - span);
  view_start_ms = start;
  view_end_ms = start + span;
}

// [SECTION] Canvas

ImVec2 TimelineCanvas(const char* id, TimelineAxis& axis, ImVec2 size, float time_x_offset) {
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  size.x = std::max(size.x, time_x_offset + 1);
  size.y = std::max(size.y, 1.0f);
  ImGui::InvisibleButton(id, size, ImGuiButtonFlags_MouseButtonLeft);
  const float x0 = pos.x + time_x_offset;
  const float width = size.x - time_x_offset;
  ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemHovered()) {
    // The wheel zooms over the time area only: over the lane labels it scrolls the page, as it
    // does over any text, so a reader scrolling past the timeline is not caught by it.
    if (io.MousePos.x >= x0) {
      ImGui::SetItemUsingMouseWheel();
      // One notch zooms by 20%, around the time under the cursor (as Tracy and maps do).
      if (io.MouseWheel != 0) {
        axis.ZoomAround(axis.ToTime(io.MousePos.x, x0, width), std::pow(0.8, io.MouseWheel));
      }
    }
    if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) axis.Reset();
  }
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 1.0f)) {
    axis.Pan(-io.MouseDelta.x / axis.PixelsPerMs(width));
    if (io.MouseDelta.y != 0) ImGui::SetScrollY(ImGui::GetScrollY() - io.MouseDelta.y);
  }
  return pos;
}

TimelineCanvasArea PlaceTimelineCanvas(const char* id, TimelineAxis& axis, float content_height,
                                       float label_width) {
  TimelineCanvasArea area;
  area.width = ImGui::GetContentRegionAvail().x;
  area.pos = TimelineCanvas(id, axis, ImVec2(area.width, content_height), label_width);
  area.hovered = ImGui::IsItemHovered();
  area.mouse = ImGui::GetIO().MousePos;
  area.draw = ImGui::GetWindowDrawList();
  area.time_x0 = area.pos.x + label_width;
  area.time_width = std::max(1.0f, area.width - label_width);
  area.view_top = ImGui::GetWindowPos().y;
  area.view_bottom = area.view_top + ImGui::GetWindowHeight();
  return area;
}

void DrawTimeRuler(const TimelineAxis& axis, ImDrawList* draw, float x0, float top, float width,
                   float ruler_height, float bottom) {
  const double step = NiceTickStep(axis.ViewSpanMs(), width, ImGui::GetFontSize() * 7);
  const ImU32 text_color = ImGui::GetColorU32(colors::kMuted);
  const ImU32 grid_color = ImGui::GetColorU32(colors::kGrid);  // readable in both themes
  // Ticks at whole multiples of the step from the extent's start, so labels read 0, 5 s, 10 s.
  const double first = std::ceil((axis.view_start_ms - axis.extent_start_ms) / step);
  char label[48];
  for (double k = first;; k += 1) {
    const double t = axis.extent_start_ms + k * step;
    if (t > axis.view_end_ms) break;
    const float x = axis.ToX(t, x0, width);
    draw->AddLine(ImVec2(x, top + ruler_height * 0.6f), ImVec2(x, bottom), grid_color);
    FormatAxisOffset(k * step, step, label, sizeof label);
    draw->AddText(ImVec2(x + 3, top), text_color, label);
  }
}

void DrawCanvasRuler(const TimelineCanvasArea& canvas, const TimelineAxis& axis,
                     float ruler_height) {
  ImDrawList* draw = canvas.draw;
  draw->AddRectFilled(ImVec2(canvas.pos.x, canvas.view_top),
                      ImVec2(canvas.pos.x + canvas.width, canvas.view_top + ruler_height),
                      ImGui::GetColorU32(ImGuiCol_WindowBg));
  canvas.PushTimeClip();
  DrawTimeRuler(axis, draw, canvas.time_x0, canvas.view_top, canvas.time_width, ruler_height,
                canvas.view_bottom);
  draw->PopClipRect();
}

}  // namespace afterglow::ui
