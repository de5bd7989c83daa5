#include "ui/graph_view.h"

#include <algorithm>
#include <cmath>

#include "imgui_internal.h"  // SetItemUsingMouseWheel: the wheel zooms instead of scrolling
#include "ui/theme.h"

namespace afterglow::ui {
namespace {

constexpr float kMinZoom = 0.1f;
constexpr float kMaxZoom = 4.0f;
constexpr float kFitMargin = 12.0f;   // screen pixels around a fitted graph
constexpr float kClickSlop = 4.0f;    // pixels of movement still counted as a click
constexpr float kMinTextPixels = 5.0f;

void Fit(const LayoutRect& bounds, const ImVec2& size, GraphViewport& viewport) {
  const float w = std::max(bounds.Width(), 1.0f);
  const float h = std::max(bounds.Height(), 1.0f);
  const float zoom_x = (size.x - 2 * kFitMargin) / w;
  const float zoom_y = (size.y - 2 * kFitMargin) / h;
  // Never enlarge past 1: a small graph stays at its natural size, centred at the top.
  viewport.zoom = std::clamp(std::min({zoom_x, zoom_y, 1.0f}), kMinZoom, kMaxZoom);
  viewport.pan_x = bounds.x0 - (size.x / viewport.zoom - w) * 0.5f;
  viewport.pan_y = bounds.y0 - kFitMargin / viewport.zoom;
  viewport.fitted = true;
}

}  // namespace

void BeginGraphCanvas(const char* id, float height, const LayoutRect& bounds,
                      GraphViewport& viewport, GraphCanvas& canvas) {
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 size(std::max(avail.x, 50.0f), height > 0 ? height : std::max(avail.y, 50.0f));
  ImGui::PushStyleColor(ImGuiCol_ChildBg, colors::kPanel);
  ImGui::BeginChild(id, size, true,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                        ImGuiWindowFlags_NoMove);
  ImGui::PopStyleColor();
  const ImVec2 region_min = ImGui::GetCursorScreenPos();
  const ImVec2 inner = ImGui::GetContentRegionAvail();
  const ImVec2 region_size(std::max(inner.x, 1.0f), std::max(inner.y, 1.0f));
  ImGui::InvisibleButton("##graph_canvas", region_size);
  ImGui::SetItemUsingMouseWheel();
  const ImGuiIO& io = ImGui::GetIO();
  const bool hovered = ImGui::IsItemHovered();
  if (!viewport.fitted || (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left))) {
    Fit(bounds, region_size, viewport);
  }
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, kClickSlop)) {
    viewport.pan_x -= io.MouseDelta.x / viewport.zoom;
    viewport.pan_y -= io.MouseDelta.y / viewport.zoom;
  }
  if (hovered && io.MouseWheel != 0.0f) {
    // Zoom around the pointer: the layout point under it stays under it.
    const float before = viewport.zoom;
    const float after = std::clamp(before * std::pow(1.15f, io.MouseWheel), kMinZoom, kMaxZoom);
    const float mx = io.MousePos.x - region_min.x;
    const float my = io.MousePos.y - region_min.y;
    viewport.pan_x += mx / before - mx / after;
    viewport.pan_y += my / before - my / after;
    viewport.zoom = after;
  }
  canvas.draw = ImGui::GetWindowDrawList();
  canvas.zoom = viewport.zoom;
  canvas.origin = ImVec2(region_min.x - viewport.pan_x * viewport.zoom,
                         region_min.y - viewport.pan_y * viewport.zoom);
  canvas.region_min = region_min;
  canvas.region_max = ImVec2(region_min.x + region_size.x, region_min.y + region_size.y);
  canvas.hovered = hovered;
  canvas.mouse = io.MousePos;
  canvas.clicked = ImGui::IsItemDeactivated() &&
                   io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < kClickSlop * kClickSlop &&
                   hovered;
  canvas.draw->PushClipRect(canvas.region_min, canvas.region_max, true);
}

void EndGraphCanvas(const GraphCanvas& canvas) {
  canvas.draw->PopClipRect();
  const char* hint = "wheel: zoom   drag: pan   double-click: fit";
  const ImVec2 size = ImGui::CalcTextSize(hint);
  canvas.draw->AddText(ImVec2(canvas.region_max.x - size.x - 6, canvas.region_max.y - size.y - 4),
                       ImGui::GetColorU32(colors::kMuted), hint);
  ImGui::EndChild();
}

void DrawGraphEdge(const GraphCanvas& canvas, const LayoutRect& from, const LayoutRect& to,
                   ImU32 color) {
  const bool downward = to.y0 >= from.y1;
  const ImVec2 a = canvas.ToScreen(from.CenterX(), downward ? from.y1 : from.y0);
  const ImVec2 b = canvas.ToScreen(to.CenterX(), downward ? to.y0 : to.y1);
  const float bend = (b.y - a.y) * 0.5f;
  const float thickness = std::max(1.0f, 1.5f * canvas.zoom);
  canvas.draw->AddBezierCubic(a, ImVec2(a.x, a.y + bend), ImVec2(b.x, b.y - bend), b, color,
                              thickness);
  // Arrow head along the curve's end tangent (vertical).
  const float head = std::clamp(7.0f * canvas.zoom, 3.0f, 10.0f);
  const float dir = b.y >= a.y ? 1.0f : -1.0f;
  canvas.draw->AddTriangleFilled(b, ImVec2(b.x - head * 0.6f, b.y - head * dir),
                                 ImVec2(b.x + head * 0.6f, b.y - head * dir), color);
}

void DrawGraphText(const GraphCanvas& canvas, ImFont* font, float x, float y, ImU32 color,
                   const char* text, const LayoutRect& clip) {
  if (font == nullptr) font = ImGui::GetFont();
  const float size = font->FontSize * canvas.zoom;
  if (size < kMinTextPixels) return;
  const ImVec2 lo = canvas.ToScreen(clip.x0, clip.y0);
  const ImVec2 hi = canvas.ToScreen(clip.x1, clip.y1);
  const ImVec4 clip_rect(std::max(lo.x, canvas.region_min.x), std::max(lo.y, canvas.region_min.y),
                         std::min(hi.x, canvas.region_max.x), std::min(hi.y, canvas.region_max.y));
  if (clip_rect.x <= clip_rect.z && clip_rect.y <= clip_rect.w) {
    canvas.draw->AddText(font, size, canvas.ToScreen(x, y), color, text, nullptr, 0.0f, &clip_rect);
  }
}

}  // namespace afterglow::ui
