// stages/{id}/{attempt} details on small inline logs: executor summaries and speculation summaries
// are kept per stage attempt key, as Spark's store keeps them (docs/SPARK-SEMANTICS.md facts 41,
// 42).
#include <gtest/gtest.h>

#include <string>

#include "simdjson.h"
#include "tests/core/inline_log.h"

namespace afterglow {
namespace stage_details_test {

using test_support::LoadInlineLog;

const char* kStageInfo =
    R"({"Stage ID":0,"Stage Attempt ID":0,"Stage Name":"s","Number of Tasks":1,"RDD Info":[],"Details":"","Accumulables":[])";

std::string JobStart(int job) {
  return R"({"Event":"SparkListenerJobStart","Job ID":)" + std::to_string(job) +
         R"(,"Submission Time":1000,"Stage Infos":[)" + kStageInfo + R"(}],"Stage IDs":[0],"Properties":{}})" "\n";
}

std::string TaskInfo(bool speculative, bool end) {
  return std::string(R"({"Task ID":1,"Index":0,"Attempt":0,"Launch Time":2000,"Executor ID":"1",)") +
         R"("Host":"h","Locality":"ANY","Speculative":)" + (speculative ? "true" : "false") +
         R"(,"Getting Result Time":0,"Finish Time":)" + (end ? "2400" : "0") +
         R"(,"Failed":false,"Killed":false,"Accumulables":[]})";
}

std::string StageRun(bool speculative) {
  return R"({"Event":"SparkListenerStageSubmitted","Stage Info":)" + std::string(kStageInfo) +
         R"(,"Submission Time":1500},"Properties":{}})" "\n"
         R"({"Event":"SparkListenerTaskStart","Stage ID":0,"Stage Attempt ID":0,"Task Info":)" +
         TaskInfo(speculative, false) + "}\n" +
         R"({"Event":"SparkListenerTaskEnd","Stage ID":0,"Stage Attempt ID":0,"Task Type":"ResultTask","Task End Reason":{"Reason":"Success"},"Task Info":)" +
         TaskInfo(speculative, true) + R"(,"Task Metrics":{"Executor Run Time":300}})" "\n" +
         R"({"Event":"SparkListenerStageCompleted","Stage Info":)" + kStageInfo +
         R"(,"Submission Time":1500,"Completion Time":2500}})" "\n";
}

std::string Start() {
  return R"({"Event":"SparkListenerApplicationStart","App Name":"a","App ID":"app-1","Timestamp":1000,"User":"u"})"
         "\n";
}

TEST(StageDetails, SpeculativeTasksMakeASpeculationSummary) {
  const auto session = LoadInlineLog(Start() + JobStart(0) + StageRun(true));
  const ApiResponse response = session->Api("/api/v1/applications/app-1/stages/0/0");
  ASSERT_EQ(response.status, 200) << response.body;
  simdjson::dom::parser parser;
  simdjson::dom::element stage;
  ASSERT_EQ(parser.parse(response.body).get(stage), simdjson::SUCCESS);
  int64_t num_tasks = 0, completed = 0;
  ASSERT_EQ(stage["speculationSummary"]["numTasks"].get(num_tasks), simdjson::SUCCESS);
  ASSERT_EQ(stage["speculationSummary"]["numCompletedTasks"].get(completed), simdjson::SUCCESS);
  EXPECT_EQ(num_tasks, 1);
  EXPECT_EQ(completed, 1);
  int64_t task_time = 0;
  ASSERT_EQ(stage["executorSummary"]["1"]["taskTime"].get(task_time), simdjson::SUCCESS);
  EXPECT_EQ(task_time, 400);
}

TEST(StageDetails, ARecreatedStageKeepsTheSummariesItsKeyStored) {
  // Job 1 names the finished stage 0 again: a fresh, never-run object replaces the stage's row,
  // but the tasks and executor summaries stored under (0, 0) stay, as in Spark's store.
  const auto session = LoadInlineLog(
      Start() + JobStart(0) + StageRun(false) +
      R"({"Event":"SparkListenerJobEnd","Job ID":0,"Completion Time":3000,"Job Result":{"Result":"JobSucceeded"}})"
      "\n" +
      JobStart(1) +
      R"({"Event":"SparkListenerJobEnd","Job ID":1,"Completion Time":3100,"Job Result":{"Result":"JobSucceeded"}})"
      "\n");
  const ApiResponse response = session->Api("/api/v1/applications/app-1/stages/0/0");
  ASSERT_EQ(response.status, 200) << response.body;
  simdjson::dom::parser parser;
  simdjson::dom::element stage;
  ASSERT_EQ(parser.parse(response.body).get(stage), simdjson::SUCCESS);
  simdjson::dom::element task, summary;
  EXPECT_EQ(stage["tasks"]["1"].get(task), simdjson::SUCCESS);
  EXPECT_EQ(stage["executorSummary"]["1"].get(summary), simdjson::SUCCESS);
  EXPECT_EQ(stage["speculationSummary"].error(), simdjson::NO_SUCH_FIELD);
}

TEST(StageDetails, DetailsCanBeTurnedOffAndTaskStatusFilters) {
  const auto session = LoadInlineLog(Start() + JobStart(0) + StageRun(false));
  const ApiResponse plain = session->Api("/api/v1/applications/app-1/stages/0?details=false");
  ASSERT_EQ(plain.status, 200);
  EXPECT_EQ(plain.body.find("\"tasks\""), std::string::npos);
  const ApiResponse failed_only =
      session->Api("/api/v1/applications/app-1/stages/0/0?taskStatus=FAILED");
  ASSERT_EQ(failed_only.status, 200);
  EXPECT_NE(failed_only.body.find("\"tasks\" : { }"), std::string::npos);
  // On the list, details + taskStatus also drop stages with no such task (docs/SPARK-SEMANTICS.md
  // fact 33).
  EXPECT_EQ(session->Api("/api/v1/applications/app-1/stages?details=true&taskStatus=failed").body,
            "[ ]");
  EXPECT_EQ(session->Api("/api/v1/applications/app-1/stages?taskStatus=bogus").status, 404);
}

TEST(StageDetails, ExecutorsWithoutPeakMetricsGiveZeroPeakDistributions) {
  // An exclusion creates executor 1's summary for the running stage, but no TaskEnd or
  // StageExecutorMetrics ever sets its peaks. Spark's ExecutorPeakMetricsDistributions is built
  // over the executors that have peaks (none), and getQuantilesValue answers 0.0 for every
  // quantile of an empty list; the serializer still writes every metric name.
  const auto session = LoadInlineLog(
      Start() + JobStart(0) +
      R"({"Event":"SparkListenerStageSubmitted","Stage Info":)" + kStageInfo +
      R"(,"Submission Time":1500},"Properties":{}})" "\n"
      R"({"Event":"SparkListenerExecutorExcludedForStage","time":1600,"executorId":"1",)"
      R"("taskFailures":1,"stageId":0,"stageAttemptId":0})" "\n"
      R"({"Event":"SparkListenerStageCompleted","Stage Info":)" + kStageInfo +
      R"(,"Submission Time":1500,"Completion Time":2500}})" "\n");
  const ApiResponse response =
      session->Api("/api/v1/applications/app-1/stages/0/0?withSummaries=true");
  ASSERT_EQ(response.status, 200) << response.body;
  simdjson::dom::parser parser;
  simdjson::dom::element stage;
  ASSERT_EQ(parser.parse(response.body).get(stage), simdjson::SUCCESS);
  simdjson::dom::element summary;
  ASSERT_EQ(stage["executorSummary"]["1"].get(summary), simdjson::SUCCESS);
  EXPECT_EQ(summary["peakMemoryMetrics"].error(), simdjson::NO_SUCH_FIELD);
  // No successful task: the task summary would be 404, so it is left out.
  EXPECT_EQ(stage["taskMetricsDistributions"].error(), simdjson::NO_SUCH_FIELD);
  simdjson::dom::object peaks;
  ASSERT_EQ(stage["executorMetricsDistributions"]["peakMemoryMetrics"].get(peaks),
            simdjson::SUCCESS);
  size_t metrics = 0;
  for (auto [name, values] : peaks) {
    ++metrics;
    simdjson::dom::array array;
    ASSERT_EQ(values.get(array), simdjson::SUCCESS) << name;
    EXPECT_EQ(array.size(), 5u) << name;  // the default quantiles 0, .25, .5, .75, 1
    for (simdjson::dom::element v : array) EXPECT_EQ(v.get_double().value_unsafe(), 0.0) << name;
  }
  EXPECT_GE(metrics, 22u) << "every ExecutorMetricType name, from JVMHeapMemory to TotalGCTime";
  simdjson::dom::element heap, gc;
  EXPECT_EQ(peaks["JVMHeapMemory"].get(heap), simdjson::SUCCESS);
  EXPECT_EQ(peaks["TotalGCTime"].get(gc), simdjson::SUCCESS);
  // The executor still counts in the other distributions: one executor with 0 tasks.
  double succeeded = -1;
  ASSERT_EQ(stage["executorMetricsDistributions"]["succeededTasks"].at(0).get(succeeded),
            simdjson::SUCCESS);
  EXPECT_EQ(succeeded, 0.0);
}

}  // namespace stage_details_test
}  // namespace afterglow
