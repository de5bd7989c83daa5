// The rule id, evidence, time at stake and fix of the stage and executor rules of
// core/analysis/diagnostics.cc (their thresholds are checked in tests/core/analysis/
// diagnostics_test.cc). Real logs: rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd (stage 3's
// duration skew), rapids-tools/qualification/jdbc_eventlog.zstd (executor 0 at 12 % GC), and
// rapids-tools/profiling/tasks_executors_fail_compressed_eventlog.zstd (executors 1 and 2 lost).
// Made logs: the JDBC log with stage 0's task spilling 1 GiB to disk (time at stake known by
// construction), and the failing log with executor 1's removal given YARN's exit code 137.
// Silent: application_1553914137147_0018.
#include <gtest/gtest.h>

#include "simdjson.h"
#include "tests/core/analysis/rules/rule_test_support.h"

namespace afterglow::rule_test {
namespace {

double Quantile(const Session& session, const std::string& path, const char* field, size_t i) {
  const ApiResponse response = session.Api(path);
  EXPECT_EQ(response.status, 200) << response.body;
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  EXPECT_EQ(parser.parse(response.body).get(root), simdjson::SUCCESS);
  double value = -1;
  EXPECT_EQ(root[field].at(i).get_double().get(value), simdjson::SUCCESS);
  return value;
}

TEST(StageFindings, SkewNamesThePartitionAndItsTimeAtStake) {
  const Diagnosed d = DiagnoseCorpus("rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd");
  const Finding* skew = nullptr;
  for (const Finding* f : d.Of("skew-duration")) {
    if (f->target_id == 3) skew = f;
  }
  ASSERT_NE(skew, nullptr);
  const std::string path = "/api/v1/applications/application_1724877841851_0016/4/stages/3/0/"
                           "taskSummary?quantiles=0.75,1.0";
  const double p75 = Quantile(*d.session, path, "duration", 0);
  const double max = Quantile(*d.session, path, "duration", 1);
  EXPECT_GT(max, 1.5 * p75);
  EXPECT_EQ(EvidenceOf(*skew, EvidenceKind::kStage, "75th percentile task duration")->value,
            static_cast<int64_t>(p75));
  // The largest task's own duration is the max quantile: the time at stake is max - p75.
  EXPECT_EQ(skew->time_at_stake_ms, static_cast<int64_t>(max) - static_cast<int64_t>(p75));
  const Evidence* task = EvidenceOf(*skew, EvidenceKind::kTask, "task duration");
  ASSERT_NE(task, nullptr);
  EXPECT_TRUE(task->key.starts_with("partition ")) << task->key;
  EXPECT_NE(skew->fix.find("spark.sql.adaptive.skewJoin.enabled"), std::string::npos);
  EXPECT_NE(skew->fix.find("salt"), std::string::npos);
}

TEST(StageFindings, DiskSpillTimeAtStakeOfAMadeOneGibSpill) {
  std::string log = Joined(CorpusLines(kJdbcLog));
  const size_t end = log.find("{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":0,");
  ASSERT_NE(end, std::string::npos);
  const std::string spilled = "\"Disk Bytes Spilled\":0";
  log.replace(log.find(spilled, end), spilled.size(),
              "\"Disk Bytes Spilled\":" + std::to_string(int64_t{1} << 30));
  const Diagnosed d = DiagnoseText(log);
  const std::vector<const Finding*> found = d.Of("spill");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->severity, FindingSeverity::kWarning);
  // 1 GiB written and read back at 100 MiB/s by the stage's one task: 2 GiB / 100 MiB = 20 s
  // (whole seconds), over 1 parallel task.
  EXPECT_EQ(found[0]->time_at_stake_ms, 20'000);
  EXPECT_FALSE(found[0]->fix.empty());
}

TEST(StageFindings, GcPressureOfTheJdbcExecutor) {
  const Diagnosed d = DiagnoseCorpus(kJdbcLog);
  const std::vector<const Finding*> found = d.Of("gc-pressure");
  ASSERT_EQ(found.size(), 1u);
  const Finding& f = *found[0];
  EXPECT_EQ(f.severity, FindingSeverity::kWarning);  // 12 %: over Spark's 10 %, under 20 %
  EXPECT_EQ(f.executor_id, "0");
  const int64_t gc = EvidenceOf(f, EvidenceKind::kExecutor, "GC time")->value;
  const int64_t task_time = EvidenceOf(f, EvidenceKind::kExecutor, "task time")->value;
  EXPECT_EQ(gc, f.value_a);
  EXPECT_EQ(f.time_at_stake_ms, (gc - task_time / 20) / 16);
  EXPECT_NE(f.fix.find("spark.executor.memory"), std::string::npos);
}

TEST(StageFindings, LostExecutorWithYarnsMemoryExitCode) {
  std::string log = Joined(CorpusLines("rapids-tools/profiling/tasks_executors_fail_compressed_eventlog.zstd"));
  ReplaceIn(log, "\"Executor ID\":\"1\",\"Removed Reason\":\"Executor Process Lost\"",
            "\"Executor ID\":\"1\",\"Removed Reason\":\"Container killed by YARN for exceeding "
            "memory limits. exit code: 137\"");
  const Diagnosed d = DiagnoseText(log);
  const std::vector<const Finding*> oom = d.Of("executor-oom");
  ASSERT_EQ(oom.size(), 1u);
  EXPECT_EQ(oom[0]->executor_id, "1");
  EXPECT_EQ(EvidenceOf(*oom[0], EvidenceKind::kExecutor, "exit code")->value, 137);
  EXPECT_NE(oom[0]->fix.find("spark.executor.memoryOverhead"), std::string::npos);
  const std::vector<const Finding*> lost = d.Of("executor-lost");
  ASSERT_EQ(lost.size(), 1u);  // executor 2, still "Executor Process Lost"
  EXPECT_EQ(lost[0]->executor_id, "2");
}

TEST(StageFindings, QuietClusterLogIsSilent) {
  const Diagnosed d = DiagnoseCorpus("spark/spark-events/application_1553914137147_0018");
  for (const char* rule : {"skew-duration", "skew-input", "skew-shuffle-read", "spill",
                           "gc-pressure", "executor-lost", "executor-oom", "one-task-stage",
                           "failure-root-cause"}) {
    EXPECT_TRUE(d.Of(rule).empty()) << rule;
  }
}

}  // namespace
}  // namespace afterglow::rule_test
