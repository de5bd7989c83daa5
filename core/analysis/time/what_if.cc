#include "core/analysis/time/what_if.h"

#include <algorithm>

namespace afterglow::time_analysis {

WhatIfRun::WhatIfRun(const ScheduleInput& input, std::span<const int32_t> task_ms,
                     const WhatIfSetup& setup)
    : input_(&input), task_ms_(task_ms), setup_(setup) {
  StartNext();
}

void WhatIfRun::StartNext() {
  simulation_.reset();
  while (next_ <= kWhatIfPercents.size()) {
    // Sparklens: executorCount = (appExecutorCount * percent) / 100, rows with 0 left out.
    current_executors_ =
        next_ == 0 ? setup_.executors : setup_.executors * kWhatIfPercents[next_ - 1] / 100;
    if (current_executors_ > 0) break;
    ++next_;
  }
  if (next_ > kWhatIfPercents.size()) return;
  const int64_t slots = std::max<int64_t>(
      1, current_executors_ * setup_.cores_per_executor / std::max(1, setup_.cpus_per_task));
  simulation_ = std::make_unique<ScheduleSimulation>(*input_, task_ms_, slots);
}

bool WhatIfRun::Step(uint64_t budget) {
  while (!done() && budget > 0) {
    const uint64_t before = simulation_->moves();
    const bool finished = simulation_->Step(budget);
    // An estimate costs at least one unit, so a budget always bounds the work of one call.
    budget -= std::min<uint64_t>(budget, std::max<uint64_t>(1, simulation_->moves() - before));
    if (!finished) break;
    const int64_t estimated = simulation_->estimated_ms();
    if (next_ == 0) {
      model_estimate_ms_ = estimated;
    } else {
      const double cores =
          static_cast<double>(current_executors_) * static_cast<double>(setup_.cores_per_executor);
      const double denominator = static_cast<double>(estimated) * cores;
      rows_.push_back({kWhatIfPercents[next_ - 1], current_executors_, estimated,
                       denominator > 0 ? 100.0 * static_cast<double>(setup_.used_core_ms) / denominator
                                       : 0.0});
    }
    ++next_;
    StartNext();
  }
  return done();
}

}  // namespace afterglow::time_analysis
