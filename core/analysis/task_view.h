// Derived per-task values, computed the way Spark's store derives them from a TaskDataWrapper
// (storeTypes.scala, AppStatusUtils.scala): the API status, duration, scheduler delay, getting-
// result time, the metric values the API shows, and the values of Spark's per-metric indices
// that taskList sorting and taskSummary quantiles walk (docs/SPARK-SEMANTICS.md facts 43-59).
#pragma once

#include <cstdint>

#include "core/events/task_metrics.h"
#include "core/model/app_model.h"
#include "core/model/task_details.h"

namespace afterglow {

// The time that stands in for the History Server's "now" and listing lastUpdated (running
// tasks' durations): the latest event time of the log.
int64_t TaskNow(const AttemptModel& model);

// The task's status as the API and the UI show it: the model's TaskColumns::status, with GET
// RESULT for a running task fetching its result remotely.
TaskApiStatus TaskStatusOf(const AttemptModel& model, uint32_t row);
bool TaskHasMetrics(const AttemptModel& model, uint32_t row);

// TaskDataWrapper.duration: Finish - Launch for finished tasks, now - Launch otherwise. The API
// omits it when <= 0.
int64_t TaskStoredDuration(const AttemptModel& model, uint32_t row, int64_t now);
// resultFetchStart as stored: the Getting Result Time when it is != 0, else -1.
int64_t TaskResultFetchStart(const AttemptModel& model, uint32_t row);

// AppStatusUtils.gettingResultTime / schedulerDelay on raw values.
int64_t GettingResultTime(int64_t launch_time, int64_t fetch_start, int64_t duration, int64_t now);
int64_t SchedulerDelay(int64_t launch_time, int64_t fetch_start, int64_t duration,
                       int64_t deserialize_time, int64_t serialize_time, int64_t run_time,
                       int64_t now);

// The metric value the task API shows. For FAILED/KILLED (any non-SUCCESS) tasks this reproduces
// Spark 3.4-4.0's LiveEntityHelpers.makeNegative, which passes the push-based shuffle and
// remote-requests fields to createMetrics in the wrong order (docs/SPARK-SEMANTICS.md fact 48;
// fixed by SPARK-54505): some fields show another metric's value.
int64_t ShownTaskMetric(const AttemptModel& model, uint32_t row, TaskMetric metric,
                        TaskApiStatus status);
// The metric's value in Spark's store: the value for SUCCESS tasks, -shown-1 for other tasks
// with metrics (SPARK-26260), -1 for tasks without metrics. Index walks start at 0, so only
// successful tasks take part in most quantiles and run-time sorting puts the others first.
int64_t StoredTaskMetric(const AttemptModel& model, uint32_t row, TaskMetric metric,
                         TaskApiStatus status);

// What the API shows for schedulerDelay / gettingResultTime of one task (docs/SPARK-SEMANTICS.md
// fact 50).
int64_t ShownSchedulerDelay(const AttemptModel& model, uint32_t row, TaskApiStatus status,
                            int64_t now);
int64_t ShownGettingResultTime(const AttemptModel& model, uint32_t row, int64_t now);

}  // namespace afterglow
