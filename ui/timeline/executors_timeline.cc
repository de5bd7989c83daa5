#include "ui/timeline/executors_timeline.h"

#include "core/analysis/task_view.h"
#include "ui/app/app_state.h"
#include "ui/timeline/app_timeline_model.h"
#include "ui/widgets/theme.h"

namespace afterglow::ui {

void BuildExecutorsTimeline(const AttemptModel& model, const StringPool& strings,
                            LaneTimelineModel& out) {
  out.Clear();
  out.lanes.push_back(ExecutorsLane(model, strings, TaskNow(model), true));
  out.Finish();
}

void DrawExecutorsTimelineSection(AppState& state) {
  if (!ImGui::CollapsingHeader("Executors Timeline", ImGuiTreeNodeFlags_DefaultOpen)) return;
  LaneTimelineModel& timeline = state.executors_timeline;
  if (timeline.BarCount() == 0) {
    ImGui::TextColored(colors::kMuted, "No executor was added in this log.");
    return;
  }
  DrawLaneLegend("Active at the end of the log", true);
  DrawLaneTimeline(state, timeline, "executors-timeline", ImGui::GetFontSize() * 20);
}

}  // namespace afterglow::ui
