// SQL metric values as the History Server prints them (MetricUtils.stringValue and the Utils
// formatters it calls; docs/SPARK-SEMANTICS.md facts 93-95). Pure functions.
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

// MetricUtils.stringValue(metricType, values, maxMetrics). `values` is sorted in place. Without
// `max_task` the suffix is "(driver)". Unknown types print "[unknown] N" per value, as Spark does.
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
