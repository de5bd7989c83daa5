#include "core/model/sql_metric_format.h"

#include "core/base/shortest_digits.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace afterglow {
namespace {

constexpr std::string_view kSuffix = "(min, med, max (stageId: taskId))";

int64_t WrappingSum(const std::vector<int64_t>& values) {
  uint64_t sum = 0;  // Scala's Long sum wraps on overflow
  for (int64_t v : values) sum += static_cast<uint64_t>(v);
  return static_cast<int64_t>(sum);
}

// NumberFormat.getNumberInstance(US).format(v / 10.0): at most one decimal here, never rounded.
std::string AverageToString(int64_t value) {
  std::string out = FormatGroupedLong(value / 10);
  const int64_t tenth = std::llabs(value % 10);
  if (value < 0 && value / 10 == 0 && tenth != 0) out = "-" + out;
  if (tenth != 0) out += "." + std::to_string(tenth);
  return out;
}

std::string NsTimingToString(int64_t ns) { return MsDurationToString(ns / 1000000); }

std::string UnknownToString(int64_t value) { return "[unknown] " + FormatGroupedLong(value); }

}  // namespace

bool SqlMetricNeedsMax(std::string_view metric_type) { return metric_type != "sum"; }

bool IsV2CustomMetricType(std::string_view metric_type) {
  return metric_type.starts_with("v2Custom_");
}

std::string FormatGroupedLong(int64_t value) {
  const bool negative = value < 0;
  uint64_t magnitude = negative ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  std::string digits = std::to_string(magnitude);
  std::string out;
  out.reserve(digits.size() + digits.size() / 3 + 1);
  if (negative) out += '-';
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string BytesToString(int64_t size) {
  static constexpr const char* kUnits[] = {"EiB", "PiB", "TiB", "GiB", "MiB", "KiB"};
  static constexpr int kShifts[] = {60, 50, 40, 30, 20, 10};
  if (size < 2048) return std::to_string(size) + ".0 B";  // also negatives: always whole bytes
  uint64_t unit = 1024;
  const char* name = "KiB";
  for (int i = 0; i < 6; ++i) {
    const uint64_t candidate = uint64_t{1} << kShifts[i];
    // size >= 2 * candidate, without overflowing 2 << 62.
    if (static_cast<uint64_t>(size) / 2 >= candidate) {
      unit = candidate;
      name = kUnits[i];
      break;
    }
  }
  // "%.1f" of the exact quotient, rounded half-up (Java formats the BigDecimal quotient).
  const uint64_t whole = static_cast<uint64_t>(size) / unit;
  const uint64_t rest_times_ten = (static_cast<uint64_t>(size) % unit) * 10;  // < 10 * 2^60
  uint64_t tenths = whole * 10 + rest_times_ten / unit;
  if (2 * (rest_times_ten % unit) >= unit) ++tenths;
  return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " " + name;
}

std::string JavaFormatFixed(double value, int places) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  const bool negative = std::signbit(value) && value != 0;
  if (negative) value = -value;
  // The shortest digits that round-trip, then half-up rounding on them (FormattedFloatingDecimal).
  const DecimalDigits shortest = ShortestDigits(value);
  std::string digits = shortest.digits;
  const int exponent = shortest.exponent;
  if (value == 0) digits = "0";
  const int keep = exponent + 1 + places;  // digits kept up to the last decimal place
  std::string kept;
  bool round_up = false;
  if (keep >= static_cast<int>(digits.size())) {
    kept = digits + std::string(static_cast<size_t>(keep) - digits.size(), '0');
  } else if (keep >= 0) {
    kept = digits.substr(0, static_cast<size_t>(keep));
    round_up = digits[static_cast<size_t>(keep)] >= '5';
  }
  if (round_up) {
    int i = static_cast<int>(kept.size()) - 1;
    while (i >= 0 && kept[static_cast<size_t>(i)] == '9') kept[static_cast<size_t>(i--)] = '0';
    if (i < 0) kept.insert(kept.begin(), '1');
    else ++kept[static_cast<size_t>(i)];
  }
  if (kept.size() < static_cast<size_t>(places) + 1) {
    kept.insert(kept.begin(), static_cast<size_t>(places) + 1 - kept.size(), '0');
  }
  // Strip leading zeros of the integer part (keep one).
  size_t int_len = kept.size() - static_cast<size_t>(places);
  size_t first = 0;
  while (first + 1 < int_len && kept[first] == '0') ++first;
  std::string out = negative ? "-" : "";
  out += kept.substr(first, int_len - first);
  if (places > 0) out += "." + kept.substr(int_len);
  return out;
}

std::string MsDurationToString(int64_t ms) {
  if (ms < 1000) return std::to_string(ms) + " ms";
  if (ms < 60 * 1000) {
    return JavaFormatFixed(static_cast<double>(static_cast<float>(ms) / 1000.0f), 1) + " s";
  }
  if (ms < 60 * 60 * 1000) {
    return JavaFormatFixed(static_cast<double>(static_cast<float>(ms) / 60000.0f), 1) + " m";
  }
  return JavaFormatFixed(static_cast<double>(static_cast<float>(ms) / 3600000.0f), 2) + " h";
}

SqlMetricKind SqlMetricKindOf(std::string_view metric_type) {
  if (metric_type == "sum") return SqlMetricKind::kSum;
  if (metric_type == "average") return SqlMetricKind::kAverage;
  if (metric_type == "size") return SqlMetricKind::kSize;
  if (metric_type == "timing") return SqlMetricKind::kTiming;
  if (metric_type == "nsTiming") return SqlMetricKind::kNsTiming;
  if (IsV2CustomMetricType(metric_type)) return SqlMetricKind::kV2Custom;
  return SqlMetricKind::kUnknown;
}

SqlMetricSummary SummarizeSqlMetric(int64_t accumulator_id, SqlMetricKind kind,
                                    std::vector<int64_t>& values,
                                    const std::optional<SqlMetricMaxTask>& max_task) {
  SqlMetricSummary summary;
  summary.accumulator_id = accumulator_id;
  summary.kind = kind;
  if (max_task) {
    summary.has_max_task = true;
    summary.max_stage_id = max_task->stage_id;
    summary.max_stage_attempt_id = max_task->stage_attempt_id;
    summary.max_task_id = max_task->task_id;
  }
  if (kind == SqlMetricKind::kV2Custom) return summary;
  if (kind == SqlMetricKind::kSum) {
    summary.total = WrappingSum(values);
    summary.count = static_cast<uint32_t>(values.size());
    return summary;
  }
  // The counted values to the front; only their min, median and max are read, so a selection
  // replaces stringValue's sort (the median is the element a sort would put at size / 2).
  const int64_t lowest = kind == SqlMetricKind::kAverage ? 1 : 0;
  const auto counted_end = std::remove_if(values.begin(), values.end(),
                                          [&](int64_t v) { return v < lowest; });
  values.erase(counted_end, values.end());
  summary.count = static_cast<uint32_t>(values.size());
  summary.total = WrappingSum(values);
  if (values.size() <= 1) return summary;
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  summary.median = *middle;
  summary.min = *std::min_element(values.begin(), middle + 1);
  summary.max = *std::max_element(middle, values.end());
  return summary;
}

std::string SqlMetricSummaryText(const SqlMetricSummary& summary) {
  switch (summary.kind) {
    case SqlMetricKind::kV2Custom: return "N/A";
    case SqlMetricKind::kSum: return FormatGroupedLong(summary.total);
    default: break;
  }
  std::string task_info = "(driver)";
  if (summary.has_max_task) {
    task_info = "(stage " + std::to_string(summary.max_stage_id) + "." +
                std::to_string(summary.max_stage_attempt_id) + ": task " +
                std::to_string(summary.max_task_id) + ")";
  }
  // With one counted value or none, `total` is that value or 0.
  if (summary.kind == SqlMetricKind::kAverage) {
    if (summary.count <= 1) return AverageToString(summary.total);
    return std::string(kSuffix) + ":\n(" + AverageToString(summary.min) + ", " +
           AverageToString(summary.median) + ", " + AverageToString(summary.max) + " " +
           task_info + ")";
  }
  std::string (*format)(int64_t) = UnknownToString;
  if (summary.kind == SqlMetricKind::kSize) format = BytesToString;
  else if (summary.kind == SqlMetricKind::kTiming) format = MsDurationToString;
  else if (summary.kind == SqlMetricKind::kNsTiming) format = NsTimingToString;
  if (summary.count <= 1) return format(summary.total);
  return "total " + std::string(kSuffix) + "\n" + format(summary.total) + " (" +
         format(summary.min) + ", " + format(summary.median) + ", " + format(summary.max) + " " +
         task_info + ")";
}

std::string SqlMetricStringValue(std::string_view metric_type, std::vector<int64_t>& values,
                                 const std::optional<SqlMetricMaxTask>& max_task) {
  return SqlMetricSummaryText(
      SummarizeSqlMetric(0, SqlMetricKindOf(metric_type), values, max_task));
}

}  // namespace afterglow
