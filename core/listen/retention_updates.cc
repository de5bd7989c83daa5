// Spark's store rows during a replay and the retention cleanups that delete from it (ASL
// cleanupJobs, cleanupStages, cleanupTasks; ElementTrackingStore.write; docs/SPARK-SEMANTICS.md
// fact 109). The store is the History Server's in-memory KVStore, whose index views order equal
// values by natural key.
#include <algorithm>
#include <climits>
#include <tuple>
#include <utility>
#include <vector>

#include "core/listen/app_status_listener.h"

namespace afterglow {
namespace {

// TaskDataWrapper's COMPLETION_TIME index: launchTime + duration, i.e. the finish time of an
// ended task. A TaskEnd without a finish time stores "now - launch" as its duration, and the
// History Server's now (the log's modification time) is later than every event.
int64_t TaskCompletionIndex(const AttemptModel& model, uint32_t row) {
  const int64_t finish = model.tasks.finish_time[row];
  return finish != 0 ? finish : INT64_MAX;
}

// A stored row not written yet reads as status 0, which must be in no cleanup order.
static_assert(JobStatus::kRunning == JobStatus{0} && StageStatus::kActive == StageStatus{0});

// Whether CleanupJobs may delete a stored job: its "completionTime" view starts at 0 (jobs
// without one are never deleted), and only finished jobs go.
bool JobIsDeletable(int64_t completion_time, uint8_t stored_status) {
  const auto status = static_cast<JobStatus>(stored_status);
  return completion_time >= 0 && status != JobStatus::kRunning && status != JobStatus::kUnknown;
}

// Whether CleanupStages may delete a stored stage: any but active or pending ones (the whole
// "completionTime" view, so skipped stages, at -1, go first).
bool StageIsDeletable(uint8_t stored_status) {
  const auto status = static_cast<StageStatus>(stored_status);
  return status != StageStatus::kActive && status != StageStatus::kPending;
}

}  // namespace

void AppStatusListener::WriteJob(uint32_t job_index, bool check_triggers) {
  const Job& job = model_->jobs[job_index];
  // (A row not written before reads as running: it is in no cleanup order.)
  StoredRow& row = stored_jobs_[job.job_id];
  if (JobIsDeletable(row.completion_time, row.status)) {
    job_cleanup_order_.erase({row.completion_time, job.job_id});
  }
  row = {job_index, job.live.completion_time, static_cast<uint8_t>(job.live.status)};
  if (JobIsDeletable(row.completion_time, row.status)) {
    job_cleanup_order_.insert({row.completion_time, job.job_id});
  }
  // A live object with the same id is written again by the final flush and wins.
  auto live = live_jobs_.find(job.job_id);
  if (live == live_jobs_.end() || live->second == job_index) model_->job_rows[job.job_id] = job_index;
  const int64_t count = static_cast<int64_t>(stored_jobs_.size());
  if (check_triggers && count > limits_.jobs) CleanupJobs(count);
}

void AppStatusListener::WriteStage(uint32_t stage_index, bool check_triggers) {
  const StageAttempt& stage = model_->stages[stage_index];
  const StageKey key{stage.stage_id, stage.attempt_id};
  // (A row not written before reads as active: it is in no cleanup order.)
  StoredRow& row = stored_stages_[key];
  if (StageIsDeletable(row.status)) stage_cleanup_order_.erase({row.completion_time, key});
  row = {stage_index, stage.completion_time, static_cast<uint8_t>(stage.status)};
  if (StageIsDeletable(row.status)) stage_cleanup_order_.insert({row.completion_time, key});
  auto live = live_stages_.find(key);
  if (live == live_stages_.end() || live->second == stage_index) {
    model_->stage_rows[key] = stage_index;
  }
  const int64_t count = static_cast<int64_t>(stored_stages_.size());
  if (check_triggers && count > limits_.stages) CleanupStages(count);
}

void AppStatusListener::DropLiveStage(FlatOrderedMap<StageKey, uint32_t>::iterator live) {
  const StageKey key = live->first;
  saved_tasks_.erase(live->second);
  live_stages_.erase(live);
  // No flush will write it now: the History Server shows the stored row, if any is left.
  auto stored = stored_stages_.find(key);
  if (stored != stored_stages_.end()) {
    model_->stage_rows[key] = stored->second.index;
  } else {
    model_->stage_rows.erase(key);
  }
}

void AppStatusListener::CountSavedTask(uint32_t stage_index) {
  int64_t& saved = saved_tasks_[stage_index];
  saved += 1;
  if (saved > limits_.tasks_per_stage) CleanupTasks(stage_index);
}

void AppStatusListener::CleanupJobs(int64_t count) {
  const int64_t to_delete = NumberToRemove(count, limits_.jobs);
  if (to_delete <= 0) return;
  for (int64_t deleted = 0; deleted < to_delete && !job_cleanup_order_.empty(); ++deleted) {
    const int32_t job_id = job_cleanup_order_.begin()->second;
    job_cleanup_order_.erase(job_cleanup_order_.begin());
    auto stored = stored_jobs_.find(job_id);
    const uint32_t stored_index = stored->second.index;
    stored_jobs_.erase(stored);
    if (live_jobs_.count(job_id) != 0) continue;
    model_->job_rows.erase(job_id);
    // A live stage writes its jobs again when it ends, even ended ones (ASL onTaskEnd): the
    // object stays while one lists it. No stage that becomes live later can list it.
    if (!model_->jobs.released(stored_index) && !ListedByLiveStage(stored_index)) {
      model_->jobs.Release(stored_index, {job_id});
    }
  }
}

bool AppStatusListener::ListedByLiveStage(uint32_t job_index) const {
  for (const auto& [key, stage_index] : live_stages_) {
    const std::vector<uint32_t>& jobs = model_->stages[stage_index].jobs;
    if (std::find(jobs.begin(), jobs.end(), job_index) != jobs.end()) return true;
  }
  return false;
}

void AppStatusListener::CleanupStages(int64_t count) {
  const int64_t to_delete = NumberToRemove(count, limits_.stages);
  if (to_delete <= 0) return;
  // Skipped stages (-1) go first; ties by (stage, attempt).
  for (int64_t deleted = 0; deleted < to_delete && !stage_cleanup_order_.empty(); ++deleted) {
    const StageKey key = stage_cleanup_order_.begin()->second;
    stage_cleanup_order_.erase(stage_cleanup_order_.begin());
    auto stored = stored_stages_.find(key);
    const uint32_t stored_index = stored->second.index;
    stored_stages_.erase(stored);
    const bool live = live_stages_.count(key) != 0;
    if (!live) {
      model_->stage_rows.erase(key);
      // Nothing shows or updates the object any more, and no later object of its key reads its
      // executor summaries (Spark deletes them with the row): only its facts stay.
      if (!model_->stages.released(stored_index)) {
        model_->stages.Release(stored_index, FactsOf(std::move(model_->stages[stored_index])));
      }
    }
    // The stage's RDDOperationGraphWrapper goes with its last stored attempt (ASL cleanupStages,
    // stageDataCount); a later JobStart listing the stage writes a new one.
    auto same_stage = stored_stages_.lower_bound({key.first, INT32_MIN});
    if (same_stage == stored_stages_.end() || same_stage->first.first != key.first) {
      model_->stage_rdd_graphs.erase(key.first);
    }
    // Its stored tasks go too; tasks still running are written when they end (or by the flush).
    auto rows = model_->stage_task_rows.find(key);
    if (rows == model_->stage_task_rows.end()) continue;
    std::vector<uint32_t>& list = rows->second;
    list.erase(std::remove_if(list.begin(), list.end(),
                              [&](uint32_t row) {
                                return (model_->task_details.flags[row] & kTaskEnded) != 0;
                              }),
               list.end());
    // Every reader takes a missing list for an empty one.
    if (list.empty() && !live) model_->stage_task_rows.erase(rows);
  }
}

void AppStatusListener::CleanupTasks(uint32_t stage_index) {
  int64_t& saved = saved_tasks_[stage_index];
  const int64_t to_delete = NumberToRemove(saved, limits_.tasks_per_stage);
  if (to_delete <= 0) return;
  const StageAttempt& stage = model_->stages[stage_index];
  auto rows = model_->stage_task_rows.find({stage.stage_id, stage.attempt_id});
  if (rows != model_->stage_task_rows.end()) {
    // During a replay only ended tasks are in the store; the oldest by completion time go,
    // ties by task id. Every position is examined once per cleanup, and a cleanup runs once per
    // tenth of the limit, so loading stays linear in the number of tasks.
    std::vector<uint32_t>& list = rows->second;
    std::vector<std::tuple<int64_t, int64_t, uint32_t>> stored;  // (completion, task id, position)
    for (uint32_t pos = 0; pos < list.size(); ++pos) {
      const uint32_t row = list[pos];
      if ((model_->task_details.flags[row] & kTaskEnded) == 0) continue;
      stored.emplace_back(TaskCompletionIndex(*model_, row), model_->tasks.task_id[row], pos);
    }
    const size_t take = std::min<size_t>(stored.size(), static_cast<size_t>(to_delete));
    if (take < stored.size()) {
      std::nth_element(stored.begin(), stored.begin() + take, stored.end());
    }
    std::vector<bool> deleted(list.size(), false);
    for (size_t i = 0; i < take; ++i) deleted[std::get<2>(stored[i])] = true;
    size_t out = 0;
    for (size_t pos = 0; pos < list.size(); ++pos) {
      if (!deleted[pos]) list[out++] = list[pos];
    }
    list.resize(out);
  }
  // Spark then deletes "running" rows for the rest, of which a replayed store has none, yet
  // lowers savedTasks by the full count.
  saved -= to_delete;
}

}  // namespace afterglow
