// A Thrift server (HiveThriftServer2) log written at test time: the corpus has none. The events
// have the shapes Spark's Jackson writes for the case classes of HiveThriftServer2EventManager
// (the class name under "Event", each constructor field under its own name), in Spark 3.1+'s
// names (SparkListenerThriftServer*), plus one session in Spark 3.0's (SparkListenerSession*).
//   session s1 (alice, 10.0.0.1): statement op1 finished and closed (jobs 0 and 1, group g1),
//     op2 failed ("Error in query: Table not found: nope\n..."), op3 canceled, op4 still running
//     at the log's end (compiled: its plan is the detail); s1 closed at 9000.
//   session s2 (bob, 10.0.0.2, Spark 3.0 names): statement op5 timed out; still open.
//   an operation update for an unknown id, and a close of an unknown session: dropped.
#pragma once

#include <string>

namespace afterglow::test_support {

inline std::string ThriftServerLog() {
  const std::string ui = "org.apache.spark.sql.hive.thriftserver.ui.SparkListener";
  auto event = [&](const std::string& name, const std::string& fields) {
    return R"j({"Event":")j" + ui + name + "\"," + fields + "}\n";
  };
  auto job = [](int id, int64_t time, const char* group) {
    return R"j({"Event":"SparkListenerJobStart","Job ID":)j" + std::to_string(id) +
           R"j(,"Submission Time":)j" + std::to_string(time) +
           R"j(,"Stage Infos":[],"Stage IDs":[],"Properties":{"spark.jobGroup.id":")j" + group +
           "\"}}\n" + R"j({"Event":"SparkListenerJobEnd","Job ID":)j" + std::to_string(id) +
           R"j(,"Completion Time":)j" + std::to_string(time + 100) +
           R"j(,"Job Result":{"Result":"JobSucceeded"}})j" "\n";
  };
  std::string log;
  log += R"j({"Event":"SparkListenerApplicationStart","App Name":"Thrift JDBC/ODBC Server","App ID":"app-thrift","Timestamp":1000,"User":"hive"})j" "\n";
  log += event("ThriftServerSessionCreated",
               R"j("ip":"10.0.0.1","sessionId":"s1","userName":"alice","startTime":1100)j");
  log += event("ThriftServerOperationStart",
               R"j("id":"op1","sessionId":"s1","statement":"SELECT count(*) FROM t","groupId":"g1","startTime":1200,"userName":"alice")j");
  log += event("ThriftServerOperationParsed", R"j("id":"op1","executionPlan":"== Physical Plan ==\nHashAggregate")j");
  log += job(0, 1300, "g1");
  log += job(1, 1500, "g1");
  log += event("ThriftServerOperationFinish", R"j("id":"op1","finishTime":2000)j");
  log += event("ThriftServerOperationClosed", R"j("id":"op1","closeTime":2500)j");
  log += event("ThriftServerOperationStart",
               R"j("id":"op2","sessionId":"s1","statement":"SELECT * FROM nope","groupId":"g2","startTime":3000,"userName":"alice")j");
  log += event("ThriftServerOperationError",
               R"j("id":"op2","errorMsg":"Error in query: Table not found: nope\nat line 1","errorTrace":"org.apache.spark.sql.AnalysisException: ...","finishTime":3100)j");
  log += event("ThriftServerOperationStart",
               R"j("id":"op3","sessionId":"s1","statement":"SELECT sleep(100)","groupId":"g3","startTime":4000,"userName":"alice")j");
  log += event("ThriftServerOperationCanceled", R"j("id":"op3","finishTime":4700)j");
  log += event("ThriftServerOperationStart",
               R"j("id":"op4","sessionId":"s1","statement":"SELECT * FROM big","groupId":"g4","startTime":5000,"userName":"alice")j");
  log += event("ThriftServerOperationParsed", R"j("id":"op4","executionPlan":"== Physical Plan ==\nScan big")j");
  log += event("SessionCreated", R"j("ip":"10.0.0.2","sessionId":"s2","userName":"bob","startTime":6000)j");
  log += event("OperationStart",
               R"j("id":"op5","sessionId":"s2","statement":"SELECT 1","groupId":"g5","startTime":6100)j");
  log += event("OperationTimeout", R"j("id":"op5","finishTime":7100)j");
  log += event("ThriftServerOperationFinish", R"j("id":"unknown","finishTime":7200)j");
  log += event("ThriftServerSessionClosed", R"j("sessionId":"nope","finishTime":7300)j");
  log += event("ThriftServerSessionClosed", R"j("sessionId":"s1","finishTime":9000)j");
  // The log's last event: "now" for what is still open.
  log += R"j({"Event":"SparkListenerExecutorAdded","Timestamp":10000,"Executor ID":"1","Executor Info":{"Host":"h1","Total Cores":2,"Log Urls":{}}})j" "\n";
  return log;
}

}  // namespace afterglow::test_support
