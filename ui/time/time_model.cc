#include "ui/time/time_model.h"

#include <algorithm>

#include "core/analysis/time/core_usage_buckets.h"

namespace afterglow::ui {

namespace {
const std::vector<time_analysis::WhatIfRow> kNoRows;
}

void TimeModel::Clear() {
  built_ = false;
  problem_.clear();
  what_if_.reset();  // before the analysis it points into
  analysis_.reset();
  what_if_series_ = {};
  series_rows_ = 0;
  overview_usage = {};
  timeline_usage = {};
}

void TimeModel::Build(const AttemptModel& attempt) {
  Clear();
  time_analysis::TimeAnalysisResult result = time_analysis::ComputeTimeAnalysis(attempt);
  built_ = true;
  if (!result.problem.empty()) {
    problem_ = std::move(result.problem);
    return;
  }
  analysis_ = std::make_unique<time_analysis::TimeAnalysis>(std::move(result.analysis));
  what_if_ = std::make_unique<time_analysis::WhatIfRun>(analysis_->AfterglowWhatIf());
}

bool TimeModel::StepWhatIf(uint64_t budget) {
  if (what_if_ == nullptr) return true;
  const bool done = what_if_->done() || what_if_->Step(budget);
  const auto& rows = what_if_->rows();
  for (; series_rows_ < rows.size(); ++series_rows_) {
    const time_analysis::WhatIfRow& row = rows[series_rows_];
    what_if_series_.executors.push_back(static_cast<double>(row.executor_count));
    what_if_series_.estimated_ms.push_back(static_cast<double>(row.estimated_ms));
    what_if_series_.utilization_pct.push_back(row.utilization_pct);
  }
  return done;
}

const std::vector<time_analysis::WhatIfRow>& TimeModel::what_if_rows() const {
  return what_if_ ? what_if_->rows() : kNoRows;
}

const CoreUsageSeries& TimeModel::UsageFor(CoreUsageSeries& series, int64_t from_ms,
                                           int64_t to_ms, uint32_t width_px) const {
  if (analysis_ == nullptr) return series;
  if (series.from_ms == from_ms && series.to_ms == to_ms && series.width_px == width_px &&
      !series.edges.empty()) {
    return series;
  }
  series.from_ms = from_ms;
  series.to_ms = to_ms;
  series.width_px = width_px;
  const std::vector<time_analysis::CoreUsageBucket> buckets = time_analysis::BucketCoreUsage(
      analysis_->afterglow.usage, from_ms, to_ms, analysis_->facts.app_end_ms, width_px);
  series.edges.clear();
  series.busy_mean.clear();
  series.busy_max.clear();
  series.offered_mean.clear();
  series.peak_cores = 0;
  for (const time_analysis::CoreUsageBucket& b : buckets) {
    series.edges.push_back(static_cast<double>(b.start_ms));
    series.busy_mean.push_back(b.mean_busy_cores);
    series.busy_max.push_back(b.max_busy_cores);
    series.offered_mean.push_back(b.mean_offered_cores);
    series.peak_cores = std::max<double>(series.peak_cores,
                                         std::max(b.max_busy_cores, b.max_offered_cores));
  }
  if (!buckets.empty()) series.edges.push_back(static_cast<double>(buckets.back().end_ms));
  return series;
}

}  // namespace afterglow::ui
