#include "core/events/executor_metrics.h"

namespace afterglow {

int ExecutorMetricIndex(std::string_view name) {
  for (size_t i = 0; i < kExecutorMetricCount; ++i) {
    if (kExecutorMetricNames[i] == name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace afterglow
