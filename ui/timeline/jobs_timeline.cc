#include "ui/timeline/jobs_timeline.h"

#include "core/analysis/task_view.h"
#include "ui/app/app_state.h"
#include "ui/timeline/app_timeline_model.h"
#include "ui/widgets/theme.h"

namespace afterglow::ui {

void BuildJobsTimeline(const AttemptModel& model, const StringPool& strings,
                       const JobsTableModel& jobs, LaneTimelineModel& out) {
  out.Clear();
  const int64_t now_ms = TaskNow(model);
  out.lanes.push_back(ExecutorsLane(model, strings, now_ms, false));
  out.lanes.push_back(JobsLane(jobs, model, now_ms));
  out.Finish();
}

void DrawJobsTimelineSection(AppState& state) {
  if (!ImGui::CollapsingHeader("Event Timeline", ImGuiTreeNodeFlags_DefaultOpen)) return;
  LaneTimelineModel& timeline = state.jobs_timeline;
  if (timeline.BarCount() == 0) {
    ImGui::TextColored(colors::kMuted, "No job or executor with a time in this log.");
    return;
  }
  DrawLaneLegend("Succeeded / executor active", true);
  DrawLaneTimeline(state, timeline, "jobs-timeline", ImGui::GetFontSize() * 16);
}

}  // namespace afterglow::ui
