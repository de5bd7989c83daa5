// The listener's share of stage details and task lists: per-task detail columns, the task rows of
// each stage attempt, executor stage summaries (LiveExecutorStageSummary, docs/SPARK-SEMANTICS.md
// fact 41) and speculation summaries (docs/SPARK-SEMANTICS.md fact 42). AppStatusListener calls
// these from its task and stage-metrics handlers; they follow AppStatusListener.onTaskStart /
// onTaskEnd / updateStageLevelPeakExecutorMetrics.
#pragma once

#include <cstdint>

#include "core/base/string_pool.h"
#include "core/events/events.h"
#include "core/model/app_model.h"

namespace afterglow {

// After OnTaskStart appended the task's TaskColumns row `row`. `live_stage` is the stage attempt
// Spark still tracks (null when it is no longer live).
void RecordTaskStart(AttemptModel& model, uint32_t row, int32_t stage_id, int32_t stage_attempt_id,
                     const TaskInfoEvent& info, StageAttempt* live_stage);

// At the start of OnTaskEnd, before the live maps change. `row` is the task's row when the task
// is live (started and not yet ended), else -1: then it has no row to update, as in Spark.
void RecordTaskEnd(AttemptModel& model, StringPool& pool, int64_t row, const TaskEndEvent& event,
                   StageAttempt* live_stage);

// A StageExecutorMetrics event for a live stage attempt: creates the executor's stage summary and
// raises its peaks.
void RecordStageExecutorMetrics(StageAttempt& live_stage, StringId executor_id,
                                const ExecutorMetricValues& metrics);

}  // namespace afterglow
