#include "core/listen/app_status_listener.h"

#include "core/listen/task_detail_updates.h"
#include "core/listen/task_end_counts.h"

#include <algorithm>
#include <climits>
#include <string_view>

namespace afterglow {
namespace {

template <typename T>
void AddUnique(std::vector<T>& set, T value) {
  if (std::find(set.begin(), set.end(), value) == set.end()) set.push_back(value);
}

template <typename T>
void Remove(std::vector<T>& set, T value) {
  set.erase(std::remove(set.begin(), set.end(), value), set.end());
}

// TaskEndReason.toErrorString of TaskCommitDenied, the key of killedTasksSummary.
StringId CommitDeniedReason(StringPool& pool, const TaskEndEvent& event) {
  const std::string text = "TaskCommitDenied (Driver denied task commit) for job: " +
                           std::to_string(event.commit_denied_job) +
                           ", partition: " + std::to_string(event.commit_denied_partition) +
                           ", attemptNumber: " + std::to_string(event.commit_denied_attempt);
  return pool.Intern(text);
}

// Whether no two of `accumulables` share an id: sorted ids, not a search per entry, since a
// stage of a SQL job carries dozens.
bool HasDistinctIds(const std::vector<AccumulableEvent>& accumulables) {
  if (accumulables.size() < 2) return true;
  std::vector<int64_t> ids;
  ids.reserve(accumulables.size());
  for (const AccumulableEvent& acc : accumulables) ids.push_back(acc.id);
  std::sort(ids.begin(), ids.end());
  return std::adjacent_find(ids.begin(), ids.end()) == ids.end();
}

}  // namespace

void SortLikeScalaLongHashMap(std::vector<StageAccumulable>& accumulables, size_t total) {
  // Scala 2.13 mutable.HashMap: table of 16 buckets, doubled whenever an insert would reach the
  // 0.75 load factor; bucket = improve(key.##) & (capacity - 1) with improve(h) = h ^ (h >>> 16);
  // a bucket lists its nodes by ascending hash. Long.## is the int value when it fits an int.
  size_t capacity = 16;
  while (total >= capacity * 3 / 4) capacity *= 2;
  auto hash_of = [](int64_t key) -> uint32_t {
    const int32_t as_int = static_cast<int32_t>(key);
    const uint32_t h = as_int == key ? static_cast<uint32_t>(as_int)
                                     : static_cast<uint32_t>(key ^ (static_cast<uint64_t>(key) >> 32));
    return h ^ (h >> 16);
  };
  std::stable_sort(accumulables.begin(), accumulables.end(),
                   [&](const StageAccumulable& a, const StageAccumulable& b) {
                     const uint32_t ha = hash_of(a.id);
                     const uint32_t hb = hash_of(b.id);
                     const size_t ba = ha & (capacity - 1);
                     const size_t bb = hb & (capacity - 1);
                     if (ba != bb) return ba < bb;
                     return ha < hb;
                   });
}

AppStatusListener::AppStatusListener(StringPool* pool, AttemptModel* model, RetentionLimits limits)
    : pool_(pool),
      model_(model),
      default_pool_(pool->Intern("default")),
      limits_(limits) {}

void AppStatusListener::SeeTime(int64_t time) {
  if (time > model_->app.last_event_time) model_->app.last_event_time = time;
}

void AppStatusListener::OnLogStart(StringId spark_version) {
  model_->app.spark_version = spark_version;
}

void AppStatusListener::OnApplicationStart(const ApplicationStartEvent& event) {
  AppInfo& app = model_->app;
  app.has_start = true;
  app.app_id = event.app_id;
  app.attempt_id = event.attempt_id;
  app.name = event.name;
  app.user = event.user;
  app.start_time = event.time;
  SeeTime(event.time);
  ApplyDriverLogs(event);
}

void AppStatusListener::OnApplicationEnd(int64_t time) {
  model_->app.end_time = time;
  model_->app.completed = true;
  SeeTime(time);
}

void AppStatusListener::OnEnvironmentUpdate(OptString task_cpus) {
  if (!task_cpus.present) return;
  const std::string text(pool_->Get(task_cpus.id));
  const int value = std::atoi(text.c_str());
  if (value > 0) model_->app.default_cpus_per_task = value;
}

void AppStatusListener::CopyStageInfo(const StageInfoEvent& info, StageAttempt& stage) {
  stage.stage_id = info.stage_id;
  stage.attempt_id = info.attempt_id;
  stage.name = info.name;
  stage.num_tasks = info.num_tasks;
  stage.details = info.details;
  stage.submission_time = info.submission_time;
  stage.completion_time = info.completion_time;
  stage.failure_reason = info.failure_reason;
  stage.resource_profile_id = info.resource_profile_id;
  stage.shuffle_push_enabled = info.shuffle_push_enabled;
  stage.shuffle_mergers_count = info.shuffle_mergers_count;
  stage.rdd_ids = info.rdd_ids;
  stage.parent_ids = info.parent_ids;
  // StageInfo.accumulables is a HashMap by id (a repeated id keeps the last entry); the status
  // model drops internal and SQL entries (LiveEntityHelpers.newAccumulatorInfos).
  stage.accumulables.clear();
  const bool any_shown =
      std::any_of(info.accumulables.begin(), info.accumulables.end(),
                  [](const AccumulableEvent& acc) { return !acc.internal && !acc.metadata_sql; });
  if (!any_shown) return;  // most stages: only internal metrics, or SQL ones
  if (HasDistinctIds(info.accumulables)) {
    // The usual case: no entry replaces another, so none has to be looked for.
    for (const AccumulableEvent& acc : info.accumulables) {
      if (acc.internal || acc.metadata_sql) continue;
      stage.accumulables.push_back({acc.id, acc.name, acc.update, acc.value});
    }
    SortLikeScalaLongHashMap(stage.accumulables, info.accumulables.size());
    return;
  }
  std::vector<int64_t> distinct_ids;
  for (const AccumulableEvent& acc : info.accumulables) {
    const bool repeated =
        std::find(distinct_ids.begin(), distinct_ids.end(), acc.id) != distinct_ids.end();
    if (!repeated) distinct_ids.push_back(acc.id);
    auto existing = std::find_if(stage.accumulables.begin(), stage.accumulables.end(),
                                 [&](const StageAccumulable& a) { return a.id == acc.id; });
    if (existing != stage.accumulables.end()) stage.accumulables.erase(existing);
    if (acc.internal || acc.metadata_sql) continue;
    stage.accumulables.push_back({acc.id, acc.name, acc.update, acc.value});
  }
  SortLikeScalaLongHashMap(stage.accumulables, distinct_ids.size());
}

uint32_t AppStatusListener::GetOrCreateStage(const StageInfoEvent& info) {
  const StageKey key{info.stage_id, info.attempt_id};
  auto live = live_stages_.find(key);
  uint32_t index;
  if (live != live_stages_.end()) {
    index = live->second;
  } else {
    index = static_cast<uint32_t>(model_->stages.size());
    StageAttempt& created = model_->stages.emplace_back();
    created.scheduling_pool = default_pool_;
    live_stages_[key] = index;
    // A re-created attempt is written over the stored row the next time it is written, which
    // always happens (at its end, or at the final flush).
    model_->stage_rows[key] = index;
  }
  CopyStageInfo(info, model_->stages[index]);
  return index;
}

void AppStatusListener::OnJobStart(const JobStartEvent& event) {
  Job job;
  job.job_id = event.job_id;
  const StageInfoEvent* last_stage = nullptr;
  for (size_t i = 0; i < event.stage_info_count; ++i) {
    const StageInfoEvent& info = event.stage_infos[i];
    if (last_stage == nullptr || info.stage_id >= last_stage->stage_id) last_stage = &info;
    if (info.completion_time == kNoTime) job.num_tasks += info.num_tasks;
  }
  job.name = last_stage ? last_stage->name : kEmptyString;
  job.description = event.properties.job_description;
  job.job_group = event.properties.job_group;
  if (event.submission_time > 0) job.submission_time = event.submission_time;
  SeeTime(event.submission_time);
  job.stage_ids = event.stage_ids;
  RecordJobStageRdds(event, model_->stage_rdd_graphs);  // RDDOperationGraphWrapper per stage
  if (event.properties.job_tags.present) {
    std::string_view tags = pool_->Get(event.properties.job_tags.id);
    while (!tags.empty()) {
      const size_t comma = tags.find(',');
      const std::string_view tag = tags.substr(0, comma);
      if (!tag.empty()) AddUnique(job.job_tags, pool_->Intern(tag));
      if (comma == std::string_view::npos) break;
      tags.remove_prefix(comma + 1);
    }
    std::sort(job.job_tags.begin(), job.job_tags.end(), [&](StringId a, StringId b) {
      return pool_->Get(a) < pool_->Get(b);
    });
  }
  const uint32_t job_index = static_cast<uint32_t>(model_->jobs.size());
  model_->jobs.emplace_back() = std::move(job);
  model_->job_rows[event.job_id] = job_index;
  live_jobs_[event.job_id] = job_index;

  for (size_t i = 0; i < event.stage_info_count; ++i) {
    StageAttempt& stage = model_->stages[GetOrCreateStage(event.stage_infos[i])];
    stage.jobs.push_back(job_index);
  }
}

void AppStatusListener::OnJobEnd(int32_t job_id, int64_t completion_time, bool succeeded) {
  auto live = live_jobs_.find(job_id);
  if (live == live_jobs_.end()) return;
  const uint32_t live_index = live->second;
  Job& job = model_->jobs[live_index];
  live_jobs_.erase(live);
  // Pending stages of the job were never run: they become skipped (ASL onJobEnd). Dropping one
  // moves the live stages after it, so the walk goes on from the first key past it.
  for (auto it = live_stages_.begin(); it != live_stages_.end();) {
    StageAttempt& stage = model_->stages[it->second];
    const bool in_job = std::find(job.stage_ids.begin(), job.stage_ids.end(), it->first.first) !=
                        job.stage_ids.end();
    if (in_job && stage.status == StageStatus::kPending) {
      stage.status = StageStatus::kSkipped;
      AddUnique(job.skipped_stage_set, stage.stage_id);
      job.live.skipped_tasks += stage.num_tasks;
      job.live.active_stages -= 1;
      const StageKey key = it->first;
      const uint32_t stage_index = it->second;
      DropLiveStage(it);
      WriteStage(stage_index, /*check_triggers=*/true);
      it = live_stages_.upper_bound(key);
    } else {
      ++it;
    }
  }
  job.live.status = succeeded ? JobStatus::kSucceeded : JobStatus::kFailed;
  job.live.completion_time = completion_time > 0 ? completion_time : kNoTime;
  SeeTime(completion_time);
  job.Write();
  WriteJob(live_index, /*check_triggers=*/true);
  ReleaseEndedJobIndices({live_index});
}

void AppStatusListener::ReleaseEndedJobIndices(const std::vector<uint32_t>& job_indices) {
  for (uint32_t job_index : job_indices) {
    if (model_->jobs.released(job_index)) continue;  // deleted by the retention at its own end
    Job& job = model_->jobs[job_index];
    if (!job.written || job.completed_indices.empty()) continue;  // live, or nothing to free
    // A live stage still updates its jobs after their JobEnd (ASL onTaskEnd: stage.jobs).
    bool updatable = false;
    for (const auto& [key, stage_index] : live_stages_) {
      const std::vector<uint32_t>& jobs = model_->stages[stage_index].jobs;
      if (std::find(jobs.begin(), jobs.end(), job_index) != jobs.end()) {
        updatable = true;
        break;
      }
    }
    if (!updatable) job.completed_indices.Release();
  }
}

void AppStatusListener::OnStageSubmitted(const StageInfoEvent& info,
                                         const EventProperties& props) {
  StageAttempt& stage = model_->stages[GetOrCreateStage(info)];
  stage.status = StageStatus::kActive;
  stage.scheduling_pool = props.scheduler_pool.present ? props.scheduler_pool.id : default_pool_;
  stage.jobs.clear();
  for (const auto& [job_id, job_index] : live_jobs_) {
    Job& job = model_->jobs[job_index];
    if (std::find(job.stage_ids.begin(), job.stage_ids.end(), info.stage_id) ==
        job.stage_ids.end()) {
      continue;
    }
    stage.jobs.push_back(job_index);
    Remove(job.completed_stage_set, info.stage_id);
    job.live.active_stages += 1;
  }
  stage.description = props.job_description;
  TrackPersistedRdds(info);
  SeeTime(info.submission_time);
}

void AppStatusListener::OnStageCompleted(const StageInfoEvent& info) {
  const StageKey key{info.stage_id, info.attempt_id};
  auto live = live_stages_.find(key);
  if (live == live_stages_.end()) return;
  StageAttempt& stage = model_->stages[live->second];
  CopyStageInfo(info, stage);
  if (info.failure_reason.present) {
    stage.status = StageStatus::kFailed;
  } else if (info.submission_time != kNoTime) {
    stage.status = StageStatus::kComplete;
  } else {
    stage.status = StageStatus::kSkipped;
  }
  for (uint32_t job_index : stage.jobs) {
    Job& job = model_->jobs[job_index];
    switch (stage.status) {
      case StageStatus::kComplete: AddUnique(job.completed_stage_set, info.stage_id); break;
      case StageStatus::kSkipped:
        AddUnique(job.skipped_stage_set, info.stage_id);
        job.live.skipped_tasks += info.num_tasks;
        break;
      default: job.live.failed_stages += 1; break;
    }
    job.live.active_stages -= 1;
  }
  SeeTime(info.completion_time);
  const bool remove_stage = stage.active_tasks == 0;
  WriteStage(live->second, /*check_triggers=*/remove_stage);
  if (remove_stage) DropLiveStage(live);
  if (remove_stage) ReleaseEndedJobIndices(stage.jobs);
  AfterStageCompleted(stage);
}

void AppStatusListener::OnTaskStart(int32_t stage_id, int32_t stage_attempt_id,
                                    const TaskInfoEvent& info) {
  TaskColumns& tasks = model_->tasks;
  const uint32_t row = static_cast<uint32_t>(tasks.size());
  tasks.task_id.push_back(info.task_id);
  tasks.stage_id.push_back(stage_id);
  tasks.stage_attempt_id.push_back(stage_attempt_id);
  tasks.index.push_back(info.index);
  tasks.attempt.push_back(info.attempt);
  tasks.launch_time.push_back(info.launch_time);
  tasks.finish_time.push_back(0);
  tasks.executor_id.push_back(info.executor_id);
  tasks.status.push_back(TaskStatus::kRunning);
  live_tasks_.Set(info.task_id, row);
  SeeTime(info.launch_time);

  auto live = live_stages_.find({stage_id, stage_attempt_id});
  if (live != live_stages_.end()) {
    StageAttempt& stage = model_->stages[live->second];
    stage.active_tasks += 1;
    stage.first_launch_time = std::min(stage.first_launch_time, info.launch_time);
    for (uint32_t job_index : stage.jobs) model_->jobs[job_index].live.active_tasks += 1;
    CountSavedTask(live->second);
  }
  auto exec = model_->live_executors.find(info.executor_id);
  if (exec != model_->live_executors.end()) {
    Executor& executor = model_->executors[exec->second];
    executor.active_tasks += 1;
    executor.total_tasks += 1;
  }
  RecordTaskStart(*model_, row, stage_id, stage_attempt_id, info,
                  live == live_stages_.end() ? nullptr : &model_->stages[live->second]);
}

void AppStatusListener::OnTaskEnd(const TaskEndEvent& event) {
  model_->finished_tasks += 1;
  const int64_t live_row = live_tasks_.Find(event.info.task_id);  // -1: not a live task
  {  // Stage details and task lists (task_detail_updates.cc), before the live maps change.
    auto stage = live_stages_.find({event.stage_id, event.stage_attempt_id});
    RecordTaskEnd(*model_, *pool_, live_row, event,
                  stage == live_stages_.end() ? nullptr : &model_->stages[stage->second]);
  }
  const TaskInfoEvent& info = event.info;
  SeeTime(info.finish_time);

  // Metrics count once per task: only a task still live (started, not yet ended) has a delta.
  const TaskMetricValues* delta = nullptr;
  if (live_row >= 0) {
    const uint32_t row = static_cast<uint32_t>(live_row);
    live_tasks_.Erase(info.task_id);
    model_->tasks.finish_time.Set(row, info.finish_time);
    // TaskInfo.status (app_model.h): the TaskEnd's Task Info, not its reason.
    model_->tasks.status.Set(row, info.finish_time == 0 ? TaskStatus::kRunning
                                  : info.failed         ? TaskStatus::kFailed
                                  : info.killed         ? TaskStatus::kKilled
                                                        : TaskStatus::kSuccess);
    if (event.has_metrics) delta = &event.metrics;
  }

  const auto [completed, failed, killed] = CountTaskEnd(event.reason);
  StringId killed_reason = kEmptyString;
  if (event.reason == TaskEndReasonKind::kTaskKilled) killed_reason = event.kill_reason;
  if (event.reason == TaskEndReasonKind::kTaskCommitDenied) {
    killed_reason = CommitDeniedReason(*pool_, event);
  }
  const bool counts_killed_reason = killed > 0;

  auto live = live_stages_.find({event.stage_id, event.stage_attempt_id});
  if (live != live_stages_.end()) {
    StageAttempt& stage = model_->stages[live->second];
    if (delta != nullptr) stage.metrics.Add(*delta);
    stage.active_tasks -= 1;
    stage.completed_tasks += completed;
    if (completed > 0) stage.completed_indices.insert(info.index);
    stage.failed_tasks += failed;
    stage.killed_tasks += killed;
    if (counts_killed_reason) AddKilled(stage.killed_summary, killed_reason);
    stage.peak_executor_metrics.Update(event.executor_metrics);
    // [SPARK-24415] A completed stage stays tracked until its last task ends.
    const bool remove_stage = stage.active_tasks == 0 && (stage.status == StageStatus::kComplete ||
                                                          stage.status == StageStatus::kFailed);
    if (remove_stage) WriteStage(live->second, /*check_triggers=*/true);
    for (uint32_t job_index : stage.jobs) {
      Job& job = model_->jobs[job_index];
      job.live.active_tasks -= 1;
      job.live.completed_tasks += completed;
      if (completed > 0) job.completed_indices.insert(event.stage_id, info.index);
      job.live.failed_tasks += failed;
      job.live.killed_tasks += killed;
      if (counts_killed_reason) AddKilled(job.live.killed_summary, killed_reason);
      // Spark writes the job here even after its JobEnd (update, not liveUpdate).
      if (remove_stage && job.written) job.Write();
      if (remove_stage) WriteJob(job_index, /*check_triggers=*/false);
    }
    if (saved_tasks_[live->second] > limits_.tasks_per_stage) CleanupTasks(live->second);
    if (remove_stage) DropLiveStage(live);
    if (remove_stage) ReleaseEndedJobIndices(stage.jobs);
  }

  auto exec = model_->live_executors.find(info.executor_id);
  if (exec != model_->live_executors.end()) {
    Executor& executor = model_->executors[exec->second];
    executor.active_tasks -= 1;
    executor.completed_tasks += completed;
    executor.failed_tasks += failed;
    if (info.finish_time != 0) executor.total_duration += info.finish_time - info.launch_time;
    // Resubmitted tasks keep the metrics of their first attempt (ASL onTaskEnd).
    if (event.reason != TaskEndReasonKind::kResubmitted && event.has_metrics) {
      const TaskMetricValues& m = event.metrics;
      executor.total_gc_time += m[TaskMetric::kJvmGcTime];
      executor.total_input_bytes += m[TaskMetric::kInputBytesRead];
      executor.total_shuffle_read += m.ShuffleReadBytes();
      executor.total_shuffle_write += m[TaskMetric::kShuffleBytesWritten];
    }
    executor.peak_executor_metrics.Update(event.executor_metrics);
  }
}

uint32_t AppStatusListener::GetOrCreateExecutor(StringId executor_id, int64_t add_time) {
  auto live = model_->live_executors.find(executor_id);
  if (live != model_->live_executors.end()) return live->second;
  const uint32_t index = static_cast<uint32_t>(model_->executors.size());
  Executor& created = model_->executors.emplace_back();
  created.executor_id = executor_id;
  created.add_time = add_time;
  model_->live_executors[executor_id] = index;
  return index;
}

void AppStatusListener::OnExecutorAdded(const ExecutorAddedEvent& event) {
  Executor& executor = model_->executors[GetOrCreateExecutor(event.executor_id, event.time)];
  executor.host = event.host;
  executor.is_active = true;
  executor.total_cores = event.total_cores;
  executor.max_tasks = event.total_cores / std::max(1, model_->app.default_cpus_per_task);
  ApplyExecutorInfo(event, executor);
  SeeTime(event.time);
}

void AppStatusListener::OnExecutorRemoved(int64_t time, StringId executor_id, StringId reason) {
  auto live = model_->live_executors.find(executor_id);
  if (live == model_->live_executors.end()) return;
  const uint32_t removed_index = live->second;
  Executor& executor = model_->executors[removed_index];
  model_->live_executors.erase(live);
  executor.is_active = false;
  executor.remove_time = time;
  executor.remove_reason = reason;
  AfterExecutorRemoved(removed_index);
  SeeTime(time);
}

void AppStatusListener::OnBlockManagerAdded(const BlockManagerAddedEvent& event) {
  Executor& executor = model_->executors[GetOrCreateExecutor(event.executor_id, event.time)];
  executor.host_port =
      pool_->Intern(std::string(pool_->Get(event.host)) + ":" + std::to_string(event.port));
  executor.is_active = true;
  executor.max_memory = event.max_memory;
  ApplyBlockManagerMemory(event, executor);
}

void AppStatusListener::OnStageExecutorMetrics(StringId executor_id, int32_t stage_id,
                                               int32_t stage_attempt_id,
                                               const ExecutorMetricValues& metrics) {
  // Live executors first, then dead ones a live stage still overlaps (ASL deadExecutors).
  if (Executor* executor = ExecutorForStageMetrics(executor_id)) {
    executor->peak_executor_metrics.Update(metrics);
  }
  auto live = live_stages_.find({stage_id, stage_attempt_id});
  if (live != live_stages_.end()) {
    // A new peak is written at once (update, not liveUpdate), so the row counts in the store.
    if (model_->stages[live->second].peak_executor_metrics.Update(metrics)) {
      WriteStage(live->second, /*check_triggers=*/false);
    }
    RecordStageExecutorMetrics(model_->stages[live->second], executor_id, metrics);
  }
}

}  // namespace afterglow
