#include "core/analysis/app_totals.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "core/analysis/shown_executors.h"

namespace afterglow {

bool IsLostExecutorReason(std::string_view remove_reason) {
  if (remove_reason.empty()) return false;
  std::string lower(remove_reason);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  // Removals the application asked for: YARN's "exited from explicit termination request"
  // (dynamic allocation releasing idle executors), "Executor killed by driver.", decommissioning
  // and the removals the driver sends at shutdown. Everything else (e.g. "Executor Process Lost",
  // "Container killed by YARN for exceeding memory limits", heartbeat timeouts) is a loss.
  // ("Remote RPC client disassociated. Likely due to containers exceeding thresholds" is an
  // out-of-memory kill, so "disassociated" is deliberately not in this list.)
  for (std::string_view normal :
       {"explicit termination request", "killed by driver", "decommission", "driver requested"}) {
    if (lower.find(normal) != std::string::npos) return false;
  }
  return true;
}

bool IsDecommissionReason(std::string_view remove_reason) {
  return remove_reason.starts_with("Executor decommission");
}

AppTotals ComputeAppTotals(const AttemptModel& attempt, const StringPool& pool) {
  AppTotals t;
  using M = TaskMetric;
  for (const auto& [key, index] : attempt.stage_rows) {
    const StageAttempt& stage = attempt.stage(index);
    const TaskMetricValues& m = stage.metrics;
    t.executor_run_time_ms += m[M::kExecutorRunTime];
    t.executor_cpu_time_ns += m[M::kExecutorCpuTime];
    t.jvm_gc_time_ms += m[M::kJvmGcTime];
    t.input_bytes += m[M::kInputBytesRead];
    t.output_bytes += m[M::kOutputBytesWritten];
    t.shuffle_read_bytes += m.ShuffleReadBytes();
    t.shuffle_write_bytes += m[M::kShuffleBytesWritten];
    t.memory_spilled_bytes += m[M::kMemoryBytesSpilled];
    t.disk_spilled_bytes += m[M::kDiskBytesSpilled];
    t.completed_tasks += stage.completed_tasks;
    t.failed_tasks += stage.failed_tasks;
    t.killed_tasks += stage.killed_tasks;
    switch (stage.status) {
      case StageStatus::kComplete: ++t.stages_complete; break;
      case StageStatus::kFailed: ++t.stages_failed; break;
      case StageStatus::kSkipped: ++t.stages_skipped; break;
      case StageStatus::kActive: ++t.stages_active; break;
      case StageStatus::kPending: ++t.stages_pending; break;
    }
  }
  for (const auto& [job_id, index] : attempt.job_rows) {
    switch (attempt.job(index).shown().status) {
      case JobStatus::kSucceeded: ++t.jobs_succeeded; break;
      case JobStatus::kFailed: ++t.jobs_failed; break;
      case JobStatus::kRunning: ++t.jobs_running; break;
      case JobStatus::kUnknown: break;
    }
  }
  const Executor* driver = nullptr;
  for (const Executor* e : ShownExecutors(attempt, pool, /*active_only=*/false)) {
    if (IsDriverId(pool.Get(e->executor_id))) {
      driver = e;
      continue;
    }
    ++t.executors_total;
    t.executor_cores += e->total_cores;
    if (e->is_active) continue;
    ++t.executors_removed;
    if (IsLostExecutorReason(pool.Get(e->remove_reason))) ++t.executors_lost;
  }
  if (t.executors_total == 0 && driver != nullptr && driver->total_cores > 0) {
    t.local_mode = true;
    t.executors_total = 1;
    t.executor_cores = driver->total_cores;
  }
  return t;
}

}  // namespace afterglow
