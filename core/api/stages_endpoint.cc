// applications/{id}[/{attempt}]/stages and everything under it (docs/SPARK-SEMANTICS.md facts
// 30-42, 51-63), routed:
//   stages                     status, details, taskStatus, withSummaries, quantiles
//   stages/{id}                every attempt, attempt ascending; details defaults to true
//   stages/{id}/{attempt}      one attempt; details defaults to true
//   .../taskSummary            quantiles (default 0.05,0.25,0.5,0.75,0.95)
//   .../taskList               offset, length, sortBy, status
// The values are the rows of core/query/ (stage_rows.h, task_rows.h, stage_executor_rows.h);
// each JSON shape has its writer (stage_json.h, task_json.h, task_summary_json.h,
// executor_summary_json.h); the parameters convert in stage_params.h.
#include <algorithm>
#include <limits>
#include <optional>
#include <string_view>

#include "core/analysis/task_quantiles.h"
#include "core/analysis/task_view.h"
#include "core/api/endpoints.h"
#include "core/api/executor_summary_json.h"
#include "core/api/java_numbers.h"
#include "core/api/json_writer.h"
#include "core/api/stage_json.h"
#include "core/api/stage_params.h"
#include "core/api/task_json.h"
#include "core/api/task_summary_json.h"
#include "core/query/stage_executor_rows.h"
#include "core/query/stage_rows.h"
#include "core/query/task_rows.h"

namespace afterglow {
namespace {

// Look-ups one request needs, built once.
struct StageRequestIndex {
  explicit StageRequestIndex(const AttemptModel& model)
      : objects(model), logs(model), now(TaskNow(model)) {}
  StageAttemptObjects objects;
  TaskExecutorLogs logs;
  int64_t now;
};

void WriteStageData(JsonWriter& w, const StringPool& pool, const AttemptModel& attempt,
                    const StageRow& stage, const StageDataOptions& options,
                    const StageRequestIndex& index) {
  if (!options.details && !options.with_summaries) {
    WriteStageJson(w, pool, stage);
    return;
  }
  WriteStageJson(w, pool, stage, [&](JsonWriter& out) {
    const std::vector<StageExecutorRow> executors =
        StageExecutorRows(pool, index.objects, *stage.object);
    const std::vector<uint32_t>& rows = StageTaskRowsOf(attempt, stage.stage_id, stage.attempt_id);
    if (options.details) {
      out.Key("tasks");
      out.BeginObject();
      for (uint32_t row : rows) {
        if (!TaskStatusWanted(options.task_statuses, TaskStatusOf(attempt, row))) continue;
        const TaskRow task = TaskRowOf(attempt, pool, index.logs, row, index.now);
        out.Key(std::to_string(task.task_id));
        WriteTaskJson(out, pool, task);
      }
      out.EndObject();
      WriteExecutorSummariesJson(out, executors);
      if (const SpeculationSummary* speculation =
              StageSpeculationSummary(index.objects, *stage.object)) {
        WriteSpeculationSummaryJson(out, *speculation);
      }
    }
    if (options.with_summaries) {
      if (auto summary = ComputeTaskSummary(attempt, rows, options.quantiles)) {
        out.Key("taskMetricsDistributions");
        WriteTaskSummaryJson(out, *summary);
      }
      if (!executors.empty()) {
        WriteExecutorDistributionsJson(out,
                                       ComputeExecutorDistributions(executors, options.quantiles));
      }
    }
  });
}

// fact 33: with details and taskStatus, the list keeps only stages with tasks in those states.
bool StageHasTasksIn(const StageRow& s, const std::vector<TaskApiStatus>& statuses) {
  for (TaskApiStatus status : statuses) {
    switch (status) {
      case TaskApiStatus::kFailed: if (s.failed_tasks > 0) return true; break;
      case TaskApiStatus::kKilled: if (s.killed_tasks > 0) return true; break;
      case TaskApiStatus::kRunning: if (s.active_tasks > 0) return true; break;
      case TaskApiStatus::kSuccess: if (s.complete_tasks > 0) return true; break;
      case TaskApiStatus::kUnknown:
        if (s.num_tasks - s.failed_tasks - s.killed_tasks - s.active_tasks - s.complete_tasks > 0) {
          return true;
        }
        break;
      case TaskApiStatus::kGetResult: break;
    }
  }
  return false;
}

ApiResponse StageList(const ApiData& data, const AttemptModel& attempt, const ApiRequest& request) {
  bool wanted[std::size(kStageStatuses)] = {};
  const std::vector<std::string> statuses = request.Values("status");
  for (const std::string& status : statuses) {
    bool known = false;
    for (StageStatus s : kStageStatuses) {
      if (EqualsIgnoreCase(status, StageStatusName(s))) wanted[static_cast<int>(s)] = known = true;
    }
    if (!known) return NotFound("");  // JAX-RS conversion failure
  }
  ApiResponse error;
  const std::optional<StageDataOptions> options = ParseStageDataOptions(request, false, &error);
  if (!options) return error;
  const StringPool& pool = *data.pool;
  const StageRequestIndex index(attempt);
  JsonWriter w(data.item_sink);
  w.BeginArray();
  ForEachStageRow(attempt, pool, [&](const StageRow& stage) {
    if (!statuses.empty() && !wanted[static_cast<int>(stage.status)]) return;
    if (options->details && !options->task_statuses.empty() &&
        !StageHasTasksIn(stage, options->task_statuses)) {
      return;
    }
    WriteStageData(w, pool, attempt, stage, *options, index);
  });
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
  auto summary =
      ComputeTaskSummary(attempt, StageTaskRowsOf(attempt, stage_id, attempt_id), *quantiles);
  if (!summary) {
    return NotFound("No tasks reported metrics for " + std::to_string(stage_id) + " / " +
                    std::to_string(attempt_id) + " yet.");
  }
  JsonWriter w;
  WriteTaskSummaryJson(w, *summary);
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
  std::vector<uint32_t> rows = StageTaskRowsOf(attempt, stage_id, attempt_id);
  SortTaskRows(attempt, order, rows);
  // Filter first, then slice(offset, offset + length) (docs/SPARK-SEMANTICS.md fact 53).
  std::vector<uint32_t> shown;
  const int64_t begin = std::max<int64_t>(offset, 0);
  const int64_t end = begin + std::max<int64_t>(length, 0);
  int64_t position = 0;
  for (uint32_t row : rows) {
    if (!TaskStatusWanted(*statuses, TaskStatusOf(attempt, row))) continue;
    if (position >= begin && position < end) shown.push_back(row);
    ++position;
    if (position >= end) break;
  }
  const StringPool& pool = *data.pool;
  JsonWriter w;
  w.BeginArray();
  ForEachTaskRow(attempt, pool, shown, [&](const TaskRow& task) { WriteTaskJson(w, pool, task); });
  w.EndArray();
  return {200, w.Take()};
}

ApiResponse OneStage(const ApiData& data, const AttemptModel& attempt,
                     const std::vector<std::string>& rest, const ApiRequest& request) {
  const std::optional<int32_t> stage_id = PathInt(rest[0]);
  if (!stage_id) return NotFound("");
  const StringPool& pool = *data.pool;
  const std::vector<StageRow> attempts = StageAttemptRows(attempt, pool, *stage_id);
  if (rest.size() == 1) {
    ApiResponse error;
    const std::optional<StageDataOptions> options = ParseStageDataOptions(request, true, &error);
    if (!options) return error;
    if (attempts.empty()) return NotFound("unknown stage: " + std::to_string(*stage_id));
    const StageRequestIndex index(attempt);
    JsonWriter w;
    w.BeginArray();
    for (const StageRow& stage : attempts) WriteStageData(w, pool, attempt, stage, *options, index);
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
  for (const StageRow& stage : attempts) {
    if (stage.attempt_id != *attempt_id) continue;
    JsonWriter w;
    WriteStageData(w, pool, attempt, stage, *options, StageRequestIndex(attempt));
    return {200, w.Take()};
  }
  if (attempts.empty()) return NotFound("unknown stage: " + std::to_string(*stage_id));
  std::string ids;
  for (const StageRow& stage : attempts) {
    ids += (ids.empty() ? "" : ",") + std::to_string(stage.attempt_id);
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
