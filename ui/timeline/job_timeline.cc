#include "ui/timeline/job_timeline.h"

#include <algorithm>
#include <set>

#include "core/analysis/task_view.h"
#include "ui/app/app_state.h"
#include "ui/timeline/app_timeline_model.h"
#include "ui/widgets/theme.h"

namespace afterglow::ui {

void BuildJobTimeline(const AttemptModel& model, const StringPool& strings, const JobPageModel& job,
                      LaneTimelineModel& out) {
  out.Clear();
  if (!job.found) return;
  const int64_t now_ms = TaskNow(model);
  std::set<int64_t> stage_ids;
  for (const JobStageRow& row : job.stages) stage_ids.insert(row.stage_id);
  TimelineLane stages = StagesLane(model, strings, now_ms);
  std::erase_if(stages.bars, [&](const LaneBar& bar) { return !stage_ids.contains(bar.link.id); });
  // The job's span: Spark 1.x logs carry no job times, so the stages' span stands in.
  int64_t start = job.submitted_ms, end = job.completed_ms >= 0 ? job.completed_ms : now_ms;
  if (start < 0) {
    start = INT64_MAX;
    end = 0;
    for (const LaneBar& bar : stages.bars) {
      start = std::min(start, bar.span.start_ms);
      end = std::max(end, bar.span.end_ms);
    }
  }
  TimelineLane executors = ExecutorsLane(model, strings, now_ms, false);
  std::erase_if(executors.bars, [&](const LaneBar& bar) {
    return bar.span.end_ms < start || bar.span.start_ms > end;
  });
  if (!executors.bars.empty()) out.lanes.push_back(std::move(executors));
  out.lanes.push_back(std::move(stages));
  out.Finish();
}

void DrawJobTimelineSection(AppState& state) {
  if (!ImGui::CollapsingHeader("Event Timeline##job", ImGuiTreeNodeFlags_DefaultOpen)) return;
  LaneTimelineModel& timeline = state.job_page.timeline;
  if (timeline.BarCount() == 0) {
    ImGui::TextColored(colors::kMuted, "No stage of this job was submitted.");
    return;
  }
  DrawLaneLegend("Completed / executor active", true);
  DrawLaneTimeline(state, timeline, "job-timeline", ImGui::GetFontSize() * 12);
}

}  // namespace afterglow::ui
