// taskSummary quantiles and taskList ordering on small inline logs (docs/SPARK-SEMANTICS.md facts
// 52-58): which tasks count, how the quantile position is chosen, and where failed and running
// tasks go.
#include "core/analysis/task_quantiles.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/analysis/task_view.h"
#include "core/model/app_model.h"
#include "tests/core/inline_log.h"

namespace afterglow {
namespace task_quantiles_test {

using test_support::LoadInlineLog;

struct TaskSpec {
  int task_id;
  int run_time;   // Executor Run Time
  int duration;   // Finish - Launch; 0 leaves the task running (no TaskEnd)
  const char* reason = "Success";
};

std::string Log(const std::vector<TaskSpec>& tasks) {
  std::string log =
      R"({"Event":"SparkListenerApplicationStart","App Name":"a","App ID":"app-1","Timestamp":1000,"User":"u"})"
      "\n"
      R"({"Event":"SparkListenerJobStart","Job ID":0,"Submission Time":1000,"Stage Infos":[{"Stage ID":0,"Stage Attempt ID":0,"Stage Name":"s","Number of Tasks":9,"RDD Info":[],"Details":"","Accumulables":[]}],"Stage IDs":[0],"Properties":{}})"
      "\n"
      R"({"Event":"SparkListenerStageSubmitted","Stage Info":{"Stage ID":0,"Stage Attempt ID":0,"Stage Name":"s","Number of Tasks":9,"RDD Info":[],"Details":"","Submission Time":1000,"Accumulables":[]},"Properties":{}})"
      "\n";
  auto info = [](const TaskSpec& t, bool end) {
    const bool failed = std::string(t.reason) != "Success";
    return R"({"Task ID":)" + std::to_string(t.task_id) + R"(,"Index":)" +
           std::to_string(t.task_id) + R"(,"Attempt":0,"Launch Time":2000,"Executor ID":"1",)" +
           R"("Host":"h","Locality":"PROCESS_LOCAL","Speculative":false,"Getting Result Time":0,)" +
           R"("Finish Time":)" + std::to_string(end ? 2000 + t.duration : 0) + R"(,"Failed":)" +
           (end && failed ? "true" : "false") + R"(,"Killed":false,"Accumulables":[]})";
  };
  for (const TaskSpec& t : tasks) {
    log += R"({"Event":"SparkListenerTaskStart","Stage ID":0,"Stage Attempt ID":0,"Task Info":)" +
           info(t, false) + "}\n";
  }
  for (const TaskSpec& t : tasks) {
    if (t.duration == 0) continue;
    log += R"({"Event":"SparkListenerTaskEnd","Stage ID":0,"Stage Attempt ID":0,"Task Type":"ResultTask","Task End Reason":{"Reason":")" +
           std::string(t.reason) + R"("},"Task Info":)" + info(t, true) +
           R"(,"Task Metrics":{"Executor Deserialize Time":1,"Executor Run Time":)" +
           std::to_string(t.run_time) + R"(,"Result Size":10}})" "\n";
  }
  return log;
}

const AttemptModel& Model(const Session& session) { return *session.model(0); }

std::vector<uint32_t> StageRows(const AttemptModel& model) {
  return model.stage_task_rows.at({0, 0});
}

TEST(QuantileIndices, TruncateTowardZeroAndStopAtTheLastTask) {
  EXPECT_EQ(QuantileIndices({0.05, 0.25, 0.5, 0.75, 0.95}, 10),
            (std::vector<int64_t>{0, 2, 5, 7, 9}));
  EXPECT_EQ(QuantileIndices({0.0, 0.5, 1.0}, 3), (std::vector<int64_t>{0, 1, 2}));
  EXPECT_EQ(QuantileIndices({0.99, 1.0}, 1), (std::vector<int64_t>{0, 0}));
}

TEST(TaskSummary, CountsOnlySuccessfulTasksButDurationIncludesTheOthers) {
  const auto session = LoadInlineLog(Log({{1, 30, 40},
                                          {2, 10, 20},
                                          {3, 20, 30},
                                          {4, 100, 110, "ExceptionFailure"},
                                          {5, 0, 0}}));  // still running
  const AttemptModel& model = Model(*session);
  const auto summary = ComputeTaskSummary(model, StageRows(model), {1.0, 0.0, 0.5});
  ASSERT_TRUE(summary.has_value());
  EXPECT_EQ(summary->quantiles, (std::vector<double>{0.0, 0.5, 1.0}));
  // Three successful tasks: positions 0, 1, 2 of the successful run times.
  EXPECT_EQ(summary->of(SummaryField::kExecutorRunTime), (std::vector<double>{10, 20, 30}));
  // The duration index also holds the failed task (110) and the running one, so the same
  // positions land on a longer list: 20, 30, 40 of {20, 30, 40, 110, now-launch}.
  const std::vector<double>& duration = summary->of(SummaryField::kDuration);
  ASSERT_EQ(duration.size(), 3u);
  EXPECT_EQ(duration[0], 20);
  EXPECT_EQ(duration[1], 30);
  EXPECT_EQ(duration[2], 40);
}

TEST(TaskSummary, PositionsPastTheIndexReadAsNaN) {
  const auto session = LoadInlineLog(Log({{1, 30, 40}}));
  const AttemptModel& model = Model(*session);
  // (long)(-1.5) = -1 is the iterator's start: no entry, NaN. (long)(-0.5) = 0 is the first
  // entry, and a quantile above 1 clamps to count-1.
  const auto summary = ComputeTaskSummary(model, StageRows(model), {-1.5, -0.5, 2.0});
  ASSERT_TRUE(summary.has_value());
  const std::vector<double>& run = summary->of(SummaryField::kExecutorRunTime);
  ASSERT_EQ(run.size(), 3u);
  EXPECT_TRUE(std::isnan(run[0]));
  EXPECT_EQ(run[1], 30);
  // Position 0 again after 0 reuses the value; the iterator has nothing after it.
  EXPECT_EQ(run[2], 30);
  const auto past = ComputeTaskSummary(model, StageRows(model), {0.0, 0.0});
  ASSERT_TRUE(past.has_value());
  EXPECT_EQ(past->of(SummaryField::kExecutorRunTime), (std::vector<double>{30, 30}));
}

TEST(TaskSummary, AskedFieldsMatchTheFullSummaryAndTheOthersStayEmpty) {
  const auto session = LoadInlineLog(Log({{1, 30, 40}, {2, 10, 20}, {3, 20, 90}}));
  const AttemptModel& model = Model(*session);
  const auto full = ComputeTaskSummary(model, StageRows(model), {0.5, 1.0});
  const SummaryFieldSet asked =
      SummaryFieldSet().set(static_cast<size_t>(SummaryField::kDuration));
  const auto some = ComputeTaskSummary(model, StageRows(model), {0.5, 1.0}, asked);
  ASSERT_TRUE(full.has_value());
  ASSERT_TRUE(some.has_value());
  EXPECT_EQ(some->of(SummaryField::kDuration), full->of(SummaryField::kDuration));
  EXPECT_TRUE(some->of(SummaryField::kExecutorRunTime).empty());
}

TEST(TaskSummary, NoSuccessfulTaskMeansNoSummary) {
  const auto session = LoadInlineLog(Log({{1, 30, 40, "ExceptionFailure"}, {2, 0, 0}}));
  const AttemptModel& model = Model(*session);
  EXPECT_FALSE(ComputeTaskSummary(model, StageRows(model), {0.5}).has_value());
  const ApiResponse response =
      session->Api("/api/v1/applications/app-1/stages/0/0/taskSummary");
  EXPECT_EQ(response.status, 404);
  EXPECT_EQ(response.body, "No tasks reported metrics for 0 / 0 yet.");
}

std::vector<int64_t> TaskIds(const AttemptModel& model, const std::vector<uint32_t>& rows) {
  std::vector<int64_t> ids;
  for (uint32_t row : rows) ids.push_back(model.tasks.task_id[row]);
  return ids;
}

TEST(TaskSorting, RuntimePutsFailedThenRunningThenSuccessfulAscending) {
  const auto session = LoadInlineLog(Log({{1, 30, 40},
                                          {2, 10, 20},
                                          {3, 10, 25},
                                          {4, 100, 110, "ExceptionFailure"},
                                          {5, 0, 0},
                                          {6, 5, 9, "ExceptionFailure"}}));
  const AttemptModel& model = Model(*session);
  std::vector<uint32_t> rows = StageRows(model);
  // Stored run times: failed -v-1 (-101, -6), running -1, successful v; ties by task id.
  SortTaskRows(model, TaskSortOrder::kIncreasingRuntime, rows);
  EXPECT_EQ(TaskIds(model, rows), (std::vector<int64_t>{4, 6, 5, 2, 3, 1}));
  SortTaskRows(model, TaskSortOrder::kDecreasingRuntime, rows);
  EXPECT_EQ(TaskIds(model, rows), (std::vector<int64_t>{1, 3, 2, 5, 6, 4}));
  SortTaskRows(model, TaskSortOrder::kId, rows);
  EXPECT_EQ(TaskIds(model, rows), (std::vector<int64_t>{1, 2, 3, 4, 5, 6}));
}

TEST(TaskList, FiltersByStatusBeforeSlicingAndAcceptsShortSortNames) {
  const auto session = LoadInlineLog(Log({{1, 30, 40},
                                          {2, 10, 20},
                                          {3, 10, 25},
                                          {4, 100, 110, "ExceptionFailure"}}));
  const ApiResponse response = session->Api(
      "/api/v1/applications/app-1/stages/0/0/taskList?status=success&sortBy=-runtime&offset=1");
  ASSERT_EQ(response.status, 200) << response.body;
  const size_t first = response.body.find("\"taskId\" : 3");
  const size_t second = response.body.find("\"taskId\" : 2");
  EXPECT_NE(first, std::string::npos);
  EXPECT_NE(second, std::string::npos);
  EXPECT_LT(first, second);
  EXPECT_EQ(response.body.find("\"taskId\" : 1"), std::string::npos);
  EXPECT_EQ(response.body.find("\"taskId\" : 4"), std::string::npos);
  EXPECT_EQ(session->Api("/api/v1/applications/app-1/stages/0/0/taskList?sortBy=fastest").status,
            404);
}

TEST(TaskView, FailedTasksShowMetricsThroughSparksMixUp) {
  // Spark 3.4-4.0 shows a failed task's output bytes from corruptMergedBlockChunks
  // (docs/SPARK-SEMANTICS.md fact 48).
  const auto session = LoadInlineLog(Log({{1, 30, 40, "ExceptionFailure"}}));
  const AttemptModel& model = Model(*session);
  const uint32_t row = StageRows(model)[0];
  const TaskApiStatus status = TaskStatusOf(model, row);
  EXPECT_EQ(status, TaskApiStatus::kFailed);
  EXPECT_EQ(ShownTaskMetric(model, row, TaskMetric::kExecutorRunTime, status), 30);
  EXPECT_EQ(StoredTaskMetric(model, row, TaskMetric::kExecutorRunTime, status), -31);
}

}  // namespace task_quantiles_test
}  // namespace afterglow
