// A small inline log for the row tests: one job of two stages. Stage 0 ran two tasks (one
// succeeded on executor 1, one failed on executor 2) and completed; stage 1 was submitted, ran one
// task that never ended, and the log stops while it runs.
#pragma once

#include <string>

namespace afterglow::query_test {

inline std::string TwoStageLog() {
  const std::string stage0 =
      R"({"Stage ID":0,"Stage Attempt ID":0,"Stage Name":"map at A.scala:1","Number of Tasks":2,"RDD Info":[],"Details":"d0","Accumulables":[])";
  const std::string stage1 =
      R"({"Stage ID":1,"Stage Attempt ID":0,"Stage Name":"collect at A.scala:2","Number of Tasks":1,"RDD Info":[],"Details":"d1","Accumulables":[])";
  auto task = [](int id, int index, const char* executor, int64_t launch, int64_t finish,
                 bool failed) {
    return R"({"Task ID":)" + std::to_string(id) + R"(,"Index":)" + std::to_string(index) +
           R"(,"Attempt":0,"Launch Time":)" + std::to_string(launch) + R"(,"Executor ID":")" +
           executor + R"(","Host":"h)" + executor +
           R"(","Locality":"PROCESS_LOCAL","Speculative":false,"Getting Result Time":0,"Finish Time":)" +
           std::to_string(finish) + R"(,"Failed":)" + (failed ? "true" : "false") +
           R"(,"Killed":false,"Accumulables":[]})";
  };
  std::string log;
  log += R"({"Event":"SparkListenerApplicationStart","App Name":"a","App ID":"app-1","Timestamp":1000,"User":"u"})" "\n";
  log += R"({"Event":"SparkListenerExecutorAdded","Timestamp":1100,"Executor ID":"1","Executor Info":{"Host":"h1","Total Cores":2,"Log Urls":{"stdout":"http://h1/out"}}})" "\n";
  log += R"({"Event":"SparkListenerExecutorAdded","Timestamp":1100,"Executor ID":"2","Executor Info":{"Host":"h2","Total Cores":2,"Log Urls":{}}})" "\n";
  log += R"({"Event":"SparkListenerJobStart","Job ID":0,"Submission Time":1200,"Stage Infos":[)" +
         stage0 + "}," + stage1 +
         R"(}],"Stage IDs":[0,1],"Properties":{"spark.job.description":"my job"}})" "\n";
  log += R"({"Event":"SparkListenerStageSubmitted","Stage Info":)" + stage0 +
         R"(,"Submission Time":1300},"Properties":{}})" "\n";
  log += R"({"Event":"SparkListenerTaskStart","Stage ID":0,"Stage Attempt ID":0,"Task Info":)" +
         task(1, 0, "1", 2000, 0, false) + "}\n";
  log += R"({"Event":"SparkListenerTaskStart","Stage ID":0,"Stage Attempt ID":0,"Task Info":)" +
         task(2, 1, "2", 2100, 0, false) + "}\n";
  log += R"({"Event":"SparkListenerTaskEnd","Stage ID":0,"Stage Attempt ID":0,"Task Type":"ShuffleMapTask","Task End Reason":{"Reason":"Success"},"Task Info":)" +
         task(1, 0, "1", 2000, 3000, false) +
         R"(,"Task Metrics":{"Executor Deserialize Time":100,"Executor Run Time":700,"Result Serialization Time":50,"JVM GC Time":20,"Shuffle Write Metrics":{"Shuffle Bytes Written":4096,"Shuffle Write Time":2000000,"Shuffle Records Written":8}}})" "\n";
  log += R"({"Event":"SparkListenerTaskEnd","Stage ID":0,"Stage Attempt ID":0,"Task Type":"ShuffleMapTask","Task End Reason":{"Reason":"ExceptionFailure","Class Name":"E","Description":"boom","Stack Trace":[]},"Task Info":)" +
         task(2, 1, "2", 2100, 2600, true) + R"(,"Task Metrics":{"Executor Run Time":400}})" "\n";
  log += R"({"Event":"SparkListenerStageCompleted","Stage Info":)" + stage0 +
         R"(,"Submission Time":1300,"Completion Time":3500}})" "\n";
  log += R"({"Event":"SparkListenerStageSubmitted","Stage Info":)" + stage1 +
         R"(,"Submission Time":3600},"Properties":{}})" "\n";
  log += R"({"Event":"SparkListenerTaskStart","Stage ID":1,"Stage Attempt ID":0,"Task Info":)" +
         task(3, 0, "1", 4000, 0, false) + "}\n";
  // The log's last event: "now" for the running stage, job and task.
  log += R"({"Event":"SparkListenerExecutorAdded","Timestamp":9000,"Executor ID":"3","Executor Info":{"Host":"h3","Total Cores":2,"Log Urls":{}}})" "\n";
  return log;
}

}  // namespace afterglow::query_test
