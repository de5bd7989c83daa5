#include "core/analysis/time/sparklens_figures.h"

#include <algorithm>

#include "core/analysis/time/critical_path.h"
#include "core/analysis/time/job_groups.h"
#include "core/analysis/time/schedule_inputs.h"

namespace afterglow::time_analysis {

SparklensFigures ComputeSparklensFigures(const TimeFacts& facts) {
  SparklensFigures f;
  f.app_ms = facts.wall_clock_ms();
  const std::vector<std::vector<uint32_t>> groups = SparklensJobGroups(facts);
  f.executor_ms = SparklensTimeInJobsMs(facts, groups);
  f.driver_ms = f.app_ms - f.executor_ms;
  f.executors = SparklensExecutorCount(facts);
  const int64_t total_cores = f.executors.total_cores();

  int64_t critical = 0;
  for (const std::vector<uint32_t>& group : groups) {
    int64_t longest = 0;
    for (uint32_t j : group) {
      longest = std::max(longest, CriticalPathMs(facts, facts.jobs[j].completed_stages,
                                                 StageLength::kLongestRunTime));
      for (uint32_t s : facts.jobs[j].stages_with_tasks) f.in_job_run_ms += facts.stages[s].run_ms_sum;
    }
    critical += longest;
  }
  f.critical_path_ms = f.driver_ms + critical;
  f.ideal_ms = f.driver_ms + (total_cores > 0 ? f.in_job_run_ms / total_cores : 0);
  const int64_t in_job_available = total_cores * f.executor_ms;
  f.cluster_utilization_pct =
      in_job_available > 0 ? 100.0 * static_cast<double>(f.in_job_run_ms) / in_job_available : 0.0;

  // Stages that ended, with task metrics, inside the application's span: one row each, reserved
  // (there may be as many as tasks).
  const auto has_row = [&facts](const StageFacts& s) {
    return s.has_completion && s.run_tasks() > 0 && s.metric_tasks_launch >= facts.app_start_ms &&
           s.metric_tasks_finish <= facts.app_end_ms;
  };
  f.stages.reserve(std::count_if(facts.stages.begin(), facts.stages.end(), has_row));
  for (const StageFacts& s : facts.stages) {
    f.stage_run_ms += s.run_ms_sum;
    if (!has_row(s)) continue;
    SparklensStageRow row;
    row.stage_id = s.stage_id;
    row.p_ratio = total_cores > 0 ? static_cast<double>(s.run_tasks()) / total_cores : 0.0;
    row.task_skew = s.run_skew;
    row.one_core_ms_available = total_cores * (s.metric_tasks_finish - s.metric_tasks_launch);
    row.one_core_ms_used = s.run_ms_sum;
    f.stages.push_back(row);
  }
  f.schedule = SparklensScheduleInput(facts, groups, f.driver_ms);
  return f;
}

}  // namespace afterglow::time_analysis
