// The rows of the Executors page and of /executors and /allexecutors (v1.ExecutorSummary): one
// row per executor the History Server shows, in its order, with the driver's substituted numbers
// (core/analysis/shown_executors.h) and the GC verdict decided once (core/analysis/diagnostics.h).
// Strings are views into the session's string pool, valid while the session lives.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/string_pool.h"
#include "core/events/executor_metrics.h"
#include "core/model/app_model.h"

namespace afterglow {

// Indices into kExecutorMetricNames of the peaks the Executors page shows.
inline constexpr size_t kPeakJvmHeap = 0;
inline constexpr size_t kPeakJvmOffHeap = 1;
inline constexpr size_t kPeakOnHeapExecution = 2;
inline constexpr size_t kPeakOffHeapExecution = 3;
inline constexpr size_t kPeakOnHeapStorage = 4;
inline constexpr size_t kPeakOffHeapStorage = 5;
inline constexpr size_t kPeakDirectPool = 8;
inline constexpr size_t kPeakMappedPool = 9;
inline constexpr size_t kPeakMinorGcCount = 16;
inline constexpr size_t kPeakMinorGcTime = 17;
inline constexpr size_t kPeakMajorGcCount = 18;
inline constexpr size_t kPeakMajorGcTime = 19;
static_assert(kExecutorMetricNames[kPeakJvmHeap] == "JVMHeapMemory");
static_assert(kExecutorMetricNames[kPeakOnHeapStorage] == "OnHeapStorageMemory");
static_assert(kExecutorMetricNames[kPeakOffHeapStorage] == "OffHeapStorageMemory");
static_assert(kExecutorMetricNames[kPeakDirectPool] == "DirectPoolMemory");
static_assert(kExecutorMetricNames[kPeakMappedPool] == "MappedPoolMemory");
static_assert(kExecutorMetricNames[kPeakMinorGcCount] == "MinorGCCount");
static_assert(kExecutorMetricNames[kPeakMinorGcTime] == "MinorGCTime");
static_assert(kExecutorMetricNames[kPeakMajorGcCount] == "MajorGCCount");
static_assert(kExecutorMetricNames[kPeakMajorGcTime] == "MajorGCTime");
static_assert(kExecutorMetricNames[kPeakJvmOffHeap] == "JVMOffHeapMemory");
static_assert(kExecutorMetricNames[kPeakOnHeapExecution] == "OnHeapExecutionMemory");
static_assert(kExecutorMetricNames[kPeakOffHeapExecution] == "OffHeapExecutionMemory");

using StringViewPairs = std::vector<std::pair<std::string_view, std::string_view>>;

// ExecutorSummary.resources: one entry of the map, under its key.
struct ExecutorResourceRow {
  std::string_view key;
  std::string_view name;
  std::vector<std::string_view> addresses;
};

struct ExecutorRow {
  std::string_view id;
  std::string_view host_port;  // the block manager's host:port, else the host; "" when neither
  bool is_active = true;
  bool is_excluded = false;  // isExcluded (and the older isBlacklisted)
  int64_t rdd_blocks = 0;
  int64_t memory_used = 0;
  int64_t disk_used = 0;
  int64_t total_cores = 0;
  int64_t max_tasks = 0;
  int64_t active_tasks = 0;
  int64_t failed_tasks = 0;
  int64_t completed_tasks = 0;
  int64_t total_tasks = 0;
  // the driver's: the application's duration (docs/SPARK-SEMANTICS.md fact 65)
  int64_t total_duration_ms = 0;
  int64_t total_gc_time_ms = 0;   // the driver's: its peak TotalGCTime when known
  int64_t total_input_bytes = 0;
  int64_t total_shuffle_read = 0;
  int64_t total_shuffle_write = 0;
  int64_t max_memory = 0;
  int64_t add_time = kNoTime;     // epoch ms
  // Set only for a removed executor that is no longer active (the API omits them otherwise).
  int64_t remove_time = kNoTime;  // epoch ms; kNoTime when not shown
  std::string_view remove_reason;
  // Removed by decommissioning (core/analysis/app_totals.h); the API has no field for it, the
  // page shows it as the status.
  bool is_decommissioned = false;
  // memoryMetrics, present when the block manager reported on/off-heap sizes.
  bool has_memory_metrics = false;
  int64_t used_on_heap_storage = 0, used_off_heap_storage = 0;
  int64_t total_on_heap_storage = 0, total_off_heap_storage = 0;
  // peakMemoryMetrics in ExecutorMetricType order (kExecutorMetricNames); null when never set.
  const std::array<int64_t, kExecutorMetricCount>* peak_memory = nullptr;
  std::span<const int32_t> excluded_in_stages;  // ascending
  int64_t resource_profile_id = 0;
  StringViewPairs executor_logs;
  StringViewPairs attributes;
  std::vector<ExecutorResourceRow> resources;
  // Spark's red Task Time cell (totalGCTime over the threshold share of totalDuration).
  bool gc_heavy = false;

  // A peak metric by index into kExecutorMetricNames, or -1 when the executor has no peaks.
  int64_t Peak(size_t metric) const { return peak_memory ? (*peak_memory)[metric] : -1; }
};

// The rows of `executors` (active only, id text descending) or `allexecutors` (every shown
// executor, id text ascending). `now_ms` is the wall clock a running application's driver's
// duration is measured to.
std::vector<ExecutorRow> ExecutorRows(const AttemptModel& attempt, const StringPool& pool,
                                      bool active_only, int64_t now_ms);

}  // namespace afterglow
