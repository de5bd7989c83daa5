// One streaming run's statistics (#/streaming/<run id>), as Spark's StreamingQueryStatisticsPage:
// "Running batches for <duration> since <start> (<n> completed batches)", the name and ids, then
// a timeline per series (input rate, process rate, input rows, batch duration, the operation
// durations stacked, the global watermark gap and the aggregated state rows when the run has
// them), and the batches below. Every value comes from core/analysis/streaming.
#include <algorithm>
#include <cstdio>
#include <vector>

#include "ui/app/views.h"
#include "ui/widgets/chart.h"
#include "ui/widgets/chart_layout.h"
#include "ui/widgets/format.h"
#include "ui/widgets/small_table_filter.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/tsv.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

// The time axis every chart of the page shares: the first report to the last, as Spark's
// minBatchTime and maxBatchTime (a run of one report gets a second around it).
struct StreamingTimeRange {
  double lo = 0, hi = 1;
};

StreamingTimeRange StreamingRangeOf(const StreamingRunModel& run) {
  const std::vector<double>& x = run.input_rate.x;
  if (x.empty()) return {};
  StreamingTimeRange range{x.front(), x.back()};
  if (range.hi <= range.lo) {
    range.lo -= 500;
    range.hi += 500;
  }
  return range;
}

// The report at time `x` (a point of a chart), for the readout; null when none is.
const StreamingBatchRow* StreamingBatchAt(const StreamingRunModel& run, double x) {
  for (const StreamingBatchRow& batch : run.batches) {
    if (static_cast<double>(batch.time_ms) == x) return &batch;
  }
  return nullptr;
}

void StreamingPointTitle(const StreamingRunModel& run, double x) {
  if (const StreamingBatchRow* batch = StreamingBatchAt(run, x)) {
    ImGui::Text("batch %lld (%s)", static_cast<long long>(batch->batch_id),
                batch->timestamp.c_str());
  }
}

ImVec4 OperationLayerColor(size_t layer) {
  const ImVec4* kLayers[] = {&colors::kAccent, &colors::kRunning, &colors::kSucceeded,
                             &colors::kFailed, &colors::kMuted};
  return *kLayers[layer % std::size(kLayers)];
}

void StreamingChartLabel(const char* title, const char* unit) {
  ImGui::PushFont(Fonts().bold);
  ImGui::TextUnformatted(title);
  ImGui::PopFont();
  ImGui::SameLine();
  ImGui::TextColored(colors::kMuted, "(%s)", unit);
}

void DrawStreamingSeriesChart(const StreamingRunModel& run, const StreamingChart& chart,
                              StreamingTimeRange range, float height) {
  StreamingChartLabel(chart.title, chart.unit);
  const ChartSeries series[] = {{SeriesKind::kLine, chart.x.data(), chart.y.data(), chart.x.size(),
                                 colors::kRunning, true}};
  ChartSpec spec;
  spec.x = {range.lo, range.hi, ChartUnit::kTimeOffset, range.lo};
  spec.y = {0, NiceUpperBound(chart.max), ChartUnit::kCount};
  spec.series = series;
  spec.series_count = 1;
  spec.left_margin = ImGui::GetFontSize() * 5;
  const ChartHover hover = Chart(chart.title, spec, ImVec2(0, height));
  if (!hover.active || hover.point < 0) return;
  const size_t point = static_cast<size_t>(hover.point);
  ImGui::BeginTooltip();
  StreamingPointTitle(run, chart.x[point]);
  ImGui::Text("%.2f %s", chart.y[point], chart.unit);
  ImGui::EndTooltip();
}

void DrawStreamingOperationChart(const StreamingRunModel& run, StreamingTimeRange range, float height) {
  const StreamingOperationStack& ops = run.operations;
  StreamingChartLabel("Operation Duration", "ms, stacked");
  // The legend: a swatch per operation, bottom layer first.
  for (size_t layer = 0; layer < ops.names.size(); ++layer) {
    ImGui::SameLine(0, ImGui::GetFontSize() * (layer == 0 ? 1.5f : 1.0f));
    ImGui::TextColored(OperationLayerColor(layer), "\xe2\x96\xa0");
    ImGui::SameLine(0, ImGui::GetFontSize() * 0.3f);
    ImGui::TextColored(colors::kMuted, "%s", ops.names[layer].c_str());
  }
  // Drawn top layer first, so each lower layer's line stays visible over the one above it. A
  // fixed array: a frame allocates nothing (Spark reports five operations; more are cut).
  ChartSeries series[16];
  size_t drawn = 0;
  for (size_t layer = std::min(ops.names.size(), std::size(series)); layer-- > 0;) {
    series[drawn++] = {SeriesKind::kLine, ops.x.data(), ops.top[layer].data(), ops.x.size(),
                       OperationLayerColor(layer), true};
  }
  ChartSpec spec;
  spec.x = {range.lo, range.hi, ChartUnit::kTimeOffset, range.lo};
  spec.y = {0, NiceUpperBound(ops.max), ChartUnit::kDuration};
  spec.series = series;
  spec.series_count = drawn;
  spec.left_margin = ImGui::GetFontSize() * 5;
  const ChartHover hover = Chart("operations", spec, ImVec2(0, height));
  if (!hover.active || hover.point < 0) return;
  const size_t point = static_cast<size_t>(hover.point);
  ImGui::BeginTooltip();
  StreamingPointTitle(run, ops.x[point]);
  for (size_t layer = ops.names.size(); layer-- > 0;) {
    ImGui::TextColored(OperationLayerColor(layer), "%s: %.0f ms", ops.names[layer].c_str(),
                       ops.own[layer][point]);
  }
  ImGui::EndTooltip();
}

void DrawStreamingRunHeadline(const StreamingRunModel& run) {
  ImGui::PushFont(Fonts().title);
  ImGui::TextUnformatted("Streaming Query Statistics");
  ImGui::PopFont();
  char duration[48], since[64];
  if (run.batches_duration_ms) {
    FormatDuration(*run.batches_duration_ms, duration, sizeof duration);
  } else {
    std::snprintf(duration, sizeof duration, "-");
  }
  ImGui::Text("Running batches for %s since %s (%lld completed batches)", duration,
              FormatTimestamp(run.summary.start_ms, since, sizeof since),
              static_cast<long long>(run.completed_batches));
  ImGui::Text("Name: %s", run.summary.name.c_str());
  ImGui::Text("Id: %s", run.summary.id.c_str());
  ImGui::Text("RunId: %s", run.summary.run_id.c_str());
  ImGui::TextColored(run.summary.active ? colors::kRunning : colors::kSucceeded, "Status: %s",
                     run.summary.status.c_str());
  if (run.summary.has_exception) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(colors::kFailed, "Exception (QueryTerminatedEvent): %s",
                       run.summary.exception.c_str());
    ImGui::PopTextWrapPos();
  }
}

// The filter matches a batch's id or its timestamp as logged.
bool BatchShown(const StreamingRunModel& run, const StreamingBatchRow& batch) {
  char id[24];
  std::snprintf(id, sizeof id, "%lld", static_cast<long long>(batch.batch_id));
  return run.batches_filter.Shows({id, batch.timestamp});
}

void CopyStreamingBatches(const StreamingRunModel& run) {
  TsvWriter tsv;
  for (const char* name : {"Batch", "Timestamp", "Input Rows", "Input Rate", "Process Rate",
                           "Batch Duration (ms)", "Sink Output Rows"}) {
    tsv.Cell(name);
  }
  tsv.EndRow();
  char text[32];
  for (auto it = run.batches.rbegin(); it != run.batches.rend(); ++it) {  // as the table lists them
    const StreamingBatchRow& batch = *it;
    if (!BatchShown(run, batch)) continue;
    tsv.Cell(batch.batch_id);
    tsv.Cell(batch.timestamp);
    tsv.Cell(batch.input_rows);
    std::snprintf(text, sizeof text, "%.2f", batch.input_per_s);
    tsv.Cell(text);
    std::snprintf(text, sizeof text, "%.2f", batch.process_per_s);
    tsv.Cell(text);
    tsv.Cell(batch.batch_duration_ms);
    tsv.Cell(batch.sink_output_rows);
    tsv.EndRow();
  }
  ImGui::SetClipboardText(tsv.text().c_str());
}

void DrawStreamingBatches(StreamingRunModel& run) {
  SectionTitle("Batches");
  // The batches the filter shows, newest first: an index the clipper walks.
  static std::vector<uint32_t> shown;
  shown.clear();
  for (size_t i = run.batches.size(); i-- > 0;) {
    if (BatchShown(run, run.batches[i])) shown.push_back(static_cast<uint32_t>(i));
  }
  if (DrawSmallTableToolbar("batches", "Filter by batch id or timestamp", run.batches_filter,
                            shown.size(), run.batches.size(), "batches").copy) {
    CopyStreamingBatches(run);
  }
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                     ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_Resizable |
                                     ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_PadOuterX;
  const float em = ImGui::GetFontSize();
  if (!ImGui::BeginTable("batches", 7, kFlags)) return;
  ImGui::TableSetupColumn("Batch", 0, em * 5);
  ImGui::TableSetupColumn("Timestamp", 0, em * 12);
  ImGui::TableSetupColumn("Input Rows", 0, em * 6);
  ImGui::TableSetupColumn("Input Rate /sec", 0, em * 7);
  ImGui::TableSetupColumn("Process Rate /sec", 0, em * 7.5f);
  ImGui::TableSetupColumn("Batch Duration", 0, em * 6.5f);
  ImGui::TableSetupColumn("Sink Output Rows", ImGuiTableColumnFlags_WidthStretch);
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
  char text[48];
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(shown.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      // Newest batch first, as a reader of a long run wants it.
      const StreamingBatchRow& batch = run.batches[shown[static_cast<size_t>(i)]];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%lld", static_cast<long long>(batch.batch_id));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(batch.timestamp.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(FormatCount(static_cast<uint64_t>(std::max<int64_t>(batch.input_rows, 0)),
                                         text, sizeof text));
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", batch.input_per_s);
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", batch.process_per_s);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(FormatDuration(batch.batch_duration_ms, text, sizeof text));
      ImGui::TableNextColumn();
      if (batch.sink_output_rows < 0) {
        ImGui::TextColored(colors::kMuted, "-1 (not reported)");
      } else {
        ImGui::TextUnformatted(FormatCount(static_cast<uint64_t>(batch.sink_output_rows), text,
                                           sizeof text));
      }
    }
  }
  ImGui::EndTable();
}

}  // namespace

void DrawStreamingRunView(AppState& state) {
  StreamingRunModel& run = state.streaming_run;
  if (!run.found) {
    ImGui::TextColored(colors::kFailed, "Failed to find streaming query %s", run.run_id.c_str());
    if (LinkText("All streaming queries")) Navigate(state, Route{ViewId::kStreaming});
    return;
  }
  if (LinkText("\xe2\x86\x90 Streaming queries")) {
    Navigate(state, Route{ViewId::kStreaming});
    return;
  }
  if (!ImGui::BeginChild("run", ImVec2(0, 0), false)) {
    ImGui::EndChild();
    return;
  }
  DrawStreamingRunHeadline(run);
  if (run.batches.empty()) {
    ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.5f));
    ImGui::TextColored(colors::kMuted, "No visualization information available.");
    ImGui::EndChild();
    return;
  }
  const StreamingTimeRange range = StreamingRangeOf(run);
  const float height = ImGui::GetFontSize() * 9;
  const float gap = ImGui::GetFontSize() * 0.6f;
  SectionTitle("Timelines");
  for (const StreamingChart* chart : {&run.input_rate, &run.process_rate, &run.input_rows,
                                      &run.batch_duration}) {
    DrawStreamingSeriesChart(run, *chart, range, height);
    ImGui::Dummy(ImVec2(0, gap));
  }
  DrawStreamingOperationChart(run, range, height * 1.3f);
  ImGui::Dummy(ImVec2(0, gap));
  for (const StreamingChart* chart : {&run.watermark_gap, &run.state_rows_total,
                                      &run.state_rows_updated, &run.state_memory_bytes,
                                      &run.state_rows_dropped}) {
    if (chart->x.empty()) continue;  // Spark draws these only when the run has them
    DrawStreamingSeriesChart(run, *chart, range, height);
    ImGui::Dummy(ImVec2(0, gap));
  }
  DrawStreamingBatches(run);
  ImGui::EndChild();
}

namespace {

void DescribeStreamingChart(const StreamingChart& chart, const char* key, JsonWriter& out) {
  out.Key(key);
  out.BeginObject();
  out.Key("x");
  out.BeginArray();
  for (double x : chart.x) out.Int(static_cast<int64_t>(x));
  out.EndArray();
  out.Key("y");
  out.BeginArray();
  for (double y : chart.y) out.Double(y);
  out.EndArray();
  out.EndObject();
}

}  // namespace

void DescribeStreamingRunView(const AppState& state, JsonWriter& out) {
  const StreamingRunModel& run = state.streaming_run;
  out.Field("runId", run.run_id);
  out.FieldBool("found", run.found);
  if (!run.found) return;
  out.Field("id", run.summary.id);
  out.Field("status", run.summary.status);
  out.FieldInt("completedBatches", run.completed_batches);
  if (run.batches_duration_ms) out.FieldInt("batchesDurationMs", *run.batches_duration_ms);
  out.FieldInt("batches", static_cast<int64_t>(run.batches.size()));
  DescribeStreamingChart(run.input_rate, "inputRate", out);
  DescribeStreamingChart(run.process_rate, "processRate", out);
  DescribeStreamingChart(run.input_rows, "inputRows", out);
  DescribeStreamingChart(run.batch_duration, "batchDuration", out);
  DescribeStreamingChart(run.watermark_gap, "watermarkGap", out);
  DescribeStreamingChart(run.state_rows_total, "stateRowsTotal", out);
  DescribeStreamingChart(run.state_rows_updated, "stateRowsUpdated", out);
  DescribeStreamingChart(run.state_memory_bytes, "stateMemoryBytes", out);
  DescribeStreamingChart(run.state_rows_dropped, "stateRowsDropped", out);
  out.Key("operations");
  out.BeginObject();
  for (size_t layer = 0; layer < run.operations.names.size(); ++layer) {
    out.Key(run.operations.names[layer]);
    out.BeginArray();
    for (double v : run.operations.own[layer]) out.Double(v);
    out.EndArray();
  }
  out.EndObject();
}

}  // namespace afterglow::ui
