// The job page's "Event Timeline" (Spark's JobPage timeline): the job's stage attempts as bars
// coloured by status, and the executors that were there while it ran (added, removed or alive
// during the job's span), on one zoomable axis; clicking a stage opens its page.
#pragma once

#include "core/model/app_model.h"
#include "core/base/string_pool.h"
#include "ui/pages/jobs/job_page_model.h"
#include "ui/timeline/timeline_lanes.h"

namespace afterglow::ui {

struct AppState;

// Lanes "Stages" (every submitted attempt of the job's stages) and "Executors" (lifetimes that
// overlap the job's span: submission to completion, or to the log's end while it runs).
void BuildJobTimeline(const AttemptModel& model, const StringPool& strings, const JobPageModel& job,
                      LaneTimelineModel& out);
// The collapsible section (open by default) drawing state.job_page.timeline.
void DrawJobTimelineSection(AppState& state);

}  // namespace afterglow::ui
