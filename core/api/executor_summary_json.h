// The JSON of a stage's per-executor parts: executorSummary (v1.ExecutorStageSummary by executor
// id), speculationSummary and executorMetricsDistributions, from core/query/stage_executor_rows.h.
#pragma once

#include <span>

#include "core/api/json_writer.h"
#include "core/query/stage_executor_rows.h"

namespace afterglow {

void WriteExecutorSummariesJson(JsonWriter& w, std::span<const StageExecutorRow> executors);
void WriteSpeculationSummaryJson(JsonWriter& w, const SpeculationSummary& summary);
void WriteExecutorDistributionsJson(JsonWriter& w, const ExecutorMetricsDistributions& d);

}  // namespace afterglow
