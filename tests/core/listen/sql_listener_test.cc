// SQLAppStatusListener semantics (docs/SPARK-SEMANTICS.md facts 85-95) on small inline logs, and
// the numbers the corpus's SQL + Structured Streaming log implies (local-1596020211915).
#include "core/listen/sql_listener.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>

#include "core/model/sql_metric_format.h"
#include "core/load/load_path.h"
#include "core/model/app_model.h"
#include "tests/core/inline_log.h"

namespace afterglow {
namespace sql_listener_test {

namespace fs = std::filesystem;
using test_support::LoadInlineLog;

const AttemptModel& Model(const Session& session) { return *session.model(0); }

std::string Value(const Session& session, int64_t execution_id, int64_t accumulator_id) {
  const SqlModel& sql = Model(session).sql;
  auto row = sql.executions.find(execution_id);
  if (row == sql.executions.end()) return "<no execution>";
  std::optional<std::string> value = row->second.MetricValue(accumulator_id);
  return value == std::nullopt ? "<no value>" : *value;
}

// ---- Inline log pieces ------------------------------------------------------------------------

std::string Metric(const std::string& name, int id, const std::string& type) {
  return R"({"name":")" + name + R"(","accumulatorId":)" + std::to_string(id) +
         R"(,"metricType":")" + type + R"("})";
}

// A plan: WholeStageCodegen (1) -> HashAggregate (metrics 10 sum, 11 size, 12 timing,
// 13 average) -> InputAdapter -> Exchange (metric 14 nsTiming) -> Scan (metric 15 sum).
std::string Plan(const std::string& extra_scan_metrics = "") {
  return R"j({"nodeName":"WholeStageCodegen (1)","simpleString":"WholeStageCodegen (1)","children":[)j"
         R"({"nodeName":"HashAggregate","simpleString":"HashAggregate keys=[]","children":[)"
         R"({"nodeName":"InputAdapter","simpleString":"InputAdapter","children":[)"
         R"({"nodeName":"Exchange","simpleString":"Exchange single","children":[)"
         R"({"nodeName":"Scan","simpleString":"Scan t","children":[],"metadata":{},"metrics":[)" +
         Metric("number of output rows", 15, "sum") + extra_scan_metrics +
         R"(]}],"metadata":{},"metrics":[)" + Metric("shuffle write time", 14, "nsTiming") +
         R"(]}],"metadata":{},"metrics":[]}],"metadata":{},"metrics":[)" +
         Metric("number of output rows", 10, "sum") + "," + Metric("peak memory", 11, "size") +
         "," + Metric("time in aggregation build", 12, "timing") + "," +
         Metric("avg hash probe bucket list iters", 13, "average") +
         R"(]}],"metadata":{},"metrics":[)" + Metric("duration", 16, "timing") + "]}";
}

std::string ExecutionStart(int id, const std::string& plan, int64_t time = 1000) {
  return R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart","executionId":)" +
         std::to_string(id) +
         R"(,"description":"query )" + std::to_string(id) +
         R"(","details":"d","physicalPlanDescription":"== Physical Plan ==","sparkPlanInfo":)" +
         plan + R"(,"time":)" + std::to_string(time) + R"(,"modifiedConfigs":{}})" "\n";
}

std::string ExecutionEnd(int id, int64_t time, const std::string& error = "") {
  return R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd","executionId":)" +
         std::to_string(id) + R"(,"time":)" + std::to_string(time) + error + "}\n";
}

std::string JobStart(int job, int execution, const std::vector<std::pair<int, int>>& stages) {
  std::string infos, ids;
  for (const auto& [stage, tasks] : stages) {
    infos += (infos.empty() ? "" : ",") + (R"({"Stage ID":)" + std::to_string(stage) +
                                           R"(,"Stage Attempt ID":0,"Stage Name":"s","Number of Tasks":)" +
                                           std::to_string(tasks) + R"(,"RDD Info":[],"Details":""})");
    ids += (ids.empty() ? "" : ",") + std::to_string(stage);
  }
  return R"({"Event":"SparkListenerJobStart","Job ID":)" + std::to_string(job) +
         R"(,"Submission Time":1000,"Stage Infos":[)" + infos + R"(],"Stage IDs":[)" + ids +
         R"(],"Properties":{"spark.sql.execution.id":")" + std::to_string(execution) + R"("}})" "\n";
}

std::string JobEnd(int job, bool ok = true) {
  return R"({"Event":"SparkListenerJobEnd","Job ID":)" + std::to_string(job) +
         R"(,"Completion Time":5000,"Job Result":{"Result":")" +
         (ok ? "JobSucceeded" : "JobFailed") + R"("}})" "\n";
}

std::string StageSubmitted(int stage, int attempt, int tasks) {
  return R"({"Event":"SparkListenerStageSubmitted","Stage Info":{"Stage ID":)" +
         std::to_string(stage) + R"(,"Stage Attempt ID":)" + std::to_string(attempt) +
         R"(,"Stage Name":"s","Number of Tasks":)" + std::to_string(tasks) +
         R"(,"RDD Info":[],"Details":""},"Properties":{}})" "\n";
}

// `updates`: (accumulator id, update text as JSON).
std::string TaskEnd(int stage, int attempt, int task_id, int index,
                    const std::vector<std::pair<int, std::string>>& updates, bool failed = false) {
  std::string accs;
  for (const auto& [id, update] : updates) {
    accs += (accs.empty() ? "" : ",") + (R"({"ID":)" + std::to_string(id) + R"(,"Update":)" +
                                         update + R"(,"Value":"0","Internal":true,"Metadata":"sql"})");
  }
  return R"({"Event":"SparkListenerTaskEnd","Stage ID":)" + std::to_string(stage) +
         R"(,"Stage Attempt ID":)" + std::to_string(attempt) +
         R"(,"Task Type":"ResultTask","Task End Reason":{"Reason":")" +
         (failed ? "ExceptionFailure" : "Success") + R"("},"Task Info":{"Task ID":)" +
         std::to_string(task_id) + R"(,"Index":)" + std::to_string(index) +
         R"(,"Attempt":0,"Launch Time":1100,"Executor ID":"1","Host":"h","Locality":"ANY",)"
         R"("Speculative":false,"Getting Result Time":0,"Finish Time":1200,"Failed":)" +
         (failed ? "true" : "false") + R"(,"Killed":false,"Accumulables":[)" + accs +
         R"(]},"Task Metrics":null})" "\n";
}

// ---- Inline-log tests ---------------------------------------------------------------------------

TEST(SqlListener, AnUpdateThatIsNoJavaLongDropsTheRestOfTheTaskOnlyForAMetricsId) {
  // Task 10: accumulator 99 is no metric of the plan, so its "1.5" is never parsed; metric 10's
  // "2.5" is (toLong throws) and drops the rest of the event, so metric 12 keeps no value from it.
  // Task 11 reports normally.
  const std::string log =
      ExecutionStart(0, Plan()) + JobStart(0, 0, {{1, 2}}) + StageSubmitted(1, 0, 2) +
      TaskEnd(1, 0, 10, 0, {{99, R"("1.5")"}, {11, R"("2048")"}, {10, "2.5"}, {12, R"("7")"}}) +
      TaskEnd(1, 0, 11, 1, {{99, "true"}, {10, "6"}, {12, R"("3")"}}) + JobEnd(0) +
      ExecutionEnd(0, 2000);
  auto session = LoadInlineLog(log);
  EXPECT_EQ(Value(*session, 0, 10), "6");
  EXPECT_EQ(Value(*session, 0, 11),
            "total (min, med, max (stageId: taskId))\n"
            "2.0 KiB (0.0 B, 2.0 KiB, 2.0 KiB (stage 1.0: task 10))");
  EXPECT_EQ(Value(*session, 0, 12),
            "total (min, med, max (stageId: taskId))\n"
            "3 ms (0 ms, 3 ms, 3 ms (stage 1.0: task 11))");
}

TEST(SqlListener, AggregatesTaskValuesByIndexAtExecutionEnd) {
  // Stage 1 has 3 tasks; index 2 never reports, so its slot stays 0 and counts for size/timing.
  const std::string log =
      ExecutionStart(0, Plan()) + JobStart(0, 0, {{1, 3}}) + StageSubmitted(1, 0, 3) +
      TaskEnd(1, 0, 10, 0, {{10, R"("5")"}, {11, R"("2048")"}, {12, R"("7")"}, {13, R"("15")"}}) +
      TaskEnd(1, 0, 11, 1, {{10, "6"}, {11, R"("4096")"}, {12, R"("3")"}, {13, R"("25")"}}) +
      JobEnd(0) + ExecutionEnd(0, 2000, R"(,"errorMessage":"")");
  auto session = LoadInlineLog(log);
  EXPECT_EQ(Value(*session, 0, 10), "11");
  EXPECT_EQ(Value(*session, 0, 11),
            "total (min, med, max (stageId: taskId))\n"
            "6.0 KiB (0.0 B, 2.0 KiB, 4.0 KiB (stage 1.0: task 11))");
  EXPECT_EQ(Value(*session, 0, 12),
            "total (min, med, max (stageId: taskId))\n10 ms (0 ms, 3 ms, 7 ms (stage 1.0: task 10))");
  EXPECT_EQ(Value(*session, 0, 13),
            "(min, med, max (stageId: taskId)):\n(1.5, 2.5, 2.5 (stage 1.0: task 11))");
  EXPECT_EQ(Value(*session, 0, 14), "<no value>");  // no task reported it
  const SqlExecutionRow& row = Model(*session).sql.executions.at(0);
  EXPECT_STREQ(row.Status(), "COMPLETED");
  EXPECT_EQ(row.completion_time, 2000);
}

TEST(SqlListener, FailedAttemptValueStaysUntilRetriedAndSucceededIndexIsFinal) {
  const std::string log =
      ExecutionStart(0, Plan()) + JobStart(0, 0, {{1, 2}}) + StageSubmitted(1, 0, 2) +
      TaskEnd(1, 0, 10, 0, {{12, R"("100")"}}, /*failed=*/true) +  // index 0 fails with 100
      TaskEnd(1, 0, 11, 1, {{12, R"("40")"}}) +                       // index 1 succeeds
      TaskEnd(1, 0, 12, 1, {{12, R"("999")"}}) +                      // ignored: index 1 done
      JobEnd(0) + ExecutionEnd(0, 2000);
  auto session = LoadInlineLog(log);
  // Values [100, 40]; the max suffix names the failed task, which reported the largest update.
  EXPECT_EQ(Value(*session, 0, 12),
            "total (min, med, max (stageId: taskId))\n140 ms (40 ms, 100 ms, 100 ms (stage 1.0: task 10))");
}

TEST(SqlListener, OnlyTheLatestStageAttemptCounts) {
  const std::string log =
      ExecutionStart(0, Plan()) + JobStart(0, 0, {{1, 2}}) + StageSubmitted(1, 0, 2) +
      TaskEnd(1, 0, 10, 0, {{10, R"("1000")"}}) + StageSubmitted(1, 1, 2) +
      TaskEnd(1, 0, 11, 1, {{10, R"("2000")"}}) +  // a task of the old attempt: ignored
      TaskEnd(1, 1, 12, 0, {{10, R"("3")"}}) + TaskEnd(1, 1, 13, 1, {{10, R"("4")"}}) + JobEnd(0) +
      ExecutionEnd(0, 2000);
  auto session = LoadInlineLog(log);
  EXPECT_EQ(Value(*session, 0, 10), "7");
}

TEST(SqlListener, DriverAccumUpdatesAreExtraValuesAndCanTakeTheMax) {
  const std::string driver =
      R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerDriverAccumUpdates","executionId":0,)"
      R"("accumUpdates":[[11,8192],[15,40],[15,2],[99,5]]})" "\n";
  const std::string log = ExecutionStart(0, Plan()) + JobStart(0, 0, {{1, 1}}) +
                          StageSubmitted(1, 0, 1) + TaskEnd(1, 0, 10, 0, {{11, R"("1024")"}}) +
                          driver + JobEnd(0) + ExecutionEnd(0, 2000);
  auto session = LoadInlineLog(log);
  // Task value 1024 plus the driver's 8192, which beats every task: "(driver)".
  EXPECT_EQ(Value(*session, 0, 11),
            "total (min, med, max (stageId: taskId))\n9.0 KiB (1024.0 B, 8.0 KiB, 8.0 KiB (driver))");
  EXPECT_EQ(Value(*session, 0, 15), "42");  // driver-only sum metric, both updates kept
  EXPECT_EQ(Value(*session, 0, 99), "<no value>");  // not a metric of the plan
}

TEST(SqlListener, AdaptiveUpdatesReplaceThePlanAndAddMetricDefinitions) {
  const std::string new_plan =
      R"({"nodeName":"AdaptiveSparkPlan","simpleString":"AdaptiveSparkPlan isFinalPlan=true","children":[)"
      R"({"nodeName":"ShuffleQueryStage","simpleString":"ShuffleQueryStage 0","children":[)"
      R"({"nodeName":"Exchange","simpleString":"Exchange single","children":[],"metadata":{},"metrics":[)" +
      Metric("shuffle records written", 20, "sum") + R"(]}],"metadata":{},"metrics":[]}],"metadata":{},"metrics":[]})";
  const std::string update =
      R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLAdaptiveExecutionUpdate","executionId":0,)"
      R"("physicalPlanDescription":"== Final Plan ==","sparkPlanInfo":)" + new_plan + "}\n";
  const std::string metric_update =
      R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLAdaptiveSQLMetricUpdates","executionId":0,)"
      R"("sqlPlanMetrics":[{"name":"late metric","accumulatorId":21,"metricType":"sum"}]})" "\n";
  const std::string log = ExecutionStart(0, Plan()) + JobStart(0, 0, {{1, 1}}) + update +
                          metric_update + StageSubmitted(1, 0, 1) +
                          TaskEnd(1, 0, 10, 0, {{10, R"("3")"}, {20, R"("4")"}, {21, R"("5")"}}) +
                          JobEnd(0) + ExecutionEnd(0, 2000);
  auto session = LoadInlineLog(log);
  const SqlModel& sql = Model(*session).sql;
  // Metrics of every plan version count (10 from the first plan, 20 and 21 added later).
  EXPECT_EQ(Value(*session, 0, 10), "3");
  EXPECT_EQ(Value(*session, 0, 20), "4");
  EXPECT_EQ(Value(*session, 0, 21), "5");
  // The stored graph is the last one: query stages take no id.
  const SqlPlanGraph& graph = sql.graphs.at(0);
  ASSERT_EQ(graph.all_nodes.size(), 2u);
  EXPECT_EQ(graph.all_nodes[1].id, 1);
  EXPECT_EQ(graph.edges, (std::vector<std::pair<int64_t, int64_t>>{{1, 0}}));
  EXPECT_EQ(session->strings().Get(sql.executions.at(0).physical_plan_description.id),
            "== Final Plan ==");
  EXPECT_EQ(sql.plan_history.at(0).size(), 2u);
  // Every version stays readable: the initial plan (the start's, with its codegen cluster) and
  // the final one.
  ASSERT_EQ(sql.PlanVersionCount(0), 2u);
  const std::optional<SqlPlanGraph> initial = sql.PlanVersion(0, 0);
  ASSERT_TRUE(initial.has_value());
  int clusters = 0;
  for (const SqlPlanNode& node : initial->all_nodes) {
    if (node.is_cluster && session->strings().Get(node.name) == "WholeStageCodegen (1)") ++clusters;
  }
  EXPECT_EQ(clusters, 1);
  const std::optional<SqlPlanGraph> final_version = sql.PlanVersion(0, 1);  // a copy of `graph`
  ASSERT_TRUE(final_version.has_value());
  EXPECT_EQ(final_version->all_nodes.size(), graph.all_nodes.size());
  EXPECT_EQ(final_version->edges, graph.edges);
  EXPECT_FALSE(sql.PlanVersion(0, 2).has_value());
  EXPECT_EQ(sql.PlanVersionCount(7), 0u);
}

TEST(SqlListener, PlanGraphIdsClustersAndReusedExchanges) {
  const std::string exchange =
      R"({"nodeName":"Exchange","simpleString":"Exchange x","children":[{"nodeName":"Scan","simpleString":"Scan t","children":[],"metadata":{},"metrics":[]}],"metadata":{},"metrics":[]})";
  const std::string plan =
      R"({"nodeName":"Union","simpleString":"Union","children":[)" + exchange +
      R"(,{"nodeName":"ReusedExchange","simpleString":"ReusedExchange x","children":[)" + exchange +
      R"(],"metadata":{},"metrics":[]}],"metadata":{},"metrics":[]})";
  auto session = LoadInlineLog(ExecutionStart(0, plan) + ExecutionEnd(0, 2000));
  const SqlPlanGraph& graph = Model(*session).sql.graphs.at(0);
  ASSERT_EQ(graph.all_nodes.size(), 3u);  // Union 0, Exchange 1, Scan 2; the reuse is an edge
  EXPECT_EQ(graph.edges,
            (std::vector<std::pair<int64_t, int64_t>>{{1, 0}, {2, 1}, {1, 0}}));

  auto clustered = LoadInlineLog(ExecutionStart(0, Plan()) + ExecutionEnd(0, 2000));
  const SqlPlanGraph& g = Model(*clustered).sql.graphs.at(0);
  // allNodes: the cluster's node (HashAggregate 1), the cluster (0), then Exchange 2, Scan 3.
  ASSERT_EQ(g.all_nodes.size(), 4u);
  EXPECT_EQ(g.all_nodes[0].id, 1);
  EXPECT_EQ(g.all_nodes[0].cluster, 1);
  EXPECT_TRUE(g.all_nodes[1].is_cluster);
  EXPECT_EQ(g.all_nodes[1].id, 0);
  EXPECT_EQ(g.edges, (std::vector<std::pair<int64_t, int64_t>>{{2, 1}, {3, 2}}));
}

TEST(SqlListener, StatusFollowsErrorMessageThenJobs) {
  const std::string log = ExecutionStart(0, Plan()) + ExecutionEnd(0, 2000, R"(,"errorMessage":"boom")") +
                          ExecutionStart(1, Plan()) + JobStart(0, 1, {{1, 1}}) + JobEnd(0, false) +
                          ExecutionEnd(1, 2000) + ExecutionStart(2, Plan()) +
                          JobStart(1, 2, {{2, 1}});
  auto session = LoadInlineLog(log);
  const SqlModel& sql = Model(*session).sql;
  EXPECT_STREQ(sql.executions.at(0).Status(), "FAILED");
  EXPECT_STREQ(sql.executions.at(1).Status(), "FAILED");   // pre-3.4 log, a job failed
  EXPECT_STREQ(sql.executions.at(2).Status(), "RUNNING");  // written at the end of replay
  EXPECT_TRUE(sql.executions.at(2).has_metric_values);
}

TEST(SqlListener, AnExecutionKnownOnlyFromAJobHasNoDescription) {
  auto session = LoadInlineLog(JobStart(0, 5, {{1, 1}}) + JobEnd(0));
  const SqlExecutionRow& row = Model(*session).sql.executions.at(5);
  EXPECT_FALSE(row.description.present);
  EXPECT_EQ(row.submission_time, -1);
  ASSERT_EQ(row.jobs.size(), 1u);
  EXPECT_EQ(row.jobs[0].second, SqlJobStatus::kSucceeded);
}

TEST(SqlListener, AJobAfterTheEndReopensTheStoredExecution) {
  // Execution 0 ends with no jobs and is written; a later job of it re-opens the stored row
  // (keeping its values and description) instead of starting a blank one.
  const std::string log = ExecutionStart(0, Plan()) + ExecutionEnd(0, 2000) +
                          JobStart(7, 0, {{1, 1}}) + JobEnd(7);
  auto session = LoadInlineLog(log);
  const SqlExecutionRow& row = Model(*session).sql.executions.at(0);
  EXPECT_TRUE(row.description.present);
  EXPECT_EQ(row.completion_time, 2000);
  ASSERT_EQ(row.jobs.size(), 1u);
  EXPECT_EQ(row.jobs[0], (std::pair<int32_t, SqlJobStatus>{7, SqlJobStatus::kSucceeded}));
  EXPECT_TRUE(row.has_metric_values);
}

TEST(SqlListener, RetainsAThousandExecutionsDroppingTheEarliestCompleted) {
  std::string log;
  const std::string tiny =
      R"({"nodeName":"Scan","simpleString":"Scan","children":[],"metadata":{},"metrics":[]})";
  for (int id = 0; id <= 1000; ++id) {
    log += ExecutionStart(id, tiny, 1000 + id) + ExecutionEnd(id, 5000 + id);
  }
  auto session = LoadInlineLog(log);
  const SqlModel& sql = Model(*session).sql;
  EXPECT_EQ(sql.executions.size(), 1000u);
  EXPECT_EQ(sql.executions.count(0), 0u);
  EXPECT_EQ(sql.graphs.count(0), 0u);
  EXPECT_EQ(sql.executions.count(1000), 1u);
}

TEST(SqlListener, RetentionDropsByCompletionTimeAndNeverARunningExecution) {
  // Executions 0-2 have a job and no end: stored, never completed, never dropped. Executions
  // 3-1002 each are first written at their JobStart and end later with completion times that
  // fall as ids rise, so each cleanup past 1000 drops the latest-ended (earliest-completed) one
  // and not the lowest id: 999, 1000 and 1001 go, 3 stays.
  std::string log;
  const std::string tiny =
      R"({"nodeName":"Scan","simpleString":"Scan","children":[],"metadata":{},"metrics":[]})";
  for (int id = 0; id < 3; ++id) log += ExecutionStart(id, tiny) + JobStart(id, id, {{id, 1}});
  for (int id = 3; id <= 1002; ++id) {
    log += ExecutionStart(id, tiny) + JobStart(id, id, {{id, 1}}) + JobEnd(id) +
           ExecutionEnd(id, 100000 - id);
  }
  auto session = LoadInlineLog(log);
  const SqlModel& sql = Model(*session).sql;
  EXPECT_EQ(sql.executions.size(), 1000u);
  for (int id : {0, 1, 2, 3, 998, 1002}) EXPECT_EQ(sql.executions.count(id), 1u) << id;
  for (int id : {999, 1000, 1001}) {
    EXPECT_EQ(sql.executions.count(id), 0u) << id;
    EXPECT_EQ(sql.graphs.count(id), 0u) << id;
  }
  EXPECT_EQ(sql.executions.at(0).completion_time, kNoTime);
  EXPECT_EQ(sql.executions.at(1002).completion_time, 100000 - 1002);
}

TEST(SqlListener, StreamingFragmentsOfSpark20AreSkipped) {
  const fs::path dir = fs::path(AFTERGLOW_CORPUS_DIR) / "spark" / "structured-streaming-fragments";
  ASSERT_TRUE(fs::exists(dir)) << "corpus missing: " << dir;
  for (const auto& entry : fs::directory_iterator(dir)) {
    Session session;
    LoadFile(session, entry.path().string());
    // Fragments hold no ApplicationStart, which is reported; nothing else may be (no bad line).
    ASSERT_EQ(session.problems().size(), 1u) << entry.path();
    EXPECT_EQ(session.problems()[0].cause.rfind("no SparkListenerApplicationStart", 0), 0u)
        << session.problems()[0].cause;
    EXPECT_TRUE(Model(session).streaming.queries.empty()) << entry.path();
    EXPECT_TRUE(Model(session).streaming.progress_by_run.empty()) << entry.path();
  }
}

// ---- The corpus's SQL + streaming log ------------------------------------------------------------

class SqlCorpusLog : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const fs::path log = fs::path(AFTERGLOW_CORPUS_DIR) / "spark" / "sql-events" /
                         "local-1596020211915";
    if (!fs::exists(log)) return;
    session_ = new Session();
    LoadFile(*session_, log.string());
  }
  static void TearDownTestSuite() {
    delete session_;
    session_ = nullptr;
  }
  void SetUp() override {
    ASSERT_NE(session_, nullptr) << "corpus missing: " << AFTERGLOW_CORPUS_DIR
                                 << "/spark/sql-events/local-1596020211915";
  }
  static Session* session_;
};
Session* SqlCorpusLog::session_ = nullptr;

TEST_F(SqlCorpusLog, HasTwentyFourCompletedExecutions) {
  const SqlModel& sql = Model(*session_).sql;
  EXPECT_EQ(sql.executions.size(), 24u);
  EXPECT_EQ(sql.graphs.size(), 24u);
  for (const auto& [id, row] : sql.executions) EXPECT_STREQ(row.Status(), "COMPLETED") << id;
  // Execution 1 ran job 0 (stages 0 and 1); the batch's other executions ran none.
  ASSERT_EQ(sql.executions.at(1).jobs.size(), 1u);
  EXPECT_EQ(sql.executions.at(1).jobs[0].first, 0);
  EXPECT_TRUE(sql.executions.at(0).jobs.empty());
  EXPECT_EQ(session_->strings().Get(Model(*session_).app.name), "StructuredKafkaWordCount");
}

// Execution 1's values, worked out by hand from the log's TaskEnd "Accumulables" (lines 13, 18
// and 19). Job 0 gives stage 0 one task and stage 1 two tasks. Stage 0's task 0 (index 0)
// reports e.g. shuffle write time (id 21, nsTiming) 9599308 ns. In stage 1, task 2 (index 0)
// ends first, then task 1 (index 1):
//   id 46 peak memory (size):   262144, 4456448     -> 4.5 MiB total, med = sorted[1] = 4.25 MiB
//                                                      printed half-up as 4.3 MiB; max: task 1
//   id 44 duration (timing):    19, 33              -> 52 ms (19 ms, 33 ms, 33 ms, task 1)
//   id 48 aggregation build:    0, 19               -> 19 ms (0 ms, 19 ms, 19 ms, task 1)
//   id 63 peak memory (size):   262144, 262144      -> a tie: task 2 reported first and keeps it
//   id 49 avg probe (average):  only index 1: 10    -> one positive value: 10 / 10 = "1"
//   id 45 output rows (sum):    only index 1: 1     -> "1"
//   id 16 local bytes read:     only index 1: 168   -> slots [0, 168]: 168.0 B (0.0 B, 168.0 B, ...)
TEST_F(SqlCorpusLog, ExecutionOneNodeMetricsMatchTheTaskAccumulables) {
  EXPECT_EQ(Value(*session_, 1, 21), "9 ms");
  EXPECT_EQ(Value(*session_, 1, 46),
            "total (min, med, max (stageId: taskId))\n"
            "4.5 MiB (256.0 KiB, 4.3 MiB, 4.3 MiB (stage 1.0: task 1))");
  EXPECT_EQ(Value(*session_, 1, 44),
            "total (min, med, max (stageId: taskId))\n52 ms (19 ms, 33 ms, 33 ms (stage 1.0: task 1))");
  EXPECT_EQ(Value(*session_, 1, 48),
            "total (min, med, max (stageId: taskId))\n19 ms (0 ms, 19 ms, 19 ms (stage 1.0: task 1))");
  EXPECT_EQ(Value(*session_, 1, 63),
            "total (min, med, max (stageId: taskId))\n"
            "512.0 KiB (256.0 KiB, 256.0 KiB, 256.0 KiB (stage 1.0: task 2))");
  EXPECT_EQ(Value(*session_, 1, 49), "1");
  EXPECT_EQ(Value(*session_, 1, 45), "1");
  EXPECT_EQ(Value(*session_, 1, 16),
            "total (min, med, max (stageId: taskId))\n"
            "168.0 B (0.0 B, 168.0 B, 168.0 B (stage 1.0: task 1))");
  // Execution 0 (no jobs) has aggregated, empty metric values.
  EXPECT_TRUE(Model(*session_).sql.executions.at(0).has_metric_values);
  EXPECT_TRUE(Model(*session_).sql.executions.at(0).metric_values.empty());
}

TEST_F(SqlCorpusLog, StreamingQueryAndItsEightProgressReports) {
  const StreamingModel& streaming = Model(*session_).streaming;
  const StringPool& pool = session_->strings();
  ASSERT_EQ(streaming.queries.size(), 1u);  // one StreamingQueryData
  const StreamingQuery& query = streaming.queries[0];
  EXPECT_EQ(pool.Get(query.id), "8d268dc2-bc9c-4be8-97a9-b135d2943028");
  EXPECT_EQ(pool.Get(query.run_id), "e225d92f-2545-48f8-87a2-9c0309580f8a");
  EXPECT_FALSE(query.name.present);
  EXPECT_TRUE(query.is_active);  // the log has no QueryTerminatedEvent
  ASSERT_EQ(streaming.progress_by_run.size(), 1u);
  const std::vector<StreamingProgress>& progress = *streaming.Progress(query.run_id);
  ASSERT_EQ(progress.size(), 8u);  // eight StreamingQueryProgressWrapper rows
  EXPECT_EQ(progress[0].batch_id, 0);
  EXPECT_EQ(progress[0].num_input_rows, 3);
  EXPECT_TRUE(std::isnan(progress[0].input_rows_per_second));
  EXPECT_EQ(progress[1].num_input_rows, 363);
  EXPECT_EQ(progress[1].batch_duration, 622);
  EXPECT_EQ(progress[7].batch_id, 7);
  // What StreamingQueryHistorySuite reads off the pages: 81.39 and 157.05 rows/s on average
  // (batch 0's NaN input rate counts as 0), and 8 completed batches.
  EXPECT_EQ(JavaFormatFixed(streaming.AverageInputRate(query.run_id), 2), "81.39");
  EXPECT_EQ(JavaFormatFixed(streaming.AverageProcessRate(query.run_id), 2), "157.05");
  EXPECT_EQ(streaming.CompletedBatches(query.run_id), 8);
  EXPECT_EQ(query.start_timestamp, 1596020215947);  // 2020-07-29T10:56:55.947Z
}

}  // namespace sql_listener_test
}  // namespace afterglow
