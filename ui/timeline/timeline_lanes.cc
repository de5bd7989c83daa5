#include "ui/timeline/timeline_lanes.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ui/app/app_state.h"
#include "ui/widgets/format.h"
#include "ui/widgets/theme.h"
#include "ui/timeline/timeline_rows.h"

namespace afterglow::ui {
namespace {

// Spark's timeline-view.css fills and borders (succeeded, failed, running), a grey for the rest.
struct BarColors {
  ImU32 fill, border;
};
BarColors ColorsOf(BarKind kind) {
  switch (kind) {
    case BarKind::kSucceeded:
    case BarKind::kExecutorRemoved:
      return {IM_COL32(0xA0, 0xDF, 0xFF, 255), IM_COL32(0x3E, 0xC0, 0xFF, 255)};
    case BarKind::kFailed:
      return {IM_COL32(0xFF, 0xA1, 0xB0, 255), IM_COL32(0xFF, 0x4D, 0x6D, 255)};
    case BarKind::kRunning:
      return {IM_COL32(0xA2, 0xFC, 0xC0, 255), IM_COL32(0x36, 0xF5, 0x72, 255)};
    case BarKind::kOther:
      break;
  }
  return {IM_COL32(0xB0, 0xB4, 0xBC, 255), IM_COL32(0x80, 0x84, 0x8C, 255)};
}
constexpr ImU32 kZoneColor = IM_COL32(0x8A, 0x8F, 0x99, 200);
constexpr ImU32 kBarText = IM_COL32(0x1A, 0x1C, 0x22, 255);
constexpr ImU32 kRemovedMarker = IM_COL32(0xFF, 0x4D, 0x6D, 255);
constexpr ImU32 kAddedMarker = IM_COL32(0x3E, 0xC0, 0xFF, 255);

struct Layout {
  float label_width, row_height, ruler_height, lane_gap;
};
Layout LayoutFor() {
  const float em = ImGui::GetFontSize();
  return {em * 8.0f, std::round(ImGui::GetTextLineHeight() + 6), ImGui::GetTextLineHeight() + 6,
          8.0f};
}
float LaneHeight(const TimelineLane& lane, const Layout& layout) {
  return static_cast<float>(std::max<size_t>(lane.rows.size(), 1)) * layout.row_height;
}

void DrawBar(ImDrawList* draw, const LaneBar& bar, float x0, float x1, float y0, float y1,
             bool hovered) {
  const BarColors c = ColorsOf(bar.kind);
  draw->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1), c.fill, 2.0f);
  draw->AddRect(ImVec2(x0, y0), ImVec2(x1, y1), hovered ? IM_COL32_WHITE : c.border, 2.0f, 0,
                hovered ? 2.0f : 1.0f);
  if (bar.end_markers) {
    const float h = y1 - y0;
    draw->AddTriangleFilled(ImVec2(x0, y0), ImVec2(x0 + h * 0.5f, (y0 + y1) / 2), ImVec2(x0, y1),
                            kAddedMarker);
    if (bar.kind == BarKind::kExecutorRemoved) {
      draw->AddTriangleFilled(ImVec2(x1, y0), ImVec2(x1 - h * 0.5f, (y0 + y1) / 2), ImVec2(x1, y1),
                              kRemovedMarker);
    }
  }
  const float text_x = std::max(x0, draw->GetClipRectMin().x) + (bar.end_markers ? 10.0f : 4.0f);
  if (x1 - text_x > 24 && !bar.label.empty()) {
    const ImVec4 clip(text_x, y0, std::min(x1 - 3, draw->GetClipRectMax().x), y1);
    const float text_y = (y0 + y1 - ImGui::GetTextLineHeight()) / 2;
    draw->AddText(nullptr, 0, ImVec2(text_x, text_y), kBarText, bar.label.data(),
                  bar.label.data() + bar.label.size(), 0, &clip);
  }
}

}  // namespace

void LaneTimelineModel::Finish() {
  int64_t first = INT64_MAX, last = INT64_MIN;
  for (TimelineLane& lane : lanes) {
    lane.fold_cache.Invalidate();  // the spans are rebuilt in place
    lane.spans.clear();
    for (const LaneBar& bar : lane.bars) {
      lane.spans.push_back(bar.span);
      first = std::min(first, bar.span.start_ms);
      last = std::max(last, bar.span.end_ms);
    }
    if (lane.row_per_bar) {
      lane.rows.assign(lane.bars.size(), {});
      for (uint32_t i = 0; i < lane.bars.size(); ++i) lane.rows[i].push_back(i);
    } else {
      lane.rows = PackRows(lane.spans);
    }
  }
  if (first > last) first = last = 0;
  axis.UpdateExtent(first, last);
}

size_t LaneTimelineModel::BarCount() const {
  size_t count = 0;
  for (const TimelineLane& lane : lanes) count += lane.bars.size();
  return count;
}

void DrawLaneTimeline(AppState& state, LaneTimelineModel& timeline, const char* id,
                      float max_height) {
  const Layout layout = LayoutFor();
  float content_height = layout.ruler_height;
  for (const TimelineLane& lane : timeline.lanes) {
    content_height += LaneHeight(lane, layout) + layout.lane_gap;
  }
  const float child_height = std::min(content_height, std::max(max_height, layout.row_height * 4)) + 2;
  if (!ImGui::BeginChild(id, ImVec2(0, child_height), false, ImGuiWindowFlags_NoScrollWithMouse)) {
    ImGui::EndChild();
    return;
  }
  TimelineAxis& axis = timeline.axis;
  const TimelineCanvasArea canvas =
      PlaceTimelineCanvas("##lanes", axis, content_height, layout.label_width);
  const float x0 = canvas.time_x0, time_width = canvas.time_width;
  ImDrawList* draw = canvas.draw;
  const LaneBar* hovered_bar = nullptr;
  TimelineLane* hovered_bar_lane = nullptr;
  const TimelineLane* hovered_lane = nullptr;
  FoldedItem hovered_zone{};

  draw->ChannelsSplit(2);
  draw->ChannelsSetCurrent(0);
  const ImU32 separator = ImGui::GetColorU32(colors::kGrid);
  const ImU32 text_color = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 muted = ImGui::GetColorU32(colors::kMuted);
  float y = canvas.pos.y + layout.ruler_height;
  LaneRowsPlacement placement =
      TimelinePlacement(canvas, layout.row_height, 2, 3);
  for (TimelineLane& lane : timeline.lanes) {
    lane.drawn_bars = lane.folded_zones = 0;
    const float lane_height = LaneHeight(lane, layout);
    const bool lane_visible = y + lane_height >= canvas.view_top && y <= canvas.view_bottom;
    placement.lane_top = y;
    if (lane_visible) {
      canvas.PushTimeClip();
      ForEachVisibleItem(axis, lane.spans, lane.rows, placement, lane.fold_cache,
                         [&](const PlacedItem& placed) {
        const float bx0 = placed.x0, bx1 = placed.x1, y0 = placed.y0, y1 = placed.y1;
        if (placed.item->count == 1) {
          const LaneBar& bar = lane.bars[placed.span];
          DrawBar(draw, bar, bx0, bx1, y0, y1, placed.hovered);
          ++lane.drawn_bars;
          if (placed.hovered) hovered_bar = &bar, hovered_bar_lane = &lane;
        } else {
          draw->AddRectFilled(ImVec2(bx0, y0), ImVec2(bx1, y1), kZoneColor, 2.0f);
          char label[32];
          FormatCount(placed.item->count, label, sizeof label);
          if (ImGui::CalcTextSize(label).x + 6 < bx1 - bx0) {
            draw->AddText(ImVec2(bx0 + 3, (y0 + y1 - ImGui::GetTextLineHeight()) / 2), kBarText,
                          label);
          }
          ++lane.folded_zones;
          if (placed.hovered) hovered_zone = *placed.item, hovered_lane = &lane;
        }
      });
      draw->PopClipRect();
    }
    // Lane title (and, for one-row-per-bar lanes, each row's bar label) in the label column.
    canvas.PushLabelClip();
    if (lane_visible) {
      if (lane.row_per_bar) {
        const RowRange visible = VisibleRows(placement, lane.rows.size());
        for (size_t r = visible.first; r < visible.end; ++r) {
          const float ry = y + static_cast<float>(r) * layout.row_height;
          const std::string& text = lane.bars[lane.rows[r].front()].label;
          draw->AddText(ImVec2(canvas.pos.x + 2, ry + 3), text_color, text.data(),
                        text.data() + text.size());
        }
      } else {
        draw->AddText(Fonts().bold, Fonts().bold ? Fonts().bold->FontSize : ImGui::GetFontSize(),
                      ImVec2(canvas.pos.x + 2, y + 3), text_color, lane.title.c_str());
        if (lane.rows.size() > 1) {
          char rows[48];
          std::snprintf(rows, sizeof rows, "%zu bars", lane.bars.size());
          draw->AddText(ImVec2(canvas.pos.x + 2, y + 3 + ImGui::GetTextLineHeight()), muted, rows);
        }
      }
    }
    draw->PopClipRect();
    y += lane_height + layout.lane_gap;
    draw->AddLine(ImVec2(canvas.pos.x, y - layout.lane_gap / 2),
                  ImVec2(x0 + time_width, y - layout.lane_gap / 2), separator);
  }

  draw->ChannelsSetCurrent(1);
  DrawCanvasRuler(canvas, axis, layout.ruler_height);
  draw->ChannelsMerge();

  Route go_to;
  bool navigate = false;
  if (hovered_bar != nullptr) {
    ImGui::BeginTooltip();
    if (TimelineLane& lane = *hovered_bar_lane; lane.hover_text != nullptr) {
      const int64_t index = hovered_bar - lane.bars.data();
      if (lane.hovered_bar != index) {
        lane.hovered_text = lane.hover_text(state, *hovered_bar);
        lane.hovered_bar = index;
      }
      ImGui::TextUnformatted(lane.hovered_text.c_str());
    }
    if (hovered_bar->has_link) ImGui::TextColored(colors::kMuted, "Click to open");
    ImGui::EndTooltip();
    if (hovered_bar->has_link) {
      ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
      // A click, not the end of a drag that panned the view.
      if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
          ImGui::GetIO().MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < 9.0f) {
        go_to = hovered_bar->link.ToRoute();
        navigate = true;
      }
    }
  } else if (hovered_lane != nullptr) {
    char count[32], span[32];
    ImGui::BeginTooltip();
    ImGui::Text("%s %s folded over %s", FormatCount(hovered_zone.count, count, sizeof count),
                hovered_lane->item_name,
                FormatDuration(hovered_zone.end_ms - hovered_zone.start_ms, span, sizeof span));
    ImGui::TextColored(colors::kMuted, "Zoom in (mouse wheel) to see each one");
    ImGui::EndTooltip();
  }
  ImGui::EndChild();
  if (navigate) Navigate(state, go_to);
}

void DrawLaneLegend(const char* succeeded_name, bool with_executors) {
  const float swatch = ImGui::GetTextLineHeight() * 0.8f;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  auto item = [&](BarKind kind, const char* name, bool removed_marker) {
    const BarColors c = ColorsOf(kind);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float y = p.y + (ImGui::GetTextLineHeight() - swatch) / 2;
    draw->AddRectFilled(ImVec2(p.x, y), ImVec2(p.x + swatch, y + swatch), c.fill);
    draw->AddRect(ImVec2(p.x, y), ImVec2(p.x + swatch, y + swatch), c.border);
    if (removed_marker) {
      draw->AddTriangleFilled(ImVec2(p.x + swatch, y), ImVec2(p.x + swatch * 0.5f, y + swatch / 2),
                              ImVec2(p.x + swatch, y + swatch), kRemovedMarker);
    }
    ImGui::Dummy(ImVec2(swatch + 4, swatch));
    ImGui::SameLine(0, 0);
    ImGui::TextUnformatted(name);
    ImGui::SameLine(0, ImGui::GetFontSize());
  };
  item(BarKind::kSucceeded, succeeded_name, false);
  item(BarKind::kFailed, "Failed", false);
  item(BarKind::kRunning, "Running (no end in the log)", false);
  if (with_executors) item(BarKind::kExecutorRemoved, "Executor removed", true);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float y = p.y + (ImGui::GetTextLineHeight() - swatch) / 2;
  draw->AddRectFilled(ImVec2(p.x, y), ImVec2(p.x + swatch, y + swatch), kZoneColor);
  ImGui::Dummy(ImVec2(swatch + 4, swatch));
  ImGui::SameLine(0, 0);
  ImGui::TextUnformatted("Folded (zoom in)");
  ImGui::SameLine(0, ImGui::GetFontSize());
  ImGui::TextColored(colors::kMuted, "wheel: zoom \xc2\xb7 drag: pan \xc2\xb7 double-click: all");
}

void DescribeLaneTimeline(const LaneTimelineModel& timeline, JsonWriter& out) {
  out.Key("lanes");
  out.BeginArray();
  for (const TimelineLane& lane : timeline.lanes) {
    out.BeginObject();
    out.Field("title", lane.title);
    out.FieldInt("bars", static_cast<int64_t>(lane.bars.size()));
    out.FieldInt("rows", static_cast<int64_t>(lane.rows.size()));
    out.FieldInt("drawnBars", lane.drawn_bars);
    out.FieldInt("foldedZones", lane.folded_zones);
    out.EndObject();
  }
  out.EndArray();
  out.FieldInt("viewStartMs", static_cast<int64_t>(timeline.axis.view_start_ms));
  out.FieldInt("viewEndMs", static_cast<int64_t>(timeline.axis.view_end_ms));
}

}  // namespace afterglow::ui
