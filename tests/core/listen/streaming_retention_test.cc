// The History Server's caps on Structured Streaming data (docs/SPARK-SEMANTICS.md fact 121),
// over inline logs: the last 100 progress reports of a run in arrival order, the last 100 ended
// runs in the order they ended, and the application's own settings of either limit ignored.
#include "core/listen/streaming_retention.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "core/model/app_model.h"
#include "tests/core/inline_log.h"

namespace afterglow::streaming_retention_test {

const std::string kAppStart =
    R"({"Event":"SparkListenerApplicationStart","App Name":"a","App ID":"app-1","Timestamp":1000,"User":"u"})" "\n";

std::string Started(const std::string& run, int minute) {
  char when[32];
  std::snprintf(when, sizeof when, "2021-01-01T%02d:%02d:00.000Z", minute / 60, minute % 60);
  return R"({"Event":"org.apache.spark.sql.streaming.StreamingQueryListener$QueryStartedEvent","id":"q","runId":")" +
         run + R"(","name":null,"timestamp":")" + when + "\"}\n";
}

std::string Terminated(const std::string& run) {
  return R"({"Event":"org.apache.spark.sql.streaming.StreamingQueryListener$QueryTerminatedEvent","id":"q","runId":")" +
         run + R"(","exception":null})" "\n";
}

// Batch `batch` of run `run`, reported `second` seconds after 02:00.
std::string Progress(const std::string& run, int64_t batch, int second) {
  char when[32];
  std::snprintf(when, sizeof when, "2021-01-01T02:%02d:%02d.000Z", second / 60, second % 60);
  return R"({"Event":"org.apache.spark.sql.streaming.StreamingQueryListener$QueryProgressEvent","progress":{"id":"q","runId":")" +
         run + R"(","name":null,"timestamp":")" + when + R"(","batchId":)" + std::to_string(batch) +
         R"(,"batchDuration":10,"durationMs":{"triggerExecution":10},"stateOperators":[],"sources":[{"description":"s","numInputRows":5,"inputRowsPerSecond":1.0,"processedRowsPerSecond":2.0}],"sink":{"description":"k","numOutputRows":5}}})" "\n";
}

// The application asks for 5 reports and 2 ended runs; the History Server uses its own 100.
const std::string kAppLimits =
    R"({"Event":"SparkListenerEnvironmentUpdate","JVM Information":{},"Spark Properties":{"spark.sql.streaming.ui.retainedProgressUpdates":"5","spark.sql.streaming.ui.retainedQueries":"2"},"Hadoop Properties":{},"System Properties":{},"Classpath Entries":{}})" "\n";

std::vector<int64_t> BatchIds(const std::vector<StreamingProgress>& reports) {
  std::vector<int64_t> ids;
  for (const StreamingProgress& p : reports) ids.push_back(p.batch_id);
  return ids;
}

TEST(StreamingRetention, ARunKeepsItsLast100ReportsWhateverTheApplicationSet) {
  std::string log = kAppStart + kAppLimits + Started("r", 0);
  for (int batch = 0; batch < 130; ++batch) log += Progress("r", batch, batch);
  const auto session = test_support::LoadInlineLog(log);
  const StreamingModel& streaming = session->model(0)->streaming;
  ASSERT_EQ(streaming.queries.size(), 1u);
  const std::vector<StreamingProgress>* reports = streaming.Progress(streaming.queries[0].run_id);
  ASSERT_NE(reports, nullptr);
  std::vector<int64_t> expected;
  for (int64_t batch = 30; batch < 130; ++batch) expected.push_back(batch);
  EXPECT_EQ(BatchIds(*reports), expected);
  EXPECT_EQ(streaming.CompletedBatches(streaming.queries[0].run_id), 130);
}

TEST(StreamingRetention, ReportsLeaveInArrivalOrderNotTimestampOrder) {
  // Batch 0 arrives last but is the earliest report: it stays, and the first arrivals go.
  std::string log = kAppStart + Started("r", 0);
  for (int batch = 1; batch <= 101; ++batch) log += Progress("r", batch, batch);
  log += Progress("r", 0, 0);
  const auto session = test_support::LoadInlineLog(log);
  const StreamingModel& streaming = session->model(0)->streaming;
  const std::vector<StreamingProgress>& reports = *streaming.Progress(streaming.queries[0].run_id);
  ASSERT_EQ(reports.size(), 100u);
  EXPECT_EQ(reports.front().batch_id, 0);  // read back in timestamp order
  EXPECT_EQ(reports[1].batch_id, 3);       // batches 1 and 2 arrived first and left
  EXPECT_EQ(reports.back().batch_id, 101);
}

TEST(StreamingRetention, TheLast100RunsToEndAreKeptWithTheirReports) {
  std::string log = kAppStart + kAppLimits;
  for (int i = 0; i < 103; ++i) log += Started("r" + std::to_string(i), i);
  log += Started("active", 200);
  for (int i = 0; i < 103; ++i) log += Progress("r" + std::to_string(i), 0, i % 60);
  // They end newest first, so r102, r101 and r100 end first and go.
  for (int i = 102; i >= 0; --i) log += Terminated("r" + std::to_string(i));
  const auto session = test_support::LoadInlineLog(log);
  const StreamingModel& streaming = session->model(0)->streaming;
  ASSERT_EQ(streaming.queries.size(), 101u);
  size_t ended = 0;
  bool active_kept = false;
  for (const StreamingQuery& query : streaming.queries) {
    const std::string_view run = session->strings().Get(query.run_id);
    EXPECT_TRUE(run != "r100" && run != "r101" && run != "r102") << run;
    if (query.is_active) active_kept = run == "active";
    ended += !query.is_active;
    if (!query.is_active) EXPECT_NE(streaming.Progress(query.run_id), nullptr) << run;
  }
  EXPECT_EQ(ended, 100u);
  EXPECT_TRUE(active_kept);
  EXPECT_EQ(streaming.progress_by_run.size(), 100u);  // the three runs' reports went with them
}

TEST(StreamingRetention, ARunStartedAgainIsNoLongerCountedAsEnded) {
  std::string log = kAppStart;
  for (int i = 0; i < 101; ++i) log += Started("r" + std::to_string(i), i) + Terminated("r" + std::to_string(i));
  // r0 ended first and went; r1 starts again, so when two more runs end, r2 is the one to go.
  log += Started("r1", 150);
  log += Started("late", 151) + Terminated("late") + Started("later", 152) + Terminated("later");
  const auto session = test_support::LoadInlineLog(log);
  const StreamingModel& streaming = session->model(0)->streaming;
  std::vector<std::string> runs;
  for (const StreamingQuery& query : streaming.queries) {
    runs.emplace_back(session->strings().Get(query.run_id));
  }
  ASSERT_EQ(runs.size(), 101u);  // r1, active, and the 100 last to end: r3..r100, late, later
  EXPECT_EQ(std::count(runs.begin(), runs.end(), "r0"), 0);
  EXPECT_EQ(std::count(runs.begin(), runs.end(), "r2"), 0);
  EXPECT_EQ(std::count(runs.begin(), runs.end(), "r1"), 1);
  EXPECT_EQ(std::count(runs.begin(), runs.end(), "r3"), 1);
  EXPECT_EQ(std::count(runs.begin(), runs.end(), "later"), 1);
}

}  // namespace afterglow::streaming_retention_test
