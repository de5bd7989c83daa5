// The header's two names and swap button, the formatting the compare view's parts share, and
// the routes of aligned pairs.
#include "ui/pages/compare/compare_header.h"

#include <cstdio>
#include <cstdlib>

#include "ui/pages/compare/compare_view_parts.h"
#include "ui/widgets/format.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/widget_anchors.h"

namespace afterglow::ui {

const char* const kAlignmentRule =
    "Items are matched by what they are, not by id (ids shift between runs). SQL executions pair "
    "when their descriptions agree (line numbers aside), preferring the same physical-plan shape "
    "(the operator tree without ids or metrics). Jobs pair inside their paired SQL execution (or "
    "among the jobs outside SQL) by call site, in order. Stages pair inside their paired job by "
    "name (call site), preferring the same RDD lineage, in order. Anything left unpaired stands "
    "alone: a query only one run has, or the second stage of a stage that became two. Two chosen "
    "jobs or SQL executions pair as chosen, and what is inside them pairs in order.";

Route PairRoute(const AppState& state, AlignedKind kind, int row) {
  Route route = state.route;
  route.view = ViewId::kCompare;
  route.compare.pair = row >= 0 ? PairOf(kind) : ComparePair::kNone;
  route.compare.row = row >= 0 ? row : -1;
  return route;
}

const char* FormatMetricValue(compare::MetricUnit unit, int64_t value, char* out, size_t size) {
  using U = compare::MetricUnit;
  if (value < 0) {
    std::snprintf(out, size, "\xe2\x80\x94");
    return out;
  }
  switch (unit) {
    case U::kMillis: return FormatDuration(value, out, size);
    case U::kNanos: return FormatDuration(value / 1'000'000, out, size);
    case U::kBytes: return FormatBytes(static_cast<uint64_t>(value), out, size);
    case U::kCount: return FormatCount(static_cast<uint64_t>(value), out, size);
  }
  return out;
}

const char* FormatMetricDelta(compare::MetricUnit unit, int64_t delta, char* out, size_t size) {
  if (delta == 0) {
    std::snprintf(out, size, "0");
    return out;
  }
  char magnitude[48];
  FormatMetricValue(unit, std::llabs(delta), magnitude, sizeof magnitude);
  std::snprintf(out, size, "%s%s", delta > 0 ? "+" : "\xe2\x80\x93", magnitude);
  return out;
}

ImVec4 ChangeColor(int64_t delta, bool higher_is_worse) {
  if (!higher_is_worse || delta == 0) return ImGui::GetStyleColorVec4(ImGuiCol_Text);
  return delta > 0 ? colors::kFailed : colors::kSucceeded;
}

bool CompareHeaderShown(const AppState& state) {
  return state.route.view == ViewId::kCompare && state.route.compare.items == CompareItems::kRuns &&
         state.compare.result.has_value() && state.summaries.size() >= 2;
}

float CompareHeaderWidth() { return ImGui::GetFontSize() * 30; }

namespace {

// "A app-1234" in the accent colour for A, the running colour for B; the whole name on hover.
void SideLabel(const char* side, const std::string& name, const ImVec4& color, float width) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(color, "%s", side);
  ImGui::SameLine(0, ImGui::GetFontSize() * 0.3f);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float height = ImGui::GetFrameHeight();
  ImGui::PushClipRect(at, ImVec2(at.x + width, at.y + height), true);
  ImGui::TextUnformatted(name.c_str());
  ImGui::PopClipRect();
  ImGui::SameLine();
  ImGui::SetCursorScreenPos(at);
  ImGui::Dummy(ImVec2(width, ImGui::GetTextLineHeight()));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s: %s", side, name.c_str());
}

}  // namespace

void DrawCompareHeader(AppState& state) {
  const CompareModel& model = state.compare;
  const float em = ImGui::GetFontSize();
  SideLabel("A", model.name_a, colors::kAccent, em * 12);
  AnchorLastItem("compareA", model.name_a.c_str());
  ImGui::SameLine(0, em * 0.4f);
  if (ImGui::SmallButton("Swap##compare")) SwapComparedSides(state);
  AnchorLastItem("compareSwap");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Swap A and B: B becomes the baseline");
  ImGui::SameLine(0, em * 0.4f);
  SideLabel("B", model.name_b, colors::kRunning, em * 12);
  AnchorLastItem("compareB", model.name_b.c_str());
  ImGui::SameLine();
}

void SwapComparedSides(AppState& state) {
  if (state.route.compare.items == CompareItems::kRuns) {
    state.compare.Swap();
    state.compare.built = false;  // rebuilt for the new order
    PrepareRoute(state);
    return;
  }
  Route route = state.route;
  std::swap(route.id, route.compare.other);
  route.compare.pair = ComparePair::kNone;
  route.compare.row = -1;
  Navigate(state, route);
}

}  // namespace afterglow::ui
