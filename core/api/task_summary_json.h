// The JSON of v1.TaskMetricDistributions (taskSummary, and a stage's taskMetricsDistributions)
// from the distributions core/analysis/task_quantiles.h computes, in Spark's field order.
#pragma once

#include <string_view>
#include <vector>

#include "core/analysis/task_quantiles.h"
#include "core/api/json_writer.h"

namespace afterglow {

// `key`: [v, v, ...] with Java's double text.
void WriteDoublesJson(JsonWriter& w, std::string_view key, const std::vector<double>& values);

void WriteTaskSummaryJson(JsonWriter& w, const TaskMetricDistributions& distributions);

}  // namespace afterglow
