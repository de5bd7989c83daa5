// Executors, storage, environment and miscellaneous processes on small inline logs, read back
// through the REST answers (docs/SPARK-SEMANTICS.md facts 64-83).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "simdjson.h"
#include "tests/core/inline_log.h"

namespace afterglow {
namespace executor_storage_test {

using test_support::LoadInlineLog;

const std::string kApp = "/api/v1/applications/app-1/";

std::string AppStart(const std::string& extra = "") {
  return R"({"Event":"SparkListenerApplicationStart","App Name":"demo","App ID":"app-1",)"
         R"("Timestamp":1000,"User":"u")" + extra + "}\n";
}
std::string AppEnd(int64_t time) {
  return R"({"Event":"SparkListenerApplicationEnd","Timestamp":)" + std::to_string(time) + "}\n";
}
std::string BlockManagerAdded(const std::string& id, const std::string& host, int port,
                              int64_t time, bool memory_split = true) {
  return R"({"Event":"SparkListenerBlockManagerAdded","Block Manager ID":{"Executor ID":")" + id +
         R"(","Host":")" + host + R"(","Port":)" + std::to_string(port) +
         R"(},"Maximum Memory":1000,"Timestamp":)" + std::to_string(time) +
         (memory_split ? R"(,"Maximum Onheap Memory":800,"Maximum Offheap Memory":200)" : "") +
         "}\n";
}
std::string ExecutorAdded(const std::string& id, const std::string& host, int cores,
                          int64_t time, const std::string& info_extra = "") {
  return R"({"Event":"SparkListenerExecutorAdded","Timestamp":)" + std::to_string(time) +
         R"(,"Executor ID":")" + id + R"(","Executor Info":{"Host":")" + host +
         R"(","Total Cores":)" + std::to_string(cores) + info_extra + "}}\n";
}
std::string ExecutorRemoved(const std::string& id, int64_t time) {
  return R"({"Event":"SparkListenerExecutorRemoved","Timestamp":)" + std::to_string(time) +
         R"(,"Executor ID":")" + id + R"(","Removed Reason":"gone"})" "\n";
}
std::string TaskStart(int task_id, const std::string& executor) {
  return R"({"Event":"SparkListenerTaskStart","Stage ID":0,"Stage Attempt ID":0,"Task Info":)"
         R"({"Task ID":)" + std::to_string(task_id) + R"(,"Index":)" + std::to_string(task_id) +
         R"(,"Attempt":0,"Launch Time":2000,"Executor ID":")" + executor +
         R"(","Host":"h1","Locality":"PROCESS_LOCAL","Speculative":false}})" "\n";
}
std::string TaskEnd(int task_id, const std::string& executor, const std::string& reason) {
  return R"({"Event":"SparkListenerTaskEnd","Stage ID":0,"Stage Attempt ID":0,)"
         R"("Task End Reason":{"Reason":")" + reason + R"("},"Task Info":{"Task ID":)" +
         std::to_string(task_id) + R"(,"Index":)" + std::to_string(task_id) +
         R"(,"Attempt":0,"Launch Time":2000,"Executor ID":")" + executor +
         R"(","Host":"h1","Finish Time":2500},"Task Metrics":{"JVM GC Time":7,)"
         R"("Input Metrics":{"Bytes Read":100}}})" "\n";
}
std::string Storage(bool disk, bool memory, bool deserialized, int replication) {
  auto b = [](bool v) { return v ? "true" : "false"; };
  return std::string(R"({"Use Disk":)") + b(disk) + R"(,"Use Memory":)" + b(memory) +
         R"(,"Deserialized":)" + b(deserialized) + R"(,"Replication":)" +
         std::to_string(replication) + "}";
}
std::string StageSubmittedWithRdd(int rdd_id, const std::string& level) {
  return R"({"Event":"SparkListenerStageSubmitted","Stage Info":{"Stage ID":0,)"
         R"("Stage Attempt ID":0,"Stage Name":"s","Number of Tasks":4,"RDD Info":[{"RDD ID":)" +
         std::to_string(rdd_id) + R"(,"Name":"cached","Storage Level":)" + level +
         R"(,"Number of Partitions":4}],"Details":"","Submission Time":1500,"Accumulables":[]},)"
         R"("Properties":{}})" "\n";
}
std::string BlockUpdated(const std::string& executor, const std::string& block,
                         const std::string& level, int64_t memory, int64_t disk) {
  return R"({"Event":"SparkListenerBlockUpdated","Block Updated Info":{"Block Manager ID":)"
         R"({"Executor ID":")" + executor + R"(","Host":"h1","Port":7000},"Block ID":")" + block +
         R"(","Storage Level":)" + level + R"(,"Memory Size":)" + std::to_string(memory) +
         R"(,"Disk Size":)" + std::to_string(disk) + "}}\n";
}

// Parses an answer, failing the test if it is not a 200 with JSON.
simdjson::dom::element Json(simdjson::dom::parser& parser, const ApiResponse& response) {
  EXPECT_EQ(response.status, 200) << response.body;
  simdjson::dom::element element;
  EXPECT_EQ(parser.parse(response.body).get(element), simdjson::SUCCESS) << response.body;
  return element;
}

int64_t Int(simdjson::dom::element e, const char* key) {
  int64_t v = -12345;
  EXPECT_EQ(e[key].get_int64().get(v), simdjson::SUCCESS) << key;
  return v;
}
std::string Str(simdjson::dom::element e, const char* key) {
  std::string_view v;
  EXPECT_EQ(e[key].get_string().get(v), simdjson::SUCCESS) << key;
  return std::string(v);
}
bool Bool(simdjson::dom::element e, const char* key) {
  bool v = false;
  EXPECT_EQ(e[key].get_bool().get(v), simdjson::SUCCESS) << key;
  return v;
}
bool Has(simdjson::dom::element e, const char* key) { return e[key].error() == simdjson::SUCCESS; }
simdjson::dom::element At(simdjson::dom::element e, size_t index) {
  simdjson::dom::element out;
  EXPECT_EQ(e.at(index).get(out), simdjson::SUCCESS) << index;
  return out;
}
simdjson::dom::element Get(simdjson::dom::element e, const char* key) {
  simdjson::dom::element out;
  EXPECT_EQ(e[key].get(out), simdjson::SUCCESS) << key;
  return out;
}
std::string Ids(simdjson::dom::element list) {
  std::string ids;
  simdjson::dom::array array;
  EXPECT_EQ(list.get_array().get(array), simdjson::SUCCESS);
  for (simdjson::dom::element e : array) ids += Str(e, "id") + ",";
  return ids;
}

TEST(ExecutorSummary, CountersSkipKilledTasksAndResubmittedMetrics) {
  const auto session = LoadInlineLog(AppStart() + ExecutorAdded("1", "h1", 4, 1100) +
                                     TaskStart(1, "1") + TaskEnd(1, "1", "Success") +
                                     TaskStart(2, "1") + TaskEnd(2, "1", "TaskKilled") +
                                     TaskStart(3, "1") + TaskEnd(3, "1", "Resubmitted") +
                                     TaskStart(4, "1") + TaskEnd(4, "1", "ExecutorLostFailure"));
  simdjson::dom::parser parser;
  const auto list = Json(parser, session->Api(kApp + "executors"));
  simdjson::dom::element e = At(list, 0);
  EXPECT_EQ(Str(e, "id"), "1");
  EXPECT_EQ(Str(e, "hostPort"), "h1");  // no block manager: the ExecutorAdded host alone
  EXPECT_EQ(Int(e, "totalTasks"), 4);
  EXPECT_EQ(Int(e, "completedTasks"), 1);
  EXPECT_EQ(Int(e, "failedTasks"), 2);  // Resubmitted counts as failed, killed nowhere
  EXPECT_EQ(Int(e, "totalDuration"), 2000);
  EXPECT_EQ(Int(e, "totalGCTime"), 21);  // every reason but Resubmitted
  EXPECT_EQ(Int(e, "totalInputBytes"), 300);
  EXPECT_EQ(Int(e, "maxTasks"), 4);
  EXPECT_FALSE(Has(e, "memoryMetrics"));
  EXPECT_TRUE(Has(e, "peakMemoryMetrics"));  // zero-filled TaskEnd metrics count as set
}

TEST(ExecutorSummary, ActiveListIsDescendingAllIsAscendingAndReAddMakesAFreshRecord) {
  const auto session = LoadInlineLog(
      BlockManagerAdded("driver", "d", 1, 900) + AppStart() + ExecutorAdded("1", "h1", 2, 1100) +
      ExecutorAdded("10", "h2", 2, 1200) + ExecutorAdded("2", "h3", 2, 1300) +
      TaskStart(1, "2") + TaskEnd(1, "2", "Success") + ExecutorRemoved("2", 3000) +
      ExecutorAdded("2", "h4", 8, 3100) + ExecutorRemoved("10", 3200) + AppEnd(5000));
  simdjson::dom::parser parser;
  const auto active = Json(parser, session->Api(kApp + "executors"));
  EXPECT_EQ(Ids(active), "driver,2,1,");
  simdjson::dom::parser parser2;
  const auto all = Json(parser2, session->Api(kApp + "allexecutors"));
  EXPECT_EQ(Ids(all), "1,10,2,driver,");
  simdjson::dom::element dead = At(all, 1);
  EXPECT_FALSE(Bool(dead, "isActive"));
  EXPECT_EQ(Str(dead, "removeReason"), "gone");
  EXPECT_EQ(Str(dead, "removeTime"), "1970-01-01T00:00:03.200GMT");
  simdjson::dom::element readded = At(all, 2);
  EXPECT_EQ(Int(readded, "totalCores"), 8);
  EXPECT_EQ(Int(readded, "totalTasks"), 0);  // the earlier record's counters are gone
  EXPECT_FALSE(Has(readded, "removeTime"));
  simdjson::dom::element driver = At(all, 3);
  EXPECT_EQ(Int(driver, "totalDuration"), 4000);  // the application's duration
  EXPECT_EQ(Str(driver, "hostPort"), "d:1");
  EXPECT_EQ(Str(driver, "addTime"), "1970-01-01T00:00:00.900GMT");
}

TEST(ExecutorSummary, DeadExecutorsPastOneHundredAreDeletedLowestIdFirst) {
  std::string log = AppStart();
  for (int i = 0; i < 105; ++i) {
    log += ExecutorAdded(std::to_string(i), "h", 1, 1100) + ExecutorRemoved(std::to_string(i), 2000);
  }
  const auto session = LoadInlineLog(log);
  simdjson::dom::parser parser;
  const std::string ids = "," + Ids(Json(parser, session->Api(kApp + "allexecutors")));
  // At the 101st removal max(10, 101 - 100) rows go: "0","1","10","100","11",...,"16"; the later
  // removals stay within the limit.
  EXPECT_EQ(std::count(ids.begin(), ids.end(), ','), 96);
  EXPECT_EQ(ids.rfind(",101,102,", 0), 0u);
  EXPECT_EQ(ids.find(",0,"), std::string::npos);
  EXPECT_EQ(ids.find(",16,"), std::string::npos);
  EXPECT_NE(ids.find(",17,"), std::string::npos);
}

TEST(ExecutorSummary, DeadExecutorTakesStageMetricsOnlyWhileALiveStageOverlapsIt) {
  auto metrics = [](const std::string& executor, int heap) {
    return R"({"Event":"SparkListenerStageExecutorMetrics","Executor ID":")" + executor +
           R"(","Stage ID":0,"Stage Attempt ID":0,"Executor Metrics":{"JVMHeapMemory":)" +
           std::to_string(heap) + "}}\n";
  };
  const std::string completed =
      R"({"Event":"SparkListenerStageCompleted","Stage Info":{"Stage ID":0,"Stage Attempt ID":0,)"
      R"("Stage Name":"s","Number of Tasks":4,"RDD Info":[],"Details":"","Submission Time":1500,)"
      R"("Completion Time":1600,"Accumulables":[]}})" "\n";
  const auto session = LoadInlineLog(
      AppStart() + ExecutorAdded("1", "h", 1, 1100) +
      StageSubmittedWithRdd(1, Storage(false, false, false, 1)) + ExecutorRemoved("1", 3000) +
      metrics("1", 50) + completed + metrics("1", 70));
  simdjson::dom::parser parser;
  const auto all = Json(parser, session->Api(kApp + "allexecutors"));
  EXPECT_EQ(Int(Get(At(all, 0), "peakMemoryMetrics"), "JVMHeapMemory"), 50);
}

TEST(ExecutorSummary, MaxTasksUsesTheResourceProfileCpusElseSparkTaskCpus) {
  const std::string profile =
      R"({"Event":"SparkListenerResourceProfileAdded","Resource Profile Id":1,)"
      R"("Executor Resource Requests":{"cores":{"Resource Name":"cores","Amount":8,)"
      R"("Discovery Script":"","Vendor":""}},"Task Resource Requests":{"cpus":)"
      R"({"Resource Name":"cpus","Amount":4.0}}})" "\n";
  const std::string env =
      R"({"Event":"SparkListenerEnvironmentUpdate","JVM Information":{},)"
      R"("Spark Properties":{"spark.task.cpus":"2"},"System Properties":{},)"
      R"("Classpath Entries":{}})" "\n";
  const auto session = LoadInlineLog(
      AppStart() + env + profile + ExecutorAdded("1", "h", 8, 1100) +
      ExecutorAdded("2", "h", 8, 1100, R"(,"Resource Profile Id":1,"Log Urls":{"stdout":"u"},)"
                                       R"("Attributes":{"A":"b"},"Resources":{"gpu":{"name":)"
                                       R"("gpu","addresses":["0","1"]}})"));
  simdjson::dom::parser parser;
  const auto all = Json(parser, session->Api(kApp + "allexecutors"));
  EXPECT_EQ(Int(At(all, 0), "maxTasks"), 4);
  EXPECT_EQ(Int(At(all, 1), "maxTasks"), 2);
  EXPECT_EQ(Int(At(all, 1), "resourceProfileId"), 1);
  EXPECT_EQ(Str(Get(At(all, 1), "executorLogs"), "stdout"), "u");
  EXPECT_EQ(Str(Get(At(all, 1), "attributes"), "A"), "b");
  std::string_view address;
  ASSERT_EQ(Get(At(all, 1), "resources")["gpu"]["addresses"].at(1).get_string().get(address),
            simdjson::SUCCESS);
  EXPECT_EQ(address, "1");
}

TEST(ExecutorSummary, DriverLogsApplyOnlyWhenItsBlockManagerCameFirst) {
  const std::string logs = R"(,"Driver Logs":{"stdout":"d-out"},"Driver Attributes":{"K":"v"})";
  const auto first = LoadInlineLog(BlockManagerAdded("driver", "d", 1, 900) + AppStart(logs));
  const auto late = LoadInlineLog(AppStart(logs) + BlockManagerAdded("driver", "d", 1, 900));
  simdjson::dom::parser p1, p2;
  EXPECT_EQ(Str(Get(At(Json(p1, first->Api(kApp + "executors")), 0), "executorLogs"), "stdout"), "d-out");
  EXPECT_FALSE(Has(Get(At(Json(p2, late->Api(kApp + "executors")), 0), "executorLogs"), "stdout"));
}

TEST(ExecutorSummary, OldBlacklistEventsAndNodeExclusionSpareTheDriver) {
  const auto session = LoadInlineLog(
      BlockManagerAdded("driver", "h1", 1, 900) + AppStart() + ExecutorAdded("1", "h1", 2, 1100) +
      ExecutorAdded("2", "h2", 2, 1100) + ExecutorAdded("3", "h2", 2, 1100) +
      R"({"Event":"org.apache.spark.scheduler.SparkListenerNodeBlacklisted","time":1,"hostId":"h1","executorFailures":2})" "\n"
      R"({"Event":"org.apache.spark.scheduler.SparkListenerExecutorExcluded","time":1,"executorId":"2","taskFailures":4})" "\n"
      R"({"Event":"org.apache.spark.scheduler.SparkListenerExecutorBlacklisted","time":1,"executorId":"3","taskFailures":4})" "\n"
      R"({"Event":"org.apache.spark.scheduler.SparkListenerExecutorUnblacklisted","time":1,"executorId":"3"})" "\n");
  simdjson::dom::parser parser;
  const auto all = Json(parser, session->Api(kApp + "allexecutors"));
  EXPECT_TRUE(Bool(At(all, 0), "isExcluded"));   // 1, on h1
  EXPECT_TRUE(Bool(At(all, 0), "isBlacklisted"));
  EXPECT_TRUE(Bool(At(all, 1), "isExcluded"));   // 2
  EXPECT_FALSE(Bool(At(all, 2), "isExcluded"));  // 3, unblacklisted
  EXPECT_FALSE(Bool(At(all, 3), "isExcluded"));  // the driver, also on h1
}

TEST(ExecutorSummary, StageExclusionLastsUntilTheStageCompletes) {
  const std::string for_stage =
      R"({"Event":"org.apache.spark.scheduler.SparkListenerExecutorExcludedForStage","time":1,)"
      R"("executorId":"1","taskFailures":2,"stageId":0,"stageAttemptId":0})" "\n";
  const std::string level = Storage(false, true, true, 1);
  const std::string base = AppStart() + ExecutorAdded("1", "h1", 2, 1100) +
                           StageSubmittedWithRdd(9, level) + for_stage;
  const std::string completed =
      R"({"Event":"SparkListenerStageCompleted","Stage Info":{"Stage ID":0,"Stage Attempt ID":0,)"
      R"("Stage Name":"s","Number of Tasks":4,"RDD Info":[],"Details":"","Submission Time":1500,)"
      R"("Completion Time":1600,"Accumulables":[]}})" "\n";
  const auto during = LoadInlineLog(base);
  const auto after = LoadInlineLog(base + completed);
  simdjson::dom::parser p1, p2;
  EXPECT_EQ(simdjson::to_string(Get(At(Json(p1, during->Api(kApp + "executors")), 0), "excludedInStages")),
            "[0]");
  EXPECT_EQ(simdjson::to_string(Get(At(Json(p2, after->Api(kApp + "executors")), 0), "excludedInStages")),
            "[]");
}

TEST(Storage, BlockUpdatesFillRddsAndExecutorMemory) {
  const std::string memory = Storage(false, true, true, 1);
  const std::string none = Storage(false, false, false, 1);
  const std::string log = AppStart() + BlockManagerAdded("1", "h1", 7000, 1100) +
                          ExecutorAdded("1", "h1", 2, 1100) + StageSubmittedWithRdd(3, memory) +
                          BlockUpdated("1", "rdd_3_0", memory, 100, 0) +
                          BlockUpdated("1", "rdd_3_1", memory, 50, 0) +
                          BlockUpdated("1", "broadcast_0_piece0", memory, 7, 0) +
                          BlockUpdated("1", "rdd_3_1", none, 50, 0);
  const auto session = LoadInlineLog(log);
  simdjson::dom::parser p1, p2, p3;
  const auto list = Json(p1, session->Api(kApp + "storage/rdd"));
  simdjson::dom::element rdd = At(list, 0);
  EXPECT_EQ(Int(rdd, "id"), 3);
  EXPECT_EQ(Int(rdd, "numCachedPartitions"), 1);
  EXPECT_EQ(Int(rdd, "memoryUsed"), 100);
  EXPECT_EQ(Str(rdd, "storageLevel"), "Memory Deserialized 1x Replicated");
  simdjson::dom::element partition = At(Get(rdd, "partitions"), 0);
  EXPECT_EQ(Str(partition, "blockName"), "rdd_3_0");
  EXPECT_EQ(Str(partition, "storageLevel"), "Memory Deserialized 1x Replicated");
  simdjson::dom::element dist = At(Get(rdd, "dataDistribution"), 0);
  EXPECT_EQ(Str(dist, "address"), "h1:7000");
  EXPECT_EQ(Int(dist, "memoryUsed"), 100);
  EXPECT_EQ(Int(dist, "memoryRemaining"), 1000 - 107);
  EXPECT_EQ(Int(dist, "onHeapMemoryRemaining"), 800 - 107);

  const auto exec = At(Json(p2, session->Api(kApp + "executors")), 0);
  EXPECT_EQ(Int(exec, "rddBlocks"), 1);
  EXPECT_EQ(Int(exec, "memoryUsed"), 107);  // RDD and broadcast blocks
  EXPECT_EQ(Int(Get(exec, "memoryMetrics"), "usedOnHeapStorageMemory"), 107);

  const auto unpersisted = LoadInlineLog(
      log + R"({"Event":"SparkListenerUnpersistRDD","RDD ID":3})" "\n");
  EXPECT_EQ(unpersisted->Api(kApp + "storage/rdd").body, "[ ]");
  EXPECT_EQ(unpersisted->Api(kApp + "storage/rdd/3").body, "no rdd found w/ id 3");
  const auto after = At(Json(p3, unpersisted->Api(kApp + "executors")), 0);
  EXPECT_EQ(Int(after, "rddBlocks"), 0);
  EXPECT_EQ(Int(after, "memoryUsed"), 7);
}

TEST(Storage, DistributionKeepsTheExecutorMemoryOfItsLastRddBlock) {
  const std::string memory = Storage(false, true, true, 1);
  const auto session = LoadInlineLog(
      AppStart() + BlockManagerAdded("1", "h1", 7000, 1100) + ExecutorAdded("1", "h1", 2, 1100) +
      StageSubmittedWithRdd(3, memory) + BlockUpdated("1", "rdd_3_0", memory, 100, 0) +
      BlockUpdated("1", "broadcast_1", memory, 10, 0));
  simdjson::dom::parser p1, p2;
  const auto dist = At(Get(Json(p1, session->Api(kApp + "storage/rdd/3")), "dataDistribution"), 0);
  EXPECT_EQ(Int(dist, "memoryRemaining"), 900);  // LiveRDDDistribution's cached view
  EXPECT_EQ(Int(At(Json(p2, session->Api(kApp + "executors")), 0), "memoryUsed"), 110);
}

TEST(Storage, TrackedRddWithoutBlocksIsOnlyShownById) {
  const auto session = LoadInlineLog(AppStart() + StageSubmittedWithRdd(5, Storage(true, false, false, 2)) +
                                     StageSubmittedWithRdd(6, Storage(false, false, false, 1)));
  EXPECT_EQ(session->Api(kApp + "storage/rdd").body, "[ ]");
  simdjson::dom::parser parser;
  const auto rdd = Json(parser, session->Api(kApp + "storage/rdd/5"));
  EXPECT_EQ(Int(rdd, "numCachedPartitions"), 0);
  EXPECT_EQ(Str(rdd, "storageLevel"), "Disk Serialized 2x Replicated");
  EXPECT_FALSE(Has(rdd, "dataDistribution"));
  EXPECT_EQ(simdjson::to_string(Get(rdd, "partitions")), "[]");
  EXPECT_EQ(session->Api(kApp + "storage/rdd/6").body, "no rdd found w/ id 6");  // invalid level
  EXPECT_EQ(session->Api(kApp + "storage/rdd/x").status, 404);
}

TEST(Environment, RedactsWithTheDefaultRegexAndSortsByKey) {
  const std::string env =
      R"({"Event":"SparkListenerEnvironmentUpdate","JVM Information":{"Java Version":"17",)"
      R"("Scala Version":"2.13"},"Spark Properties":{"spark.b":"x","spark.a":"y",)"
      R"("spark.my.Password":"p","spark.url":"s3://ACCESS.KEY@x","spark.b":"z"},)"
      R"("System Properties":{"token.file":"t"},"Classpath Entries":{"/secret.jar":"System"}})" "\n";
  const auto session = LoadInlineLog(AppStart() + env);
  simdjson::dom::parser parser;
  const auto e = Json(parser, session->Api(kApp + "environment"));
  EXPECT_EQ(simdjson::to_string(Get(e, "runtime")), R"({"javaVersion":"17","scalaVersion":"2.13"})");
  EXPECT_EQ(simdjson::to_string(Get(e, "sparkProperties")),
            R"x([["spark.a","y"],["spark.b","z"],["spark.my.Password","*********(redacted)"],)x"
            R"x(["spark.url","*********(redacted)"]])x");
  EXPECT_EQ(simdjson::to_string(Get(e, "systemProperties")), R"x([["token.file","*********(redacted)"]])x");
  EXPECT_EQ(simdjson::to_string(Get(e, "classpathEntries")), R"([["/secret.jar","System"]])");
  EXPECT_EQ(simdjson::to_string(Get(e, "hadoopProperties")), "[]");
  EXPECT_EQ(simdjson::to_string(Get(e, "metricsProperties")), "[]");
  EXPECT_EQ(simdjson::to_string(Get(e, "resourceProfiles")), "[]");
}

TEST(Environment, WithoutEnvironmentUpdateIs404NoSuchApp) {
  const auto session = LoadInlineLog(AppStart());
  const ApiResponse response = session->Api(kApp + "environment");
  EXPECT_EQ(response.status, 404);
  EXPECT_EQ(response.body, "no such app: app-1");
}

TEST(MiscellaneousProcess, SameIdUpdatesInPlaceAndListIsById) {
  auto added = [](const std::string& id, int64_t time, int cores) {
    return R"({"Event":"org.apache.spark.scheduler.SparkListenerMiscellaneousProcessAdded","time":)" +
           std::to_string(time) + R"(,"processId":")" + id +
           R"(","info":{"hostPort":"h:1","cores":)" + std::to_string(cores) +
           R"(,"logUrlInfo":{"stdout":"o"}}})" "\n";
  };
  const auto session = LoadInlineLog(AppStart() + added("z", 2000, 1) + added("a", 3000, 2) +
                                     added("z", 4000, 5));
  simdjson::dom::parser parser;
  const auto list = Json(parser, session->Api(kApp + "allmiscellaneousprocess"));
  EXPECT_EQ(Str(At(list, 0), "id"), "a");
  EXPECT_EQ(Str(At(list, 1), "id"), "z");
  EXPECT_EQ(Int(At(list, 1), "totalCores"), 5);
  EXPECT_EQ(Str(At(list, 1), "addTime"), "1970-01-01T00:00:02.000GMT");  // the first event's time
  EXPECT_TRUE(Bool(At(list, 1), "isActive"));
  EXPECT_FALSE(Has(At(list, 1), "removeTime"));
}

TEST(ExecutorThreads, BadIdIs400ElseTheHistoryServerHasNoThreadDumps) {
  const auto session = LoadInlineLog(AppStart());
  const ApiResponse bad = session->Api(kApp + "executors/x1/threads");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.body, "Invalid executorId: neither 'driver' nor number.");
  const ApiResponse driver = session->Api(kApp + "executors/driver/threads");
  EXPECT_EQ(driver.status, 503);
  EXPECT_EQ(driver.body, "Thread dumps not available through the history server.");
  EXPECT_EQ(session->Api(kApp + "executors/7/threads").status, 503);
}

}  // namespace executor_storage_test
}  // namespace afterglow
