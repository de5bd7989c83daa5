// The nested-loop-join, large-broadcast and small-files rules over SQL plans. No corpus log has
// a nested-loop join, a broadcast over 1 GiB or a scan of many small files, so each is made:
// rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd with its first BroadcastHashJoin renamed
// BroadcastNestedLoopJoin, and with its broadcasts' "data size" (34354432 bytes, accumulators 118
// and 125) made 2 GiB; rapids-tools/profiling/eventlog_dsv1.zstd with its text scan made to
// have read 500 files. Silent: the same logs as Spark wrote them (32.8 MiB broadcasts, one file).
// Time at stake, known by construction: the broadcasts' own collect + build + broadcast times as
// the History Server shows them (1663, 1094 and 98 ms shown "1.7 s", "1.1 s", "98 ms"; 3157, 241
// and 62 ms shown "3.2 s", "241 ms", "62 ms"); the nested-loop join's, the
// duration of the stage that ran its WholeStageCodegen; the small files', the share Spark's cost
// model (4 MiB to open a file) gives to the files compaction removes, of the query's stages.
#include "core/analysis/rules/plan_shape.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "tests/core/analysis/rules/rule_test_support.h"

namespace afterglow::rule_test {
namespace {

const char* kJoinLog = "rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd";
// The stages whose RDDs carry the reported join's WholeStageCodegen scope.
const std::set<int64_t> kNestedLoopJoinStages = {5};

TEST(PlanShape, BroadcastNestedLoopJoinIsFound) {
  std::string log = Joined(CorpusLines(kJoinLog));
  // Every plan version (the start and each AQE update) names the join.
  for (size_t at = log.find("\"nodeName\":\"BroadcastHashJoin\""); at != std::string::npos;
       at = log.find("\"nodeName\":\"BroadcastHashJoin\"", at)) {
    log.replace(at, 30, "\"nodeName\":\"BroadcastNestedLoopJoin\"");
  }
  const Diagnosed d = DiagnoseText(log);
  const std::vector<const Finding*> found = d.Of("nested-loop-join");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->target, FindingTarget::kSqlExecution);
  EXPECT_EQ(found[0]->name, "BroadcastNestedLoopJoin");
  EXPECT_NE(found[0]->fix.find("equality"), std::string::npos);
  // The join found first sits in WholeStageCodegen (4), whose scope only stage 5's RDDs carry
  // (2.3 s in the log); the other join's WholeStageCodegen (3) is stage 3's (18.6 s).
  std::set<int64_t> stages;
  int64_t stages_ms = 0;
  for (const Evidence& e : found[0]->evidence) {
    if (e.kind != EvidenceKind::kStage) continue;
    stages.insert(e.id);
    const StageAttempt& stage = d.model().stage(d.model().stage_rows.at({static_cast<int32_t>(e.id), 0}));
    EXPECT_EQ(e.value, std::max<int64_t>(0, rules::StageDurationMs(stage)));
    stages_ms += e.value;
  }
  EXPECT_EQ(stages, kNestedLoopJoinStages);
  EXPECT_GT(stages_ms, 0);
  EXPECT_EQ(found[0]->time_at_stake_ms, stages_ms);
}

TEST(PlanShape, TwoGibBroadcastIsFound) {
  std::string log = Joined(CorpusLines(kJoinLog));
  const std::string two_gib = std::to_string(int64_t{2} << 30);
  ReplaceIn(log, "[125,34354432]", "[125," + two_gib + "]");
  ReplaceIn(log, "[118,34354432]", "[118," + two_gib + "]");
  const Diagnosed d = DiagnoseText(log);
  const std::vector<const Finding*> found = d.Of("large-broadcast");
  ASSERT_FALSE(found.empty());
  const Evidence* size = EvidenceOf(*found[0], EvidenceKind::kSql, "data size");
  ASSERT_NE(size, nullptr);
  EXPECT_EQ(size->value, int64_t{2} << 30);
  EXPECT_NE(found[0]->fix.find("spark.sql.autoBroadcastJoinThreshold"), std::string::npos);
  std::set<int64_t> times;
  for (const Finding* f : found) times.insert(f->time_at_stake_ms);
  EXPECT_EQ(times, (std::set<int64_t>{1700 + 1100 + 98, 3200 + 241 + 62}));
}

TEST(PlanShape, JoinLogAsWrittenIsSilent) {
  const Diagnosed d = DiagnoseCorpus(kJoinLog);
  EXPECT_TRUE(d.Of("nested-loop-join").empty());
  EXPECT_TRUE(d.Of("large-broadcast").empty());
  EXPECT_TRUE(d.Of("small-files-read").empty());
}

// eventlog_dsv1's execution 0 with its scan's "number of files read" (accumulator 13) and "size of
// files read" (15) set by a driver update.
std::string ScanOfFiles(int64_t files, int64_t bytes) {
  std::string log = Joined(CorpusLines("rapids-tools/profiling/eventlog_dsv1.zstd"));
  const std::string end = "{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd\",\"executionId\":0,";
  const size_t at = log.find(end);
  EXPECT_NE(at, std::string::npos);
  if (at == std::string::npos) return log;
  log.insert(at, "{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerDriverAccumUpdates\","
                 "\"executionId\":0,\"accumUpdates\":[[13," + std::to_string(files) + "],[15," +
                     std::to_string(bytes) + "]]}\n");
  return log;
}

TEST(PlanShape, FiveHundredOneMegabyteFilesAreSmallFiles) {
  const Diagnosed d = DiagnoseText(ScanOfFiles(500, int64_t{500} << 20));
  const std::vector<const Finding*> found = d.Of("small-files-read");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->target_id, 0);
  // The update adds to what the log's own update said: one file.
  EXPECT_EQ(EvidenceOf(*found[0], EvidenceKind::kSql, "number of files read")->value, 501);
  EXPECT_NE(found[0]->fix.find("spark.sql.files.maxPartitionBytes"), std::string::npos);
  EXPECT_NE(found[0]->fix.find("about 3 files"), std::string::npos) << found[0]->fix;  // 500 MiB / 128 MiB
  // No "scan time" here: the share of the query's stages' duration spent opening the 498 files
  // the 3 compacted ones would not need.
  const int64_t files = 501;
  const double bytes = static_cast<double>(
      EvidenceOf(*found[0], EvidenceKind::kSql, "size of files read")->value);
  const double open_cost = 4 << 20;
  const int64_t stages_ms = rules::ExecutionStagesMs(d.model(), d.model().sql.executions.at(0));
  ASSERT_GT(stages_ms, 0);
  EXPECT_EQ(found[0]->time_at_stake_ms,
            static_cast<int64_t>(static_cast<double>(stages_ms) * ((files - 3) * open_cost) /
                                 (bytes + files * open_cost)));
}

TEST(PlanShape, FiveHundredLargeFilesAreSilent) {
  EXPECT_TRUE(DiagnoseText(ScanOfFiles(500, int64_t{500} << 27)).Of("small-files-read").empty());
  EXPECT_TRUE(DiagnoseCorpus("rapids-tools/profiling/eventlog_dsv1.zstd").Of("small-files-read").empty());
}

// rapids-tools/qualification/writeformat_eventlog's first write made to have written 500 more
// files of 1 MiB, with a "job commit time" of 10 s: the time at stake is, by construction, that
// commit time times the share of files a repartitioned write would not create.
TEST(PlanShape, SmallFilesWrittenCostTheirShareOfTheCommit) {
  std::string log = Joined(CorpusLines("rapids-tools/qualification/writeformat_eventlog"));
  ReplaceIn(log, "{\"name\":\"written output\",\"accumulatorId\":26,\"metricType\":\"size\"}",
            "{\"name\":\"written output\",\"accumulatorId\":26,\"metricType\":\"size\"},"
            "{\"name\":\"job commit time\",\"accumulatorId\":9101,\"metricType\":\"timing\"}");
  const std::string end =
      "{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd\",\"executionId\":0";
  const size_t at = log.find(end);
  ASSERT_NE(at, std::string::npos);
  log.insert(at, "{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerDriverAccumUpdates\","
                 "\"executionId\":0,\"accumUpdates\":[[25,500],[26,524288000],[9101,10000]]}\n");
  const Diagnosed d = DiagnoseText(log);
  const std::vector<const Finding*> found = d.Of("small-files-written");
  ASSERT_EQ(found.size(), 1u);
  const int64_t files = EvidenceOf(*found[0], EvidenceKind::kSql, "number of written files")->value;
  const int64_t bytes = EvidenceOf(*found[0], EvidenceKind::kSql, "written output")->value;
  EXPECT_GE(files, 500);
  EXPECT_EQ(EvidenceOf(*found[0], EvidenceKind::kSql, "job commit time")->value, 10'000);
  const int64_t target = std::max<int64_t>(1, bytes / (int64_t{128} << 20));
  EXPECT_EQ(found[0]->time_at_stake_ms, 10'000 * (files - target) / files);
  EXPECT_TRUE(DiagnoseCorpus("rapids-tools/qualification/writeformat_eventlog")
                  .Of("small-files-written")
                  .empty());
}

}  // namespace
}  // namespace afterglow::rule_test
