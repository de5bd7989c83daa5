// The core-usage chart: cores the executors offered (a line) against task slots busy (an area:
// the mean of each pixel's stretch, with its peak lighter above it, so a short burst stays
// visible), over a time range, with a hover readout of the step in force under the cursor.
#pragma once

#include <cstdint>

#include "imgui.h"
#include "ui/time/time_model.h"

namespace afterglow::ui {

struct UsageChartPlace {
  int64_t from_ms = 0, to_ms = 0;  // the visible range, epoch ms
  int64_t origin_ms = 0;           // where the time labels count from
  ImVec2 size;                     // width 0: the available width
  float left_margin = 0;           // as ChartSpec's (aligns the plot with a timeline's lanes)
  float right_margin = -1;
};

// Draws at the cursor; `cache` is the model's series for this chart (bucketed per width).
void DrawUsageChart(const char* id, const TimeModel& model, CoreUsageSeries& cache,
                    const UsageChartPlace& place);

// The chart's legend: a swatch per series.
void DrawUsageLegend();

}  // namespace afterglow::ui
