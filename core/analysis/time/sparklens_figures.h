// Sparklens' own figures, by its definitions (EfficiencyStatisticsAnalyzer,
// ExecutorWallclockAnalyzer, StageSkewAnalyzer), so a user can set them beside an old Sparklens
// report. Where a definition misleads, Afterglow's own figures (afterglow_time_figures.h) say
// better; these stay as Sparklens computed them:
//  - driver time is the application's time minus the job groups' spans (job_groups.h), which
//    counts overlapping groups twice and can go negative;
//  - the cluster is the peak executor count times one executor's cores for the whole run, so
//    with dynamic allocation "available" counts cores the application never held;
//  - a task is its executorRunTime (no deserialisation, no result fetch), at least 1 ms.
// Sparklens printed its percentages from Float arithmetic; ours are doubles, so the last printed
// digit can differ in a tie.
#pragma once

#include <cstdint>
#include <vector>

#include "core/analysis/time/executor_count.h"
#include "core/analysis/time/schedule_simulation.h"
#include "core/analysis/time/time_facts.h"

namespace afterglow::time_analysis {

struct SparklensStageRow {
  int32_t stage_id = 0;
  double p_ratio = 0;    // tasks / total cores
  double task_skew = 0;  // longest task / median task (executorRunTime), 0 when the median is 0
  int64_t one_core_ms_available = 0;  // total cores x (last task finish - first task launch)
  int64_t one_core_ms_used = 0;       // sum of executorRunTime
  int64_t one_core_ms_wasted() const { return one_core_ms_available - one_core_ms_used; }
};

struct SparklensFigures {
  int64_t app_ms = 0;
  int64_t executor_ms = 0;  // the job groups' spans summed
  int64_t driver_ms = 0;    // app_ms - executor_ms; negative when groups overlap
  int64_t critical_path_ms = 0;  // driver_ms + per group, the longest job critical path
  int64_t ideal_ms = 0;          // driver_ms + in-job executorRunTime / total cores
  double cluster_utilization_pct = 0;  // in-job run time / (total cores x executor_ms)
  ExecutorCount executors;
  int64_t in_job_run_ms = 0;   // executorRunTime of the tasks of jobs inside the app's span
  int64_t stage_run_ms = 0;    // executorRunTime of every stage: the what-if's utilisation numerator
  std::vector<SparklensStageRow> stages;  // completed stages with task metrics, by id
  ScheduleInput schedule;                 // the what-if's input
};

SparklensFigures ComputeSparklensFigures(const TimeFacts& facts);

}  // namespace afterglow::time_analysis
