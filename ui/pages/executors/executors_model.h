// The Executors page's rows, read once from the allexecutors rows (core/query/executor_rows.h) so
// every cell is the number the REST API gives, plus the Active / Dead / Total summary Spark's executorspage.js
// adds up from the same answer. Rebuilt by RefreshModels; filtering and sorting only rewrite the
// index `order`, never the rows.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/events/executor_metrics.h"
#include "core/query/executor_rows.h"
#include "core/session.h"
#include "ui/pages/executors/executor_order.h"
#include "ui/widgets/small_table_filter.h"
#include "ui/widgets/tsv.h"

namespace afterglow::ui {

inline constexpr std::array<int64_t, kExecutorMetricCount> NoPeaks() {
  std::array<int64_t, kExecutorMetricCount> peaks{};
  peaks.fill(-1);
  return peaks;
}

// The peaks the page shows, in its column order (pairs: on/off heap, direct/mapped, count/time).
inline constexpr std::array<size_t, 12> kShownPeaks = {
    kPeakJvmHeap,       kPeakJvmOffHeap,     kPeakOnHeapExecution, kPeakOffHeapExecution,
    kPeakOnHeapStorage, kPeakOffHeapStorage, kPeakDirectPool,      kPeakMappedPool,
    kPeakMinorGcCount,  kPeakMinorGcTime,    kPeakMajorGcCount,    kPeakMajorGcTime};

struct ExecutorRow {
  std::string id;
  std::string address;  // hostPort
  std::string status;   // "Active", "Dead", "Excluded", "Active (Excluded in Stages: [1, 2])"
  bool active = false;
  bool excluded = false;  // isExcluded
  int64_t rdd_blocks = 0;
  int64_t memory_used = 0;  // storage memory used / maxMemory
  int64_t max_memory = 0;
  int64_t disk_used = 0;
  int64_t cores = 0;
  int64_t max_tasks = 0;
  int64_t active_tasks = 0;
  int64_t failed_tasks = 0;
  int64_t completed_tasks = 0;
  int64_t total_tasks = 0;
  int64_t total_duration_ms = 0;  // task time
  int64_t total_gc_ms = 0;
  int64_t input_bytes = 0;
  int64_t shuffle_read_bytes = 0;
  int64_t shuffle_write_bytes = 0;
  // peakMemoryMetrics in kExecutorMetricNames order, when the log has executor metrics (Spark
  // 3.0+); every value -1 when absent.
  std::array<int64_t, kExecutorMetricCount> peaks = NoPeaks();
  bool decommissioned = false;  // removed by decommissioning: the status says so
  // The log links (stdout, stderr, ...) as executorLogs lists them: name, URL.
  std::vector<std::pair<std::string, std::string>> logs;
  int64_t add_ms = -1;
  int64_t remove_ms = -1;
  std::string remove_reason;
  bool gc_heavy = false;  // Spark's red Task Time cell: totalGCTime > 10 % of totalDuration
};

// One line of the summary table (Active(N), Dead(N), Total(N)).
struct ExecutorTotals {
  int64_t count = 0;
  int64_t rdd_blocks = 0, memory_used = 0, max_memory = 0, disk_used = 0, cores = 0;
  int64_t active_tasks = 0, failed_tasks = 0, completed_tasks = 0, total_tasks = 0;
  int64_t total_duration_ms = 0, total_gc_ms = 0;
  int64_t input_bytes = 0, shuffle_read_bytes = 0, shuffle_write_bytes = 0;
  int64_t excluded = 0;
  bool gc_heavy = false;  // the executor rule (core/analysis/diagnostics.h) over the sums
  void Add(const ExecutorRow& row);
};

enum class ExecutorColumn : uint8_t {
  kId,
  kAddress,
  kStatus,
  kRddBlocks,
  kStorageMemory,
  kDiskUsed,
  kCores,
  kActiveTasks,
  kFailedTasks,
  kCompleteTasks,
  kTotalTasks,
  kTaskTime,
  kInput,
  kShuffleRead,
  kShuffleWrite,
  kPeakJvmMemory,        // on-heap / off-heap
  kPeakExecutionMemory,  // on-heap / off-heap
  kPeakStorageMemory,    // on-heap / off-heap
  kPeakPoolMemory,       // direct / mapped
  kMinorGc,              // count / time
  kMajorGc,              // count / time
  kLogs,
  kAdded,
  kRemoved,
  kCount
};

struct ExecutorsTableModel {
  std::vector<ExecutorRow> rows;  // in /allexecutors order (id ascending as text)
  std::vector<uint32_t> order;    // rows passing the filter, in the table's sort order
  ExecutorTotals active, dead, total;
  bool has_peak_metrics = false;  // some row has peakMemoryMetrics: show the peak columns
  std::string widest_status;      // the longest status text ("Decommissioned"), sizing its column
  std::string error;              // set when the API's answer could not be read
  bool sorted = false;            // false after Build: the view applies its sort order again
  char filter_text[128] = "";     // the search box's text; kept across rebuilds
  SmallTableFilter summary_filter;  // the summary's filter (Active, Dead, Total); kept too

  void Clear();
  void Build(const Session& session, const AttemptSummary& app);
  // Keeps rows whose id, address, status or remove reason contains `needle` (any case), in the
  // current sort order.
  void Filter(std::string_view needle);
  void Sort(ExecutorColumn column, bool ascending);
  // The table as TSV, rows in the current order and filter.
  std::string Tsv() const;
  // The Active / Dead / Total summary as TSV, the rows summary_filter shows.
  std::string SummaryTsv() const;

 private:
  ExecutorColumn sort_column_ = ExecutorColumn::kId;
  bool ascending_ = true;
};

}  // namespace afterglow::ui
