// What the overview and #/timeline show of where the application's time went: Afterglow's time
// analysis (core/analysis/time/time_analysis.h), computed once per load by the model step kTime
// (in task-budget slices by the load's final build: Start, then Step), the executor what-if run in
// slices between frames (StepWhatIf), and the core-usage series
// bucketed for a chart's range and width, kept until either changes. The views format these
// numbers; none is decided here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/analysis/time/time_analysis.h"
#include "core/model/app_model.h"

namespace afterglow::ui {

// The core-usage buckets of one chart as the chart widget draws them: `edges` holds one more
// value than the series (bucket starts, then the last end), all in epoch ms.
struct CoreUsageSeries {
  int64_t from_ms = 0, to_ms = 0;
  uint32_t width_px = 0;
  std::vector<double> edges;
  std::vector<double> busy_mean, busy_max;
  // The executors' own offer as steps over the range: offer_edges holds one more value.
  std::vector<double> offer_edges, offer_cores;
  double peak_cores = 0;  // the most cores offered or busy in the range
};

// The what-if's finished rows as chart series (x: executors), in percent order.
struct WhatIfSeries {
  std::vector<double> executors, estimated_ms, utilization_pct;
};

class TimeModel {
 public:
  void Clear();
  // Runs the time analysis of `attempt` and starts its what-if (not stepped yet).
  void Build(const AttemptModel& attempt);
  // The same in slices: Start, then Step until it returns true (about `task_budget` tasks each).
  // The attempt must not change in between.
  void Start(const AttemptModel& attempt);
  bool Step(size_t task_budget);
  bool built() const { return built_; }
  // Why there is no analysis (no application start or end in the log); "" when there is one.
  const std::string& problem() const { return problem_; }
  // Null until built or when problem() is set.
  const time_analysis::TimeAnalysis* analysis() const { return analysis_.get(); }

  // Advances the what-if by `budget` task moves; true once it is done (or there is none).
  bool StepWhatIf(uint64_t budget);
  bool what_if_done() const { return what_if_ == nullptr || what_if_->done(); }
  // The estimates finished so far, and how many there will be (12 at most).
  const std::vector<time_analysis::WhatIfRow>& what_if_rows() const;
  const WhatIfSeries& what_if_series() const { return what_if_series_; }
  int64_t model_estimate_ms() const { return what_if_ ? what_if_->model_estimate_ms() : 0; }

  // The usage buckets over [from_ms, to_ms) for a chart `width_px` wide, one bucket per pixel;
  // rebucketed only when the range or the width changed since the last call with `series`.
  const CoreUsageSeries& UsageFor(CoreUsageSeries& series, int64_t from_ms, int64_t to_ms,
                                  uint32_t width_px) const;
  // The caches of the two charts (the overview's, #/timeline's), owned here so a rebuild
  // invalidates them.
  mutable CoreUsageSeries overview_usage, timeline_usage;

 private:
  bool built_ = false;
  std::string problem_;
  std::unique_ptr<time_analysis::TimeAnalysisSteps> steps_;  // while building in slices
  std::unique_ptr<time_analysis::TimeAnalysis> analysis_;  // stable: the what-if points into it
  std::unique_ptr<time_analysis::WhatIfRun> what_if_;
  WhatIfSeries what_if_series_;
  size_t series_rows_ = 0;  // rows already copied into what_if_series_
};

}  // namespace afterglow::ui
