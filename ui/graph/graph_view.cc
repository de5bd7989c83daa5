#include "ui/graph/graph_view.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "imgui_internal.h"  // SetItemUsingMouseWheel: the wheel moves the graph, not the page
#include "ui/widgets/theme.h"

namespace afterglow::ui {
namespace {

constexpr float kMinZoom = 0.1f;
constexpr float kMaxZoom = 4.0f;
constexpr float kFitMargin = 12.0f;   // screen pixels around a fitted graph
constexpr float kClickSlop = 4.0f;    // pixels of movement still counted as a click
constexpr float kMinTextPixels = 5.0f;
constexpr float kWheelStep = 60.0f;   // screen pixels scrolled per wheel notch

// Keeps the graph in view: a graph smaller than the region is centred across / held at the top;
// a larger one may be panned until its far side (plus the margin) reaches the region's.
void ClampPan(const LayoutRect& bounds, const ImVec2& size, GraphViewport& viewport) {
  const float margin = kFitMargin / viewport.zoom;
  const float view_w = size.x / viewport.zoom;
  const float view_h = size.y / viewport.zoom;
  if (bounds.Width() + 2 * margin <= view_w) {
    viewport.pan_x = bounds.x0 - (view_w - bounds.Width()) * 0.5f;
  } else {
    viewport.pan_x = std::clamp(viewport.pan_x, bounds.x0 - margin, bounds.x1 + margin - view_w);
  }
  if (bounds.Height() + 2 * margin <= view_h) {
    viewport.pan_y = bounds.y0 - margin;
  } else {
    viewport.pan_y = std::clamp(viewport.pan_y, bounds.y0 - margin, bounds.y1 + margin - view_h);
  }
}

// The zoom Fit picks for a graph of `bounds` in a canvas `width` pixels wide.
float FitZoom(const LayoutRect& bounds, float width) {
  const float zoom_x = (width - 2 * kFitMargin) / std::max(bounds.Width(), 1.0f);
  return std::clamp(std::min(zoom_x, 1.0f), kGraphMinFitZoom, kMaxZoom);
}

// Fits the graph's width (never enlarging past 1, never below kGraphMinFitZoom), top at the top.
void Fit(const LayoutRect& bounds, const ImVec2& size, GraphViewport& viewport) {
  viewport.zoom = FitZoom(bounds, size.x);
  viewport.pan_x = bounds.x0 - kFitMargin / viewport.zoom;
  viewport.pan_y = bounds.y0 - kFitMargin / viewport.zoom;
  viewport.fitted = true;
  ClampPan(bounds, size, viewport);
}

// Zooms by `factor` keeping the layout point under screen offset (mx, my) in place.
void ZoomAround(GraphViewport& viewport, float factor, float mx, float my) {
  const float before = viewport.zoom;
  const float after = std::clamp(before * factor, kMinZoom, kMaxZoom);
  viewport.pan_x += mx / before - mx / after;
  viewport.pan_y += my / before - my / after;
  viewport.zoom = after;
}

// The toolbar row: returns the zoom factor its buttons ask for (1: none); sets `fit` on "Fit".
float DrawToolbar(const GraphViewport& viewport, bool& fit) {
  float factor = 1.0f;
  fit = ImGui::SmallButton("Fit");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Fit the graph's width (double-click does too)");
  ImGui::SameLine();
  if (ImGui::SmallButton(" - ")) factor = 1.0f / 1.25f;
  ImGui::SameLine();
  if (ImGui::SmallButton(" + ")) factor = 1.25f;
  ImGui::SameLine();
  char zoom[24];
  std::snprintf(zoom, sizeof zoom, "%d%%", viewport.ZoomPercent());
  ImGui::TextUnformatted(zoom);
  ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
  ImGui::TextColored(colors::kMuted, "wheel: scroll   ctrl+wheel: zoom   drag: pan");
  return factor;
}

}  // namespace

TextMeasure GraphTextMeasure() {
  TextMeasure measure(Fonts().body != nullptr ? Fonts().body->FontSize : ImGui::GetFontSize());
  measure.width = [](std::string_view text, bool bold) {
    ImFont* font = bold ? Fonts().bold : Fonts().body;
    if (font == nullptr) font = ImGui::GetFont();
    return font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, text.data(), text.data() + text.size()).x;
  };
  return measure;
}

float GraphCanvasFitHeight(const LayoutRect& bounds) {
  // BeginGraphCanvas's child has a border, so it keeps the style's window padding on all sides.
  const ImVec2 padding = ImGui::GetStyle().WindowPadding;
  const float canvas_width = std::max(ImGui::GetContentRegionAvail().x, 50.0f) - 2 * padding.x;
  const float toolbar = ImGui::GetFrameHeightWithSpacing();  // DrawToolbar's row
  return 2 * padding.y + toolbar + bounds.Height() * FitZoom(bounds, canvas_width) +
         2 * kFitMargin;
}

void BeginGraphCanvas(const char* id, float height, const LayoutRect& bounds,
                      GraphViewport& viewport, GraphCanvas& canvas) {
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 size(std::max(avail.x, 50.0f), height > 0 ? height : std::max(avail.y, 50.0f));
  ImGui::PushStyleColor(ImGuiCol_ChildBg, colors::kPanel);
  ImGui::BeginChild(id, size, true,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                        ImGuiWindowFlags_NoMove);
  ImGui::PopStyleColor();
  bool fit_asked = false;
  const float toolbar_zoom = DrawToolbar(viewport, fit_asked);
  const ImVec2 region_min = ImGui::GetCursorScreenPos();
  const ImVec2 inner = ImGui::GetContentRegionAvail();
  const ImVec2 region_size(std::max(inner.x, 1.0f), std::max(inner.y, 1.0f));
  ImGui::InvisibleButton("##graph_canvas", region_size);
  const ImGuiIO& io = ImGui::GetIO();
  const bool hovered = ImGui::IsItemHovered();
  // The wheel scrolls the graph only when there is something to scroll (or it zooms): otherwise
  // it scrolls the page around the canvas, as a short graph should not trap it.
  const bool zoom_key = io.KeyCtrl || io.KeySuper;
  const bool scrollable = bounds.Height() * viewport.zoom + 2 * kFitMargin > region_size.y + 1 ||
                          bounds.Width() * viewport.zoom + 2 * kFitMargin > region_size.x + 1;
  if (scrollable || zoom_key) ImGui::SetItemUsingMouseWheel();
  if (!viewport.fitted || fit_asked ||
      (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left))) {
    Fit(bounds, region_size, viewport);
  }
  if (toolbar_zoom != 1.0f) ZoomAround(viewport, toolbar_zoom, region_size.x * 0.5f, 0.0f);
  if (viewport.center_pending) {
    viewport.pan_x = viewport.center_x - region_size.x * 0.5f / viewport.zoom;
    viewport.pan_y = viewport.center_y - region_size.y * 0.5f / viewport.zoom;
    viewport.center_pending = false;
  }
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, kClickSlop)) {
    viewport.pan_x -= io.MouseDelta.x / viewport.zoom;
    viewport.pan_y -= io.MouseDelta.y / viewport.zoom;
  }
  if (hovered && (io.MouseWheel != 0.0f || io.MouseWheelH != 0.0f)) {
    if (zoom_key) {
      ZoomAround(viewport, std::pow(1.15f, io.MouseWheel), io.MousePos.x - region_min.x,
                 io.MousePos.y - region_min.y);
    } else if (io.KeyShift) {
      viewport.pan_x -= io.MouseWheel * kWheelStep / viewport.zoom;
    } else {
      viewport.pan_y -= io.MouseWheel * kWheelStep / viewport.zoom;
      viewport.pan_x -= io.MouseWheelH * kWheelStep / viewport.zoom;
    }
  }
  ClampPan(bounds, region_size, viewport);
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
  ImGui::EndChild();
}

void DrawGraphEdge(const GraphCanvas& canvas, const GraphLayout& layout, size_t edge, ImU32 color) {
  const size_t count = layout.EdgePointCount(edge);
  if (count < 2) return;
  const LayoutPoint* points = layout.EdgePoints(edge);
  LayoutRect box{points[0].x, points[0].y, points[0].x, points[0].y};
  for (size_t i = 1; i < count; ++i) {
    box.x0 = std::min(box.x0, points[i].x);
    box.x1 = std::max(box.x1, points[i].x);
    box.y0 = std::min(box.y0, points[i].y);
    box.y1 = std::max(box.y1, points[i].y);
  }
  if (!canvas.Visible(box)) return;
  ImDrawList* draw = canvas.draw;
  draw->PathLineTo(canvas.ToScreen(points[0].x, points[0].y));
  for (size_t i = 1; i < count; ++i) {
    const ImVec2 a = canvas.ToScreen(points[i - 1].x, points[i - 1].y);
    const ImVec2 b = canvas.ToScreen(points[i].x, points[i].y);
    if (a.x == b.x) {
      draw->PathLineTo(b);
    } else {
      // Across a gap between layers: vertical tangents at both ends keep the curve inside the
      // gap (the control points share the ends' y), so it never enters a box.
      const float mid = (a.y + b.y) * 0.5f;
      draw->PathBezierCubicCurveTo(ImVec2(a.x, mid), ImVec2(b.x, mid), b);
    }
  }
  const float thickness = std::max(1.0f, 1.5f * canvas.zoom);
  draw->PathStroke(color, 0, thickness);
  // Arrow head along the route's last (vertical) tangent.
  const ImVec2 b = canvas.ToScreen(points[count - 1].x, points[count - 1].y);
  const float dir = points[count - 1].y >= points[count - 2].y ? 1.0f : -1.0f;
  const float head = std::clamp(7.0f * canvas.zoom, 3.0f, 10.0f);
  draw->AddTriangleFilled(b, ImVec2(b.x - head * 0.6f, b.y - head * dir),
                          ImVec2(b.x + head * 0.6f, b.y - head * dir), color);
}

void DrawGraphEdgeLabel(const GraphCanvas& canvas, LayoutPoint center, ImFont* font,
                        const char* text, float text_width, ImU32 fill, ImU32 border, ImU32 color) {
  if (font == nullptr) font = ImGui::GetFont();
  if (font->FontSize * canvas.zoom < kMinTextPixels) return;
  const float x = center.x;
  const float y = center.y;
  constexpr float kPadX = 4.0f;  // layout units beside the text
  const float height = font->FontSize;
  const LayoutRect chip{x - text_width * 0.5f - kPadX, y - height * 0.5f - 1.0f,
                        x + text_width * 0.5f + kPadX, y + height * 0.5f + 1.0f};
  if (!canvas.Visible(chip)) return;
  const ImVec2 lo = canvas.ToScreen(chip.x0, chip.y0);
  const ImVec2 hi = canvas.ToScreen(chip.x1, chip.y1);
  const float rounding = (hi.y - lo.y) * 0.5f;
  canvas.draw->AddRectFilled(lo, hi, fill, rounding);
  canvas.draw->AddRect(lo, hi, border, rounding);
  DrawGraphText(canvas, font, chip.x0 + kPadX, chip.y0 + 1.0f, color, text, chip);
}

void DrawGraphTitleOverEdges(const GraphCanvas& canvas, ImFont* font, float x, float y,
                             ImU32 color, const char* text, const LayoutRect& clip,
                             const ImU32* fills, size_t fill_count) {
  if (font == nullptr) font = ImGui::GetFont();
  if (font->FontSize * canvas.zoom < kMinTextPixels) return;  // no text, no chip
  const ImVec2 size = font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, text);
  constexpr float kMargin = 2.0f;  // layout units around the text
  const LayoutRect chip{std::max(x - kMargin, clip.x0), std::max(y - kMargin * 0.5f, clip.y0),
                        std::min(x + size.x + kMargin, clip.x1),
                        std::min(y + size.y + kMargin * 0.5f, clip.y1)};
  if (chip.x0 < chip.x1 && chip.y0 < chip.y1 && canvas.Visible(chip)) {
    const ImVec2 lo = canvas.ToScreen(chip.x0, chip.y0);
    const ImVec2 hi = canvas.ToScreen(chip.x1, chip.y1);
    canvas.draw->AddRectFilled(lo, hi, ImGui::GetColorU32(colors::kPanel));
    for (size_t i = 0; i < fill_count; ++i) canvas.draw->AddRectFilled(lo, hi, fills[i]);
  }
  DrawGraphText(canvas, font, x, y, color, text, clip);
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
