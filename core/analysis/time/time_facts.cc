#include "core/analysis/time/time_facts.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace afterglow::time_analysis {
namespace {

// One ended task as the analyses read it, sorted into stages by id.
struct EndedTask {
  int64_t task_id;
  int64_t launch;
  int64_t finish;
  int64_t run_ms;
  bool has_metrics;
};

int32_t ClampToInt32(int64_t value) {
  return static_cast<int32_t>(std::clamp<int64_t>(value, 0, INT32_MAX));
}

void FillStageTasks(std::vector<EndedTask>& tasks, int32_t cpus_per_task, StageFacts& stage) {
  std::sort(tasks.begin(), tasks.end(),
            [](const EndedTask& a, const EndedTask& b) { return a.task_id < b.task_id; });
  for (const EndedTask& t : tasks) {
    const int64_t slot = std::max<int64_t>(0, t.finish - t.launch);
    stage.slot_ms.push_back(ClampToInt32(slot));
    stage.slot_ms_sum += slot * cpus_per_task;
    stage.slot_ms_max = std::max(stage.slot_ms_max, slot);
    if (stage.first_launch == kNoTime || t.launch < stage.first_launch) stage.first_launch = t.launch;
    if (t.finish > stage.last_finish) stage.last_finish = t.finish;
    if (!t.has_metrics) continue;
    stage.run_ms.push_back(ClampToInt32(t.run_ms));
    stage.run_ms_sum += t.run_ms;
    stage.run_ms_max = std::max(stage.run_ms_max, t.run_ms);
    if (stage.metric_tasks_launch == kNoTime || t.launch < stage.metric_tasks_launch) {
      stage.metric_tasks_launch = t.launch;
    }
    if (t.finish > stage.metric_tasks_finish) stage.metric_tasks_finish = t.finish;
  }
}

}  // namespace

int32_t TimeFacts::StageIndex(int32_t stage_id) const {
  auto it = std::lower_bound(stages.begin(), stages.end(), stage_id,
                             [](const StageFacts& s, int32_t id) { return s.stage_id < id; });
  return it != stages.end() && it->stage_id == stage_id ? static_cast<int32_t>(it - stages.begin())
                                                        : -1;
}

TimeFactsResult GatherTimeFacts(const AttemptModel& attempt) {
  TimeFactsResult result;
  TimeFacts& facts = result.facts;
  facts.cpus_per_task = std::max(1, attempt.app.default_cpus_per_task);
  facts.app_start_ms = attempt.app.start_time;
  facts.app_ended = attempt.app.completed && attempt.app.end_time != kNoTime;
  facts.app_end_ms = facts.app_ended ? attempt.app.end_time : attempt.app.last_event_time;
  if (facts.app_start_ms == kNoTime) {
    result.problem = "the log has no SparkListenerApplicationStart: the application's start is unknown";
    return result;
  }
  if (facts.app_end_ms == kNoTime || facts.app_end_ms < facts.app_start_ms) {
    result.problem = "the log has no event after the application's start: its end is unknown";
    return result;
  }

  // Stages by id, each attempt's tasks together. Parents and status from the attempts.
  std::map<int32_t, StageFacts> stages;
  std::map<int32_t, int32_t> latest_attempt;
  for (const StageAttempt& s : attempt.stages) {
    StageFacts& stage = stages[s.stage_id];
    stage.stage_id = s.stage_id;
    auto seen = latest_attempt.find(s.stage_id);
    if (seen == latest_attempt.end()) {
      stage.parent_ids = s.parent_ids;
      latest_attempt[s.stage_id] = s.attempt_id;
    } else if (s.attempt_id < seen->second) {
      continue;
    } else {
      seen->second = s.attempt_id;
    }
    stage.completed_ok = s.status == StageStatus::kComplete && !s.failure_reason.present;
    stage.has_completion = s.completion_time != kNoTime;
  }
  std::unordered_map<int32_t, std::vector<EndedTask>> tasks_by_stage;
  const TaskColumns& tasks = attempt.tasks;
  for (size_t row = 0; row < tasks.size(); ++row) {
    const uint8_t flags = attempt.task_details.flags[row];
    const int64_t finish = tasks.finish_time[row];
    if ((flags & kTaskEnded) == 0 || finish <= 0) continue;
    tasks_by_stage[tasks.stage_id[row]].push_back(
        {tasks.task_id[row], tasks.launch_time[row], finish,
         attempt.task_details.metric(row, TaskMetric::kExecutorRunTime),
         (flags & kTaskHasMetrics) != 0});
  }
  for (auto& [stage_id, ended] : tasks_by_stage) {
    StageFacts& stage = stages[stage_id];
    stage.stage_id = stage_id;
    FillStageTasks(ended, facts.cpus_per_task, stage);
  }
  for (auto& [id, stage] : stages) facts.stages.push_back(std::move(stage));

  // Jobs by id (the object the History Server shows for each id).
  std::unordered_map<int32_t, int64_t> sql_of_job;
  for (const auto& [execution_id, execution] : attempt.sql.executions) {
    for (const auto& [job_id, status] : execution.jobs) sql_of_job[job_id] = execution_id;
  }
  for (const auto& [job_id, row] : attempt.job_rows) {
    const Job& job = attempt.job(row);
    JobFacts out;
    out.job_id = job_id;
    out.start_ms = job.submission_time;
    out.end_ms = job.shown().completion_time;
    if (auto sql = sql_of_job.find(job_id); sql != sql_of_job.end()) out.sql_execution_id = sql->second;
    // The job that owns a stage is the last one whose JobStart listed it (Sparklens'
    // stageIDToJobID is overwritten by each JobStart); job ids grow in log order.
    const int32_t job_index = static_cast<int32_t>(facts.jobs.size());
    for (int32_t stage_id : job.stage_ids) {
      const int32_t s = facts.StageIndex(stage_id);
      if (s >= 0) facts.stages[s].job = job_index;
    }
    facts.jobs.push_back(std::move(out));
  }
  for (uint32_t s = 0; s < facts.stages.size(); ++s) {
    const StageFacts& stage = facts.stages[s];
    if (stage.job < 0 || stage.slot_ms.empty()) continue;
    JobFacts& job = facts.jobs[stage.job];
    job.stages_with_tasks.push_back(s);
    if (stage.completed_ok && !stage.run_ms.empty()) job.completed_stages.push_back(s);
  }

  for (const Executor& e : attempt.executors) {
    if (e.add_time == kNoTime || e.total_cores <= 0) continue;
    facts.executors.push_back({e.executor_id, e.add_time, e.remove_time, e.total_cores});
  }
  return result;
}

}  // namespace afterglow::time_analysis
