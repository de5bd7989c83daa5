// Task rows (core/query/task_rows.h): the values v1.TaskData shows, read from the task columns.
#include "core/query/task_rows.h"

#include <gtest/gtest.h>

#include <vector>

#include "core/analysis/task_view.h"
#include "core/session_impl.h"
#include "tests/core/inline_log.h"
#include "tests/core/query/query_test_log.h"

namespace afterglow {
namespace {

std::vector<TaskRow> RowsOfStage(const Session& session, int32_t stage_id) {
  const AttemptModel& model = *session.impl()->models()[0];
  std::vector<TaskRow> rows;
  ForEachTaskRow(model, session.impl()->strings(), StageTaskRowsOf(model, stage_id, 0),
                 [&](const TaskRow& row) { rows.push_back(row); });
  return rows;
}

TEST(TaskRows, FinishedTasksInLaunchOrderWithTheApisValues) {
  const auto session = test_support::LoadInlineLog(query_test::TwoStageLog());
  const std::vector<TaskRow> rows = RowsOfStage(*session, 0);
  ASSERT_EQ(rows.size(), 2u);
  const TaskRow& ok = rows[0];
  EXPECT_EQ(ok.task_id, 1);
  EXPECT_EQ(ok.status, TaskApiStatus::kSuccess);
  EXPECT_EQ(ok.executor_id, "1");
  EXPECT_EQ(ok.host, "h1");
  EXPECT_EQ(ok.locality, "PROCESS_LOCAL");
  EXPECT_EQ(ok.launch_time, 2000);
  EXPECT_EQ(ok.duration, 1000);
  EXPECT_EQ(ok.result_fetch_start, kNoTime);
  EXPECT_TRUE(ok.has_metrics);
  EXPECT_EQ(ok.metrics[TaskMetric::kExecutorRunTime], 700);
  // Spark's schedulerDelay: duration - run - deserialize - serialize - getting result.
  EXPECT_EQ(ok.scheduler_delay, 1000 - 700 - 100 - 50);
  ASSERT_NE(ok.executor_logs, nullptr);
  EXPECT_EQ(ok.executor_logs->size(), 1u);
  EXPECT_FALSE(ok.has_error);

  const TaskRow& failed = rows[1];
  EXPECT_EQ(failed.status, TaskApiStatus::kFailed);
  EXPECT_TRUE(failed.has_error);
  EXPECT_NE(failed.error_message.find("boom"), std::string_view::npos);
  EXPECT_EQ(failed.duration, 500);
}

TEST(TaskRows, ARunningTaskLastsToTheLogsEnd) {
  const auto session = test_support::LoadInlineLog(query_test::TwoStageLog());
  const std::vector<TaskRow> rows = RowsOfStage(*session, 1);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].status, TaskApiStatus::kRunning);
  EXPECT_EQ(rows[0].duration, 9000 - 4000);
  EXPECT_FALSE(rows[0].has_metrics);
  EXPECT_EQ(rows[0].metrics[TaskMetric::kExecutorRunTime], 0);
}

TEST(TaskRows, AnUnknownStageAttemptHasNoRows) {
  const auto session = test_support::LoadInlineLog(query_test::TwoStageLog());
  EXPECT_TRUE(StageTaskRowsOf(*session->impl()->models()[0], 9, 0).empty());
}

}  // namespace
}  // namespace afterglow
