#include "ui/pages/streaming/streaming_model.h"

#include <algorithm>

#include "core/analysis/durations.h"
#include "core/analysis/streaming/streaming_statistics.h"
#include "core/query/streaming_rows.h"

namespace afterglow::ui {
namespace {

StreamingListRow StreamingListRowOf(const StreamingQueryRow& row) {
  StreamingListRow out;
  out.name.assign(row.name);
  out.status.assign(row.status);
  out.id.assign(row.id);
  out.run_id.assign(row.run_id);
  out.active = row.active;
  out.start_ms = row.start_ms;
  out.duration_ms = row.duration_ms;
  out.avg_input_per_s = row.avg_input_per_s;
  out.avg_process_per_s = row.avg_process_per_s;
  out.has_batch = row.latest_batch.has_value();
  out.latest_batch = row.latest_batch.value_or(0);
  out.progress_reports = row.progress_reports;
  out.has_exception = row.exception.has_value();
  if (row.exception) out.exception.assign(*row.exception);
  return out;
}

void FillStreamingChart(StreamingChart& chart, const char* title, const char* unit,
          const streaming::Series& series) {
  chart.title = title;
  chart.unit = unit;
  chart.x.clear();
  chart.y.clear();
  for (const streaming::SeriesPoint& point : series) {
    chart.x.push_back(static_cast<double>(point.time_ms));
    chart.y.push_back(point.value);
  }
  chart.max = streaming::SeriesMax(series);
}

}  // namespace

void StreamingListModel::Clear() {
  rows.clear();
  active = 0;
}

void StreamingListModel::Build(const AttemptModel* model, const StringPool* strings) {
  Clear();
  if (model == nullptr || strings == nullptr) return;
  // A log has no "now": a run still active at its end runs to the log's last event.
  const int64_t now = DurationNowMs(*model);
  for (const StreamingQueryRow& row : StreamingQueryRows(model->streaming, *strings, now)) {
    active += row.active;
    rows.push_back(StreamingListRowOf(row));
  }
}

bool StreamingListModel::Shows(const StreamingListRow& row) const {
  return filter.Shows({row.name, row.status, row.id, row.run_id, row.exception});
}

void StreamingRunModel::Clear() { *this = StreamingRunModel(); }

void StreamingRunModel::Build(const AttemptModel* model, const StringPool* strings,
                              std::string_view run) {
  const SmallTableFilter kept_filter = run_id == run ? batches_filter : SmallTableFilter();
  Clear();
  batches_filter = kept_filter;
  run_id.assign(run);
  if (model == nullptr || strings == nullptr) return;
  const int64_t now = DurationNowMs(*model);
  const std::optional<StreamingQueryRow> row =
      FindStreamingQueryRow(model->streaming, *strings, run, now);
  if (!row) return;
  found = true;
  summary = StreamingListRowOf(*row);
  StringId run_key = kEmptyString;
  for (const StreamingQuery& query : model->streaming.queries) {
    if (strings->Get(query.run_id) == run) run_key = query.run_id;
  }
  batches_duration_ms = StreamingRunBatchesDuration(model->streaming, run_key, now);
  completed_batches = model->streaming.CompletedBatches(run_key);
  const std::vector<StreamingProgress>* found_progress = model->streaming.Progress(run_key);
  static const std::vector<StreamingProgress> kNoProgress;
  const std::vector<StreamingProgress>& progress =
      found_progress == nullptr ? kNoProgress : *found_progress;

  FillStreamingChart(input_rate, "Input Rate", "records/sec", streaming::InputRateSeries(progress));
  FillStreamingChart(process_rate, "Process Rate", "records/sec", streaming::ProcessRateSeries(progress));
  FillStreamingChart(input_rows, "Input Rows", "records", streaming::InputRowsSeries(progress));
  FillStreamingChart(batch_duration, "Batch Duration", "ms", streaming::BatchDurationSeries(progress));
  FillStreamingChart(watermark_gap, "Global Watermark Gap", "seconds", streaming::WatermarkGapSeries(progress));
  FillStreamingChart(state_rows_total, "Aggregated Number Of Total State Rows", "records",
       streaming::StateRowsTotalSeries(progress));
  FillStreamingChart(state_rows_updated, "Aggregated Number Of Updated State Rows", "records",
       streaming::StateRowsUpdatedSeries(progress));
  FillStreamingChart(state_memory_bytes, "Aggregated State Memory Used In Bytes", "bytes",
       streaming::StateMemoryUsedBytesSeries(progress));
  FillStreamingChart(state_rows_dropped, "Aggregated Number Of Rows Dropped By Watermark", "records",
       streaming::StateRowsDroppedByWatermarkSeries(progress));

  const streaming::OperationDurations ops = streaming::OperationDurationSeries(progress, *strings);
  for (std::string_view name : ops.names) operations.names.emplace_back(name);
  for (int64_t t : ops.times_ms) operations.x.push_back(static_cast<double>(t));
  operations.own = ops.values;
  std::vector<double> running(ops.times_ms.size(), 0.0);
  for (const std::vector<double>& layer : ops.values) {
    for (size_t i = 0; i < layer.size(); ++i) running[i] += layer[i];
    operations.top.push_back(running);
  }
  for (double total : running) operations.max = std::max(operations.max, total);

  const streaming::Series rates_in = streaming::InputRateSeries(progress);
  const streaming::Series rates_out = streaming::ProcessRateSeries(progress);
  for (size_t i = 0; i < progress.size(); ++i) {
    const StreamingProgress& p = progress[i];
    StreamingBatchRow batch;
    batch.batch_id = p.batch_id;
    batch.timestamp.assign(strings->Get(p.timestamp));
    batch.time_ms = p.timestamp_ms;
    batch.input_rows = p.num_input_rows;
    batch.input_per_s = rates_in[i].value;
    batch.process_per_s = rates_out[i].value;
    batch.batch_duration_ms = p.batch_duration;
    batch.sink_output_rows = p.sink_num_output_rows;
    batches.push_back(std::move(batch));
  }
}

}  // namespace afterglow::ui
