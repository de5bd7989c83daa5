#include "core/analysis/time/afterglow_time_figures.h"

#include <algorithm>

#include "core/analysis/time/critical_path.h"
#include "core/analysis/time/executor_count.h"
#include "core/analysis/time/schedule_inputs.h"

namespace afterglow::time_analysis {
namespace {

double Share(int64_t part, int64_t whole) {
  return whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

}  // namespace

AfterglowTimeFigures BeginAfterglowTimeFigures(const TimeFacts& facts,
                                               std::vector<Stretch>& stage_spans) {
  AfterglowTimeFigures f;
  f.wall_clock_ms = facts.wall_clock_ms();
  f.jobs = ComputeJobActivity(facts);
  f.driver_ms = f.jobs.idle_ms;
  f.job_ms = f.jobs.busy_ms;
  stage_spans.clear();
  // Reserved, not grown: one row per stage that ran tasks, which may be every stage.
  const size_t rows = std::count_if(facts.stages.begin(), facts.stages.end(),
                                    [](const StageFacts& s) { return s.slot_tasks() > 0; });
  f.stages.reserve(rows);
  stage_spans.reserve(rows);
  for (const StageFacts& s : facts.stages) {
    if (s.slot_tasks() == 0) continue;
    AfterglowStageRow row;
    row.stage_id = s.stage_id;
    row.tasks = s.slot_tasks();
    row.task_skew = s.slot_skew;
    const int64_t start = std::max(s.first_launch, facts.app_start_ms);
    const int64_t end = std::max(start, std::min(s.last_finish, facts.app_end_ms));
    row.span_ms = end - start;
    row.wall_clock_share_pct = Share(row.span_ms, f.wall_clock_ms);
    stage_spans.push_back({start, end});
    f.stages.push_back(row);
  }
  return f;
}

void FinishAfterglowTimeFigures(const TimeFacts& facts, CoreUsageSweep& sweep,
                                AfterglowTimeFigures& f) {
  f.usage = std::move(sweep.usage);
  const std::vector<StretchUsage>& busy = sweep.in_disjoint;
  std::vector<int64_t> no_task_ms(busy.size());
  f.critical_path_ms = f.driver_ms;
  f.ideal_ms = f.driver_ms;
  for (size_t b = 0; b < busy.size(); ++b) {
    no_task_ms[b] = busy[b].no_task_ms;
    f.in_jobs.available += busy[b].cores.available;
    f.in_jobs.used += busy[b].cores.used;
    f.driver_in_jobs_ms += busy[b].no_task_ms;
    int64_t longest = 0;
    for (uint32_t j : f.jobs.busy_jobs[b]) {
      longest = std::max(longest, CriticalPathMs(facts, facts.jobs[j].stages_with_tasks,
                                                 StageLength::kLongestSlot));
    }
    f.critical_path_ms += busy[b].no_task_ms + longest;
    const int64_t peak = busy[b].peak_offered_cores;
    f.ideal_ms += busy[b].no_task_ms + (peak > 0 ? busy[b].cores.used / peak : 0);
  }

  const ExecutorCount count = SparklensExecutorCount(facts);
  f.executors = count.max_concurrent;
  f.cores_per_executor =
      static_cast<int32_t>(std::max<int64_t>(1, f.usage.peak_offered_cores / f.executors));

  // A stage's used core-ms are its own tasks'; what the cores did for stages beside it counts as
  // not used by this one.
  const int64_t slots = std::max<int64_t>(1, f.usage.peak_offered_cores / facts.cpus_per_task);
  size_t k = 0;
  for (const StageFacts& s : facts.stages) {
    if (s.slot_tasks() == 0) continue;
    AfterglowStageRow& row = f.stages[k];
    row.p_ratio = static_cast<double>(row.tasks) / static_cast<double>(slots);
    row.core_ms_share_pct = Share(s.slot_ms_sum, f.usage.app.used);
    row.cores.available = sweep.in_spans[k].available;
    row.cores.used = std::min(s.slot_ms_sum, sweep.in_spans[k].used);
    ++k;
  }
  f.schedule = AfterglowScheduleInput(facts, f.jobs, no_task_ms);
}

}  // namespace afterglow::time_analysis
