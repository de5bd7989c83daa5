// The stage page's histogram of task durations: the tasks of the summary's Duration row
// (executorRunTime) in round bins (core/analysis/value_histogram.h), with the row's five
// quantiles marked, so the shape of a skew (one straggler, a second mode, a long tail) shows at a
// glance beside the numbers. A hover readout names the bin under the cursor.
#pragma once

#include "ui/pages/stages/stage_page_model.h"

namespace afterglow::ui {

// Draws at the cursor, the available width; nothing when the page has no summary.
void DrawDurationHistogram(const StagePageModel& page);

}  // namespace afterglow::ui
