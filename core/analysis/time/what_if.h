// The executor what-if: estimated wall-clock time and cluster utilisation at Sparklens' executor
// counts (10% to 500% of the run's), plus the model's estimate at 100% (Sparklens' "Model
// Estimation", set beside the real duration to show the model's error). Resumable: each Step
// advances the current simulation by a budget of task moves, so the page can run it between
// frames; the CLI runs it to the end at once.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/analysis/time/schedule_simulation.h"

namespace afterglow::time_analysis {

inline constexpr std::array<int32_t, 12> kWhatIfPercents = {10,  20,  50,  80,  100, 110,
                                                            120, 150, 200, 300, 400, 500};

struct WhatIfRow {
  int32_t percent = 0;
  int64_t executor_count = 0;
  int64_t estimated_ms = 0;
  double utilization_pct = 0;  // used core-ms / (estimated time x the estimate's cores)
};

struct WhatIfSetup {
  int64_t executors = 1;           // the run's executor count (100%)
  int32_t cores_per_executor = 1;
  int32_t cpus_per_task = 1;       // slots = executors x cores / cpus_per_task
  int64_t used_core_ms = 0;        // the numerator of the estimates' utilisation
};

class WhatIfRun {
 public:
  // `input` and `task_ms` (the durations its stages index) must outlive the run.
  WhatIfRun(const ScheduleInput& input, std::span<const int32_t> task_ms, const WhatIfSetup& setup);

  bool Step(uint64_t budget);  // true once every estimate is done
  bool done() const { return next_ > kWhatIfPercents.size(); }
  int64_t model_estimate_ms() const { return model_estimate_ms_; }
  // Rows with at least one executor, in percent order; complete once done().
  const std::vector<WhatIfRow>& rows() const { return rows_; }

 private:
  void StartNext();

  const ScheduleInput* input_;
  std::span<const int32_t> task_ms_;
  WhatIfSetup setup_;
  size_t next_ = 0;  // 0: the model estimate; k: kWhatIfPercents[k - 1]
  int64_t current_executors_ = 0;
  std::unique_ptr<ScheduleSimulation> simulation_;
  int64_t model_estimate_ms_ = 0;
  std::vector<WhatIfRow> rows_;
};

}  // namespace afterglow::time_analysis
