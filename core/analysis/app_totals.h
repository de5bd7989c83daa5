// Whole-application totals for the overview: the sums a Spark engineer adds up by hand from the
// History Server's answers. Every number is a sum of fields the REST API gives, computed from the
// same model fields the endpoints write, so a total always equals the sum over the API's rows:
//  - task metrics: sums over the stage attempts /stages lists (one row per (stage, attempt) the
//    History Server shows: AttemptModel::stage_rows) of v1.StageData's executorRunTime,
//    jvmGcTime, inputBytes, ... — every attempt counts, as every attempt's tasks used the cluster;
//  - task and stage counts: numCompleteTasks / numFailedTasks / numKilledTasks summed over the same
//    rows, stages counted by their status;
//  - jobs counted by /jobs status; executors counted over /allexecutors (driver excluded).
#pragma once

#include <cstdint>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "core/model/driver_id.h"

namespace afterglow {

struct AppTotals {
  // Sums over /stages rows (v1.StageData), in the API's units.
  int64_t executor_run_time_ms = 0;  // executorRunTime: the "task time" of the overview
  int64_t executor_cpu_time_ns = 0;  // executorCpuTime
  int64_t jvm_gc_time_ms = 0;        // jvmGcTime
  int64_t input_bytes = 0;
  int64_t output_bytes = 0;
  int64_t shuffle_read_bytes = 0;    // shuffleReadBytes (local + remote)
  int64_t shuffle_write_bytes = 0;   // shuffleWriteBytes
  int64_t memory_spilled_bytes = 0;  // memoryBytesSpilled
  int64_t disk_spilled_bytes = 0;    // diskBytesSpilled
  int64_t completed_tasks = 0;       // numCompleteTasks
  int64_t failed_tasks = 0;          // numFailedTasks
  int64_t killed_tasks = 0;          // numKilledTasks

  // Stage attempts by status (the /stages rows).
  int32_t stages_complete = 0, stages_failed = 0, stages_skipped = 0, stages_active = 0,
          stages_pending = 0;
  // Jobs by status (the /jobs rows).
  int32_t jobs_succeeded = 0, jobs_failed = 0, jobs_running = 0;
  // Executors other than the driver, as /allexecutors lists them.
  int32_t executors_total = 0;
  int64_t executor_cores = 0;     // totalCores summed over those executors
  int32_t executors_removed = 0;  // isActive false
  int32_t executors_lost = 0;     // removed for a reason other than a normal shutdown
  // Local mode (spark.master local[N]): no executor but the driver, which ran the tasks on its
  // own cores. Counted as the application's one executor (executors_total 1, executor_cores its
  // cores), as the Spark UI's Executors tab lists the driver with them, so that a comparison
  // or a digest does not say "0 executors, 0 cores" of a run that had N.
  bool local_mode = false;

  // GC time as a share of task time, 0 when no task ran.
  double GcFraction() const {
    return executor_run_time_ms > 0
               ? static_cast<double>(jvm_gc_time_ms) / static_cast<double>(executor_run_time_ms)
               : 0.0;
  }
};

AppTotals ComputeAppTotals(const AttemptModel& attempt, const StringPool& pool);

// Whether an executor's removeReason means it was lost (a crash, a lost container, a killed
// heartbeat) rather than released on purpose (dynamic allocation, decommissioning, the
// application's own shutdown). An empty reason is not a loss.
bool IsLostExecutorReason(std::string_view remove_reason);

// Whether an executor's removeReason is Spark's ExecutorDecommission loss reason: "Executor
// decommission." or, with the decommission message, "Executor decommission: <why>" (docs/SPARK-
// SEMANTICS.md fact 123).
bool IsDecommissionReason(std::string_view remove_reason);

}  // namespace afterglow
