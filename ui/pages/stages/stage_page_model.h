// Everything the stage page shows for one stage attempt, built once on navigation (PrepareRoute)
// and drawn from without allocating. Header numbers and the executor and accumulator tables come
// from the rows the REST API writes too (core/query/stage_rows.h, stage_executor_rows.h); the
// summary quantiles from the function the taskSummary endpoint calls (ComputeTaskSummary), each
// row's skew test from core/analysis/summary_skew.h; the task table reads the core's task columns
// (task_table_model.h).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/analysis/task_quantiles.h"
#include "core/analysis/value_histogram.h"
#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "ui/pages/stages/task_table_model.h"
#include "ui/widgets/metric_tooltips.h"
#include "ui/widgets/small_table_filter.h"

namespace afterglow::ui {

// The summary table's quantiles, as Spark's stage page requests them.
inline constexpr std::array<double, 5> kSummaryQuantiles = {0.0, 0.25, 0.5, 0.75, 1.0};
// At most this many bins in the stage page's histogram of task durations: wide enough bars to
// read at the page's width, narrow enough to show a second mode or a straggler apart.
inline constexpr uint32_t kDurationHistogramBins = 48;

// How a summary row prints its values.
enum class SummaryUnit : uint8_t {
  kMillis,        // durations in ms
  kNanos,         // durations in ns (shuffle write time), shown as ms
  kBytes,         // sizes
  kBytesRecords,  // "size / records": `values` are bytes, `records` the records
};

struct SummaryRow {
  const char* label = "";
  MetricTip tip = MetricTip::kDuration;
  SummaryUnit unit = SummaryUnit::kMillis;
  SummaryField field = SummaryField::kDuration;          // the taskSummary distribution shown
  SummaryField records_field = SummaryField::kDuration;  // kBytesRecords only
  std::array<double, 5> values{};
  std::array<double, 5> records{};
  // SummaryRowSkew (core/analysis/summary_skew.h): whether the max stands out, and max / median
  // (0 when the median is 0).
  bool skewed = false;
  double skew_ratio = 0;
};

// One row of "Aggregated metrics by executor" (v1.ExecutorStageSummary).
struct ExecutorSummaryRow {
  std::string executor_id;
  std::string address;  // host:port of the executor, as the executors page lists it
  int64_t task_time_ms = 0;
  int64_t failed_tasks = 0, killed_tasks = 0, succeeded_tasks = 0;
  int64_t input_bytes = 0, input_records = 0;
  int64_t output_bytes = 0, output_records = 0;
  int64_t shuffle_read_bytes = 0, shuffle_read_records = 0;
  int64_t shuffle_write_bytes = 0, shuffle_write_records = 0;
  int64_t memory_spilled = 0, disk_spilled = 0;
  bool excluded = false;
  int64_t TotalTasks() const { return failed_tasks + killed_tasks + succeeded_tasks; }
};

struct AccumulatorRow {
  int64_t id = 0;
  std::string name;
  std::string value;
};

struct StagePageModel {
  bool found = false;
  std::string error;  // why the stage could not be shown ("no stage 12 in this application")
  int32_t stage_id = -1;
  int32_t attempt_id = -1;  // resolved: never -1 once found
  afterglow::StageStatus status = afterglow::StageStatus::kPending;
  std::string name, description, details, failure_reason;
  int64_t submitted_ms = -1, first_launch_ms = -1, completed_ms = -1;
  int64_t duration_ms = -1;           // StageDurationMs (core/analysis/durations.h)
  int64_t total_task_time_ms = 0;     // executorRunTime summed over tasks (Spark's header)
  uint32_t num_tasks = 0, tasks_complete = 0, tasks_active = 0, tasks_failed = 0,
           tasks_killed = 0;
  int64_t input_bytes = 0, input_records = 0, output_bytes = 0, output_records = 0;
  int64_t shuffle_read_bytes = 0, shuffle_read_records = 0;
  int64_t shuffle_write_bytes = 0, shuffle_write_records = 0;
  int64_t memory_spilled = 0, disk_spilled = 0;
  // Which optional rows and columns Spark's stage page shows for this stage.
  bool has_input = false, has_output = false, has_shuffle_read = false,
       has_shuffle_write = false, has_spill = false;
  std::string locality_summary;   // "Node local: 3; Process local: 5"
  std::vector<int32_t> job_ids;   // jobs that include the stage, ascending
  std::vector<int32_t> attempts;  // every attempt id of the stage, ascending (this one included)

  bool has_summary = false;  // false when no task reported metrics (the endpoint's 404)
  std::vector<SummaryRow> summary;
  // The task durations of the summary's Duration row (executorRunTime), in round bins.
  ValueHistogram duration_histogram;
  // The same as the chart draws it: bin edges (one more than the bins) and counts, in ms.
  std::vector<double> duration_bin_edges, duration_bin_counts;
  std::vector<ExecutorSummaryRow> executors;  // executor id order (numbers numerically)
  std::vector<AccumulatorRow> accumulators;   // named, non-internal; id ascending
  TaskTableModel tasks;
  // The filters of the small tables above the tasks (view state, kept as the task table's is).
  SmallTableFilter summary_filter, executors_filter, accumulators_filter;

  void Clear();
  // Builds the page of stage `stage_id`, attempt `attempt_id` (-1: the latest attempt). Building
  // the same stage attempt of the same model again (a refresh while the log loads) keeps the task
  // table's view state: its status filter, search text and selected task (the sort order is the
  // table's own, applied again); another stage attempt starts from a fresh table.
  void Build(const AttemptModel& model, const StringPool& strings, int64_t stage_id,
             int32_t attempt_id);
  // The row of `field` in `summary`, or null when the page does not show it.
  const SummaryRow* FindSummary(SummaryField field) const;

 private:
  // What the last Build was asked for, to tell a rebuild of the page from a new page. The model is
  // compared by address only, never read through.
  int64_t built_stage_ = -1;
  int32_t built_attempt_ = -1;
  const AttemptModel* built_model_ = nullptr;
};

}  // namespace afterglow::ui
