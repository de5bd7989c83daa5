// The wall-clock durations of an application, a job, a stage attempt and a SQL execution, each
// defined once so the overview, the findings and the comparison of two runs agree.
#pragma once

#include <cstdint>

#include "core/model/app_model.h"

namespace afterglow {

// Start to ApplicationEnd; start to the last event for a log without one; -1 without a start.
int64_t AppDurationMs(const AppInfo& app);

// As Spark's stage tables show it: completion minus the first task's launch (submission when no
// task launched); -1 while it has not completed.
int64_t StageDurationMs(const StageAttempt& stage);

// Completion minus submission as /jobs gives them; -1 when either is unknown (Spark 1.x logs,
// a job still running).
int64_t JobDurationMs(const Job& job);

// /sql's duration: completion minus submission, `now_ms` standing in for a running execution's
// end.
int64_t SqlDurationMs(const SqlExecutionRow& execution, int64_t now_ms);

}  // namespace afterglow
