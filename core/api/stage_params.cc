#include "core/api/stage_params.h"

#include <algorithm>

#include "core/analysis/task_quantiles.h"
#include "core/api/java_numbers.h"

namespace afterglow {
namespace {

constexpr TaskApiStatus kTaskStatusValues[] = {TaskApiStatus::kRunning, TaskApiStatus::kKilled,
                                               TaskApiStatus::kFailed, TaskApiStatus::kSuccess,
                                               TaskApiStatus::kUnknown};

}  // namespace

bool BoolParam(const ApiRequest& request, const std::string& name, bool fallback) {
  const std::optional<std::string> value = request.Value(name);
  if (!value) return fallback;
  return EqualsIgnoreCase(*value, "true");
}

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

bool TaskStatusWanted(const std::vector<TaskApiStatus>& statuses, TaskApiStatus status) {
  return statuses.empty() ||
         std::find(statuses.begin(), statuses.end(), status) != statuses.end();
}

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

}  // namespace afterglow
