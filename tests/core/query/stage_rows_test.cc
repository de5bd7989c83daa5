// Stage rows (core/query/stage_rows.h) and a stage's executor rows (stage_executor_rows.h), read
// straight from the model.
#include "core/query/stage_rows.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/query/stage_executor_rows.h"
#include "core/session_impl.h"
#include "tests/core/inline_log.h"
#include "tests/core/query/query_test_log.h"

namespace afterglow {
namespace {

struct Loaded {
  std::unique_ptr<Session> session = test_support::LoadInlineLog(query_test::TwoStageLog());
  const AttemptModel& model = *session->impl()->models()[0];
  const StringPool& pool = session->impl()->strings();
};

TEST(StageRows, VisitedInTheApisOrderWithTheirCountersAndDurations) {
  Loaded l;
  std::vector<StageRow> rows;
  ForEachStageRow(l.model, l.pool, [&](const StageRow& row) { rows.push_back(row); });
  ASSERT_EQ(rows.size(), 2u);
  const StageRow& running = rows[0];
  const StageRow& done = rows[1];
  EXPECT_EQ(running.stage_id, 1);  // stage id descending
  EXPECT_EQ(running.status, StageStatus::kActive);
  EXPECT_EQ(running.active_tasks, 1);
  EXPECT_EQ(running.first_launch_time, 4000);
  EXPECT_EQ(running.completion_time, kNoTime);
  EXPECT_EQ(running.duration_ms, 9000 - 4000);  // first launch to the log's last event

  EXPECT_EQ(done.stage_id, 0);
  EXPECT_EQ(done.status, StageStatus::kComplete);
  EXPECT_STREQ(StageStatusName(done.status), "COMPLETE");
  EXPECT_EQ(done.name, "map at A.scala:1");
  EXPECT_EQ(done.details, "d0");
  EXPECT_EQ(done.num_tasks, 2);
  EXPECT_EQ(done.complete_tasks, 1);
  EXPECT_EQ(done.failed_tasks, 1);
  EXPECT_EQ(done.completed_indices, 1);
  EXPECT_EQ(done.submission_time, 1300);
  EXPECT_EQ(done.first_launch_time, 2000);
  EXPECT_EQ(done.completion_time, 3500);
  EXPECT_EQ(done.duration_ms, 1500);  // first launch to completion, not submission
  EXPECT_EQ(done.metrics[TaskMetric::kExecutorRunTime], 1100);
  EXPECT_EQ(done.metrics[TaskMetric::kShuffleBytesWritten], 4096);
  ASSERT_NE(done.object, nullptr);
  EXPECT_EQ(done.object->stage_id, 0);
}

TEST(StageRows, AttemptsOfOneStageAndLookUps) {
  Loaded l;
  EXPECT_EQ(StageAttemptRows(l.model, l.pool, 0).size(), 1u);
  EXPECT_TRUE(StageAttemptRows(l.model, l.pool, 5).empty());
  EXPECT_TRUE(FindStageRow(l.model, l.pool, 1, 0).has_value());
  EXPECT_FALSE(FindStageRow(l.model, l.pool, 1, 1).has_value());
}

TEST(StageRows, TheLatestAttemptOfARetriedStage) {
  // Stage 0's attempt 0 fails; attempt 1 is submitted after it.
  auto info = [](int attempt) {
    return R"({"Stage ID":0,"Stage Attempt ID":)" + std::to_string(attempt) +
           R"(,"Stage Name":"s","Number of Tasks":1,"RDD Info":[],"Details":"","Accumulables":[])";
  };
  const std::string log =
      R"({"Event":"SparkListenerApplicationStart","App Name":"a","App ID":"app-1","Timestamp":1000,"User":"u"})" "\n"
      R"({"Event":"SparkListenerJobStart","Job ID":0,"Submission Time":1000,"Stage Infos":[)" +
      info(0) + R"(}],"Stage IDs":[0],"Properties":{}})" "\n" +
      R"({"Event":"SparkListenerStageSubmitted","Stage Info":)" + info(0) +
      R"(,"Submission Time":1100},"Properties":{}})" "\n" +
      R"({"Event":"SparkListenerStageCompleted","Stage Info":)" + info(0) +
      R"(,"Submission Time":1100,"Completion Time":1200,"Failure Reason":"lost"}})" "\n" +
      R"({"Event":"SparkListenerStageSubmitted","Stage Info":)" + info(1) +
      R"(,"Submission Time":1300},"Properties":{}})" "\n";
  const auto session = test_support::LoadInlineLog(log);
  const AttemptModel& model = *session->impl()->models()[0];
  const StringPool& pool = session->impl()->strings();
  const std::vector<StageRow> attempts = StageAttemptRows(model, pool, 0);
  ASSERT_EQ(attempts.size(), 2u);
  EXPECT_EQ(attempts[0].status, StageStatus::kFailed);
  ASSERT_TRUE(attempts[0].failure_reason.present);
  EXPECT_EQ(attempts[0].failure_reason.text, "lost");
  const std::optional<StageRow> latest = LatestStageAttemptRow(model, pool, 0);
  ASSERT_TRUE(latest.has_value());
  EXPECT_EQ(latest->attempt_id, 1);
  EXPECT_EQ(latest->status, StageStatus::kActive);
  EXPECT_FALSE(LatestStageAttemptRow(model, pool, 1).has_value());
}

TEST(StageExecutorRows, OneRowPerExecutorThatRanATaskWithItsCounts) {
  Loaded l;
  const StageAttemptObjects objects(l.model);
  const std::optional<StageRow> stage = FindStageRow(l.model, l.pool, 0, 0);
  ASSERT_TRUE(stage.has_value());
  const std::vector<StageExecutorRow> rows = StageExecutorRows(l.pool, objects, *stage->object);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].executor_id, "1");
  EXPECT_EQ(rows[0].summary.succeeded_tasks, 1);
  EXPECT_EQ(rows[0].summary.task_time, 1000);
  EXPECT_EQ(rows[0].summary.shuffle_write, 4096);
  EXPECT_EQ(rows[1].executor_id, "2");
  EXPECT_EQ(rows[1].summary.failed_tasks, 1);
  EXPECT_FALSE(rows[0].excluded);
  EXPECT_EQ(StageSpeculationSummary(objects, *stage->object), nullptr);

  const ExecutorMetricsDistributions d = ComputeExecutorDistributions(rows, {0.0, 1.0});
  ASSERT_EQ(d.of(ExecutorSummaryField::kTaskTime).size(), 2u);
  EXPECT_EQ(d.of(ExecutorSummaryField::kTaskTime)[0], 500.0);  // executor 2: 2100..2600
  EXPECT_EQ(d.of(ExecutorSummaryField::kTaskTime)[1], 1000.0);
  EXPECT_EQ(d.of(ExecutorSummaryField::kFailedTasks)[1], 1.0);
}

}  // namespace
}  // namespace afterglow
