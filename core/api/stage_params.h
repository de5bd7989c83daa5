// The query parameters of the stage endpoints, converted as StagesResource and JAX-RS convert
// them: booleans, quantile lists, task-status filters, and what newStageData adds to a stage.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/api/api_request.h"
#include "core/model/task_details.h"

namespace afterglow {

// JAX-RS Boolean conversion (Boolean.valueOf): "true" in any case is true, anything else false.
bool BoolParam(const ApiRequest& request, const std::string& name, bool fallback);

// StagesResource's quantile parsing: String.split(",") (trailing empty items dropped), then each
// item through toDouble; a failure is 400 with BadParameterException's message in `error`.
std::optional<std::vector<double>> ParseQuantiles(const std::string& text, std::string* error);

// The repeatable TaskStatus enum parameter (case-insensitive); nullopt when a value does not
// convert (JAX-RS answers 404). An empty result means "no filter".
std::optional<std::vector<TaskApiStatus>> TaskStatusParam(const ApiRequest& request,
                                                          const std::string& name);
bool TaskStatusWanted(const std::vector<TaskApiStatus>& statuses, TaskApiStatus status);

// What newStageData adds to a stage (AppStatusStore.newStageData).
struct StageDataOptions {
  bool details = false;
  std::vector<TaskApiStatus> task_statuses;  // empty: every task
  bool with_summaries = false;
  std::vector<double> quantiles;  // sorted
};

// details / taskStatus / withSummaries / quantiles of the stage endpoints; nullopt with `error`
// set when a parameter does not convert.
std::optional<StageDataOptions> ParseStageDataOptions(const ApiRequest& request,
                                                      bool details_default, ApiResponse* error);

}  // namespace afterglow
