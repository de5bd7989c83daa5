// The one-task-stage rule with its cause read from the plan and the lineage. Real log:
// rapids-tools/qualification/jdbc_eventlog.zstd, whose stage 0 reads a JDBC table
// ("Scan JDBCRelation(TBLS) [numPartitions=1]", a JDBCRDD in its lineage) in one task for 1.1 s:
// found as info with the partitioning fix. Made log: the same with that stage stretched to ten
// minutes, which makes it a warning whose time at stake is known by construction. Silent: the
// same stage cut under a second, and rapids-tools/qualification/eventlog_same_app_id_1 (no stage
// with one task that ran long).
#include "core/analysis/rules/one_task_cause.h"

#include <gtest/gtest.h>

#include "tests/core/analysis/rules/rule_test_support.h"

namespace afterglow::rule_test {
namespace {

// Stage 0's first (only) task launched at ...138836 and the stage completed at ...139950.
const char* kStage0Completion = "\"Completion Time\":1634669139950";

const Finding* StageFinding(const Diagnosed& d, int64_t stage) {
  for (const Finding* f : d.Of("one-task-stage")) {
    if (f->target_id == stage) return f;
  }
  return nullptr;
}

TEST(OneTaskCause, JdbcReadOfOnePartitionIsFoundWithThePartitioningFix) {
  const Diagnosed d = DiagnoseCorpus(kJdbcLog);
  const Finding* f = StageFinding(d, 0);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, FindingSeverity::kInfo);  // 1.1 s: a named cause, not yet a long stage
  EXPECT_EQ(f->target_attempt, 0);
  EXPECT_NE(f->title.find("JDBC read without partitioning options"), std::string::npos) << f->title;
  EXPECT_NE(f->title.find("Scan JDBCRelation(TBLS) [numPartitions=1]"), std::string::npos) << f->title;
  for (const char* option : {"partitionColumn", "lowerBound", "upperBound", "numPartitions"}) {
    EXPECT_NE(f->fix.find(option), std::string::npos) << option;
  }
  const Evidence* duration = EvidenceOf(*f, EvidenceKind::kStage, "stage duration");
  ASSERT_NE(duration, nullptr);
  EXPECT_EQ(duration->value, 1634669139950 - 1634669138836);
  const Evidence* op = EvidenceOf(*f, EvidenceKind::kSql, "operator");
  ASSERT_NE(op, nullptr);
  EXPECT_EQ(op->id, 0);  // execution 0, "show at <console>:26"
  // Stage 3 ran one task too (54 ms, after an exchange into one partition): too short to tell.
  EXPECT_EQ(StageFinding(d, 3), nullptr);
}

TEST(OneTaskCause, TenMinuteJdbcReadIsAWarningWithItsTimeAtStake) {
  std::string log = Joined(CorpusLines(kJdbcLog));
  const int64_t launch = 1634669138836, stretched = 600'000;
  ReplaceIn(log, kStage0Completion, "\"Completion Time\":" + std::to_string(launch + stretched));
  const Diagnosed d = DiagnoseText(log);
  const Finding* f = StageFinding(d, 0);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, FindingSeverity::kWarning);
  EXPECT_EQ(f->value_a, stretched);
  // One executor of 16 cores: the read split 16 ways would take a 16th of the time.
  EXPECT_EQ(f->time_at_stake_ms, stretched - stretched / 16);
  EXPECT_NE(f->time_at_stake_basis.find("16 task slots"), std::string::npos);
  // Ranked first: nothing else in the log has as much at stake.
  ASSERT_FALSE(d.findings.empty());
  EXPECT_EQ(d.findings.front().rule, "one-task-stage");
}

TEST(OneTaskCause, ShortJdbcReadAndOrdinaryLogsAreSilent) {
  std::string log = Joined(CorpusLines(kJdbcLog));
  ReplaceIn(log, kStage0Completion, "\"Completion Time\":1634669139336");  // 500 ms
  EXPECT_EQ(StageFinding(DiagnoseText(log), 0), nullptr);
  EXPECT_TRUE(DiagnoseCorpus("rapids-tools/qualification/eventlog_same_app_id_1.zstd")
                  .Of("one-task-stage")
                  .empty());
}

TEST(OneTaskCause, CoalesceOneIsReadFromTheLineage) {
  // The JDBC stage's lineage with its source renamed as a coalesce: the cause follows the RDD.
  std::string log = Joined(CorpusLines(kJdbcLog));
  ReplaceIn(log, "\"RDD ID\":0,\"Name\":\"JDBCRDD\"", "\"RDD ID\":0,\"Name\":\"CoalescedRDD\"");
  ReplaceIn(log, kStage0Completion, "\"Completion Time\":1634669738836");
  const Diagnosed d = DiagnoseText(log);
  const Finding* f = StageFinding(d, 0);
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->title.find("coalesce(1) or repartition(1)"), std::string::npos) << f->title;
  EXPECT_NE(f->fix.find("coalesce(1)"), std::string::npos);
}

TEST(OneTaskCause, CassandraScanNamesTheSplitSize) {
  std::string log = Joined(CorpusLines(kJdbcLog));
  ReplaceIn(log, "\"RDD ID\":0,\"Name\":\"JDBCRDD\"",
            "\"RDD ID\":0,\"Name\":\"CassandraTableScanRDD\"");
  const Diagnosed d = DiagnoseText(log);
  const Finding* f = StageFinding(d, 0);
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->fix.find("spark.cassandra.input.split.size_in_mb"), std::string::npos);
}

}  // namespace
}  // namespace afterglow::rule_test
