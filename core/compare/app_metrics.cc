#include "core/compare/app_metrics.h"

#include "core/analysis/app_totals.h"
#include "core/analysis/durations.h"

namespace afterglow::compare {
namespace {

struct AppNumbers {
  AppTotals totals;
  int64_t duration_ms = -1;
  int64_t sql_executions = 0;
};

AppNumbers Read(const AttemptModel& model, const StringPool& pool) {
  return {ComputeAppTotals(model, pool), AppDurationMs(model.app),
          static_cast<int64_t>(model.sql.executions.size())};
}

}  // namespace

std::optional<double> AppMetricRow::Ratio() const {
  if (a <= 0 || b < 0) return std::nullopt;
  return static_cast<double>(b) / static_cast<double>(a);
}

std::vector<AppMetricRow> CompareAppMetrics(const AttemptModel& a, const StringPool& pool_a,
                                            const AttemptModel& b, const StringPool& pool_b) {
  const AppNumbers x = Read(a, pool_a), y = Read(b, pool_b);
  using U = MetricUnit;
  std::vector<AppMetricRow> rows;
  auto add = [&](const char* key, const char* label, U unit, bool worse, auto value) {
    rows.push_back({key, label, unit, value(x), value(y), worse});
  };
  add("durationMs", "Duration", U::kMillis, true, [](const AppNumbers& n) { return n.duration_ms; });
  add("taskTimeMs", "Task time", U::kMillis, true,
      [](const AppNumbers& n) { return n.totals.executor_run_time_ms; });
  add("cpuTimeNs", "CPU time", U::kNanos, true,
      [](const AppNumbers& n) { return n.totals.executor_cpu_time_ns; });
  add("executors", "Executors", U::kCount, false,
      [](const AppNumbers& n) { return int64_t{n.totals.executors_total}; });
  add("cores", "Executor cores", U::kCount, false,
      [](const AppNumbers& n) { return n.totals.executor_cores; });
  add("tasks", "Tasks", U::kCount, false, [](const AppNumbers& n) {
    return n.totals.completed_tasks + n.totals.failed_tasks + n.totals.killed_tasks;
  });
  add("stages", "Stage attempts", U::kCount, false, [](const AppNumbers& n) {
    const AppTotals& t = n.totals;
    return int64_t{t.stages_complete} + t.stages_failed + t.stages_skipped + t.stages_active +
           t.stages_pending;
  });
  add("jobs", "Jobs", U::kCount, false, [](const AppNumbers& n) {
    return int64_t{n.totals.jobs_succeeded} + n.totals.jobs_failed + n.totals.jobs_running;
  });
  add("sqlExecutions", "SQL executions", U::kCount, false,
      [](const AppNumbers& n) { return n.sql_executions; });
  add("inputBytes", "Input", U::kBytes, false, [](const AppNumbers& n) { return n.totals.input_bytes; });
  add("outputBytes", "Output", U::kBytes, false,
      [](const AppNumbers& n) { return n.totals.output_bytes; });
  add("shuffleReadBytes", "Shuffle read", U::kBytes, true,
      [](const AppNumbers& n) { return n.totals.shuffle_read_bytes; });
  add("shuffleWriteBytes", "Shuffle write", U::kBytes, true,
      [](const AppNumbers& n) { return n.totals.shuffle_write_bytes; });
  add("memorySpilledBytes", "Spill (memory)", U::kBytes, true,
      [](const AppNumbers& n) { return n.totals.memory_spilled_bytes; });
  add("diskSpilledBytes", "Spill (disk)", U::kBytes, true,
      [](const AppNumbers& n) { return n.totals.disk_spilled_bytes; });
  add("gcTimeMs", "GC time", U::kMillis, true, [](const AppNumbers& n) { return n.totals.jvm_gc_time_ms; });
  add("failedTasks", "Failed tasks", U::kCount, true,
      [](const AppNumbers& n) { return n.totals.failed_tasks; });
  add("killedTasks", "Killed tasks", U::kCount, true,
      [](const AppNumbers& n) { return n.totals.killed_tasks; });
  add("failedStages", "Failed stages", U::kCount, true,
      [](const AppNumbers& n) { return int64_t{n.totals.stages_failed}; });
  add("failedJobs", "Failed jobs", U::kCount, true,
      [](const AppNumbers& n) { return int64_t{n.totals.jobs_failed}; });
  return rows;
}

}  // namespace afterglow::compare
