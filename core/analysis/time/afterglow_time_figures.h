// Afterglow's own reading of where the time went, where it improves on Sparklens'
// (sparklens_figures.h):
//  - driver time is the time with no job running (the union of job spans, job_groups.h): never
//    negative, never counted twice; the driver's work inside jobs (no task running) is its own
//    figure;
//  - cores are what the executors offered at each moment (core_usage.h), so dynamic allocation
//    is charged for what it held, not for its peak over the whole run;
//  - a task is the slot it held, launch to finish, times spark.task.cpus;
//  - critical path and ideal time are lower bounds of the real run by construction: per busy
//    stretch, its no-task time plus the longest job's critical path (each stage its longest
//    task), or plus its task core-ms spread over the most cores offered in that stretch.
#pragma once

#include <cstdint>
#include <vector>

#include "core/analysis/time/core_usage.h"
#include "core/analysis/time/job_groups.h"
#include "core/analysis/time/schedule_simulation.h"
#include "core/analysis/time/time_facts.h"

namespace afterglow::time_analysis {

struct AfterglowStageRow {
  int32_t stage_id = 0;
  int64_t tasks = 0;             // ended task attempts, every attempt of the stage
  double p_ratio = 0;            // tasks / task slots at the cluster's peak
  double task_skew = 0;          // longest / median task (launch to finish), 0 when median is 0
  int64_t span_ms = 0;           // first task launch to last task finish
  double wall_clock_share_pct = 0;  // span_ms / the application's wall-clock
  double core_ms_share_pct = 0;     // its used core-ms / all used core-ms
  // available: offered during its span (shared with any stage running beside it); used: its own
  // tasks' core-ms; wasted: the rest (idle, or busy for other stages).
  CoreMs cores;
};

struct AfterglowTimeFigures {
  int64_t wall_clock_ms = 0;
  JobActivity jobs;             // busy stretches and the driver's (no job) stretches
  int64_t driver_ms = 0;        // no job running
  int64_t job_ms = 0;           // some job running
  int64_t driver_in_jobs_ms = 0;  // a job running but no task
  CoreUsage usage;
  CoreMs in_jobs;               // core-ms within the busy stretches (Sparklens' utilisation scope)
  int64_t critical_path_ms = 0;
  int64_t ideal_ms = 0;
  int64_t executors = 1;          // most executors alive at once (the what-if's 100%)
  int32_t cores_per_executor = 1;  // peak offered cores / executors, at least 1
  std::vector<AfterglowStageRow> stages;  // stages that ran tasks, by id
  ScheduleInput schedule;
};

// The figures in two halves around the core-usage sweep (core_usage.h), which reads what the
// first half finds: the job activity's busy stretches and each stage's span (in the order of
// `stages`). The second half takes the sweep's results.
AfterglowTimeFigures BeginAfterglowTimeFigures(const TimeFacts& facts,
                                               std::vector<Stretch>& stage_spans);
void FinishAfterglowTimeFigures(const TimeFacts& facts, CoreUsageSweep& sweep,
                                AfterglowTimeFigures& figures);

}  // namespace afterglow::time_analysis
