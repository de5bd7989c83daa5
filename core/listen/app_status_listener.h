// Spark's AppStatusListener, replayed: turns decoded events into an AttemptModel with the same
// numbers the History Server computes (see docs/SPARK-SEMANTICS.md sections 2-3 and fact 108 for
// when a row stops changing). Entities are "live" (still tracked, changed by later events) until
// Spark would drop them from its live maps.
#pragma once

#include <map>
#include <unordered_map>
#include <utility>

#include "core/base/flat_ordered.h"
#include "core/base/row_index.h"
#include "core/base/string_pool.h"
#include "core/decode/event_decoder.h"
#include "core/decode/event_sink.h"
#include "core/listen/retention.h"
#include "core/model/app_model.h"

namespace afterglow {

class AppStatusListener : public EventSink {
 public:
  // `pool` and `model` must outlive the listener. `limits` are the History Server's own.
  AppStatusListener(StringPool* pool, AttemptModel* model, RetentionLimits limits = {});

  void OnLogStart(StringId spark_version) override;
  void OnApplicationStart(const ApplicationStartEvent& event) override;
  void OnApplicationEnd(int64_t time) override;
  void OnEnvironmentUpdate(OptString task_cpus) override;
  void OnJobStart(const JobStartEvent& event) override;
  void OnJobEnd(int32_t job_id, int64_t completion_time, bool succeeded) override;
  void OnStageSubmitted(const StageInfoEvent& info, const EventProperties& props) override;
  void OnStageCompleted(const StageInfoEvent& info) override;
  void OnTaskStart(int32_t stage_id, int32_t stage_attempt_id, const TaskInfoEvent& info) override;
  void OnTaskEnd(const TaskEndEvent& event) override;
  void OnExecutorAdded(const ExecutorAddedEvent& event) override;
  void OnExecutorRemoved(int64_t time, StringId executor_id, StringId reason) override;
  void OnBlockManagerAdded(const BlockManagerAddedEvent& event) override;
  void OnStageExecutorMetrics(StringId executor_id, int32_t stage_id, int32_t stage_attempt_id,
                              const ExecutorMetricValues& metrics) override;
  // Executors, storage, environment, miscellaneous processes (executor_updates.cc,
  // storage_updates.cc).
  void OnEnvironmentDetails(const EnvironmentInfo& environment) override;
  void OnResourceProfileAdded(const ResourceProfileInfo& profile) override;
  void OnMiscellaneousProcessAdded(const MiscProcessAddedEvent& event) override;
  void OnExclusion(const ExclusionEvent& event) override;
  void OnBlockUpdated(const BlockUpdatedEvent& event) override;
  void OnUnpersistRdd(int32_t rdd_id) override;

 private:
  using StageKey = std::pair<int32_t, int32_t>;
  uint32_t GetOrCreateStage(const StageInfoEvent& info);
  void CopyStageInfo(const StageInfoEvent& info, StageAttempt& stage);
  uint32_t GetOrCreateExecutor(StringId executor_id, int64_t add_time);
  void SeeTime(int64_t time);
  // Helpers of the handlers above (executor_updates.cc, storage_updates.cc).
  void ApplyDriverLogs(const ApplicationStartEvent& event);
  void ApplyExecutorInfo(const ExecutorAddedEvent& event, Executor& executor);
  void ApplyBlockManagerMemory(const BlockManagerAddedEvent& event, Executor& executor);
  void AfterExecutorRemoved(uint32_t executor_index);
  void EvictDeadExecutors();
  void RemoveExecutorFromRdds(const Executor& executor);
  void TrackPersistedRdds(const StageInfoEvent& info);
  void AfterStageCompleted(const StageAttempt& stage);
  // Frees the completed-index sets of ended jobs no live stage can update any more: their
  // counters were written at JobEnd (or after the job's last live stage), so the sets are dead
  // weight, one hash node per task (they set the wasm heap's peak on large logs).
  void ReleaseEndedJobIndices(const std::vector<uint32_t>& job_indices);
  Executor* ExecutorForStageMetrics(StringId executor_id);
  bool ActiveForLiveStages(const Executor& executor) const;
  void UpdateExecutorMemoryDisk(Executor& executor, const StorageLevelInfo& level,
                                int64_t memory_delta, int64_t disk_delta);
  // Rows of Spark's store and the retention cleanups (retention_updates.cc). Write* mirror ASL
  // `update(entity, now, last = check_triggers)` during a replay; the *_rows maps of the model
  // stay equal to "stored rows, overridden by live objects" (the final flush writes the live
  // ones), so they list what the History Server shows after the replay.
  void WriteJob(uint32_t job_index, bool check_triggers);
  void WriteStage(uint32_t stage_index, bool check_triggers);
  void DropLiveStage(FlatOrderedMap<StageKey, uint32_t>::iterator live);
  void CountSavedTask(uint32_t stage_index);
  void CleanupJobs(int64_t count);
  bool ListedByLiveStage(uint32_t job_index) const;
  void CleanupStages(int64_t count);
  void CleanupTasks(uint32_t stage_index);

  StringPool* pool_;
  AttemptModel* model_;
  StringId default_pool_;
  // Few at a time; ids arrive in increasing order. An insert or erase moves the others: keep no
  // iterator into them across one.
  FlatOrderedMap<int32_t, uint32_t> live_jobs_;     // job id -> index in model_->jobs
  FlatOrderedMap<StageKey, uint32_t> live_stages_;  // (stage, attempt) -> index in model_->stages
  RowIndex live_tasks_;  // task id -> row in model_->tasks
  // Removed executors still reachable by StageExecutorMetrics while a live stage overlaps them
  // (ASL deadExecutors): executor id -> record index.
  std::map<StringId, uint32_t> dead_executors_;

  // What Spark's store holds of each kind, as last written (retention_updates.cc).
  struct StoredRow {
    uint32_t index = 0;                 // the object written
    int64_t completion_time = kNoTime;  // the "completionTime" index: -1 when none
    uint8_t status = 0;                 // JobStatus or StageStatus at the write
  };
  RetentionLimits limits_;
  FlatOrderedMap<int32_t, StoredRow> stored_jobs_;
  FlatOrderedMap<StageKey, StoredRow> stored_stages_;
  // The rows a cleanup may delete, in the order it deletes them (the store's "completionTime"
  // index view, ties by key), kept as rows are written: a cleanup takes the first ones instead of
  // sorting every stored row, which it did once per tenth of the limit.
  FlatOrderedSet<std::pair<int64_t, int32_t>> job_cleanup_order_;     // (completion time, job id)
  FlatOrderedSet<std::pair<int64_t, StageKey>> stage_cleanup_order_;  // (completion time, key)
  std::unordered_map<uint32_t, int64_t> saved_tasks_;  // stage object -> LiveStage.savedTasks
};

// The order in which Scala 2.13's mutable.HashMap[Long, _] iterates `total` distinct keys, applied
// to the subset `ids` (sorted in place): Spark renders stage accumulables in that order.
void SortLikeScalaLongHashMap(std::vector<StageAccumulable>& accumulables, size_t total);

}  // namespace afterglow
