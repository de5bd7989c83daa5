#include "core/cli/streaming_command.h"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/analysis/durations.h"
#include "core/analysis/streaming/streaming_statistics.h"
#include "core/api/json_writer.h"
#include "core/cli/path_args.h"
#include "core/model/app_model.h"
#include "core/query/streaming_rows.h"
#include "core/session.h"

namespace afterglow::cli {
namespace {

// Spark's "%.2f", "NaN" for a run without reports.
std::string RateText(double rate) {
  if (std::isnan(rate)) return "NaN";
  char text[48];
  std::snprintf(text, sizeof text, "%.2f", rate);
  return text;
}

void WriteSeries(JsonWriter& w, const char* key, const streaming::Series& series) {
  w.Key(key);
  w.BeginObject();
  w.Key("x");
  w.BeginArray();
  for (const streaming::SeriesPoint& p : series) w.Int(p.time_ms);
  w.EndArray();
  w.Key("y");
  w.BeginArray();
  for (const streaming::SeriesPoint& p : series) w.Double(p.value);
  w.EndArray();
  w.EndObject();
}

void WriteRun(JsonWriter& w, const StreamingModel& streaming, const StringPool& pool,
              const StreamingQueryRow& row, int64_t now_ms) {
  w.BeginObject();
  w.Field("name", row.name);
  w.Field("status", row.status);
  w.Field("id", row.id);
  w.Field("runId", row.run_id);
  w.FieldInt("startTime", row.start_ms);
  w.FieldInt("durationMs", row.duration_ms);
  w.Field("avgInput", RateText(row.avg_input_per_s));
  w.Field("avgProcess", RateText(row.avg_process_per_s));
  if (row.latest_batch) w.FieldInt("latestBatch", *row.latest_batch);
  if (row.exception) w.Field("exception", *row.exception);
  StringId run = kEmptyString;
  for (const StreamingQuery& query : streaming.queries) {
    if (pool.Get(query.run_id) == row.run_id) run = query.run_id;
  }
  w.FieldInt("completedBatches", streaming.CompletedBatches(run));
  if (const auto d = StreamingRunBatchesDuration(streaming, run, now_ms)) {
    w.FieldInt("batchesDurationMs", *d);
  }
  static const std::vector<StreamingProgress> kNone;
  const std::vector<StreamingProgress>* found = streaming.Progress(run);
  const std::vector<StreamingProgress>& progress = found == nullptr ? kNone : *found;
  WriteSeries(w, "inputRate", streaming::InputRateSeries(progress));
  WriteSeries(w, "processRate", streaming::ProcessRateSeries(progress));
  WriteSeries(w, "inputRows", streaming::InputRowsSeries(progress));
  WriteSeries(w, "batchDuration", streaming::BatchDurationSeries(progress));
  WriteSeries(w, "watermarkGap", streaming::WatermarkGapSeries(progress));
  WriteSeries(w, "stateRowsTotal", streaming::StateRowsTotalSeries(progress));
  WriteSeries(w, "stateRowsUpdated", streaming::StateRowsUpdatedSeries(progress));
  WriteSeries(w, "stateMemoryBytes", streaming::StateMemoryUsedBytesSeries(progress));
  WriteSeries(w, "stateRowsDropped", streaming::StateRowsDroppedByWatermarkSeries(progress));
  const streaming::OperationDurations ops = streaming::OperationDurationSeries(progress, pool);
  w.Key("operations");
  w.BeginObject();
  for (size_t i = 0; i < ops.names.size(); ++i) {
    w.Key(ops.names[i]);
    w.BeginArray();
    for (double v : ops.values[i]) w.Double(v);
    w.EndArray();
  }
  w.EndObject();
  w.EndObject();
}

}  // namespace

int RunStreaming(int argc, char** argv) {
  Session session;
  PathJsonArgs args;
  std::vector<AttemptSummary> summaries;
  if (const int exit_code = OpenPathJsonCommand("streaming", argc, argv, session, &args, &summaries);
      exit_code >= 0) {
    return exit_code;
  }
  const bool json = args.json;
  JsonWriter w;
  if (json && summaries.size() > 1) w.BeginArray();
  for (const AttemptSummary& summary : summaries) {
    const AttemptModel& model = *session.model(summary.model_index);
    // A log has no "now": a run still active at its end runs to the log's last event.
    const int64_t now = DurationNowMs(model);
    const std::vector<StreamingQueryRow> rows =
        StreamingQueryRows(model.streaming, session.strings(), now);
    if (!json) {
      std::printf("application %s: %zu streaming run%s\n", summary.app_id.c_str(), rows.size(),
                  rows.size() == 1 ? "" : "s");
      for (const StreamingQueryRow& row : rows) {
        std::printf("  %-9s %s  run %s  latest batch %s  avg in %s/s  avg process %s/s\n",
                    std::string(row.status).c_str(), std::string(row.name).c_str(),
                    std::string(row.run_id).c_str(),
                    row.latest_batch ? std::to_string(*row.latest_batch).c_str() : "NaN",
                    RateText(row.avg_input_per_s).c_str(), RateText(row.avg_process_per_s).c_str());
      }
      continue;
    }
    w.BeginObject();
    w.Field("appId", summary.app_id);
    if (!summary.attempt_id.empty()) w.Field("attemptId", summary.attempt_id);
    w.Key("queries");
    w.BeginArray();
    for (const StreamingQueryRow& row : rows) WriteRun(w, model.streaming, session.strings(), row, now);
    w.EndArray();
    w.EndObject();
  }
  if (json) {
    if (summaries.size() > 1) w.EndArray();
    std::fwrite(w.text().data(), 1, w.text().size(), stdout);
    std::fputc('\n', stdout);
  }
  return 0;
}

}  // namespace afterglow::cli
