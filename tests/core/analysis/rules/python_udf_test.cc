// Python UDF time. The corpus's Python logs (rapids-tools/qualification/python_udf_eventlog,
// pandas_execs_eventlog.zstd) come from Sparks that log only the data sent to and returned from
// the workers, so the rule is silent on them as written; the made log adds Spark 4's worker
// timing metrics ("time to start / initialize / run Python workers") to python_udf_eventlog's
// BatchEvalPython node, with driver updates whose totals are known: 2 s + 3 s + 20 s.
#include "core/analysis/rules/python_udf.h"

#include <gtest/gtest.h>

#include "tests/core/analysis/rules/rule_test_support.h"

namespace afterglow::rule_test {
namespace {

const char* kPythonLog = "rapids-tools/qualification/python_udf_eventlog";

std::string WithWorkerTimes(int64_t boot_ms, int64_t init_ms, int64_t run_ms) {
  std::string log = Joined(CorpusLines(kPythonLog));
  ReplaceIn(log, "{\"name\":\"number of output rows\",\"accumulatorId\":50,\"metricType\":\"sum\"}",
            "{\"name\":\"number of output rows\",\"accumulatorId\":50,\"metricType\":\"sum\"},"
            "{\"name\":\"time to start Python workers\",\"accumulatorId\":9001,\"metricType\":\"timing\"},"
            "{\"name\":\"time to initialize Python workers\",\"accumulatorId\":9002,\"metricType\":\"timing\"},"
            "{\"name\":\"time to run Python workers\",\"accumulatorId\":9003,\"metricType\":\"timing\"}");
  const std::string end =
      "{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd\"";
  const size_t at = log.find(end);
  EXPECT_NE(at, std::string::npos);
  if (at != std::string::npos) {
    log.insert(at, "{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerDriverAccumUpdates\","
                   "\"executionId\":0,\"accumUpdates\":[[9001," + std::to_string(boot_ms) +
                       "],[9002," + std::to_string(init_ms) + "],[9003," + std::to_string(run_ms) +
                       "]]}\n");
  }
  return log;
}

TEST(PythonUdf, WorkerTimeAgainstTheStagesIsFound) {
  const Diagnosed d = DiagnoseText(WithWorkerTimes(2'000, 3'000, 20'000));
  const std::vector<const Finding*> found = d.Of("python-udf-time");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->target_id, 0);
  EXPECT_EQ(found[0]->name, "BatchEvalPython");
  EXPECT_EQ(EvidenceOf(*found[0], EvidenceKind::kSql, "time to start Python workers")->value, 2'000);
  EXPECT_EQ(EvidenceOf(*found[0], EvidenceKind::kSql, "time to run Python workers")->value, 20'000);
  // 25 s of worker time over the task slots, by construction.
  const rules::RuleContext context =
      rules::MakeRuleContext(d.model(), d.session->strings(), DiagnosticRules(), kNow);
  EXPECT_EQ(found[0]->time_at_stake_ms, 25'000 / context.slots);
  EXPECT_NE(found[0]->fix.find("pandas_udf"), std::string::npos);
}

TEST(PythonUdf, SilentWithoutTimesOrWithShortOnes) {
  EXPECT_TRUE(DiagnoseCorpus(kPythonLog).Of("python-udf-time").empty());
  EXPECT_TRUE(DiagnoseCorpus("rapids-tools/qualification/pandas_execs_eventlog.zstd")
                  .Of("python-udf-time")
                  .empty());
  EXPECT_TRUE(DiagnoseText(WithWorkerTimes(100, 100, 100)).Of("python-udf-time").empty());
}

TEST(PythonUdf, PythonNodesAreKnownByName) {
  EXPECT_TRUE(rules::IsPythonEvalNode("ArrowEvalPython"));
  EXPECT_TRUE(rules::IsPythonEvalNode("FlatMapGroupsInPandas"));
  EXPECT_TRUE(rules::IsPythonEvalNode("MapInArrow"));
  EXPECT_FALSE(rules::IsPythonEvalNode("HashAggregate"));
}

}  // namespace
}  // namespace afterglow::rule_test
