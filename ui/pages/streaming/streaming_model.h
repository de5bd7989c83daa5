// The Structured Streaming tab's models: the query list (#/streaming, core/query/streaming_rows.h)
// and one run's statistics (#/streaming/<run id>, core/analysis/streaming/streaming_statistics.h),
// copied out of the session so drawing reads plain arrays. ImGui-free.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/app_model.h"
#include "core/base/string_pool.h"
#include "ui/widgets/small_table_filter.h"

namespace afterglow::ui {

struct StreamingListRow {
  std::string name, status, id, run_id;
  bool active = true;
  int64_t start_ms = 0;
  int64_t duration_ms = 0;
  double avg_input_per_s = 0;  // NaN without reports
  double avg_process_per_s = 0;
  bool has_batch = false;
  int64_t latest_batch = 0;
  size_t progress_reports = 0;
  bool has_exception = false;
  std::string exception;  // the QueryTerminatedEvent's text
};

struct StreamingListModel {
  std::vector<StreamingListRow> rows;  // active runs first, newest start first (Spark's order)
  size_t active = 0;                   // how many rows are active (they come first)
  SmallTableFilter filter;             // the search box's text; kept across rebuilds

  // True when the filter shows `row`: its name, status, query id, run id or exception holds it.
  bool Shows(const StreamingListRow& row) const;

  void Clear();
  void Build(const AttemptModel* model, const StringPool* strings);
};

// One chart of the run page: points (x = report time, epoch ms) as doubles the chart widget reads.
struct StreamingChart {
  const char* title = "";
  const char* unit = "";  // "records/sec", "ms", "records", "bytes", "seconds"
  std::vector<double> x, y;
  double max = 0;  // Spark's y-axis top: the largest value
};

// The stacked operation durations: names by name, each layer's top (the sum of it and the
// layers below) per report, and each layer's own value for the readout.
struct StreamingOperationStack {
  std::vector<std::string> names;
  std::vector<double> x;
  std::vector<std::vector<double>> own, top;
  double max = 0;
};

struct StreamingBatchRow {
  int64_t batch_id = 0;
  std::string timestamp;  // as logged
  int64_t time_ms = 0;    // the same, parsed (the charts' x)
  int64_t input_rows = 0;
  double input_per_s = 0, process_per_s = 0;  // as the charts show them (NaN as 0)
  int64_t batch_duration_ms = 0;
  int64_t sink_output_rows = -1;
};

struct StreamingRunModel {
  std::string run_id;  // the route's; "" before any Build
  bool found = false;
  StreamingListRow summary;
  std::optional<int64_t> batches_duration_ms;  // "Running batches for ..." (none: "-")
  int64_t completed_batches = 0;
  StreamingChart input_rate, process_rate, input_rows, batch_duration;
  StreamingOperationStack operations;
  StreamingChart watermark_gap;  // empty: no chart
  StreamingChart state_rows_total, state_rows_updated, state_memory_bytes, state_rows_dropped;
  std::vector<StreamingBatchRow> batches;  // report order (timestamp)
  SmallTableFilter batches_filter;         // kept across a rebuild of the same run

  void Clear();
  void Build(const AttemptModel* model, const StringPool* strings, std::string_view run_id);
};

}  // namespace afterglow::ui
