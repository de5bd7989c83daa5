// The two applications side by side: wall-clock duration, task time, executors and cores,
// tasks, stage attempts, jobs, SQL executions, bytes read, written and shuffled, spill, GC time,
// failures. Each number is AppTotals' (core/analysis/app_totals.h) or the duration the overview
// shows (core/analysis/durations.h); nothing is summed here a second way.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"

namespace afterglow::compare {

enum class MetricUnit : uint8_t { kMillis, kNanos, kBytes, kCount };

struct AppMetricRow {
  const char* key;    // the JSON name: "durationMs", "taskTimeMs", ...
  const char* label;  // "Duration", "Task time", ...
  MetricUnit unit;
  int64_t a = 0, b = 0;  // -1 for a duration that is unknown
  // Whether a larger value is worse for the run (time, spill, failures) or only different
  // (executors asked for, tasks): the page colours only the first kind.
  bool higher_is_worse = false;
  int64_t Delta() const { return b - a; }
  // b / a; nullopt when a is 0 or either side unknown.
  std::optional<double> Ratio() const;
};

std::vector<AppMetricRow> CompareAppMetrics(const AttemptModel& a, const StringPool& pool_a,
                                            const AttemptModel& b, const StringPool& pool_b);

}  // namespace afterglow::compare
