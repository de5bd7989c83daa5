// SQL metric values as the History Server prints them (MetricUtils.stringValue and the Utils
// formatters it calls; docs/SPARK-SEMANTICS.md facts 93-95). Pure functions. In the model's
// layer: the SQL model keeps each value summarized (SqlMetricSummary) and writes its text here
// when asked; the listener summarizes, the analyses parse the texts back.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace afterglow {

// The task that reported a metric's largest value: "(stage S.A: task T)".
struct SqlMetricMaxTask {
  int64_t value = 0;
  int32_t stage_id = 0;
  int32_t stage_attempt_id = 0;
  int64_t task_id = 0;
};

// The metric types MetricUtils.stringValue tells apart; kV2Custom ("v2Custom_<class>") is a DSv2
// custom metric, which the History Server cannot load ("N/A").
enum class SqlMetricKind : uint8_t {
  kSum, kAverage, kSize, kTiming, kNsTiming, kUnknown, kV2Custom
};
SqlMetricKind SqlMetricKindOf(std::string_view metric_type);

// All that MetricUtils.stringValue reads of a metric's values, kept in place of its text: an
// execution has a value for each of its metrics, and most are never shown, so the text is written
// only when asked for (SqlMetricSummaryText). Values are "counted" as stringValue filters them:
// above 0 for averages, 0 and above for the other types (every value for "sum").
struct SqlMetricSummary {
  int64_t accumulator_id = 0;
  int64_t total = 0;  // wrapping sum of the counted values (Scala's Long sum)
  int64_t min = 0;    // min, median and max of the counted values, when there are two or more
  int64_t median = 0;
  int64_t max = 0;
  int64_t max_task_id = 0;  // the task that reported the largest value, when has_max_task
  int32_t max_stage_id = 0;
  int32_t max_stage_attempt_id = 0;
  uint32_t count = 0;  // counted values
  SqlMetricKind kind = SqlMetricKind::kSum;
  bool has_max_task = false;  // without it the suffix is "(driver)"
};

// Reduces `values` (reordered in place) to what stringValue reads of them.
SqlMetricSummary SummarizeSqlMetric(int64_t accumulator_id, SqlMetricKind kind,
                                    std::vector<int64_t>& values,
                                    const std::optional<SqlMetricMaxTask>& max_task);
// MetricUtils.stringValue of the summarized values: the text the History Server stores.
std::string SqlMetricSummaryText(const SqlMetricSummary& summary);

// MetricUtils.stringValue(metricType, values, maxMetrics), summarized then written: `values` is
// reordered in place. Without `max_task` the suffix is "(driver)". Unknown types print
// "[unknown] N" per value, as Spark does.
std::string SqlMetricStringValue(std::string_view metric_type, std::vector<int64_t>& values,
                                 const std::optional<SqlMetricMaxTask>& max_task);

// True for the types whose aggregation needs the max-task suffix (all but "sum").
bool SqlMetricNeedsMax(std::string_view metric_type);
// "v2Custom_<class>": DSv2 custom metrics, which the History Server cannot load ("N/A").
bool IsV2CustomMetricType(std::string_view metric_type);

// NumberFormat.getIntegerInstance(Locale.US).format(v): "1,234", "-5".
std::string FormatGroupedLong(int64_t value);
// Utils.bytesToString: "2047.0 B", "2.0 KiB", ... (exact decimal, half-up).
std::string BytesToString(int64_t size);
// Utils.msDurationToString: "N ms", "%.1f s", "%.1f m", "%.2f h" in float arithmetic.
std::string MsDurationToString(int64_t ms);
// Java's String.format("%.Nf", value) for a double: its shortest decimal digits, rounded half-up.
std::string JavaFormatFixed(double value, int places);

}  // namespace afterglow
