// applications/{id}[/{attempt}]/stages and everything under it (docs/SPARK-SEMANTICS.md facts
// 30-42, 51-63):
//   stages                     status, details, taskStatus, withSummaries, quantiles
//   stages/{id}                every attempt, attempt ascending; details defaults to true
//   stages/{id}/{attempt}      one attempt; details defaults to true
//   .../taskSummary            quantiles (default 0.05,0.25,0.5,0.75,0.95)
//   .../taskList               offset, length, sortBy, status
// Per-task values come from core/analysis/task_view.h, quantiles from task_quantiles.h.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <string_view>

#include "core/analysis/task_quantiles.h"
#include "core/analysis/task_view.h"
#include "core/api/dates.h"
#include "core/api/endpoints.h"
#include "core/api/json_writer.h"
#include "core/api/opt_field.h"

namespace afterglow {
namespace {

constexpr const char* kStageStatusNames[] = {"ACTIVE", "COMPLETE", "FAILED", "PENDING", "SKIPPED"};

void WriteStage(JsonWriter& w, const StringPool& pool, const StageAttempt& s,
                const std::function<void(JsonWriter&)>& extra = nullptr) {
  const TaskMetricValues& m = s.metrics;
  using M = TaskMetric;
  w.BeginObject();
  w.Field("status", kStageStatusNames[static_cast<int>(s.status)]);
  w.FieldInt("stageId", s.stage_id);
  w.FieldInt("attemptId", s.attempt_id);
  w.FieldInt("numTasks", s.num_tasks);
  w.FieldInt("numActiveTasks", s.active_tasks);
  w.FieldInt("numCompleteTasks", s.completed_tasks);
  w.FieldInt("numFailedTasks", s.failed_tasks);
  w.FieldInt("numKilledTasks", s.killed_tasks);
  w.FieldInt("numCompletedIndices", static_cast<int64_t>(s.completed_indices.size()));
  if (s.submission_time != kNoTime) w.Field("submissionTime", FormatSparkDate(s.submission_time));
  if (s.first_launch_time != INT64_MAX) {
    w.Field("firstTaskLaunchedTime", FormatSparkDate(s.first_launch_time));
  }
  if (s.completion_time != kNoTime) w.Field("completionTime", FormatSparkDate(s.completion_time));
  WriteOptField(w, pool, "failureReason", s.failure_reason);
  w.FieldInt("executorDeserializeTime", m[M::kExecutorDeserializeTime]);
  w.FieldInt("executorDeserializeCpuTime", m[M::kExecutorDeserializeCpuTime]);
  w.FieldInt("executorRunTime", m[M::kExecutorRunTime]);
  w.FieldInt("executorCpuTime", m[M::kExecutorCpuTime]);
  w.FieldInt("resultSize", m[M::kResultSize]);
  w.FieldInt("jvmGcTime", m[M::kJvmGcTime]);
  w.FieldInt("resultSerializationTime", m[M::kResultSerializationTime]);
  w.FieldInt("memoryBytesSpilled", m[M::kMemoryBytesSpilled]);
  w.FieldInt("diskBytesSpilled", m[M::kDiskBytesSpilled]);
  w.FieldInt("peakExecutionMemory", m[M::kPeakExecutionMemory]);
  w.FieldInt("inputBytes", m[M::kInputBytesRead]);
  w.FieldInt("inputRecords", m[M::kInputRecordsRead]);
  w.FieldInt("outputBytes", m[M::kOutputBytesWritten]);
  w.FieldInt("outputRecords", m[M::kOutputRecordsWritten]);
  w.FieldInt("shuffleRemoteBlocksFetched", m[M::kShuffleRemoteBlocksFetched]);
  w.FieldInt("shuffleLocalBlocksFetched", m[M::kShuffleLocalBlocksFetched]);
  w.FieldInt("shuffleFetchWaitTime", m[M::kShuffleFetchWaitTime]);
  w.FieldInt("shuffleRemoteBytesRead", m[M::kShuffleRemoteBytesRead]);
  w.FieldInt("shuffleRemoteBytesReadToDisk", m[M::kShuffleRemoteBytesReadToDisk]);
  w.FieldInt("shuffleLocalBytesRead", m[M::kShuffleLocalBytesRead]);
  w.FieldInt("shuffleReadBytes", m[M::kShuffleLocalBytesRead] + m[M::kShuffleRemoteBytesRead]);
  w.FieldInt("shuffleReadRecords", m[M::kShuffleRecordsRead]);
  w.FieldInt("shuffleCorruptMergedBlockChunks", m[M::kPushCorruptMergedBlockChunks]);
  w.FieldInt("shuffleMergedFetchFallbackCount", m[M::kPushMergedFetchFallbackCount]);
  w.FieldInt("shuffleMergedRemoteBlocksFetched", m[M::kPushRemoteMergedBlocksFetched]);
  w.FieldInt("shuffleMergedLocalBlocksFetched", m[M::kPushLocalMergedBlocksFetched]);
  w.FieldInt("shuffleMergedRemoteChunksFetched", m[M::kPushRemoteMergedChunksFetched]);
  w.FieldInt("shuffleMergedLocalChunksFetched", m[M::kPushLocalMergedChunksFetched]);
  w.FieldInt("shuffleMergedRemoteBytesRead", m[M::kPushRemoteMergedBytesRead]);
  w.FieldInt("shuffleMergedLocalBytesRead", m[M::kPushLocalMergedBytesRead]);
  w.FieldInt("shuffleRemoteReqsDuration", m[M::kShuffleRemoteReqsDuration]);
  w.FieldInt("shuffleMergedRemoteReqsDuration", m[M::kPushRemoteMergedReqsDuration]);
  w.FieldInt("shuffleWriteBytes", m[M::kShuffleBytesWritten]);
  w.FieldInt("shuffleWriteTime", m[M::kShuffleWriteTime]);
  w.FieldInt("shuffleWriteRecords", m[M::kShuffleRecordsWritten]);
  w.Field("name", pool.Get(s.name));
  WriteOptField(w, pool, "description", s.description);
  w.Field("details", pool.Get(s.details));
  w.Field("schedulingPool", pool.Get(s.scheduling_pool));
  w.Key("rddIds");
  w.BeginArray();
  for (int32_t id : s.rdd_ids) w.Int(id);
  w.EndArray();
  w.Key("accumulatorUpdates");
  w.BeginArray();
  for (const StageAccumulable& acc : s.accumulables) {
    w.BeginObject();
    w.FieldInt("id", acc.id);
    WriteOptField(w, pool, "name", acc.name);
    WriteOptField(w, pool, "update", acc.update);
    WriteOptField(w, pool, "value", acc.value);
    w.EndObject();
  }
  w.EndArray();
  w.Key("killedTasksSummary");
  w.BeginObject();
  for (const auto& [reason, count] : s.killed_summary) w.FieldInt(pool.Get(reason), count);
  w.EndObject();
  w.FieldInt("resourceProfileId", s.resource_profile_id);
  if (s.peak_executor_metrics.is_set()) {
    w.Key("peakExecutorMetrics");
    w.BeginObject();
    for (size_t i = 0; i < kExecutorMetricCount; ++i) {
      w.FieldInt(kExecutorMetricNames[i], s.peak_executor_metrics.peaks[i]);
    }
    w.EndObject();
  }
  w.FieldBool("isShufflePushEnabled", s.shuffle_push_enabled);
  w.FieldInt("shuffleMergersCount", s.shuffle_mergers_count);
  if (extra) extra(w);
  w.EndObject();
}


// ---- Query parameters ---------------------------------------------------------------------

// JAX-RS Boolean conversion (Boolean.valueOf): "true" in any case is true, anything else false.
bool BoolParam(const ApiRequest& request, const std::string& name, bool fallback) {
  const std::optional<std::string> value = request.Value(name);
  if (!value) return fallback;
  return EqualsIgnoreCase(*value, "true");
}

// java.lang.Integer.parseInt: optional sign, digits, in range.
std::optional<int32_t> ParseJavaInt(std::string_view text) {
  size_t i = 0;
  bool negative = false;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    i = 1;
  }
  if (i >= text.size()) return std::nullopt;
  int64_t value = 0;
  for (; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) return std::nullopt;
    value = value * 10 + (text[i] - '0');
    if (value > int64_t{std::numeric_limits<int32_t>::max()} + 1) return std::nullopt;
  }
  if (negative) value = -value;
  if (value < std::numeric_limits<int32_t>::min() || value > std::numeric_limits<int32_t>::max()) {
    return std::nullopt;
  }
  return static_cast<int32_t>(value);
}

// java.lang.Double.parseDouble (String.toDouble): surrounding whitespace and control characters
// are trimmed; "NaN", "Infinity", decimal and exponent forms, an optional d/f suffix.
std::optional<double> ParseJavaDouble(std::string_view text) {
  while (!text.empty() && static_cast<unsigned char>(text.front()) <= ' ') text.remove_prefix(1);
  while (!text.empty() && static_cast<unsigned char>(text.back()) <= ' ') text.remove_suffix(1);
  if (text.empty()) return std::nullopt;
  std::string_view body = text;
  bool negative = false;
  if (body[0] == '+' || body[0] == '-') {
    negative = body[0] == '-';
    body.remove_prefix(1);
  }
  if (body == "NaN") return std::numeric_limits<double>::quiet_NaN();
  if (body == "Infinity") {
    return negative ? -std::numeric_limits<double>::infinity()
                    : std::numeric_limits<double>::infinity();
  }
  if (!body.empty() && std::string_view("dDfF").find(body.back()) != std::string_view::npos) {
    body.remove_suffix(1);
  }
  // digits [. digits] [e [sign] digits], with at least one digit in the mantissa.
  size_t i = 0, mantissa_digits = 0;
  while (i < body.size() && std::isdigit(static_cast<unsigned char>(body[i]))) ++i, ++mantissa_digits;
  if (i < body.size() && body[i] == '.') {
    ++i;
    while (i < body.size() && std::isdigit(static_cast<unsigned char>(body[i]))) ++i, ++mantissa_digits;
  }
  if (mantissa_digits == 0) return std::nullopt;
  if (i < body.size() && (body[i] == 'e' || body[i] == 'E')) {
    ++i;
    if (i < body.size() && (body[i] == '+' || body[i] == '-')) ++i;
    size_t exponent_digits = 0;
    while (i < body.size() && std::isdigit(static_cast<unsigned char>(body[i]))) ++i, ++exponent_digits;
    if (exponent_digits == 0) return std::nullopt;
  }
  if (i != body.size()) return std::nullopt;
  const std::string number(body);
  const double value = std::strtod(number.c_str(), nullptr);
  return negative ? -value : value;
}

// StagesResource's quantile parsing: String.split(",") (trailing empty items dropped), then each
// item through toDouble; a failure is 400 with BadParameterException's message.
std::optional<std::vector<double>> ParseQuantiles(const std::string& text, std::string* error) {
  std::vector<std::string> items;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    items.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (!text.empty()) {
    while (!items.empty() && items.back().empty()) items.pop_back();
  }
  std::vector<double> quantiles;
  for (const std::string& item : items) {
    const std::optional<double> value = ParseJavaDouble(item);
    if (!value) {
      *error = "Bad value for parameter \"quantiles\".  Expected a double, got \"" + item + "\"";
      return std::nullopt;
    }
    quantiles.push_back(*value);
  }
  return quantiles;
}

constexpr TaskApiStatus kTaskStatusValues[] = {TaskApiStatus::kRunning, TaskApiStatus::kKilled,
                                               TaskApiStatus::kFailed, TaskApiStatus::kSuccess,
                                               TaskApiStatus::kUnknown};

// The repeatable TaskStatus enum parameter (case-insensitive); nullopt when a value does not
// convert (JAX-RS answers 404). An empty result means "no filter".
std::optional<std::vector<TaskApiStatus>> TaskStatusParam(const ApiRequest& request,
                                                          const std::string& name) {
  std::vector<TaskApiStatus> statuses;
  for (const std::string& value : request.Values(name)) {
    bool known = false;
    for (TaskApiStatus status : kTaskStatusValues) {
      if (EqualsIgnoreCase(value, TaskApiStatusName(status))) {
        statuses.push_back(status);
        known = true;
      }
    }
    if (!known) return std::nullopt;
  }
  return statuses;
}

bool StatusWanted(const std::vector<TaskApiStatus>& statuses, TaskApiStatus status) {
  return statuses.empty() ||
         std::find(statuses.begin(), statuses.end(), status) != statuses.end();
}

// ---- Tasks ----------------------------------------------------------------------------------

// Look-ups one request needs, built once: the executor records behind tasks' executorLogs, and
// the stage-attempt objects of each (stageId, attemptId).
class RequestIndex {
 public:
  explicit RequestIndex(const AttemptModel& attempt) {
    for (const Executor& executor : attempt.executors) latest_[executor.executor_id] = &executor;
    for (const StageAttempt& stage : attempt.stages) {
      objects_[{stage.stage_id, stage.attempt_id}].push_back(&stage);
    }
  }
  // executorLogs of a task: the current ExecutorSummary of its executor id (the latest record,
  // unless deleted past the retained dead executors); null when there is none ({}).
  const StringPairs* For(StringId executor_id) const {
    auto it = latest_.find(executor_id);
    if (it == latest_.end() || it->second->evicted) return nullptr;
    return &it->second->executor_logs;
  }
  // Every stage-attempt object with this key, oldest first.
  const std::vector<const StageAttempt*>& ObjectsOf(const StageAttempt& stage) const {
    return objects_.at({stage.stage_id, stage.attempt_id});
  }

 private:
  std::map<StringId, const Executor*> latest_;
  std::map<std::pair<int32_t, int32_t>, std::vector<const StageAttempt*>> objects_;
};

// TaskData.taskMetrics (API TaskMetrics and its nested objects): each JSON object's fields in
// Spark's order, with the stored metric behind each. One table per object, so a field is
// named and mapped in exactly one place.
struct TaskMetricField {
  const char* name;
  TaskMetric metric;
};
constexpr TaskMetricField kTaskMetricFields[] = {
    {"executorDeserializeTime", TaskMetric::kExecutorDeserializeTime},
    {"executorDeserializeCpuTime", TaskMetric::kExecutorDeserializeCpuTime},
    {"executorRunTime", TaskMetric::kExecutorRunTime},
    {"executorCpuTime", TaskMetric::kExecutorCpuTime},
    {"resultSize", TaskMetric::kResultSize},
    {"jvmGcTime", TaskMetric::kJvmGcTime},
    {"resultSerializationTime", TaskMetric::kResultSerializationTime},
    {"memoryBytesSpilled", TaskMetric::kMemoryBytesSpilled},
    {"diskBytesSpilled", TaskMetric::kDiskBytesSpilled},
    {"peakExecutionMemory", TaskMetric::kPeakExecutionMemory},
};
constexpr TaskMetricField kInputMetricFields[] = {
    {"bytesRead", TaskMetric::kInputBytesRead},
    {"recordsRead", TaskMetric::kInputRecordsRead},
};
constexpr TaskMetricField kOutputMetricFields[] = {
    {"bytesWritten", TaskMetric::kOutputBytesWritten},
    {"recordsWritten", TaskMetric::kOutputRecordsWritten},
};
constexpr TaskMetricField kShuffleReadMetricFields[] = {
    {"remoteBlocksFetched", TaskMetric::kShuffleRemoteBlocksFetched},
    {"localBlocksFetched", TaskMetric::kShuffleLocalBlocksFetched},
    {"fetchWaitTime", TaskMetric::kShuffleFetchWaitTime},
    {"remoteBytesRead", TaskMetric::kShuffleRemoteBytesRead},
    {"remoteBytesReadToDisk", TaskMetric::kShuffleRemoteBytesReadToDisk},
    {"localBytesRead", TaskMetric::kShuffleLocalBytesRead},
    {"recordsRead", TaskMetric::kShuffleRecordsRead},
    {"remoteReqsDuration", TaskMetric::kShuffleRemoteReqsDuration},
};
constexpr TaskMetricField kShufflePushReadMetricFields[] = {
    {"corruptMergedBlockChunks", TaskMetric::kPushCorruptMergedBlockChunks},
    {"mergedFetchFallbackCount", TaskMetric::kPushMergedFetchFallbackCount},
    {"remoteMergedBlocksFetched", TaskMetric::kPushRemoteMergedBlocksFetched},
    {"localMergedBlocksFetched", TaskMetric::kPushLocalMergedBlocksFetched},
    {"remoteMergedChunksFetched", TaskMetric::kPushRemoteMergedChunksFetched},
    {"localMergedChunksFetched", TaskMetric::kPushLocalMergedChunksFetched},
    {"remoteMergedBytesRead", TaskMetric::kPushRemoteMergedBytesRead},
    {"localMergedBytesRead", TaskMetric::kPushLocalMergedBytesRead},
    {"remoteMergedReqsDuration", TaskMetric::kPushRemoteMergedReqsDuration},
};
constexpr TaskMetricField kShuffleWriteMetricFields[] = {
    {"bytesWritten", TaskMetric::kShuffleBytesWritten},
    {"writeTime", TaskMetric::kShuffleWriteTime},
    {"recordsWritten", TaskMetric::kShuffleRecordsWritten},
};

void WriteTask(JsonWriter& w, const StringPool& pool, const AttemptModel& attempt, uint32_t row,
               const RequestIndex& index) {
  const TaskColumns& t = attempt.tasks;
  const TaskDetailColumns& d = attempt.task_details;
  const int64_t now = TaskNow(attempt);
  const TaskApiStatus status = TaskStatusOf(attempt, row);
  const int64_t duration = TaskStoredDuration(attempt, row, now);
  const int64_t fetch_start = TaskResultFetchStart(attempt, row);
  w.BeginObject();
  w.FieldInt("taskId", t.task_id[row]);
  w.FieldInt("index", t.index[row]);
  w.FieldInt("attempt", t.attempt[row]);
  w.FieldInt("partitionId", d.partition_id[row]);
  w.Field("launchTime", FormatSparkDate(t.launch_time[row]));
  if (fetch_start > 0) w.Field("resultFetchStart", FormatSparkDate(fetch_start));
  if (duration > 0) w.FieldInt("duration", duration);
  w.Field("executorId", pool.Get(t.executor_id[row]));
  w.Field("host", pool.Get(d.host[row]));
  w.Field("status", TaskApiStatusName(status));
  w.Field("taskLocality",
          d.locality_names.empty() ? std::string_view() : pool.Get(d.locality_names[d.locality[row]]));
  w.FieldBool("speculative", (d.flags[row] & kTaskSpeculative) != 0);
  w.Key("accumulatorUpdates");
  w.BeginArray();
  if (auto range = d.accumulable_ranges.find(row); range != d.accumulable_ranges.end()) {
    for (uint32_t i = 0; i < range->second.second; ++i) {
      const TaskAccumulable& acc = d.accumulables[range->second.first + i];
      w.BeginObject();
      w.FieldInt("id", acc.id);
      WriteOptField(w, pool, "name", acc.name);
      WriteOptField(w, pool, "update", acc.update);
      WriteOptField(w, pool, "value", acc.value);
      w.EndObject();
    }
  }
  w.EndArray();
  if (d.flags[row] & kTaskHasError) w.Field("errorMessage", pool.Get(d.error_message(row)));
  if (TaskHasMetrics(attempt, row)) {
    auto fields = [&](const auto& table) {
      for (const TaskMetricField& f : table) {
        w.FieldInt(f.name, ShownTaskMetric(attempt, row, f.metric, status));
      }
    };
    auto object = [&](std::string_view key, const auto& table) {
      w.Key(key);
      w.BeginObject();
      fields(table);
      w.EndObject();
    };
    w.Key("taskMetrics");
    w.BeginObject();
    fields(kTaskMetricFields);
    object("inputMetrics", kInputMetricFields);
    object("outputMetrics", kOutputMetricFields);
    w.Key("shuffleReadMetrics");
    w.BeginObject();
    fields(kShuffleReadMetricFields);
    object("shufflePushReadMetrics", kShufflePushReadMetricFields);
    w.EndObject();
    object("shuffleWriteMetrics", kShuffleWriteMetricFields);
    w.EndObject();
  }
  w.Key("executorLogs");
  w.BeginObject();
  if (const StringPairs* pairs = index.For(t.executor_id[row])) {
    for (const auto& [key, value] : *pairs) w.Field(pool.Get(key), pool.Get(value));
  }
  w.EndObject();
  w.FieldInt("schedulerDelay", ShownSchedulerDelay(attempt, row, status, now));
  w.FieldInt("gettingResultTime", ShownGettingResultTime(attempt, row, now));
  w.EndObject();
}

const std::vector<uint32_t>& TaskRowsOf(const AttemptModel& attempt, int32_t stage_id,
                                        int32_t attempt_id) {
  static const std::vector<uint32_t> kNone;
  auto it = attempt.stage_task_rows.find({stage_id, attempt_id});
  return it == attempt.stage_task_rows.end() ? kNone : it->second;
}

// ---- Summaries ------------------------------------------------------------------------------

void WriteDoubles(JsonWriter& w, std::string_view key, const std::vector<double>& values) {
  w.Key(key);
  w.BeginArray();
  for (double v : values) w.Double(v);
  w.EndArray();
}

void WriteTaskSummary(JsonWriter& w, const TaskMetricDistributions& d) {
  using F = SummaryField;
  auto field = [&](std::string_view key, F f) { WriteDoubles(w, key, d.of(f)); };
  w.BeginObject();
  WriteDoubles(w, "quantiles", d.quantiles);
  field("duration", F::kDuration);
  field("executorDeserializeTime", F::kExecutorDeserializeTime);
  field("executorDeserializeCpuTime", F::kExecutorDeserializeCpuTime);
  field("executorRunTime", F::kExecutorRunTime);
  field("executorCpuTime", F::kExecutorCpuTime);
  field("resultSize", F::kResultSize);
  field("jvmGcTime", F::kJvmGcTime);
  field("resultSerializationTime", F::kResultSerializationTime);
  field("gettingResultTime", F::kGettingResultTime);
  field("schedulerDelay", F::kSchedulerDelay);
  field("peakExecutionMemory", F::kPeakExecutionMemory);
  field("memoryBytesSpilled", F::kMemoryBytesSpilled);
  field("diskBytesSpilled", F::kDiskBytesSpilled);
  w.Key("inputMetrics");
  w.BeginObject();
  field("bytesRead", F::kInputBytesRead);
  field("recordsRead", F::kInputRecordsRead);
  w.EndObject();
  w.Key("outputMetrics");
  w.BeginObject();
  field("bytesWritten", F::kOutputBytesWritten);
  field("recordsWritten", F::kOutputRecordsWritten);
  w.EndObject();
  w.Key("shuffleReadMetrics");
  w.BeginObject();
  field("readBytes", F::kShuffleReadBytes);
  field("readRecords", F::kShuffleReadRecords);
  field("remoteBlocksFetched", F::kShuffleRemoteBlocksFetched);
  field("localBlocksFetched", F::kShuffleLocalBlocksFetched);
  field("fetchWaitTime", F::kShuffleFetchWaitTime);
  field("remoteBytesRead", F::kShuffleRemoteBytesRead);
  field("remoteBytesReadToDisk", F::kShuffleRemoteBytesReadToDisk);
  field("totalBlocksFetched", F::kShuffleTotalBlocksFetched);
  field("remoteReqsDuration", F::kShuffleRemoteReqsDuration);
  w.Key("shufflePushReadMetricsDist");
  w.BeginObject();
  field("corruptMergedBlockChunks", F::kPushCorruptMergedBlockChunks);
  field("mergedFetchFallbackCount", F::kPushMergedFetchFallbackCount);
  field("remoteMergedBlocksFetched", F::kPushRemoteMergedBlocksFetched);
  field("localMergedBlocksFetched", F::kPushLocalMergedBlocksFetched);
  field("remoteMergedChunksFetched", F::kPushRemoteMergedChunksFetched);
  field("localMergedChunksFetched", F::kPushLocalMergedChunksFetched);
  field("remoteMergedBytesRead", F::kPushRemoteMergedBytesRead);
  field("localMergedBytesRead", F::kPushLocalMergedBytesRead);
  field("remoteMergedReqsDuration", F::kPushRemoteMergedReqsDuration);
  w.EndObject();
  w.EndObject();
  w.Key("shuffleWriteMetrics");
  w.BeginObject();
  field("writeBytes", F::kShuffleWriteBytes);
  field("writeRecords", F::kShuffleWriteRecords);
  field("writeTime", F::kShuffleWriteTime);
  w.EndObject();
  w.EndObject();
}

// The executor summaries the store holds for a stage attempt: those the listener created, plus
// executors excluded for the stage (setStageExcludedStatus creates theirs).
struct ShownExecutorSummary {
  ExecutorStageSummary summary;
  bool excluded = false;
};

std::vector<ShownExecutorSummary> ObjectExecutorSummaries(const StageAttempt& stage) {
  std::vector<ShownExecutorSummary> shown;
  auto excluded = [&](StringId id) {
    return std::find(stage.excluded_executors.begin(), stage.excluded_executors.end(), id) !=
           stage.excluded_executors.end();
  };
  for (const ExecutorStageSummary& summary : stage.task_details.executor_summaries) {
    shown.push_back({summary, excluded(summary.executor_id)});
  }
  for (StringId id : stage.excluded_executors) {
    if (stage.task_details.FindSummary(id) != nullptr) continue;
    ShownExecutorSummary created;
    created.summary.executor_id = id;
    created.excluded = true;
    shown.push_back(created);
  }
  return shown;
}

// Every stage-attempt object with the shown one's (stageId, attemptId), oldest first. Spark's
// store keys executor and speculation summaries by stage attempt: an object re-created for the
// same key (a later job naming a finished stage) starts empty and overwrites only what it writes.
const std::vector<const StageAttempt*>& ObjectsOfKey(const RequestIndex& index,
                                                     const StageAttempt& stage) {
  return index.ObjectsOf(stage);
}

// The executor summaries the store holds for the stage attempt: per executor, the one the
// latest object of the key wrote.
std::vector<ShownExecutorSummary> StageExecutorSummaries(const RequestIndex& index,
                                                         const StageAttempt& stage) {
  std::vector<ShownExecutorSummary> merged;
  std::map<StringId, size_t> position;
  for (const StageAttempt* object : ObjectsOfKey(index, stage)) {
    for (ShownExecutorSummary& summary : ObjectExecutorSummaries(*object)) {
      auto [it, inserted] = position.try_emplace(summary.summary.executor_id, merged.size());
      if (inserted) merged.push_back(std::move(summary));
      else merged[it->second] = std::move(summary);
    }
  }
  return merged;
}

// The speculation summary the store holds: the latest object of the key that had one.
const SpeculationSummary* StageSpeculationSummary(const RequestIndex& index,
                                                  const StageAttempt& stage) {
  const SpeculationSummary* shown = nullptr;
  for (const StageAttempt* object : ObjectsOfKey(index, stage)) {
    if (object->task_details.has_speculation) shown = &object->task_details.speculation;
  }
  return shown;
}

void WritePeak(JsonWriter& w, std::string_view key, const PeakExecutorMetrics& peak) {
  if (!peak.is_set()) return;
  w.Key(key);
  w.BeginObject();
  for (size_t i = 0; i < kExecutorMetricCount; ++i) w.FieldInt(kExecutorMetricNames[i], peak.peaks[i]);
  w.EndObject();
}

void WriteExecutorSummaries(JsonWriter& w, const StringPool& pool,
                            const std::vector<ShownExecutorSummary>& summaries) {
  w.Key("executorSummary");
  w.BeginObject();
  for (const auto& [s, excluded] : summaries) {
    w.Key(pool.Get(s.executor_id));
    w.BeginObject();
    w.FieldInt("taskTime", s.task_time);
    w.FieldInt("failedTasks", s.failed_tasks);
    w.FieldInt("succeededTasks", s.succeeded_tasks);
    w.FieldInt("killedTasks", s.killed_tasks);
    w.FieldInt("inputBytes", s.input_bytes);
    w.FieldInt("inputRecords", s.input_records);
    w.FieldInt("outputBytes", s.output_bytes);
    w.FieldInt("outputRecords", s.output_records);
    w.FieldInt("shuffleRead", s.shuffle_read);
    w.FieldInt("shuffleReadRecords", s.shuffle_read_records);
    w.FieldInt("shuffleWrite", s.shuffle_write);
    w.FieldInt("shuffleWriteRecords", s.shuffle_write_records);
    w.FieldInt("memoryBytesSpilled", s.memory_bytes_spilled);
    w.FieldInt("diskBytesSpilled", s.disk_bytes_spilled);
    w.FieldBool("isBlacklistedForStage", excluded);
    WritePeak(w, "peakMemoryMetrics", s.peak);
    w.FieldBool("isExcludedForStage", excluded);
    w.EndObject();
  }
  w.EndObject();
}

void WriteExecutorDistributions(JsonWriter& w, const std::vector<ShownExecutorSummary>& summaries,
                                const std::vector<double>& quantiles) {
  auto write = [&](std::string_view key, auto&& value_of) {
    std::vector<double> values;
    for (const ShownExecutorSummary& s : summaries) {
      values.push_back(static_cast<double>(value_of(s.summary)));
    }
    std::sort(values.begin(), values.end());
    WriteDoubles(w, key, QuantilesOfSorted(values, quantiles));
  };
  using S = ExecutorStageSummary;
  w.Key("executorMetricsDistributions");
  w.BeginObject();
  WriteDoubles(w, "quantiles", quantiles);
  write("taskTime", [](const S& s) { return s.task_time; });
  write("failedTasks", [](const S& s) { return s.failed_tasks; });
  write("succeededTasks", [](const S& s) { return s.succeeded_tasks; });
  write("killedTasks", [](const S& s) { return s.killed_tasks; });
  write("inputBytes", [](const S& s) { return s.input_bytes; });
  write("inputRecords", [](const S& s) { return s.input_records; });
  write("outputBytes", [](const S& s) { return s.output_bytes; });
  write("outputRecords", [](const S& s) { return s.output_records; });
  write("shuffleRead", [](const S& s) { return s.shuffle_read; });
  write("shuffleReadRecords", [](const S& s) { return s.shuffle_read_records; });
  write("shuffleWrite", [](const S& s) { return s.shuffle_write; });
  write("shuffleWriteRecords", [](const S& s) { return s.shuffle_write_records; });
  write("memoryBytesSpilled", [](const S& s) { return s.memory_bytes_spilled; });
  write("diskBytesSpilled", [](const S& s) { return s.disk_bytes_spilled; });
  // ExecutorPeakMetricsDistributions: per metric, over the executors that have peak metrics.
  w.Key("peakMemoryMetrics");
  w.BeginObject();
  for (size_t i = 0; i < kExecutorMetricCount; ++i) {
    std::vector<double> values;
    for (const ShownExecutorSummary& s : summaries) {
      if (s.summary.peak.is_set()) values.push_back(static_cast<double>(s.summary.peak.peaks[i]));
    }
    std::sort(values.begin(), values.end());
    WriteDoubles(w, kExecutorMetricNames[i], QuantilesOfSorted(values, quantiles));
  }
  w.EndObject();
  w.EndObject();
}

// What newStageData adds to a stage (AppStatusStore.newStageData).
struct StageDataOptions {
  bool details = false;
  std::vector<TaskApiStatus> task_statuses;  // empty: every task
  bool with_summaries = false;
  std::vector<double> quantiles;  // sorted
};

void WriteStageData(JsonWriter& w, const ApiData& data, const AttemptModel& attempt,
                    const StageAttempt& stage, const StageDataOptions& options,
                    const RequestIndex& index) {
  const StringPool& pool = *data.pool;
  if (!options.details && !options.with_summaries) {
    WriteStage(w, pool, stage);
    return;
  }
  WriteStage(w, pool, stage, [&](JsonWriter& out) {
    const std::vector<ShownExecutorSummary> summaries = StageExecutorSummaries(index, stage);
    const std::vector<uint32_t>& rows = TaskRowsOf(attempt, stage.stage_id, stage.attempt_id);
    if (options.details) {
      out.Key("tasks");
      out.BeginObject();
      for (uint32_t row : rows) {
        if (!StatusWanted(options.task_statuses, TaskStatusOf(attempt, row))) continue;
        out.Key(std::to_string(attempt.tasks.task_id[row]));
        WriteTask(out, pool, attempt, row, index);
      }
      out.EndObject();
      WriteExecutorSummaries(out, pool, summaries);
      if (const SpeculationSummary* speculation = StageSpeculationSummary(index, stage)) {
        const SpeculationSummary& s = *speculation;
        out.Key("speculationSummary");
        out.BeginObject();
        out.FieldInt("numTasks", s.num_tasks);
        out.FieldInt("numActiveTasks", s.num_active_tasks);
        out.FieldInt("numCompletedTasks", s.num_completed_tasks);
        out.FieldInt("numFailedTasks", s.num_failed_tasks);
        out.FieldInt("numKilledTasks", s.num_killed_tasks);
        out.EndObject();
      }
    }
    if (options.with_summaries) {
      if (auto summary = ComputeTaskSummary(attempt, rows, options.quantiles)) {
        out.Key("taskMetricsDistributions");
        WriteTaskSummary(out, *summary);
      }
      if (!summaries.empty()) WriteExecutorDistributions(out, summaries, options.quantiles);
    }
  });
}

// details / taskStatus / withSummaries / quantiles of the stage endpoints; nullopt with `error`
// set when a parameter does not convert.
std::optional<StageDataOptions> ParseStageDataOptions(const ApiRequest& request,
                                                      bool details_default,
                                                      ApiResponse* error) {
  StageDataOptions options;
  std::optional<std::vector<TaskApiStatus>> statuses = TaskStatusParam(request, "taskStatus");
  if (!statuses) {
    *error = NotFound("");
    return std::nullopt;
  }
  options.task_statuses = std::move(*statuses);
  options.details = BoolParam(request, "details", details_default);
  options.with_summaries = BoolParam(request, "withSummaries", false);
  std::string message;
  auto quantiles =
      ParseQuantiles(request.Value("quantiles").value_or("0.0,0.25,0.5,0.75,1.0"), &message);
  if (!quantiles) {
    *error = BadRequest(message);
    return std::nullopt;
  }
  SortQuantiles(*quantiles);
  options.quantiles = std::move(*quantiles);
  return options;
}

// docs/SPARK-SEMANTICS.md fact 33: with details and taskStatus, the list keeps only stages with
// tasks in those states.
bool StageHasTasksIn(const StageAttempt& s, const std::vector<TaskApiStatus>& statuses) {
  for (TaskApiStatus status : statuses) {
    switch (status) {
      case TaskApiStatus::kFailed: if (s.failed_tasks > 0) return true; break;
      case TaskApiStatus::kKilled: if (s.killed_tasks > 0) return true; break;
      case TaskApiStatus::kRunning: if (s.active_tasks > 0) return true; break;
      case TaskApiStatus::kSuccess: if (s.completed_tasks > 0) return true; break;
      case TaskApiStatus::kUnknown:
        if (s.num_tasks - s.failed_tasks - s.killed_tasks - s.active_tasks - s.completed_tasks > 0) {
          return true;
        }
        break;
      case TaskApiStatus::kGetResult: break;
    }
  }
  return false;
}

ApiResponse StageList(const ApiData& data, const AttemptModel& attempt, const ApiRequest& request) {
  bool wanted[5] = {false, false, false, false, false};
  const std::vector<std::string> statuses = request.Values("status");
  for (const std::string& status : statuses) {
    bool known = false;
    for (int i = 0; i < 5; ++i) {
      if (EqualsIgnoreCase(status, kStageStatusNames[i])) wanted[i] = known = true;
    }
    if (!known) return NotFound("");  // JAX-RS conversion failure
  }
  ApiResponse error;
  const std::optional<StageDataOptions> options = ParseStageDataOptions(request, false, &error);
  if (!options) return error;
  const RequestIndex index(attempt);
  JsonWriter w(data.item_sink);
  w.BeginArray();
  for (auto it = attempt.stage_rows.rbegin(); it != attempt.stage_rows.rend(); ++it) {
    const StageAttempt& stage = attempt.stage(it->second);
    if (!statuses.empty() && !wanted[static_cast<int>(stage.status)]) continue;
    if (options->details && !options->task_statuses.empty() &&
        !StageHasTasksIn(stage, options->task_statuses)) {
      continue;
    }
    WriteStageData(w, data, attempt, stage, *options, index);
  }
  w.EndArray();
  return {200, w.Take()};
}

// The \d+ path segments as Java ints (a number past the int range does not convert: 404).
std::optional<int32_t> PathInt(const std::string& segment) {
  if (!IsDigits(segment)) return std::nullopt;
  return ParseJavaInt(segment);
}

ApiResponse TaskSummaryEndpoint(const AttemptModel& attempt, int32_t stage_id, int32_t attempt_id,
                                const ApiRequest& request) {
  std::string message;
  auto quantiles =
      ParseQuantiles(request.Value("quantiles").value_or("0.05,0.25,0.5,0.75,0.95"), &message);
  if (!quantiles) return BadRequest(message);
  auto summary = ComputeTaskSummary(attempt, TaskRowsOf(attempt, stage_id, attempt_id), *quantiles);
  if (!summary) {
    return NotFound("No tasks reported metrics for " + std::to_string(stage_id) + " / " +
                    std::to_string(attempt_id) + " yet.");
  }
  JsonWriter w;
  WriteTaskSummary(w, *summary);
  return {200, w.Take()};
}

ApiResponse TaskListEndpoint(const ApiData& data, const AttemptModel& attempt, int32_t stage_id,
                             int32_t attempt_id, const ApiRequest& request) {
  int32_t offset = 0, length = 20;
  if (auto v = request.Value("offset")) {
    auto parsed = ParseJavaInt(*v);
    if (!parsed) return NotFound("");
    offset = *parsed;
  }
  if (auto v = request.Value("length")) {
    auto parsed = ParseJavaInt(*v);
    if (!parsed) return NotFound("");
    length = *parsed;
  }
  TaskSortOrder order = TaskSortOrder::kId;
  if (auto v = request.Value("sortBy")) {
    // TaskSorting.fromString: the alternate names, then the enum names, ignoring case.
    if (EqualsIgnoreCase(*v, "runtime") || EqualsIgnoreCase(*v, "INCREASING_RUNTIME")) {
      order = TaskSortOrder::kIncreasingRuntime;
    } else if (EqualsIgnoreCase(*v, "-runtime") || EqualsIgnoreCase(*v, "DECREASING_RUNTIME")) {
      order = TaskSortOrder::kDecreasingRuntime;
    } else if (!EqualsIgnoreCase(*v, "ID")) {
      return NotFound("");
    }
  }
  const std::optional<std::vector<TaskApiStatus>> statuses = TaskStatusParam(request, "status");
  if (!statuses) return NotFound("");
  std::vector<uint32_t> rows = TaskRowsOf(attempt, stage_id, attempt_id);
  SortTaskRows(attempt, order, rows);
  // Filter first, then slice(offset, offset + length) (docs/SPARK-SEMANTICS.md fact 53).
  std::vector<uint32_t> shown;
  const int64_t begin = std::max<int64_t>(offset, 0);
  const int64_t end = begin + std::max<int64_t>(length, 0);
  int64_t position = 0;
  for (uint32_t row : rows) {
    if (!StatusWanted(*statuses, TaskStatusOf(attempt, row))) continue;
    if (position >= begin && position < end) shown.push_back(row);
    ++position;
    if (position >= end) break;
  }
  const RequestIndex index(attempt);
  JsonWriter w;
  w.BeginArray();
  for (uint32_t row : shown) WriteTask(w, *data.pool, attempt, row, index);
  w.EndArray();
  return {200, w.Take()};
}

ApiResponse OneStage(const ApiData& data, const AttemptModel& attempt,
                     const std::vector<std::string>& rest, const ApiRequest& request) {
  const std::optional<int32_t> stage_id = PathInt(rest[0]);
  if (!stage_id) return NotFound("");
  std::vector<const StageAttempt*> attempts;  // attempt ascending
  for (auto it = attempt.stage_rows.lower_bound({*stage_id, std::numeric_limits<int32_t>::min()});
       it != attempt.stage_rows.end() && it->first.first == *stage_id; ++it) {
    attempts.push_back(&attempt.stage(it->second));
  }
  if (rest.size() == 1) {
    ApiResponse error;
    const std::optional<StageDataOptions> options = ParseStageDataOptions(request, true, &error);
    if (!options) return error;
    if (attempts.empty()) return NotFound("unknown stage: " + std::to_string(*stage_id));
    const RequestIndex index(attempt);
    JsonWriter w;
    w.BeginArray();
    for (const StageAttempt* stage : attempts) WriteStageData(w, data, attempt, *stage, *options, index);
    w.EndArray();
    return {200, w.Take()};
  }
  const std::optional<int32_t> attempt_id = PathInt(rest[1]);
  if (!attempt_id) return NotFound("");
  if (rest.size() == 3 && rest[2] == "taskSummary") {
    return TaskSummaryEndpoint(attempt, *stage_id, *attempt_id, request);
  }
  if (rest.size() == 3 && rest[2] == "taskList") {
    return TaskListEndpoint(data, attempt, *stage_id, *attempt_id, request);
  }
  if (rest.size() != 2) return NotFound("");
  ApiResponse error;
  const std::optional<StageDataOptions> options = ParseStageDataOptions(request, true, &error);
  if (!options) return error;
  for (const StageAttempt* stage : attempts) {
    if (stage->attempt_id != *attempt_id) continue;
    JsonWriter w;
    WriteStageData(w, data, attempt, *stage, *options, RequestIndex(attempt));
    return {200, w.Take()};
  }
  if (attempts.empty()) return NotFound("unknown stage: " + std::to_string(*stage_id));
  std::string ids;
  for (const StageAttempt* stage : attempts) {
    ids += (ids.empty() ? "" : ",") + std::to_string(stage->attempt_id);
  }
  return NotFound("unknown attempt for stage " + std::to_string(*stage_id) +
                  ".  Found attempts: [" + ids + "]");
}

}  // namespace

ApiResponse StagesEndpoint(const ApiData& data, const AttemptModel& attempt,
                           const std::vector<std::string>& rest, const ApiRequest& request) {
  if (rest.empty()) return StageList(data, attempt, request);
  return OneStage(data, attempt, rest, request);
}

}  // namespace afterglow
