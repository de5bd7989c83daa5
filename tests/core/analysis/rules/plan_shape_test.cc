// The nested-loop-join, large-broadcast and small-files rules over SQL plans. No corpus log has
// a nested-loop join, a broadcast over 1 GiB or a scan of many small files, so each is made:
// rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd with its first BroadcastHashJoin renamed
// BroadcastNestedLoopJoin, and with its broadcasts' "data size" (34354432 bytes, accumulators 118
// and 125) made 2 GiB; rapids-tools/profiling/eventlog_dsv1.zstd with its text scan made to
// have read 500 files. Silent: the same logs as Spark wrote them (32.8 MiB broadcasts, one file).
#include "core/analysis/rules/plan_shape.h"

#include <gtest/gtest.h>

#include "tests/core/analysis/rules/rule_test_support.h"

namespace afterglow::rule_test {
namespace {

const char* kJoinLog = "rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd";

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
}

TEST(PlanShape, FiveHundredLargeFilesAreSilent) {
  EXPECT_TRUE(DiagnoseText(ScanOfFiles(500, int64_t{500} << 27)).Of("small-files-read").empty());
  EXPECT_TRUE(DiagnoseCorpus("rapids-tools/profiling/eventlog_dsv1.zstd").Of("small-files-read").empty());
}

}  // namespace
}  // namespace afterglow::rule_test
