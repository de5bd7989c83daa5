// Decoded Spark listener events, as the listener needs them. Strings are interned ids (the pool
// outlives the event); vectors are scratch space the decoder reuses from event to event, so a
// steady stream of events allocates nothing. Times are epoch milliseconds; kNoTime marks a field
// the log does not have (JsonProtocol reads most missing times as absent or -1).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/base/string_pool.h"
#include "core/events/executor_metrics.h"
#include "core/events/status_events.h"
#include "core/events/task_failure_fields.h"
#include "core/events/task_metrics.h"

namespace afterglow {

inline constexpr int64_t kNoTime = -1;

// An optional interned string: Spark distinguishes absent (None/null, omitted in JSON) from "".
struct OptString {
  bool present = false;
  StringId id = kEmptyString;
};

// The few job/stage Properties the status model reads (SparkContext constants).
struct EventProperties {
  OptString job_description;   // spark.job.description
  OptString job_group;         // spark.jobGroup.id
  OptString job_tags;          // spark.job.tags (comma-separated)
  OptString scheduler_pool;    // spark.scheduler.pool
  OptString sql_execution_id;  // spark.sql.execution.id
  void Clear() { *this = EventProperties{}; }
};

// One entry of an "Accumulables" array (JsonProtocol.accumulableInfoFromJson).
struct AccumulableEvent {
  int64_t id = 0;
  OptString name;
  OptString update;  // numbers are kept as their JSON text, strings unquoted
  OptString value;
  bool internal = false;
  bool metadata_sql = false;  // "Metadata":"sql": SQL metrics, dropped by the status model
};

// One "RDD Info" entry as the RDD operation graph needs it (JsonProtocol.rddInfoToJson;
// core/decode/rdd_info_decoder.h reads the fields the status model does not).
struct RddOperationInfo {
  int32_t rdd_id = 0;
  StringId name = kEmptyString;
  StringId scope = kEmptyString;     // "Scope": RDDOperationScope JSON text, "" when absent
  StringId callsite = kEmptyString;  // "Callsite"
  StringId deterministic_level = kEmptyString;  // "DeterministicLevel", "" when absent
  uint32_t parents_begin = 0;  // "Parent IDs": [begin, end) of its list's parent_ids
  uint32_t parents_end = 0;
  bool cached = false;   // storage level != StorageLevel.NONE
  bool barrier = false;  // "Barrier"
};

// A stage's "RDD Info" entries with every entry's parent ids in one array: a JobStart carries a
// few RDDs per stage, most with parents, and a vector per RDD cost an allocation to decode and one
// for every copy into the model.
struct RddOperationList {
  std::vector<RddOperationInfo> rdds;  // log order
  std::vector<int32_t> parent_ids;     // every entry's "Parent IDs", each entry a range of it

  std::span<const int32_t> ParentIdsOf(const RddOperationInfo& rdd) const {
    return std::span<const int32_t>(parent_ids)
        .subspan(rdd.parents_begin, rdd.parents_end - rdd.parents_begin);
  }
  // Appends `rdd` with `parents` as its parent ids (hand-built lists: tests, tools).
  void Append(RddOperationInfo rdd, std::span<const int32_t> parents) {
    rdd.parents_begin = static_cast<uint32_t>(parent_ids.size());
    parent_ids.insert(parent_ids.end(), parents.begin(), parents.end());
    rdd.parents_end = static_cast<uint32_t>(parent_ids.size());
    rdds.push_back(rdd);
  }
  void Clear() {
    rdds.clear();
    parent_ids.clear();
  }
};

struct StageInfoEvent {
  int32_t stage_id = 0;
  int32_t attempt_id = 0;  // "Stage Attempt ID", 0 in logs before it existed
  StringId name = kEmptyString;
  int32_t num_tasks = 0;
  StringId details = kEmptyString;
  int64_t submission_time = kNoTime;
  int64_t completion_time = kNoTime;
  OptString failure_reason;
  int32_t resource_profile_id = 0;
  bool shuffle_push_enabled = false;
  int32_t shuffle_mergers_count = 0;
  std::vector<int32_t> rdd_ids;  // "RDD Info" ids, log order
  std::vector<int32_t> parent_ids;  // the stage's "Parent IDs": stages it reads the shuffle of
  std::vector<AccumulableEvent> accumulables;
  std::vector<PersistedRddInfo> persisted_rdds;  // "RDD Info" entries with a valid storage level
  RddOperationList rdd_operations;               // every "RDD Info" entry, log order
  // Resets every field but keeps the vectors' capacity.
  void Clear() {
    std::vector<int32_t> ids = std::move(rdd_ids);
    std::vector<int32_t> parents = std::move(parent_ids);
    std::vector<AccumulableEvent> accs = std::move(accumulables);
    std::vector<PersistedRddInfo> persisted = std::move(persisted_rdds);
    RddOperationList operations = std::move(rdd_operations);
    ids.clear();
    parents.clear();
    accs.clear();
    persisted.clear();
    operations.Clear();
    *this = StageInfoEvent{};
    rdd_ids = std::move(ids);
    parent_ids = std::move(parents);
    accumulables = std::move(accs);
    persisted_rdds = std::move(persisted);
    rdd_operations = std::move(operations);
  }
};

enum class TaskEndReasonKind : uint8_t {
  kSuccess,
  kTaskKilled,
  kTaskCommitDenied,
  kResubmitted,
  kOtherFailure,  // ExceptionFailure, FetchFailed, ExecutorLostFailure, TaskResultLost, ...
};

struct TaskInfoEvent {
  int64_t task_id = 0;
  int32_t index = 0;
  int32_t attempt = 1;  // JsonProtocol's default when "Attempt" is missing
  int32_t partition_id = -1;
  int64_t launch_time = 0;
  int64_t getting_result_time = 0;
  int64_t finish_time = 0;
  StringId executor_id = kEmptyString;
  StringId host = kEmptyString;
  StringId locality = kEmptyString;
  bool speculative = false;
  bool failed = false;
  bool killed = false;
};

struct TaskEndEvent {
  int32_t stage_id = 0;
  int32_t stage_attempt_id = 0;
  TaskEndReasonKind reason = TaskEndReasonKind::kSuccess;
  StringId reason_name = kEmptyString;  // "Reason" as written
  StringId kill_reason = kEmptyString;  // TaskKilled "Kill Reason" (default "unknown reason")
  int64_t commit_denied_job = -1;       // TaskCommitDenied fields, -1 when missing
  int64_t commit_denied_partition = -1;
  int64_t commit_denied_attempt = -1;
  TaskInfoEvent info;
  bool has_metrics = false;  // false only for "Task Metrics": null
  TaskMetricValues metrics;
  ExecutorMetricValues executor_metrics;  // zeros when the log has none (JsonProtocol)
  // Stage details and task lists (core/decode/task_end_reason.h): the failure details of the
  // reason and the "Task Info" "Accumulables" (scratch vectors reused between events).
  TaskFailureFields failure;
  std::vector<AccumulableEvent> task_accumulables;
};

struct JobStartEvent {
  int32_t job_id = 0;
  int64_t submission_time = kNoTime;
  std::vector<StageInfoEvent> stage_infos;  // reused; only the first stage_info_count are valid
  size_t stage_info_count = 0;
  std::vector<int32_t> stage_ids;
  EventProperties properties;
};

struct ExecutorAddedEvent {
  int64_t time = kNoTime;
  StringId executor_id = kEmptyString;
  StringId host = kEmptyString;
  int32_t total_cores = 0;
  int32_t resource_profile_id = 0;
  StringPairs log_urls;                        // "Log Urls"
  StringPairs attributes;                      // "Attributes"
  std::vector<ResourceInformation> resources;  // "Resources"
};

struct BlockManagerAddedEvent {
  int64_t time = kNoTime;
  StringId executor_id = kEmptyString;
  StringId host = kEmptyString;
  int32_t port = 0;
  int64_t max_memory = 0;
  int64_t max_on_heap = -1;   // -1: not in the log
  int64_t max_off_heap = -1;
};

struct ApplicationStartEvent {
  StringId name = kEmptyString;
  OptString app_id;
  OptString attempt_id;
  int64_t time = kNoTime;
  StringId user = kEmptyString;
  bool has_driver_logs = false;  // "Driver Logs" present (Spark applies them only then)
  StringPairs driver_logs;
  StringPairs driver_attributes;  // "Driver Attributes"
};

}  // namespace afterglow
