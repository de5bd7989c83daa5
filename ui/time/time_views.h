// The time analysis as the overview and #/timeline show it (ui/time/time_model.h): the overview's
// figures (actual, driver, critical path, ideal, utilisation) with its small usage chart, the
// executor what-if's curves with the model's assumptions beside them, #/timeline's usage chart
// aligned with its lanes, and what window.afterglow.state() reports of them.
#pragma once

#include "core/api/json_writer.h"
#include "ui/app/app_state.h"

namespace afterglow::ui {

// The overview's "Where the time went" section.
void DrawTimeFigures(AppState& state);
// The what-if curves: estimated wall-clock and utilisation against executor count.
void DrawWhatIf(const AppState& state);
// #/timeline's usage chart, its time area `label_width` right of the cursor as the lanes' is.
void DrawTimelineUsage(AppState& state, float label_width, float height);
// "time": {wallClockMs, driverMs, ..., whatIf: {done, modelEstimateMs, rows: [...]}}.
void DescribeTime(const AppState& state, JsonWriter& out);

}  // namespace afterglow::ui
