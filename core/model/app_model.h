// The status model of one application attempt (one log), as Spark's AppStatusStore would hold it
// after a History Server replay. Built by core/listen/, read by core/api/ and ui/; immutable once
// loading has finished. Entities that Spark replaces (a job id started twice, a stage attempt
// re-created by a later job) are kept as separate objects; the *_rows maps say which object is
// the one the History Server shows.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/base/flat_ordered.h"
#include "core/base/string_pool.h"
#include "core/events/events.h"
#include "core/events/executor_metrics.h"
#include "core/events/task_metrics.h"
#include "core/model/index_set.h"
#include "core/model/packed_column.h"
#include "core/model/rdd_graph_model.h"
#include "core/model/releasable_objects.h"
#include "core/model/sql_model.h"
#include "core/model/stage_index_sets.h"
#include "core/model/thrift_server_model.h"
#include "core/model/storage_model.h"
#include "core/model/task_details.h"

namespace afterglow {

struct AppInfo {
  bool has_start = false;       // an ApplicationStart was seen
  OptString app_id;             // "App ID"; logs without it are never listed by the SHS
  OptString attempt_id;         // "App Attempt ID"
  StringId name = kEmptyString;
  StringId user = kEmptyString;
  StringId spark_version = kEmptyString;  // LogStart "Spark Version", "" when absent
  int64_t start_time = kNoTime;
  int64_t end_time = kNoTime;   // ApplicationEnd "Timestamp"
  bool completed = false;       // set only by an ApplicationEnd
  // The listing's duration: set by ApplicationEnd as its time minus the start time read before
  // it (AppListingListener.onApplicationEnd); 0 without one.
  int64_t duration = 0;
  int64_t last_event_time = kNoTime;  // latest timestamp seen; stands in for lastUpdated
  int32_t default_cpus_per_task = 1;  // spark.task.cpus
};

// reason -> count, in first-seen order (JSON objects compare without order).
using KilledSummary = std::vector<std::pair<StringId, int32_t>>;
void AddKilled(KilledSummary& summary, StringId reason);

enum class JobStatus : uint8_t { kRunning, kSucceeded, kFailed, kUnknown };

// The counters of v1.JobData, as last written to the store.
struct JobCounters {
  JobStatus status = JobStatus::kRunning;
  int64_t completion_time = kNoTime;
  int32_t active_tasks = 0;
  int32_t completed_tasks = 0;
  int32_t skipped_tasks = 0;
  int32_t failed_tasks = 0;
  int32_t killed_tasks = 0;
  int32_t completed_indices = 0;
  int32_t active_stages = 0;
  int32_t completed_stages = 0;
  int32_t skipped_stages = 0;
  int32_t failed_stages = 0;
  KilledSummary killed_summary;
};

struct Job {
  int32_t job_id = 0;
  StringId name = kEmptyString;
  OptString description;
  int64_t submission_time = kNoTime;  // only when > 0
  std::vector<int32_t> stage_ids;
  OptString job_group;
  std::vector<StringId> job_tags;  // sorted by text
  int32_t num_tasks = 0;

  // Live state (LiveJob).
  JobCounters live;
  StageIndexSets completed_indices;  // (stage id, task index) of succeeded tasks
  std::vector<int32_t> completed_stage_set;        // distinct stage ids
  std::vector<int32_t> skipped_stage_set;
  // Once the job has ended, the History Server shows the row written at the last write point.
  std::optional<JobCounters> written;

  const JobCounters& shown() const { return written ? *written : live; }
  void Write() {
    live.completed_indices = static_cast<int32_t>(completed_indices.size());
    live.completed_stages = static_cast<int32_t>(completed_stage_set.size());
    live.skipped_stages = static_cast<int32_t>(skipped_stage_set.size());
    written = live;
  }
  // The counters as the final flush would write them for a job still live.
  JobCounters LiveCounters() const {
    JobCounters c = live;
    c.completed_indices = static_cast<int32_t>(completed_indices.size());
    c.completed_stages = static_cast<int32_t>(completed_stage_set.size());
    c.skipped_stages = static_cast<int32_t>(skipped_stage_set.size());
    return c;
  }
};

// What is kept of a job object once the retention limits have deleted its row, it has ended and
// no live stage can write it again (AppStatusListener::CleanupJobs): its id, which RetainedCounts
// counts and the stage page lists for the stage objects that name it.
struct JobObjectFacts {
  int32_t job_id = 0;
};

enum class StageStatus : uint8_t { kActive, kComplete, kFailed, kPending, kSkipped };

struct StageAccumulable {
  int64_t id = 0;
  OptString name;
  OptString update;
  OptString value;
};

struct StageAttempt {
  int32_t stage_id = 0;
  int32_t attempt_id = 0;
  StageStatus status = StageStatus::kPending;

  // From the latest StageInfo.
  StringId name = kEmptyString;
  int32_t num_tasks = 0;
  StringId details = kEmptyString;
  int64_t submission_time = kNoTime;
  int64_t completion_time = kNoTime;
  OptString failure_reason;
  int32_t resource_profile_id = 0;
  bool shuffle_push_enabled = false;
  int32_t shuffle_mergers_count = 0;
  std::vector<int32_t> rdd_ids;
  std::vector<int32_t> parent_ids;  // StageInfo "Parent IDs" (the critical path and the what-if)
  // Non-internal, non-SQL accumulables, in Spark's HashMap iteration order (see listener).
  std::vector<StageAccumulable> accumulables;

  OptString description;                  // StageSubmitted spark.job.description
  StringId scheduling_pool = kEmptyString;  // "default" unless the properties say otherwise

  std::vector<uint32_t> jobs;  // indices into AttemptModel::jobs of the jobs that include it
  int32_t active_tasks = 0;
  int32_t completed_tasks = 0;
  int32_t failed_tasks = 0;
  int32_t killed_tasks = 0;
  IndexSet completed_indices;  // task indices that succeeded (index_set.h)
  KilledSummary killed_summary;
  int64_t first_launch_time = INT64_MAX;
  TaskMetricValues metrics;  // sums of per-task metric deltas over all ended tasks
  PeakExecutorMetrics peak_executor_metrics;
  // Executors excluded for this attempt by *ExcludedForStage events (ASL excludedExecutors).
  std::vector<StringId> excluded_executors;
  // Executor summaries and the speculation summary (core/listen/task_detail_updates.cc).
  StageTaskDetails task_details;
};

// What is kept of a stage attempt object once the retention limits have deleted its row and no
// live object of its (stage, attempt) remains (AppStatusListener::CleanupStages; Spark's
// cleanupStages deletes its StageData, executor summaries and speculation summary): the key
// (RetainedCounts counts the log's stage attempts) and what the time analysis reads of every
// object ever created (core/analysis/time/time_facts.cc).
struct StageObjectFacts {
  int32_t stage_id = 0;
  int32_t attempt_id = 0;
  StageStatus status = StageStatus::kPending;
  bool failed = false;          // failure_reason.present
  bool has_completion = false;  // completion_time != kNoTime
  std::vector<int32_t> parent_ids;
};
// The facts of a stage object about to be released: its parent ids are moved out of it.
StageObjectFacts FactsOf(StageAttempt&& stage);

// TaskInfo.status as Spark's store holds it (docs/SPARK-SEMANTICS.md fact 44), the one task status
// the API and the UI read (through TaskStatusOf in core/analysis/task_view.h): RUNNING until a
// TaskEnd of the live task with a finish time; then FAILED or KILLED from that TaskEnd's "Task
// Info" flags, else SUCCESS. Not the end reason: a Resubmitted end of a finished task changes
// nothing, and the flags decide even when the reason disagrees.
enum class TaskStatus : uint8_t { kRunning, kSuccess, kFailed, kKilled };

// Task attempts as columns (struct of arrays): one row per TaskStart, in log order. Each column is
// packed in pages of 4096 rows at the width the page's spread needs (packed_column.h): about 12
// bytes a task where plain vectors took 45 and up to twice that in growth slack.
struct TaskColumns {
  PackedColumn<int64_t> task_id;
  PackedColumn<int32_t> stage_id;
  PackedColumn<int32_t> stage_attempt_id;
  PackedColumn<int32_t> index;
  PackedColumn<int32_t> attempt;
  PackedColumn<int64_t> launch_time;
  PackedColumn<int64_t> finish_time;  // 0 while running
  PackedColumn<StringId> executor_id;
  PackedColumn<TaskStatus> status;
  size_t size() const { return task_id.size(); }
  size_t bytes() const;  // memory held, for the size report
  void Compact();        // releases growth slack once a file has been read (packed_column.h)
};

struct Executor {
  StringId executor_id = kEmptyString;
  StringId host = kEmptyString;
  StringId host_port = kEmptyString;
  bool is_active = true;
  int32_t total_cores = 0;
  int32_t max_tasks = 0;
  int64_t max_memory = 0;
  int64_t add_time = kNoTime;
  int64_t remove_time = kNoTime;
  StringId remove_reason = kEmptyString;
  int32_t active_tasks = 0;
  int32_t total_tasks = 0;
  int32_t completed_tasks = 0;
  int32_t failed_tasks = 0;
  int64_t total_duration = 0;
  int64_t total_gc_time = 0;
  int64_t total_input_bytes = 0;
  int64_t total_shuffle_read = 0;
  int64_t total_shuffle_write = 0;
  PeakExecutorMetrics peak_executor_metrics;
  // Set by core/listen/executor_updates.cc and storage_updates.cc (docs/SPARK-SEMANTICS.md
  // facts 66-73).
  int32_t resource_profile_id = 0;
  StringPairs executor_logs;
  StringPairs attributes;
  std::vector<ResourceInformation> resources;
  bool is_excluded = false;
  std::vector<int32_t> excluded_in_stages;  // sorted, distinct
  int32_t rdd_blocks = 0;
  int64_t memory_used = 0;
  int64_t disk_used = 0;
  int64_t total_on_heap = -1;  // -1: no memory info (memoryMetrics omitted)
  int64_t total_off_heap = 0;
  int64_t used_on_heap = 0;
  int64_t used_off_heap = 0;
  // Deleted past spark.ui.retainedDeadExecutors (docs/SPARK-SEMANTICS.md fact 73).
  bool evicted = false;
  bool has_memory_info() const { return total_on_heap >= 0; }
};

struct AttemptModel {
  std::string file_name;  // the log it came from
  // The name says the log was still being written (".inprogress"): the History Server's listing
  // stops reading it at its first EnvironmentUpdate, so an ApplicationEnd after that is not seen
  // and it is listed as running (docs/SPARK-SEMANTICS.md fact 6; core/listen/listing_listener.h).
  bool in_progress_name = false;
  AppInfo app;
  // The application as the History Server's listing read it: only from lines that begin with the
  // exact prefixes its filter takes (docs/SPARK-SEMANTICS.md fact 4), so a reordered or spaced
  // ApplicationStart leaves the log unlisted even though the full replay (`app`) sees it.
  // /applications and the lookup of an app's pages use this; the pages' content uses the full
  // replay.
  AppInfo listing;

  // Every job object ever created; those deleted by the retention limits are released (only
  // their JobObjectFacts remain), so find(i) is null for them.
  ReleasableObjects<Job, JobObjectFacts> jobs;
  FlatOrderedMap<int32_t, uint32_t> job_rows;   // job id -> the object the SHS shows
  // Every stage-attempt object ever created; those deleted by the retention limits are released
  // (only their StageObjectFacts remain), so find(i) is null for them.
  ReleasableObjects<StageAttempt, StageObjectFacts> stages;
  FlatOrderedMap<std::pair<int32_t, int32_t>, uint32_t> stage_rows;  // (stage, attempt) -> shown
  TaskColumns tasks;
  TaskDetailColumns task_details;               // same rows as `tasks` (task_details.h)
  StageTaskRows stage_task_rows;                // (stage, attempt) -> rows of `tasks`
  uint64_t finished_tasks = 0;                 // TaskEnd events seen
  std::vector<Executor> executors;             // every executor record, add order
  std::map<StringId, uint32_t> live_executors;
  // Storage, environment, resource profiles, miscellaneous processes.
  std::map<int32_t, Rdd> rdds;                          // tracked (not unpersisted) RDDs by id
  std::optional<EnvironmentInfo> environment;           // the last EnvironmentUpdate
  std::map<int32_t, ResourceProfileInfo> resource_profiles;
  std::vector<MiscProcess> misc_processes;              // first-seen order
  // SQL executions and Structured Streaming (core/listen/sql_listener.cc).
  SqlModel sql;
  StreamingModel streaming;
  ThriftServerModel thrift_server;  // the JDBC/ODBC server (core/listen/thrift_server_listener.h)
  StageRddGraphs stage_rdd_graphs;  // RDDs of each stage for its operation graph (onJobStart)

  const Job& job(uint32_t i) const { return jobs[i]; }  // never a released one
  int32_t job_id(uint32_t i) const { return jobs.released(i) ? jobs.kept(i).job_id : jobs[i].job_id; }
  const StageAttempt& stage(uint32_t i) const { return stages[i]; }  // never a released one
  // Executor records other than the driver's.
  uint64_t non_driver_executors(const StringPool& pool) const;
  // Called when a file has been read: releases the task storage's growth slack (the last page
  // of each column, vector capacity of the per-stage row lists). Loading may continue after it.
  void CompactTasks();
};

}  // namespace afterglow
