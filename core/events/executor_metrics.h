// Peak executor memory metrics (Spark's ExecutorMetrics): element-wise maxima keyed by
// ExecutorMetricType order. "Set" follows Spark's isSet (first value > -1): a zero-filled update,
// which Spark reads for a TaskEnd without "Task Executor Metrics", counts as set.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace afterglow {

inline constexpr size_t kExecutorMetricCount = 23;

// Names in ExecutorMetricType.metricToOffset order (the last two were added in Spark 4.0).
inline constexpr std::array<std::string_view, kExecutorMetricCount> kExecutorMetricNames = {
    "JVMHeapMemory",           "JVMOffHeapMemory",          "OnHeapExecutionMemory",
    "OffHeapExecutionMemory",  "OnHeapStorageMemory",       "OffHeapStorageMemory",
    "OnHeapUnifiedMemory",     "OffHeapUnifiedMemory",      "DirectPoolMemory",
    "MappedPoolMemory",        "ProcessTreeJVMVMemory",     "ProcessTreeJVMRSSMemory",
    "ProcessTreePythonVMemory", "ProcessTreePythonRSSMemory", "ProcessTreeOtherVMemory",
    "ProcessTreeOtherRSSMemory", "MinorGCCount",             "MinorGCTime",
    "MajorGCCount",            "MajorGCTime",               "TotalGCTime",
    "ConcurrentGCCount",       "ConcurrentGCTime"};

// Index of a metric name, or -1 for names this Spark version does not know (ignored, as Spark does).
int ExecutorMetricIndex(std::string_view name);

struct ExecutorMetricValues {
  std::array<int64_t, kExecutorMetricCount> values{};
};

struct PeakExecutorMetrics {
  std::array<int64_t, kExecutorMetricCount> peaks = InitialPeaks();
  bool is_set() const { return peaks[0] > -1; }
  // Spark's compareAndUpdatePeakValues: true when any peak grew.
  bool Update(const ExecutorMetricValues& update) {
    bool grew = false;
    for (size_t i = 0; i < kExecutorMetricCount; ++i) {
      if (update.values[i] > peaks[i]) {
        peaks[i] = update.values[i];
        grew = true;
      }
    }
    return grew;
  }

 private:
  static constexpr std::array<int64_t, kExecutorMetricCount> InitialPeaks() {
    std::array<int64_t, kExecutorMetricCount> p{};
    p[0] = -1;
    return p;
  }
};

}  // namespace afterglow
