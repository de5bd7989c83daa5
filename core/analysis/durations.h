// The durations of a stage attempt and of a job, by Spark's UI rules, computed here once for the
// stages table, the stage and job pages, the jobs table and the findings.
//   stage: from its first task's launch to its completion, or to "now" while it runs; none before
//          a task launched (StageTableBase: firstTaskLaunchedTime, completionTime or currentTime).
//   job:   from its submission to its completion, or to "now" while it runs; none without a
//          submission time (AllJobsPage's JobDataSource).
// "Now" is the log's last event time: a replayed log has no wall clock worth reading.
#pragma once

#include <cstdint>

#include "core/model/app_model.h"

namespace afterglow {

inline constexpr int64_t kNoDuration = -1;

// Epoch-ms inputs, kNoTime (or INT64_MAX for the first launch) when unknown. kNoDuration when the
// start is unknown or the end comes before it.
int64_t StageDurationMs(int64_t first_launch_time, int64_t completion_time, int64_t now_ms);
int64_t JobDurationMs(int64_t submission_time, int64_t completion_time, int64_t now_ms);

int64_t StageDurationMs(const StageAttempt& stage, int64_t now_ms);
// The job's shown completion time (the counters written at its end, else the live ones).
int64_t JobDurationMs(const Job& job, int64_t now_ms);

// The application's wall-clock duration as the overview shows it: start to ApplicationEnd, start
// to the last event for a log without one; kNoDuration without a start.
int64_t AppDurationMs(const AppInfo& app);

// /sql's duration: completion minus submission, `now_ms` standing in for a running execution's
// end.
int64_t SqlDurationMs(const SqlExecutionRow& execution, int64_t now_ms);

// The "now" of the rules above for one log: its last event time (0 when it has none).
int64_t DurationNowMs(const AttemptModel& model);

}  // namespace afterglow
