#include "ui/widgets/chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ui/widgets/axis_ticks.h"
#include "ui/widgets/chart_layout.h"
#include "ui/widgets/format.h"
#include "ui/widgets/theme.h"

namespace afterglow::ui {
namespace {

struct Plot {
  float x0, y0, x1, y1;
  LinearScale x, y;
  float hairline;
};

bool IsTimeLike(ChartUnit unit) {
  return unit == ChartUnit::kDuration || unit == ChartUnit::kTimeOffset;
}

ValueTicks TicksFor(const ChartAxisSpec& axis, float length_px, float spacing_px) {
  if (IsTimeLike(axis.unit)) {
    const double step = NiceTickStep(axis.hi - axis.lo, length_px, spacing_px);
    return TicksFromOrigin(axis.unit == ChartUnit::kTimeOffset ? axis.origin : 0, axis.lo,
                           axis.hi, step);
  }
  return NiceValueTicks(axis.lo, axis.hi, length_px, spacing_px,
                        axis.unit == ChartUnit::kCount);
}

ImU32 WithAlpha(const ImVec4& color, float alpha) {
  return ImGui::GetColorU32(ImVec4(color.x, color.y, color.z, color.w * alpha));
}

void DrawStepArea(ImDrawList* draw, const Plot& p, const ChartSeries& s) {
  const ImU32 fill = WithAlpha(s.color, 0.45f);
  // Runs of equal height are one rectangle: a flat stretch costs one quad, not one per bucket.
  size_t i = 0;
  while (i < s.count) {
    size_t j = i + 1;
    while (j < s.count && s.y[j] == s.y[i]) ++j;
    const float xa = std::round(std::clamp(p.x.ToPixel(s.x[i]), p.x0, p.x1));
    const float xb = std::round(std::clamp(p.x.ToPixel(s.x[j]), p.x0, p.x1));
    const float top = std::round(std::clamp(p.y.ToPixel(s.y[i]), p.y0, p.y1));
    if (xb > xa && top < p.y1) draw->AddRectFilled(ImVec2(xa, top), ImVec2(xb, p.y1), fill);
    i = j;
  }
}

void DrawStepLine(ImDrawList* draw, const Plot& p, const ChartSeries& s) {
  const float thickness = p.hairline * 2;
  for (size_t i = 0; i < s.count; ++i) {
    const float xa = std::clamp(p.x.ToPixel(s.x[i]), p.x0, p.x1);
    const float xb = std::clamp(p.x.ToPixel(s.x[i + 1]), p.x0, p.x1);
    const float y = SnapLine(std::clamp(p.y.ToPixel(s.y[i]), p.y0, p.y1), thickness);
    draw->PathLineTo(ImVec2(std::round(xa), y));
    draw->PathLineTo(ImVec2(std::round(xb), y));
  }
  draw->PathStroke(ImGui::GetColorU32(s.color), 0, thickness);
}

void DrawLine(ImDrawList* draw, const Plot& p, const ChartSeries& s, int highlighted) {
  const float thickness = p.hairline * 2;
  for (size_t i = 0; i < s.count; ++i) {
    draw->PathLineTo(ImVec2(p.x.ToPixel(s.x[i]), p.y.ToPixel(s.y[i])));
  }
  const ImU32 color = ImGui::GetColorU32(s.color);
  draw->PathStroke(color, 0, thickness);
  if (!s.markers) return;
  const float radius = 3.5f * p.hairline;
  for (size_t i = 0; i < s.count; ++i) {
    const ImVec2 at(p.x.ToPixel(s.x[i]), p.y.ToPixel(s.y[i]));
    draw->AddCircleFilled(at, static_cast<int>(i) == highlighted ? radius * 1.7f : radius, color);
  }
}

float YLabelWidth(const ChartSpec& spec, const ValueTicks& ticks) {
  float widest = 0;
  char label[48];
  for (int k = 0; k < ticks.count; ++k) {
    FormatChartValue(ticks.At(k), spec.y.unit, spec.y.origin, ticks.step, label, sizeof label);
    widest = std::max(widest, ImGui::CalcTextSize(label).x);
  }
  return widest;
}

}  // namespace

const char* FormatChartValue(double value, ChartUnit unit, double origin, double step, char* out,
                             size_t size) {
  switch (unit) {
    case ChartUnit::kCount:
      if (step >= 1 || (step == 0 && value == std::floor(value))) {
        return FormatCount(static_cast<uint64_t>(std::llround(std::max(value, 0.0))), out, size);
      }
      std::snprintf(out, size, "%.1f", value);
      return out;
    case ChartUnit::kDuration:
      if (step > 0) return FormatAxisOffset(value, step, out, size);
      return FormatDuration(static_cast<int64_t>(std::llround(value)), out, size);
    case ChartUnit::kTimeOffset:
      return FormatAxisOffset(value - origin, step > 0 ? step : 1, out, size);
    case ChartUnit::kPercent:
      std::snprintf(out, size, step > 0 && step < 1 ? "%.1f%%" : "%.0f%%", value);
      return out;
  }
  out[0] = '\0';
  return out;
}

ChartHover DrawChartIn(const ChartSpec& spec, ImVec2 pos, ImVec2 size, bool hovered) {
  ChartHover hover;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float scale = ThemeScale();
  const float line_height = ImGui::GetTextLineHeight();
  const float gap = 6 * scale;
  const float top = pos.y + line_height * 0.6f;
  const float bottom = pos.y + size.y - line_height - gap;
  if (bottom - top < line_height) return hover;  // too small to say anything
  // A label a line high needs little more than a line: 1.4 lines apart gives a short chart
  // (8 lines) four or five labelled ticks instead of two.
  const ValueTicks y_ticks = TicksFor(spec.y, bottom - top, line_height * 1.4f);
  const float left = spec.left_margin > 0 ? spec.left_margin : YLabelWidth(spec, y_ticks) + 2 * gap;
  Plot p;
  p.x0 = std::round(pos.x + left);
  p.x1 = std::round(pos.x + size.x - (spec.right_margin >= 0 ? spec.right_margin : gap));
  p.y0 = std::round(top);
  p.y1 = std::round(bottom);
  if (p.x1 - p.x0 < 8) return hover;
  p.x = {spec.x.lo, spec.x.hi, p.x0, p.x1};
  p.y = {spec.y.lo, spec.y.hi, p.y1, p.y0};
  p.hairline = HairlinePx(scale);

  const ImU32 grid = ImGui::GetColorU32(colors::kGrid);
  const ImU32 muted = ImGui::GetColorU32(colors::kMuted);
  char label[48];
  for (int k = 0; k < y_ticks.count; ++k) {
    const double v = y_ticks.At(k);
    const float y = SnapLine(p.y.ToPixel(v), p.hairline);
    draw->AddLine(ImVec2(p.x0, y), ImVec2(p.x1, y), grid, p.hairline);
    FormatChartValue(v, spec.y.unit, spec.y.origin, y_ticks.step, label, sizeof label);
    const ImVec2 text = ImGui::CalcTextSize(label);
    draw->AddText(ImVec2(std::round(p.x0 - gap - text.x), std::round(y - text.y / 2)), muted, label);
  }
  const ValueTicks x_ticks = TicksFor(spec.x, p.x1 - p.x0, ImGui::GetFontSize() * 7);
  for (int k = 0; k < x_ticks.count; ++k) {
    const double v = x_ticks.At(k);
    const float x = SnapLine(p.x.ToPixel(v), p.hairline);
    draw->AddLine(ImVec2(x, p.y0), ImVec2(x, p.y1 + gap * 0.5f), grid, p.hairline);
    FormatChartValue(v, spec.x.unit, spec.x.origin, x_ticks.step, label, sizeof label);
    const float width = ImGui::CalcTextSize(label).x;
    const float text_x = std::clamp(x - width / 2, pos.x, pos.x + size.x - width);
    draw->AddText(ImVec2(std::round(text_x), p.y1 + gap * 0.5f), muted, label);
  }
  const float axis_y = SnapLine(p.y1, p.hairline);
  draw->AddLine(ImVec2(p.x0, axis_y), ImVec2(p.x1, axis_y), muted, p.hairline);

  const ImVec2 mouse = ImGui::GetIO().MousePos;
  hover.active = hovered && mouse.x >= p.x0 && mouse.x <= p.x1 && mouse.y >= pos.y &&
                 mouse.y <= pos.y + size.y;
  if (hover.active) {
    hover.x = p.x.ToValue(mouse.x);
    float nearest = 1e30f;
    for (size_t s = 0; s < spec.series_count; ++s) {
      const ChartSeries& series = spec.series[s];
      if (series.kind != SeriesKind::kLine) continue;
      for (size_t i = 0; i < series.count; ++i) {
        const float d = std::fabs(p.x.ToPixel(series.x[i]) - mouse.x);
        if (d < nearest) nearest = d, hover.series = static_cast<int>(s), hover.point = static_cast<int>(i);
      }
    }
  }

  draw->PushClipRect(ImVec2(p.x0, p.y0 - p.hairline * 6), ImVec2(p.x1 + 1, p.y1 + 1), true);
  for (size_t s = 0; s < spec.series_count; ++s) {
    const ChartSeries& series = spec.series[s];
    if (series.count == 0) continue;
    switch (series.kind) {
      case SeriesKind::kStepArea: DrawStepArea(draw, p, series); break;
      case SeriesKind::kStepLine: DrawStepLine(draw, p, series); break;
      case SeriesKind::kLine:
        DrawLine(draw, p, series, hover.series == static_cast<int>(s) ? hover.point : -1);
        break;
    }
  }
  draw->PopClipRect();
  // Marker labels go on the top line, or a line lower where they would overlap the last label on
  // the top line (quantiles close together), or not at all when both rows are taken.
  float label_right[2] = {-1e30f, -1e30f};
  for (size_t m = 0; m < spec.marker_count; ++m) {
    const ChartMarkerLine& marker = spec.markers[m];
    if (marker.x < spec.x.lo || marker.x > spec.x.hi) continue;
    const float x = SnapLine(p.x.ToPixel(marker.x), p.hairline);
    const ImU32 color = ImGui::GetColorU32(marker.color);
    for (float y = p.y0; y < p.y1; y += 6 * p.hairline) {  // dashed, so it reads as a marker
      draw->AddLine(ImVec2(x, y), ImVec2(x, std::min(y + 3 * p.hairline, p.y1)), color, p.hairline);
    }
    if (marker.label[0] != '\0') {
      const float text_x = std::round(x + gap * 0.5f);
      const float width = ImGui::CalcTextSize(marker.label).x;
      for (int row = 0; row < 2; ++row) {
        if (text_x < label_right[row] + gap) continue;
        draw->AddText(ImVec2(text_x, pos.y + row * line_height), color, marker.label);
        label_right[row] = text_x + width;
        break;
      }
    }
  }
  if (hover.active) {
    const float x = SnapLine(mouse.x, p.hairline);
    draw->AddLine(ImVec2(x, p.y0), ImVec2(x, p.y1), ImGui::GetColorU32(ImGuiCol_Text), p.hairline);
  }
  return hover;
}

ChartHover Chart(const char* id, const ChartSpec& spec, ImVec2 size) {
  if (size.x <= 0) size.x = ImGui::GetContentRegionAvail().x;
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(id, ImVec2(std::max(size.x, 1.0f), std::max(size.y, 1.0f)));
  return DrawChartIn(spec, pos, size, ImGui::IsItemHovered());
}

}  // namespace afterglow::ui
