// #/timeline: the whole application on one zoomable axis, in lanes for jobs, stage attempts,
// executors' lifetimes and SQL executions. Clicking a bar opens its job, stage or query.
#include <cstdio>

#include "ui/widgets/format.h"
#include "ui/widgets/theme.h"
#include "ui/app/views.h"
#include "ui/time/time_views.h"

namespace afterglow::ui {

void DrawTimelineView(AppState& state) {
  ImGui::PushFont(Fonts().title);
  ImGui::TextUnformatted("Timeline");
  ImGui::PopFont();
  LaneTimelineModel& timeline = state.app_timeline;
  if (timeline.BarCount() == 0) {
    ImGui::TextColored(colors::kMuted, "Nothing in this log has a time to place on the axis.");
    return;
  }
  char span[32], count[32];
  const double extent = timeline.axis.extent_end_ms - timeline.axis.extent_start_ms;
  ImGui::TextColored(colors::kMuted, "%s bars over %s", FormatCount(timeline.BarCount(), count, sizeof count),
                     FormatDuration(static_cast<int64_t>(extent), span, sizeof span));
  for (const TimelineLane& lane : timeline.lanes) {
    ImGui::SameLine();
    ImGui::TextColored(colors::kMuted, "\xc2\xb7 %zu %s", lane.bars.size(), lane.item_name);
  }
  // Cores offered against slots busy, on the lanes' time axis (their labels are 8 em wide).
  DrawTimelineUsage(state, ImGui::GetFontSize() * 8, ImGui::GetFontSize() * 8);
  DrawLaneLegend("Succeeded / executor active", true);
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.2f));
  DrawLaneTimeline(state, timeline, "app-timeline", ImGui::GetContentRegionAvail().y - 4);
}

void DescribeTimelineView(const AppState& state, JsonWriter& out) {
  DescribeLaneTimeline(state.app_timeline, out);
  DescribeTime(state, out);
}

}  // namespace afterglow::ui
