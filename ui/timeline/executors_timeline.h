// The executors page's timeline: one row per executor record, a bar from its addition to its
// removal (or the log's end), with the removal reason in the tooltip, as Spark's event timeline
// shows executors added and removed.
#pragma once

#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "ui/timeline/timeline_lanes.h"

namespace afterglow::ui {

struct AppState;

void BuildExecutorsTimeline(const AttemptModel& model, const StringPool& strings,
                            LaneTimelineModel& out);
// The collapsible section drawing state.executors_timeline. Call from the executors view, under
// its table.
void DrawExecutorsTimelineSection(AppState& state);

}  // namespace afterglow::ui
