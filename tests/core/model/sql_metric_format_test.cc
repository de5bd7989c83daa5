// MetricUtils.stringValue and the Utils formatters it uses (docs/SPARK-SEMANTICS.md facts 93-95).
#include "core/model/sql_metric_format.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace afterglow {
namespace sql_metric_format_test {

TEST(SqlMetricFormat, SumIsGroupedUsInteger) {
  EXPECT_EQ(FormatGroupedLong(0), "0");
  EXPECT_EQ(FormatGroupedLong(999), "999");
  EXPECT_EQ(FormatGroupedLong(1234567), "1,234,567");
  EXPECT_EQ(FormatGroupedLong(-1234), "-1,234");
  std::vector<int64_t> values = {1000, 234, 0};
  EXPECT_EQ(SqlMetricStringValue("sum", values, std::nullopt), "1,234");
}

TEST(SqlMetricFormat, BytesUseTheLargestUnitTwiceExceededAndRoundHalfUp) {
  EXPECT_EQ(BytesToString(0), "0.0 B");
  EXPECT_EQ(BytesToString(2047), "2047.0 B");
  EXPECT_EQ(BytesToString(2048), "2.0 KiB");
  EXPECT_EQ(BytesToString(2304), "2.3 KiB");  // exactly 2.25: half-up, not half-even
  EXPECT_EQ(BytesToString(4456448), "4.3 MiB");  // 4.25 MiB
  EXPECT_EQ(BytesToString(4718592), "4.5 MiB");
  EXPECT_EQ(BytesToString(3LL << 30), "3.0 GiB");
  EXPECT_EQ(BytesToString(INT64_MAX), "8.0 EiB");
  EXPECT_EQ(BytesToString(-5), "-5.0 B");
}

TEST(SqlMetricFormat, DurationsAreComputedInFloatAndPrintedLikeJava) {
  EXPECT_EQ(MsDurationToString(0), "0 ms");
  EXPECT_EQ(MsDurationToString(999), "999 ms");
  EXPECT_EQ(MsDurationToString(1000), "1.0 s");
  // 1.45f is 1.4500000476837158: rounds up; 1.05f is 1.0499999523162842: rounds down.
  EXPECT_EQ(MsDurationToString(1450), "1.5 s");
  EXPECT_EQ(MsDurationToString(1050), "1.0 s");
  EXPECT_EQ(MsDurationToString(90 * 1000), "1.5 m");
  EXPECT_EQ(MsDurationToString(3600 * 1000), "1.00 h");
  EXPECT_EQ(MsDurationToString(5400 * 1000), "1.50 h");
  EXPECT_EQ(JavaFormatFixed(0.25, 1), "0.3");
  EXPECT_EQ(JavaFormatFixed(0.04, 1), "0.0");
  EXPECT_EQ(JavaFormatFixed(9.96, 1), "10.0");
}

TEST(SqlMetricFormat, SizeWithSeveralValuesShowsTotalMinMedMaxAndTheMaxTask) {
  std::vector<int64_t> values = {4096, 0, 2048};
  EXPECT_EQ(SqlMetricStringValue("size", values, SqlMetricMaxTask{4096, 3, 1, 17}),
            "total (min, med, max (stageId: taskId))\n"
            "6.0 KiB (0.0 B, 2.0 KiB, 4.0 KiB (stage 3.1: task 17))");
  std::vector<int64_t> driver_only = {100, 50};
  EXPECT_EQ(SqlMetricStringValue("timing", driver_only, std::nullopt),
            "total (min, med, max (stageId: taskId))\n150 ms (50 ms, 100 ms, 100 ms (driver))");
}

TEST(SqlMetricFormat, OneValueOrNoneIsPrintedAlone) {
  std::vector<int64_t> one = {5};
  EXPECT_EQ(SqlMetricStringValue("timing", one, SqlMetricMaxTask{5, 0, 0, 1}), "5 ms");
  std::vector<int64_t> none;
  EXPECT_EQ(SqlMetricStringValue("size", none, std::nullopt), "0.0 B");
  std::vector<int64_t> negative_dropped = {-1, 7};
  EXPECT_EQ(SqlMetricStringValue("timing", negative_dropped, std::nullopt), "7 ms");
  // nsTiming is truncated to milliseconds; the sum is taken in nanoseconds.
  std::vector<int64_t> ns = {2'500'000'000};
  EXPECT_EQ(SqlMetricStringValue("nsTiming", ns, std::nullopt), "2.5 s");
  std::vector<int64_t> ns2 = {1'600'000, 1'600'000};
  EXPECT_EQ(SqlMetricStringValue("nsTiming", ns2, std::nullopt),
            "total (min, med, max (stageId: taskId))\n3 ms (1 ms, 1 ms, 1 ms (driver))");
}

TEST(SqlMetricFormat, AverageDividesByTenAndKeepsOnlyPositiveValues) {
  std::vector<int64_t> one = {10};
  EXPECT_EQ(SqlMetricStringValue("average", one, std::nullopt), "1");
  std::vector<int64_t> zeros = {0, 0};
  EXPECT_EQ(SqlMetricStringValue("average", zeros, std::nullopt), "0");
  std::vector<int64_t> values = {0, 25, 15, 12345};
  EXPECT_EQ(SqlMetricStringValue("average", values, SqlMetricMaxTask{12345, 2, 0, 9}),
            "(min, med, max (stageId: taskId)):\n(1.5, 2.5, 1,234.5 (stage 2.0: task 9))");
}

TEST(SqlMetricFormat, UnknownTypesAreMarked) {
  std::vector<int64_t> values = {1234};
  EXPECT_EQ(SqlMetricStringValue("mystery", values, std::nullopt), "[unknown] 1,234");
  EXPECT_TRUE(IsV2CustomMetricType("v2Custom_com.example.Metric"));
  EXPECT_FALSE(IsV2CustomMetricType("sum"));
}

TEST(SqlMetricFormat, SummaryKeepsCountTotalMinMedianMaxOfTheCountedValues) {
  std::vector<int64_t> values = {9, -3, 4, 1, 7};
  const SqlMetricSummary timing =
      SummarizeSqlMetric(42, SqlMetricKind::kTiming, values, SqlMetricMaxTask{9, 2, 1, 30});
  EXPECT_EQ(timing.accumulator_id, 42);
  EXPECT_EQ(timing.count, 4u);  // -3 is not counted
  EXPECT_EQ(timing.total, 21);
  EXPECT_EQ(timing.min, 1);
  EXPECT_EQ(timing.median, 7);  // the sorted values' element at size / 2: {1, 4, 7, 9}[2]
  EXPECT_EQ(timing.max, 9);
  EXPECT_EQ(SqlMetricSummaryText(timing),
            "total (min, med, max (stageId: taskId))\n"
            "21 ms (1 ms, 7 ms, 9 ms (stage 2.1: task 30))");
  std::vector<int64_t> averages = {0, 30, 10, 20, -5};
  const SqlMetricSummary average =
      SummarizeSqlMetric(7, SqlMetricKind::kAverage, averages, std::nullopt);
  EXPECT_EQ(average.count, 3u);  // only values above 0
  EXPECT_EQ(SqlMetricSummaryText(average),
            "(min, med, max (stageId: taskId)):\n(1, 2, 3 (driver))");
}

TEST(SqlMetricFormat, SummaryTextMatchesASortOfTheValues) {
  // The median comes from a selection, not a sort: check it against the sort on many shapes.
  uint64_t seed = 12345;
  auto next = [&] {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int64_t>(seed >> 40) % 5000 - 100;
  };
  for (size_t size = 0; size < 40; ++size) {
    std::vector<int64_t> values;
    for (size_t i = 0; i < size; ++i) values.push_back(next());
    std::vector<int64_t> counted;
    for (int64_t v : values) {
      if (v >= 0) counted.push_back(v);
    }
    std::sort(counted.begin(), counted.end());
    std::vector<int64_t> scratch = values;
    const SqlMetricSummary summary =
        SummarizeSqlMetric(1, SqlMetricKind::kSize, scratch, std::nullopt);
    ASSERT_EQ(summary.count, counted.size());
    if (counted.size() < 2) continue;
    EXPECT_EQ(summary.min, counted.front());
    EXPECT_EQ(summary.median, counted[counted.size() / 2]);
    EXPECT_EQ(summary.max, counted.back());
  }
}

TEST(SqlMetricFormat, V2CustomMetricsReadNotAvailable) {
  std::vector<int64_t> values = {5, 6};
  EXPECT_EQ(SqlMetricStringValue("v2Custom_com.example.Metric", values, std::nullopt), "N/A");
  EXPECT_EQ(SqlMetricKindOf("v2Custom_com.example.Metric"), SqlMetricKind::kV2Custom);
  EXPECT_EQ(SqlMetricKindOf("mystery"), SqlMetricKind::kUnknown);
}

}  // namespace sql_metric_format_test
}  // namespace afterglow
