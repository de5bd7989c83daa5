#include "core/model/sql_model.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace afterglow {

const char* SqlExecutionRow::Status() const {
  if (error_message.present) return error_message.id == kEmptyString ? "COMPLETED" : "FAILED";
  if (completion_time == kNoTime) return "RUNNING";
  for (const auto& [job, status] : jobs) {
    if (status == SqlJobStatus::kFailed) return "FAILED";
  }
  return "COMPLETED";
}

std::optional<std::string> SqlExecutionRow::MetricValue(int64_t accumulator_id) const {
  auto it = std::lower_bound(
      metric_values.begin(), metric_values.end(), accumulator_id,
      [](const SqlMetricSummary& entry, int64_t id) { return entry.accumulator_id < id; });
  if (it == metric_values.end() || it->accumulator_id != accumulator_id) return std::nullopt;
  return SqlMetricSummaryText(*it);
}

size_t SqlModel::PlanVersionCount(int64_t execution_id) const {
  if (graphs.count(execution_id) == 0) return 0;
  const auto replaced = replaced_graphs.find(execution_id);
  return replaced == replaced_graphs.end() ? 1 : replaced->second.size() + 1;
}

std::optional<SqlPlanGraph> SqlModel::PlanVersion(int64_t execution_id, size_t version) const {
  const size_t count = PlanVersionCount(execution_id);
  if (version >= count) return std::nullopt;
  if (version + 1 == count) return graphs.at(execution_id);
  return replaced_graphs.at(execution_id)[version].Unpack();
}

const StreamingQuery* StreamingModel::FindRun(StringId run_id) const {
  for (const StreamingQuery& query : queries) {
    if (query.run_id == run_id) return &query;
  }
  return nullptr;
}

const std::vector<StreamingProgress>* StreamingModel::Progress(StringId run_id) const {
  auto it = progress_by_run.find(run_id);
  return it == progress_by_run.end() ? nullptr : &it->second;
}

namespace {

double ValidOrZero(double rate) { return std::isfinite(rate) ? rate : 0.0; }

template <typename Rate>
double AverageRate(const std::vector<StreamingProgress>* progress, Rate rate) {
  if (progress == nullptr || progress->empty()) return std::numeric_limits<double>::quiet_NaN();
  double sum = 0;
  for (const StreamingProgress& p : *progress) sum += ValidOrZero(rate(p));
  return sum / static_cast<double>(progress->size());
}

}  // namespace

double StreamingModel::AverageInputRate(StringId run_id) const {
  return AverageRate(Progress(run_id), [](const StreamingProgress& p) {
    return p.input_rows_per_second;
  });
}

double StreamingModel::AverageProcessRate(StringId run_id) const {
  return AverageRate(Progress(run_id), [](const StreamingProgress& p) {
    return p.processed_rows_per_second;
  });
}

int64_t StreamingModel::CompletedBatches(StringId run_id) const {
  const std::vector<StreamingProgress>* progress = Progress(run_id);
  if (progress == nullptr || progress->empty()) return 0;
  return progress->back().batch_id + 1;
}

}  // namespace afterglow
