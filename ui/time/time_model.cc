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
  steps_.reset();
  what_if_.reset();  // before the analysis it points into
  analysis_.reset();
  what_if_series_ = {};
  series_rows_ = 0;
  overview_usage = {};
  timeline_usage = {};
}

void TimeModel::Build(const AttemptModel& attempt) {
  Start(attempt);
  while (!Step(SIZE_MAX)) {
  }
}

void TimeModel::Start(const AttemptModel& attempt) {
  Clear();
  steps_ = std::make_unique<time_analysis::TimeAnalysisSteps>();
  steps_->Start(attempt);
}

bool TimeModel::Step(size_t task_budget) {
  if (steps_ == nullptr) return true;
  if (!steps_->Step(task_budget)) return false;
  time_analysis::TimeAnalysisResult result = steps_->Take();
  steps_.reset();
  built_ = true;
  if (!result.problem.empty()) {
    problem_ = std::move(result.problem);
    return true;
  }
  analysis_ = std::make_unique<time_analysis::TimeAnalysis>(std::move(result.analysis));
  what_if_ = std::make_unique<time_analysis::WhatIfRun>(analysis_->AfterglowWhatIf());
  return true;
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
  const std::vector<time_analysis::CoreUsageBucket> buckets =
      time_analysis::BucketCoreUsage(analysis_->afterglow.usage, from_ms, to_ms, width_px);
  series.edges.clear();
  series.busy_mean.clear();
  series.busy_max.clear();
  series.offer_edges.clear();
  series.offer_cores.clear();
  series.peak_cores = 0;
  for (const time_analysis::CoreUsageBucket& b : buckets) {
    series.edges.push_back(static_cast<double>(b.start_ms));
    series.busy_mean.push_back(b.mean_busy_cores);
    series.busy_max.push_back(b.max_busy_cores);
    series.peak_cores = std::max<double>(series.peak_cores, b.max_busy_cores);
  }
  if (!buckets.empty()) series.edges.push_back(static_cast<double>(buckets.back().end_ms));
  // The offer line is the executors' own steps (exact, a few of them), not the buckets' raised
  // offer: where a task's finish was stamped a few ms after the next task on its core launched,
  // the busy area pokes above the line instead of bumping the line.
  const std::vector<time_analysis::OfferStep>& offer = analysis_->afterglow.usage.executor_offer;
  for (size_t k = 0; k < offer.size(); ++k) {
    const int64_t next = k + 1 < offer.size() ? offer[k + 1].time_ms : analysis_->facts.app_end_ms;
    if (next <= from_ms || offer[k].time_ms >= to_ms) continue;
    series.offer_edges.push_back(static_cast<double>(std::max(offer[k].time_ms, from_ms)));
    series.offer_cores.push_back(offer[k].cores);
    series.peak_cores = std::max<double>(series.peak_cores, offer[k].cores);
  }
  if (!series.offer_cores.empty()) {
    // The last step in the range ends at the range's end or the next change.
    size_t last = 0;
    for (size_t k = 0; k < offer.size(); ++k) {
      if (offer[k].time_ms < to_ms) last = k;
    }
    const int64_t next =
        last + 1 < offer.size() ? offer[last + 1].time_ms : analysis_->facts.app_end_ms;
    series.offer_edges.push_back(static_cast<double>(std::min(next, to_ms)));
  }
  return series;
}

}  // namespace afterglow::ui
