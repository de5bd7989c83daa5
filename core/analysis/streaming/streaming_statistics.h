// The series of a Structured Streaming run's statistics page (#/streaming/<runId>), each as
// Spark's StreamingQueryStatisticsPage computes it from the run's retained progress reports
// (StreamingModel::Progress: timestamp order). One function per chart; their rules are
// docs/SPARK-SEMANTICS.md facts 116 to 119. x is the report's timestamp (epoch ms, UTC).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/model/sql_model.h"
#include "core/base/string_pool.h"

namespace afterglow::streaming {

struct SeriesPoint {
  int64_t time_ms = 0;  // the progress report's timestamp
  double value = 0;
  bool operator==(const SeriesPoint&) const = default;
};
using Series = std::vector<SeriesPoint>;

// Input Rate, records/s: the sum of the sources' inputRowsPerSecond; NaN and infinity as 0.
Series InputRateSeries(const std::vector<StreamingProgress>& progress);
// Process Rate, records/s: the sum of the sources' processedRowsPerSecond; NaN and infinity as 0.
Series ProcessRateSeries(const std::vector<StreamingProgress>& progress);
// Input Rows, records: the sum of the sources' numInputRows.
Series InputRowsSeries(const std::vector<StreamingProgress>& progress);
// Batch Duration, ms: batchDuration.
Series BatchDurationSeries(const std::vector<StreamingProgress>& progress);

// Operation Duration, ms, stacked: every durationMs name any report has except
// "triggerExecution" (it holds the others), by name; a report without a name counts 0 for it.
struct OperationDurations {
  std::vector<std::string_view> names;  // sorted ("addBatch", "getBatch", "latestOffset", ...)
  std::vector<int64_t> times_ms;        // one per report
  std::vector<std::vector<double>> values;  // values[name][report]
};
OperationDurations OperationDurationSeries(const std::vector<StreamingProgress>& progress,
                                           const StringPool& pool);

// Global Watermark Gap, seconds: (timestamp - watermark) / 1000 for the reports whose watermark
// is after the epoch; empty (no chart) unless the last report has a watermark.
Series WatermarkGapSeries(const std::vector<StreamingProgress>& progress);

// The aggregated state charts (sums over the stateful operators of each report), empty (no
// charts) unless the last report has a stateful operator.
Series StateRowsTotalSeries(const std::vector<StreamingProgress>& progress);
Series StateRowsUpdatedSeries(const std::vector<StreamingProgress>& progress);
Series StateMemoryUsedBytesSeries(const std::vector<StreamingProgress>& progress);
Series StateRowsDroppedByWatermarkSeries(const std::vector<StreamingProgress>& progress);

// The largest value of a series (the top of its y axis; Spark's max), 0 when empty.
double SeriesMax(const Series& series);

}  // namespace afterglow::streaming
