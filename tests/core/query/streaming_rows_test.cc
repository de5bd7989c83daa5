// The Structured Streaming tab's rows over the two corpus logs with streaming queries, each
// figure read from the log (quoted) or from StreamingQueryHistorySuite, which checks the same
// page over local-1596020211915 ("81.39", "157.05", "8 completed batches").
#include "core/query/streaming_rows.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/analysis/durations.h"
#include "tests/core/inline_log.h"
#include "tests/core/query/corpus_attempt.h"

namespace afterglow {
namespace streaming_rows_test {

using test_support::CorpusAttempt;
using test_support::LoadCorpus;

constexpr int64_t kNow = 1700000000000;  // the wall clock a running query's duration runs to

TEST(StreamingQueryRows, KafkaWordCountIsStillRunning) {
  CorpusAttempt loaded;
  LoadCorpus(loaded, "spark/sql-events/local-1596020211915");
  const std::vector<StreamingQueryRow> rows =
      StreamingQueryRows(loaded.model->streaming, *loaded.pool, kNow);
  ASSERT_EQ(rows.size(), 1u);
  const StreamingQueryRow& row = rows[0];
  EXPECT_EQ(row.name, "<no name>");  // "name":null
  EXPECT_EQ(row.status, "RUNNING");  // the log has no QueryTerminatedEvent
  EXPECT_TRUE(row.active);
  EXPECT_EQ(row.id, "8d268dc2-bc9c-4be8-97a9-b135d2943028");
  EXPECT_EQ(row.run_id, "e225d92f-2545-48f8-87a2-9c0309580f8a");
  EXPECT_EQ(row.start_ms, 1596020215947);  // "2020-07-29T10:56:55.947Z"
  EXPECT_EQ(row.duration_ms, kNow - 1596020215947);
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", row.avg_input_per_s);
  EXPECT_STREQ(text, "81.39");
  std::snprintf(text, sizeof text, "%.2f", row.avg_process_per_s);
  EXPECT_STREQ(text, "157.05");
  ASSERT_TRUE(row.latest_batch.has_value());
  EXPECT_EQ(*row.latest_batch, 7);
  EXPECT_EQ(row.progress_reports, 8u);
  EXPECT_FALSE(row.exception.has_value());
  const StringId run = loaded.model->streaming.queries[0].run_id;
  EXPECT_EQ(StreamingRunBatchesDuration(loaded.model->streaming, run, kNow),
            kNow - 1596020215947);
}

// The log never ended the run: it runs to the log's last event, the ApplicationEnd (fact 120),
// not to the reader's wall clock (which showed "Running batches for 55600 h").
TEST(StreamingQueryRows, KafkaWordCountRunsToTheApplicationsEnd) {
  CorpusAttempt loaded;
  LoadCorpus(loaded, "spark/sql-events/local-1596020211915");
  const int64_t now = DurationNowMs(*loaded.model);
  EXPECT_EQ(now, 1596020226301);  // {"Event":"SparkListenerApplicationEnd","Timestamp":1596020226301}
  const std::vector<StreamingQueryRow> rows =
      StreamingQueryRows(loaded.model->streaming, *loaded.pool, now);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_TRUE(rows[0].active);
  EXPECT_EQ(rows[0].duration_ms, 1596020226301 - 1596020215947);  // 10.354 s
  EXPECT_EQ(StreamingRunBatchesDuration(loaded.model->streaming,
                                        loaded.model->streaming.queries[0].run_id, now),
            1596020226301 - 1596020215947);
}

TEST(StreamingQueryRows, DatabricksRunEndedAfterOneReport) {
  CorpusAttempt loaded;
  LoadCorpus(loaded, "rapids-tools/e2e/streaming_eventlog.zstd");
  const std::vector<StreamingQueryRow> rows =
      StreamingQueryRows(loaded.model->streaming, *loaded.pool, kNow);
  ASSERT_EQ(rows.size(), 1u);
  const StreamingQueryRow& row = rows[0];
  EXPECT_EQ(row.status, "FINISHED");  // QueryTerminatedEvent with "exception":null
  EXPECT_FALSE(row.active);
  EXPECT_EQ(row.id, "c86ef692-94c1-4171-919e-477831146f91");
  EXPECT_EQ(row.run_id, "02142f42-c81e-43fb-9119-eda3f2507b60");
  EXPECT_EQ(row.start_ms, 1709313227797);  // "2024-03-01T17:13:47.797Z"
  // The one report's "2024-03-01T18:46:05.095Z" minus the start.
  EXPECT_EQ(row.duration_ms, 1709318765095 - 1709313227797);
  EXPECT_DOUBLE_EQ(row.avg_input_per_s, 7.10949294623467);
  EXPECT_DOUBLE_EQ(row.avg_process_per_s, 26.452200684866952);
  EXPECT_EQ(row.latest_batch, 133944);
  EXPECT_FALSE(row.exception.has_value());
  // The run page: from the first report to the last, the same one here.
  EXPECT_EQ(StreamingRunBatchesDuration(loaded.model->streaming,
                                        loaded.model->streaming.queries[0].run_id, kNow),
            0);
}

// A failed run's exception, kept from its QueryTerminatedEvent (Spark's own page shows "-"), and
// the list's order: running runs first, then ended ones, newest start first.
TEST(StreamingQueryRows, ExceptionKeptAndActiveRunsListedFirst) {
  auto started = [](const char* run, const char* name, const char* when) {
    return std::string(R"({"Event":"org.apache.spark.sql.streaming.StreamingQueryListener$QueryStartedEvent","id":"q","runId":")") +
           run + R"(","name":)" + name + R"(,"timestamp":")" + when + "\"}\n";
  };
  std::string log;
  log += R"({"Event":"SparkListenerApplicationStart","App Name":"a","App ID":"app-1","Timestamp":1000,"User":"u"})" "\n";
  log += started("r1", "\"first\"", "2021-01-01T00:00:00.000Z");
  log += started("r2", "\"\"", "2021-01-01T00:01:00.000Z");
  log += started("r3", "null", "2021-01-01T00:02:00.000Z");
  log += R"({"Event":"org.apache.spark.sql.streaming.StreamingQueryListener$QueryTerminatedEvent","id":"q","runId":"r1","exception":"java.lang.RuntimeException: boom\n\tat X"})" "\n";
  log += R"({"Event":"org.apache.spark.sql.streaming.StreamingQueryListener$QueryTerminatedEvent","id":"q","runId":"r2","exception":null})" "\n";
  const auto session = test_support::LoadInlineLog(log);
  const std::vector<StreamingQueryRow> rows =
      StreamingQueryRows(session->model(0)->streaming, session->strings(), kNow);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].run_id, "r3");
  EXPECT_EQ(rows[0].status, "RUNNING");
  EXPECT_EQ(rows[1].run_id, "r2");  // ended, started after r1
  EXPECT_EQ(rows[1].name, "<no name>");  // an empty name too
  EXPECT_EQ(rows[2].run_id, "r1");
  EXPECT_EQ(rows[2].name, "first");
  EXPECT_EQ(rows[2].status, "FINISHED");
  ASSERT_TRUE(rows[2].exception.has_value());
  EXPECT_EQ(*rows[2].exception, "java.lang.RuntimeException: boom\n\tat X");
  EXPECT_EQ(rows[2].duration_ms, 0);  // ended without a report
  EXPECT_FALSE(rows[2].latest_batch.has_value());
  EXPECT_TRUE(std::isnan(rows[2].avg_input_per_s));
  EXPECT_EQ(StreamingRunBatchesDuration(session->model(0)->streaming,
                                        session->model(0)->streaming.queries[0].run_id, kNow),
            std::nullopt);
}

}  // namespace streaming_rows_test
}  // namespace afterglow
