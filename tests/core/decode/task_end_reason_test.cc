// The errorMessage text Spark stores for each kind of task end reason (docs/SPARK-SEMANTICS.md fact
// 46), read through the task list of small inline logs.
#include "core/decode/task_end_reason.h"

#include <gtest/gtest.h>

#include <string>

#include "simdjson.h"
#include "tests/core/inline_log.h"

namespace afterglow {
namespace task_end_reason_test {

using test_support::LoadInlineLog;

// The errorMessage of the only task of a log whose TaskEnd has `reason` (a JSON object), or
// "<none>" when the task shows none.
std::string ErrorMessageFor(const std::string& reason) {
  const std::string info =
      R"({"Task ID":7,"Index":0,"Attempt":0,"Launch Time":2000,"Executor ID":"1","Host":"h",)"
      R"("Locality":"ANY","Speculative":false,"Getting Result Time":0,"Finish Time":2500,)"
      R"("Failed":true,"Killed":false,"Accumulables":[]})";
  const std::string log =
      R"({"Event":"SparkListenerApplicationStart","App Name":"a","App ID":"app-1","Timestamp":1000,"User":"u"})"
      "\n"
      R"({"Event":"SparkListenerTaskStart","Stage ID":0,"Stage Attempt ID":0,"Task Info":)" + info +
      "}\n"
      R"({"Event":"SparkListenerTaskEnd","Stage ID":0,"Stage Attempt ID":0,"Task Type":"ResultTask","Task End Reason":)" +
      reason + R"(,"Task Info":)" + info + "}\n";
  const auto session = LoadInlineLog(log);
  const ApiResponse response = session->Api("/api/v1/applications/app-1/stages/0/0/taskList");
  EXPECT_EQ(response.status, 200) << response.body;
  simdjson::dom::parser parser;
  simdjson::dom::element tasks;
  if (parser.parse(response.body).get(tasks) != simdjson::SUCCESS) return "<not json>";
  std::string_view message;
  if (tasks.at(0)["errorMessage"].get(message) != simdjson::SUCCESS) return "<none>";
  return std::string(message);
}

TEST(TaskErrorMessage, ExceptionFailurePrefersTheFullStackTrace) {
  EXPECT_EQ(ErrorMessageFor(R"({"Reason":"ExceptionFailure","Class Name":"java.lang.X",)"
                            R"("Description":"boom","Stack Trace":[],"Full Stack Trace":"X: boom\n\tat a"})"),
            "X: boom\n\tat a");
}

TEST(TaskErrorMessage, ExceptionFailureWithoutFullTraceIndentsFrames) {
  EXPECT_EQ(
      ErrorMessageFor(
          R"({"Reason":"ExceptionFailure","Class Name":"java.lang.X","Description":"boom",)"
          R"("Stack Trace":[{"Declaring Class":"a.B","Method Name":"run","File Name":"B.java",)"
          R"("Line Number":12},{"Declaring Class":"a.C","Method Name":"go","File Name":null,)"
          R"("Line Number":-1}]})"),
      "java.lang.X: boom\n        a.B.run(B.java:12)\n        a.C.go(Unknown Source)");
}

TEST(TaskErrorMessage, FetchFailedAndExecutorLostUseToErrorString) {
  EXPECT_EQ(ErrorMessageFor(R"({"Reason":"FetchFailed","Block Manager Address":{"Executor ID":"2",)"
                            R"("Host":"h2","Port":7077},"Shuffle ID":3,"Map ID":4,"Reduce ID":5,)"
                            R"("Message":"gone"})"),
            "FetchFailed(BlockManagerId(2, h2, 7077, None), shuffleId=3, mapIndex=Unknown, "
            "mapId=4, reduceId=5, message=\ngone\n)");
  EXPECT_EQ(ErrorMessageFor(R"({"Reason":"ExecutorLostFailure","Executor ID":"3",)"
                            R"("Exit Caused By App":false,"Loss Reason":"killed"})"),
            "ExecutorLostFailure (executor 3 exited unrelated to the running tasks) Reason: killed");
}

TEST(TaskErrorMessage, KilledTasksShowTheirKillReasonAndOthersTheirName) {
  EXPECT_EQ(ErrorMessageFor(R"({"Reason":"TaskKilled","Kill Reason":"stage cancelled"})"),
            "stage cancelled");
  EXPECT_EQ(ErrorMessageFor(R"({"Reason":"TaskResultLost"})"),
            "TaskResultLost (result lost from block manager)");
  EXPECT_EQ(ErrorMessageFor(R"({"Reason":"SomethingNew"})"), "UnknownReason");
}

}  // namespace task_end_reason_test
}  // namespace afterglow
