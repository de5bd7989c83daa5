// The jobs page's "Event Timeline" (Spark's AllJobsPage timeline): executors added and removed,
// and jobs as bars coloured by status, on one zoomable axis; clicking a job opens #/jobs/<id>.
#pragma once

#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "ui/pages/jobs/jobs_table_model.h"
#include "ui/timeline/timeline_lanes.h"

namespace afterglow::ui {

struct AppState;

// Lanes "Executors" and "Jobs" from the status model and the jobs table (the API's jobs).
void BuildJobsTimeline(const AttemptModel& model, const StringPool& strings,
                       const JobsTableModel& jobs, LaneTimelineModel& out);
// The collapsible section (open by default) drawing state.jobs_timeline. Call from the jobs view.
void DrawJobsTimelineSection(AppState& state);

}  // namespace afterglow::ui
