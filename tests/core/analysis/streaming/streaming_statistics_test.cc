// The statistics page's series over the two corpus logs with Structured Streaming progress, the
// expected values read from their QueryProgressEvents (quoted beside each check), and a small
// inline log for the charts neither corpus log has (watermark gap, rows dropped by watermark).
#include "core/analysis/streaming/streaming_statistics.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/core/inline_log.h"
#include "tests/core/query/corpus_attempt.h"

namespace afterglow::streaming {
namespace streaming_statistics_test {

using test_support::CorpusAttempt;
using test_support::LoadCorpus;

const std::vector<StreamingProgress>& OnlyRunProgress(const CorpusAttempt& loaded) {
  const StreamingModel& streaming = loaded.model->streaming;
  EXPECT_EQ(streaming.queries.size(), 1u);
  const std::vector<StreamingProgress>* progress =
      streaming.Progress(streaming.queries.at(0).run_id);
  EXPECT_NE(progress, nullptr);
  static const std::vector<StreamingProgress> kNone;
  return progress == nullptr ? kNone : *progress;
}

std::vector<double> Values(const Series& series) {
  std::vector<double> values;
  for (const SeriesPoint& point : series) values.push_back(point.value);
  return values;
}

// local-1596020211915: StructuredKafkaWordCount, one run of eight batches (0..7), one Kafka
// source, one stateful operator, no watermark.
class KafkaWordCountSeries : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    loaded_ = new CorpusAttempt();
    LoadCorpus(*loaded_, "spark/sql-events/local-1596020211915");
  }
  static void TearDownTestSuite() {
    delete loaded_;
    loaded_ = nullptr;
  }
  static CorpusAttempt* loaded_;
};
CorpusAttempt* KafkaWordCountSeries::loaded_ = nullptr;

TEST_F(KafkaWordCountSeries, XIsEachReportsTimestamp) {
  const Series rows = InputRowsSeries(OnlyRunProgress(*loaded_));
  ASSERT_EQ(rows.size(), 8u);
  EXPECT_EQ(rows.front().time_ms, 1596020216015);  // "2020-07-29T10:56:56.015Z", batch 0
  EXPECT_EQ(rows.back().time_ms, 1596020225916);   // "2020-07-29T10:57:05.916Z", batch 7
}

TEST_F(KafkaWordCountSeries, InputRateCountsTheFirstBatchsNaNAsZero) {
  // inputRowsPerSecond: "NaN", then 50.74793792814204, 100.8, ... as logged.
  const std::vector<double> expected = {0.0,
                                        50.74793792814204,
                                        100.8,
                                        99.23664122137404,
                                        100.71942446043165,
                                        97.68637532133675,
                                        100.22779043280183,
                                        101.69491525423729};
  EXPECT_EQ(Values(InputRateSeries(OnlyRunProgress(*loaded_))), expected);
}

TEST_F(KafkaWordCountSeries, ProcessRateAsLogged) {
  const std::vector<double> expected = {0.42194092827004215, 583.6012861736334,
                                        120.6896551724138,   125.30120481927712,
                                        108.52713178294573,  86.95652173913044,
                                        125.35612535612536,  105.57184750733137};
  const Series rate = ProcessRateSeries(OnlyRunProgress(*loaded_));
  EXPECT_EQ(Values(rate), expected);
  EXPECT_EQ(SeriesMax(rate), 583.6012861736334);
}

TEST_F(KafkaWordCountSeries, InputRowsAndBatchDuration) {
  EXPECT_EQ(Values(InputRowsSeries(OnlyRunProgress(*loaded_))),
            (std::vector<double>{3, 363, 63, 52, 42, 38, 44, 36}));
  EXPECT_EQ(Values(BatchDurationSeries(OnlyRunProgress(*loaded_))),
            (std::vector<double>{7110, 622, 522, 415, 387, 437, 351, 341}));
}

TEST_F(KafkaWordCountSeries, OperationDurationsWithoutTriggerExecutionByName) {
  const OperationDurations ops = OperationDurationSeries(OnlyRunProgress(*loaded_), *loaded_->pool);
  ASSERT_EQ(ops.names, (std::vector<std::string_view>{"addBatch", "getBatch", "latestOffset",
                                                       "queryPlanning", "walCommit"}));
  ASSERT_EQ(ops.times_ms.size(), 8u);
  EXPECT_EQ(ops.values[0], (std::vector<double>{3011, 478, 421, 332, 306, 361, 273, 271}));
  EXPECT_EQ(ops.values[1], (std::vector<double>{21, 0, 1, 1, 1, 1, 1, 0}));
  EXPECT_EQ(ops.values[2], (std::vector<double>{3524, 7, 3, 3, 3, 3, 6, 3}));
  EXPECT_EQ(ops.values[3], (std::vector<double>{439, 47, 41, 38, 30, 35, 28, 24}));
  EXPECT_EQ(ops.values[4], (std::vector<double>{35, 59, 27, 21, 12, 18, 25, 14}));
}

TEST_F(KafkaWordCountSeries, AggregatedStateOfTheOneOperator) {
  const std::vector<StreamingProgress>& progress = OnlyRunProgress(*loaded_);
  EXPECT_EQ(Values(StateRowsTotalSeries(progress)), std::vector<double>(8, 1.0));
  EXPECT_EQ(Values(StateRowsUpdatedSeries(progress)), std::vector<double>(8, 1.0));
  EXPECT_EQ(Values(StateMemoryUsedBytesSeries(progress)),
            (std::vector<double>{776, 1216, 1184, 1184, 1184, 1184, 1184, 1184}));
  // Spark 3.0 wrote "numLateInputs": today's StateOperatorProgress reads no such field.
  EXPECT_EQ(Values(StateRowsDroppedByWatermarkSeries(progress)), std::vector<double>(8, 0.0));
}

TEST_F(KafkaWordCountSeries, NoWatermarkGapChartWhenEventTimeIsEmpty) {
  EXPECT_TRUE(WatermarkGapSeries(OnlyRunProgress(*loaded_)).empty());  // "eventTime":{}
}

// rapids-tools' streaming_eventlog: one run (Databricks CloudFiles into foreachBatch), one
// report, batch 133944, no stateful operator.
TEST(DatabricksStreamingSeries, OneReportNoStateCharts) {
  CorpusAttempt loaded;
  LoadCorpus(loaded, "rapids-tools/e2e/streaming_eventlog.zstd");
  const std::vector<StreamingProgress>& progress = OnlyRunProgress(loaded);
  ASSERT_EQ(progress.size(), 1u);
  const int64_t at = 1709318765095;  // "2024-03-01T18:46:05.095Z"
  EXPECT_EQ(InputRateSeries(progress), (Series{{at, 7.10949294623467}}));
  EXPECT_EQ(ProcessRateSeries(progress), (Series{{at, 26.452200684866952}}));
  EXPECT_EQ(InputRowsSeries(progress), (Series{{at, 4210}}));
  EXPECT_EQ(BatchDurationSeries(progress), (Series{{at, 159155}}));
  const OperationDurations ops = OperationDurationSeries(progress, *loaded.pool);
  // "durationMs":{"triggerExecution":159154,"queryPlanning":4,"getBatch":103,
  //               "latestOffset":84,"addBatch":158574,"walCommit":231}
  ASSERT_EQ(ops.names, (std::vector<std::string_view>{"addBatch", "getBatch", "latestOffset",
                                                       "queryPlanning", "walCommit"}));
  EXPECT_EQ(ops.values, (std::vector<std::vector<double>>{{158574}, {103}, {84}, {4}, {231}}));
  EXPECT_TRUE(WatermarkGapSeries(progress).empty());          // "eventTime":{}
  EXPECT_TRUE(StateRowsTotalSeries(progress).empty());        // "stateOperators":[]
  EXPECT_TRUE(StateRowsUpdatedSeries(progress).empty());
  EXPECT_TRUE(StateMemoryUsedBytesSeries(progress).empty());
  EXPECT_TRUE(StateRowsDroppedByWatermarkSeries(progress).empty());
}

// Neither corpus log has a watermark or rows dropped by it; these reports are written in
// StreamingQueryProgress's JSON shape (Spark 3.1+ field names).
std::string ProgressEvent(int batch, const std::string& timestamp, const std::string& event_time,
                          const std::string& state_operators) {
  return R"({"Event":"org.apache.spark.sql.streaming.StreamingQueryListener$QueryProgressEvent","progress":{"id":"q","runId":"r","name":"windowed","timestamp":")" +
         timestamp + R"(","batchId":)" + std::to_string(batch) +
         R"(,"batchDuration":10,"durationMs":{"triggerExecution":10,"addBatch":7},"eventTime":)" +
         event_time + R"(,"stateOperators":)" + state_operators +
         R"(,"sources":[{"description":"s","numInputRows":5,"inputRowsPerSecond":1.0,"processedRowsPerSecond":2.0}],"sink":{"description":"k","numOutputRows":5}}})" "\n";
}

TEST(WatermarkAndStateSeries, GapInSecondsForReportsWithAWatermarkAfterTheEpoch) {
  std::string log;
  log += R"({"Event":"SparkListenerApplicationStart","App Name":"a","App ID":"app-1","Timestamp":1000,"User":"u"})" "\n";
  log += R"({"Event":"org.apache.spark.sql.streaming.StreamingQueryListener$QueryStartedEvent","id":"q","runId":"r","name":"windowed","timestamp":"2021-01-01T00:00:00.000Z"})" "\n";
  const std::string op1 =
      R"([{"numRowsTotal":4,"numRowsUpdated":2,"memoryUsedBytes":100,"numRowsDroppedByWatermark":0},{"numRowsTotal":1,"numRowsUpdated":1,"memoryUsedBytes":50,"numRowsDroppedByWatermark":3}])";
  log += ProgressEvent(0, "2021-01-01T00:00:10.000Z", R"({"watermark":"1970-01-01T00:00:00.000Z"})", op1);
  log += ProgressEvent(1, "2021-01-01T00:00:20.000Z",
                       R"({"avg":"2021-01-01T00:00:12.000Z","watermark":"2021-01-01T00:00:12.500Z"})", op1);
  log += ProgressEvent(2, "2021-01-01T00:00:30.000Z", R"({"watermark":"2021-01-01T00:00:25.000Z"})",
                       R"([{"numRowsTotal":7,"numRowsUpdated":0,"memoryUsedBytes":300,"numRowsDroppedByWatermark":9}])");
  const auto session = test_support::LoadInlineLog(log);
  const AttemptModel& model = *session->model(0);
  const std::vector<StreamingProgress>& progress =
      *model.streaming.Progress(model.streaming.queries.at(0).run_id);
  ASSERT_EQ(progress.size(), 3u);
  const int64_t t1 = 1609459220000, t2 = 1609459230000;  // 00:00:20 and 00:00:30
  // Batch 0's watermark is the epoch itself (no watermark yet): no point.
  EXPECT_EQ(WatermarkGapSeries(progress), (Series{{t1, 7.5}, {t2, 5.0}}));
  EXPECT_EQ(Values(StateRowsTotalSeries(progress)), (std::vector<double>{5, 5, 7}));
  EXPECT_EQ(Values(StateRowsUpdatedSeries(progress)), (std::vector<double>{3, 3, 0}));
  EXPECT_EQ(Values(StateMemoryUsedBytesSeries(progress)), (std::vector<double>{150, 150, 300}));
  EXPECT_EQ(Values(StateRowsDroppedByWatermarkSeries(progress)), (std::vector<double>{3, 3, 9}));
}

TEST(WatermarkAndStateSeries, NoChartsWhenTheLastReportLacksThem) {
  std::string log;
  log += R"({"Event":"SparkListenerApplicationStart","App Name":"a","App ID":"app-1","Timestamp":1000,"User":"u"})" "\n";
  log += R"({"Event":"org.apache.spark.sql.streaming.StreamingQueryListener$QueryStartedEvent","id":"q","runId":"r","name":null,"timestamp":"2021-01-01T00:00:00.000Z"})" "\n";
  log += ProgressEvent(0, "2021-01-01T00:00:10.000Z", R"({"watermark":"2021-01-01T00:00:05.000Z"})",
                       R"([{"numRowsTotal":4,"numRowsUpdated":2,"memoryUsedBytes":100}])");
  log += ProgressEvent(1, "2021-01-01T00:00:20.000Z", "{}", "[]");
  const auto session = test_support::LoadInlineLog(log);
  const AttemptModel& model = *session->model(0);
  const std::vector<StreamingProgress>& progress =
      *model.streaming.Progress(model.streaming.queries.at(0).run_id);
  ASSERT_EQ(progress.size(), 2u);
  EXPECT_TRUE(WatermarkGapSeries(progress).empty());
  EXPECT_TRUE(StateRowsTotalSeries(progress).empty());
  EXPECT_EQ(Values(InputRowsSeries(progress)), (std::vector<double>{5, 5}));
}

}  // namespace streaming_statistics_test
}  // namespace afterglow::streaming
