#include "core/analysis/time/time_facts.h"

#include <algorithm>
#include <map>
#include <span>
#include <unordered_map>

#include "core/analysis/time/task_skew.h"

namespace afterglow::time_analysis {
namespace {

int32_t ClampToInt32(int64_t value) {
  return static_cast<int32_t>(std::clamp<int64_t>(value, 0, INT32_MAX));
}

// A task row the analyses read: ended, with a finish time.
bool IsEndedTask(const AttemptModel& attempt, size_t row) {
  return (attempt.task_details.flags[row] & kTaskEnded) != 0 && attempt.tasks.finish_time[row] > 0;
}

// The end of a step that reads `budget` more of `total` items from `cursor` (budget may be
// SIZE_MAX).
size_t StepEnd(size_t cursor, size_t budget, size_t total) {
  return budget >= total - cursor ? total : cursor + budget;
}

// What the facts read of one stage object, released (core/model/app_model.h) or not.
struct StageObjectView {
  int32_t stage_id = 0;
  int32_t attempt_id = 0;
  StageStatus status = StageStatus::kPending;
  bool failed = false;
  bool has_completion = false;
  const std::vector<int32_t>* parent_ids = nullptr;
};

StageObjectView ViewOf(const AttemptModel& attempt, uint32_t index) {
  if (const StageAttempt* s = attempt.stages.find(index)) {
    return {s->stage_id, s->attempt_id, s->status, s->failure_reason.present,
            s->completion_time != kNoTime, &s->parent_ids};
  }
  const StageObjectFacts& k = attempt.stages.kept(index);
  return {k.stage_id, k.attempt_id, k.status, k.failed, k.has_completion, &k.parent_ids};
}

}  // namespace

int32_t TimeFacts::StageIndex(int32_t stage_id) const {
  auto it = std::lower_bound(stages.begin(), stages.end(), stage_id,
                             [](const StageFacts& s, int32_t id) { return s.stage_id < id; });
  return it != stages.end() && it->stage_id == stage_id ? static_cast<int32_t>(it - stages.begin())
                                                        : -1;
}

void TimeFactsGathering::Start(const AttemptModel& attempt) {
  *this = TimeFactsGathering();
  attempt_ = &attempt;
  TimeFacts& facts = result_.facts;
  facts.cpus_per_task = std::max(1, attempt.app.default_cpus_per_task);
  facts.app_start_ms = attempt.app.start_time;
  facts.app_ended = attempt.app.completed && attempt.app.end_time != kNoTime;
  facts.app_end_ms = facts.app_ended ? attempt.app.end_time : attempt.app.last_event_time;
  if (facts.app_start_ms == kNoTime) {
    result_.problem = "the log has no SparkListenerApplicationStart: the application's start is unknown";
    return;
  }
  if (facts.app_end_ms == kNoTime || facts.app_end_ms < facts.app_start_ms) {
    result_.problem = "the log has no event after the application's start: its end is unknown";
    return;
  }

  // Stages by id, each attempt's tasks together; parents and status from the attempts (in
  // slices: the kStages phase). A stage that only tasks name is added when the tasks are counted.
  // Sorted as (id, index) pairs, not indices compared through the attempts: one pass over
  // them, then a sort of small values (usually already in order: attempts are logged by id).
  stage_order_.resize(attempt.stages.size());
  for (uint32_t i = 0; i < stage_order_.size(); ++i) {
    stage_order_[i] = {ViewOf(attempt, i).stage_id, i};
  }
  if (!std::is_sorted(stage_order_.begin(), stage_order_.end())) {
    std::sort(stage_order_.begin(), stage_order_.end());
  }
  // One StageFacts per id, reserved at once: a log of one-task jobs has as many stages as tasks,
  // and a vector grown by doubling holds the old and the new array at once (a third more at the
  // peak than the facts themselves), which the page's heap, never shrinking, would keep.
  size_t stage_ids = 0;
  for (size_t i = 0; i < stage_order_.size(); ++i) {
    if (i == 0 || stage_order_[i].first != stage_order_[i - 1].first) ++stage_ids;
  }
  facts.stages.reserve(stage_ids);
  phase_ = Phase::kStages;
}

bool TimeFactsGathering::StepStages(size_t task_budget) {
  TimeFacts& facts = result_.facts;
  // A stage attempt costs some ten times a task's reading here (its parents copied, its
  // scattered fields read): a log of one-task jobs has as many stages as tasks.
  constexpr size_t kTasksPerStage = 10;
  const size_t end = StepEnd(cursor_, std::max<size_t>(1, task_budget / kTasksPerStage),
                             stage_order_.size());
  for (; cursor_ < end; ++cursor_) {
    const StageObjectView s = ViewOf(*attempt_, stage_order_[cursor_].second);
    // An id's attempts in log order: the first names the parents; the latest attempt seen so far
    // (a lower one logged after it is ignored) says the status.
    if (facts.stages.empty() || facts.stages.back().stage_id != s.stage_id) {
      StageFacts& stage = facts.stages.emplace_back();
      stage.stage_id = s.stage_id;
      stage.parent_ids = *s.parent_ids;
      latest_attempt_ = s.attempt_id;
    } else if (s.attempt_id < latest_attempt_) {
      continue;
    } else {
      latest_attempt_ = s.attempt_id;
    }
    StageFacts& stage = facts.stages.back();
    stage.completed_ok = s.status == StageStatus::kComplete && !s.failed;
    stage.has_completion = s.has_completion;
  }
  if (cursor_ < stage_order_.size()) return false;
  std::vector<std::pair<int32_t, uint32_t>>().swap(stage_order_);
  place_.assign(facts.stages.size(), 0);
  run_counts_.assign(facts.stages.size(), 0);
  last_task_id_.assign(facts.stages.size(), INT64_MIN);
  cursor_ = 0;
  return true;
}

uint32_t TimeFactsGathering::StageIndexOfRow(size_t row) {
  const int32_t stage_id = attempt_->tasks.stage_id[row];
  if (memo_index_ != UINT32_MAX && stage_id == memo_stage_id_) return memo_index_;
  TimeFacts& facts = result_.facts;
  int32_t s = facts.StageIndex(stage_id);
  if (s < 0) {
    // A stage no StageSubmitted named (a log cut at its head): its tasks still count.
    StageFacts stage;
    stage.stage_id = stage_id;
    auto at = std::lower_bound(facts.stages.begin(), facts.stages.end(), stage_id,
                               [](const StageFacts& f, int32_t id) { return f.stage_id < id; });
    s = static_cast<int32_t>(at - facts.stages.begin());
    facts.stages.insert(at, std::move(stage));
    place_.insert(place_.begin() + s, 0);
    run_counts_.insert(run_counts_.begin() + s, 0);
    last_task_id_.insert(last_task_id_.begin() + s, INT64_MIN);
  }
  memo_stage_id_ = stage_id;
  memo_index_ = static_cast<uint32_t>(s);
  return memo_index_;
}

void TimeFactsGathering::EndCount() {
  // place_ held each stage's count of ended tasks: turn counts into ranges.
  TimeFacts& facts = result_.facts;
  uint32_t slots = 0, runs = 0;
  for (size_t s = 0; s < facts.stages.size(); ++s) {
    StageFacts& stage = facts.stages[s];
    stage.slot_begin = slots;
    slots += place_[s];
    stage.slot_end = slots;
    place_[s] = stage.slot_begin;
    stage.run_begin = runs;
    runs += run_counts_[s];
    stage.run_end = runs;
    run_counts_[s] = stage.run_begin;
  }
  last_task_id_ = {};
  if (!in_id_order_) rows_.resize(slots);
  facts.slot_ms.resize(slots);
  facts.run_ms.resize(runs);
  memo_index_ = UINT32_MAX;  // stage indices are final from here on
}

void TimeFactsGathering::AddTask(StageFacts& stage, uint32_t row, uint32_t slot, uint32_t run) {
  TimeFacts& facts = result_.facts;
  const TaskColumns& tasks = attempt_->tasks;
  const int64_t launch = tasks.launch_time[row], finish = tasks.finish_time[row];
  const int64_t held = std::max<int64_t>(0, finish - launch);
  facts.slot_ms[slot] = ClampToInt32(held);
  stage.slot_ms_sum += held * facts.cpus_per_task;
  stage.slot_ms_max = std::max(stage.slot_ms_max, held);
  if (stage.first_launch == kNoTime || launch < stage.first_launch) stage.first_launch = launch;
  if (finish > stage.last_finish) stage.last_finish = finish;
  if ((attempt_->task_details.flags[row] & kTaskHasMetrics) == 0) return;
  const int64_t run_ms = attempt_->task_details.metric(row, TaskMetric::kExecutorRunTime);
  facts.run_ms[run] = ClampToInt32(run_ms);
  stage.run_ms_sum += run_ms;
  stage.run_ms_max = std::max(stage.run_ms_max, run_ms);
  if (stage.metric_tasks_launch == kNoTime || launch < stage.metric_tasks_launch) {
    stage.metric_tasks_launch = launch;
  }
  if (finish > stage.metric_tasks_finish) stage.metric_tasks_finish = finish;
}

void TimeFactsGathering::FillStage(uint32_t s) {
  TimeFacts& facts = result_.facts;
  StageFacts& stage = facts.stages[s];
  if (!in_id_order_) {
    const TaskColumns& tasks = attempt_->tasks;
    const std::span<uint32_t> rows(rows_.data() + stage.slot_begin, stage.slot_tasks());
    auto by_task_id = [&tasks](uint32_t a, uint32_t b) { return tasks.task_id[a] < tasks.task_id[b]; };
    if (!std::is_sorted(rows.begin(), rows.end(), by_task_id)) {
      std::sort(rows.begin(), rows.end(), by_task_id);
    }
    uint32_t slot = stage.slot_begin, run = stage.run_begin;
    for (uint32_t row : rows) {
      const bool has_metrics = (attempt_->task_details.flags[row] & kTaskHasMetrics) != 0;
      AddTask(stage, row, slot++, run);
      if (has_metrics) ++run;
    }
  }
  stage.slot_skew = LongestOverMedian(
      std::span<const int32_t>(facts.slot_ms.data() + stage.slot_begin, stage.slot_tasks()));
  stage.run_skew = LongestOverMedian(
      std::span<const int32_t>(facts.run_ms.data() + stage.run_begin, stage.run_tasks()));
}

void TimeFactsGathering::GatherJobsAndExecutors() {
  const AttemptModel& attempt = *attempt_;
  TimeFacts& facts = result_.facts;
  // Jobs by id (the object the History Server shows for each id).
  std::unordered_map<int32_t, int64_t> sql_of_job;
  for (const auto& [execution_id, execution] : attempt.sql.executions) {
    for (const auto& [job_id, status] : execution.jobs) sql_of_job[job_id] = execution_id;
  }
  facts.jobs.reserve(attempt.job_rows.size());
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
    if (stage.job < 0 || stage.slot_tasks() == 0) continue;
    JobFacts& job = facts.jobs[stage.job];
    job.stages_with_tasks.push_back(s);
    if (stage.completed_ok && stage.run_tasks() > 0) job.completed_stages.push_back(s);
  }
  for (const Executor& e : attempt.executors) {
    if (e.add_time == kNoTime || e.total_cores <= 0) continue;
    facts.executors.push_back({e.executor_id, e.add_time, e.remove_time, e.total_cores});
  }
}

bool TimeFactsGathering::Step(size_t task_budget) {
  if (!result_.problem.empty()) phase_ = Phase::kDone;
  const size_t task_rows = attempt_ != nullptr ? attempt_->tasks.size() : 0;
  while (phase_ != Phase::kDone) {
    switch (phase_) {
      case Phase::kStages:
        if (!StepStages(task_budget)) return false;
        phase_ = Phase::kCount;
        return false;
      case Phase::kCount: {
        // place_ counts each stage's ended tasks, run_counts_ those with metrics.
        const size_t end = StepEnd(cursor_, task_budget, task_rows);
        for (; cursor_ < end; ++cursor_) {
          if (!IsEndedTask(*attempt_, cursor_)) continue;
          const uint32_t s = StageIndexOfRow(cursor_);
          ++place_[s];
          const int64_t task_id = attempt_->tasks.task_id[cursor_];
          if (task_id < last_task_id_[s]) in_id_order_ = false;
          last_task_id_[s] = task_id;
          if ((attempt_->task_details.flags[cursor_] & kTaskHasMetrics) != 0) ++run_counts_[s];
        }
        if (cursor_ < task_rows) return false;
        EndCount();
        cursor_ = 0;
        phase_ = Phase::kPlace;
        return false;
      }
      case Phase::kPlace: {
        const size_t end = StepEnd(cursor_, task_budget, task_rows);
        for (; cursor_ < end; ++cursor_) {
          if (!IsEndedTask(*attempt_, cursor_)) continue;
          const uint32_t s = StageIndexOfRow(cursor_);
          if (!in_id_order_) {
            rows_[place_[s]++] = static_cast<uint32_t>(cursor_);
            continue;
          }
          // Rows in task id order: each task goes straight to its stage's next place.
          const bool has_metrics = (attempt_->task_details.flags[cursor_] & kTaskHasMetrics) != 0;
          AddTask(result_.facts.stages[s], static_cast<uint32_t>(cursor_), place_[s]++,
                  run_counts_[s]);
          if (has_metrics) ++run_counts_[s];
        }
        if (cursor_ < task_rows) return false;
        place_ = {};
        run_counts_ = {};
        cursor_ = 0;
        phase_ = Phase::kFill;
        return false;
      }
      case Phase::kFill: {
        size_t read = 0;
        while (cursor_ < result_.facts.stages.size() && (read == 0 || read < task_budget)) {
          read += result_.facts.stages[cursor_].slot_tasks() + 1;  // sorted, or read for skew
          FillStage(static_cast<uint32_t>(cursor_++));
        }
        if (cursor_ < result_.facts.stages.size()) return false;
        rows_ = {};
        phase_ = Phase::kJobs;
        return false;
      }
      case Phase::kJobs:
        GatherJobsAndExecutors();
        phase_ = Phase::kDone;
        break;
      case Phase::kDone:
        break;
    }
  }
  return true;
}

TimeFactsResult GatherTimeFacts(const AttemptModel& attempt) {
  TimeFactsGathering gathering;
  gathering.Start(attempt);
  while (!gathering.Step(SIZE_MAX)) {
  }
  return gathering.Take();
}

}  // namespace afterglow::time_analysis
