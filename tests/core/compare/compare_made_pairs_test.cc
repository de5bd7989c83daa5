// Pairs made at test time from a corpus log, where the change is known because the test made it:
//  - the Glue case: a stage whose work ran as one task before and as many after (the original
//    dsv1 log's stage 8, 12 tasks, against the same log with them merged into one long task);
//  - a filter moved into the scans: spark2-eventlog's query 3 ("collect at <console>:30", a
//    join of two csv files whose scans each push IsNotNull(salary)) against the same log with
//    nothing pushed and its stage 30 s slower.
// In both, the headline's first item must name that query and that stage.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/compare/comparison.h"
#include "tests/core/compare/loaded_run.h"
#include "tests/core/compare/log_edits.h"

namespace afterglow::compare_test::made_pairs {
namespace {

const std::string kProfiling = std::string(AFTERGLOW_CORPUS_DIR) + "/rapids-tools/profiling/";

struct HeadlineTarget {
  int64_t sql_a = -1, sql_b = -1;
  int32_t stage_a = -1, stage_b = -1;
  int64_t tasks_a = -1, tasks_b = -1;
};

HeadlineTarget FirstHeadline(const compare::Comparison& c) {
  HeadlineTarget t;
  if (c.headline.empty()) return t;
  const compare::HeadlineItem& item = c.headline[0];
  if (item.level != compare::HeadlineLevel::kSql) return t;
  const compare::AlignedIndex sql = c.rows.sql[static_cast<size_t>(item.row)];
  if (sql.a >= 0) t.sql_a = c.run_a.sql[sql.a].execution_id;
  if (sql.b >= 0) t.sql_b = c.run_b.sql[sql.b].execution_id;
  if (item.stage_row < 0) return t;
  const compare::AlignedIndex stage = c.rows.stages[static_cast<size_t>(item.stage_row)];
  if (stage.a >= 0) {
    t.stage_a = c.run_a.stages[stage.a].stage_id;
    t.tasks_a = c.run_a.stages[stage.a].metrics.tasks;
  }
  if (stage.b >= 0) {
    t.stage_b = c.run_b.stages[stage.b].stage_id;
    t.tasks_b = c.run_b.stages[stage.b].metrics.tasks;
  }
  return t;
}

TEST(CompareMadePairs, StageSplitIntoManyTasksHeadsTheComparison) {
  const std::string log = kProfiling + "eventlog_dsv1.zstd";
  std::vector<std::string> lines = ReadLogLines(log);
  ASSERT_FALSE(lines.empty()) << log;
  const int64_t added_ms = MergeStageTasks(lines, 8);
  ASSERT_GT(added_ms, 0);
  const LoadedRun before = LoadRunText(JoinLines(lines), "eventlog_dsv1_one_task");
  const LoadedRun after = LoadRun(log);
  ASSERT_EQ(before.sides.size(), 1u);
  ASSERT_EQ(after.sides.size(), 1u);
  const compare::Comparison c = compare::CompareRuns(before.only(), after.only());
  EXPECT_EQ(c.wall_delta_ms, -added_ms);
  ASSERT_FALSE(c.headline.empty());
  EXPECT_LT(c.headline[0].delta_ms, 0);
  const HeadlineTarget t = FirstHeadline(c);
  EXPECT_EQ(t.sql_a, 6);  // "parquet at <console>:26", the write whose job ran stage 8
  EXPECT_EQ(t.sql_b, 6);
  EXPECT_EQ(t.stage_a, 8);
  EXPECT_EQ(t.stage_b, 8);
  EXPECT_EQ(t.tasks_a, 1);
  EXPECT_EQ(t.tasks_b, 12);
  // Nothing else moved: the other queries keep their durations, so they are not in the headline.
  EXPECT_EQ(c.headline.size(), 1u);
}

TEST(CompareMadePairs, FilterPushedIntoTheScanHeadsTheComparison) {
  const std::string log = kProfiling + "spark2-eventlog.zstd";
  std::vector<std::string> lines = ReadLogLines(log);
  ASSERT_FALSE(lines.empty()) << log;
  const std::string pushed = "PushedFilters: [IsNotNull(salary)]";
  size_t edited = 0;
  for (std::string& line : lines) {
    if (line.find("SparkListenerSQLExecutionStart\",\"executionId\":3,") == std::string::npos) continue;
    for (size_t at = line.find(pushed); at != std::string::npos; at = line.find(pushed, at)) {
      line.replace(at, pushed.size(), "PushedFilters: []");
      ++edited;
    }
  }
  ASSERT_GT(edited, 0u) << "query 3 of " << log << " no longer pushes IsNotNull(salary)";
  DelayStage(lines, 5, 30'000);
  const LoadedRun before = LoadRunText(JoinLines(lines), "spark2_unpushed");
  const LoadedRun after = LoadRun(log);
  ASSERT_EQ(before.sides.size(), 1u);
  ASSERT_EQ(after.sides.size(), 1u);
  const compare::Comparison c = compare::CompareRuns(before.only(), after.only());
  EXPECT_EQ(c.wall_delta_ms, -30'000);
  const HeadlineTarget t = FirstHeadline(c);
  EXPECT_EQ(t.sql_a, 3);
  EXPECT_EQ(t.sql_b, 3);
  EXPECT_EQ(t.stage_a, 5);
  EXPECT_EQ(t.stage_b, 5);
  // The pair says what changed in the plan: the filter is pushed into the scan.
  const compare::PlanChanges& changes = c.sql_changes[static_cast<size_t>(c.headline[0].row)];
  ASSERT_EQ(changes.scans.size(), 2u);  // both sides of the join
  for (const compare::ScanFieldChange& scan : changes.scans) {
    EXPECT_EQ(scan.scan, "Scan csv");
    EXPECT_EQ(scan.field, "PushedFilters");
    EXPECT_EQ(scan.a, "[]");
    EXPECT_EQ(scan.b, "[IsNotNull(salary)]");
  }
  EXPECT_TRUE(changes.same_shape);  // the operators are the same; only the scan reads less
}

// The same query compared with itself inside one application, and two different queries of
// one application: the API for the Instaclustr case (one filter written two ways in one app).
TEST(CompareMadePairs, TwoQueriesOfOneApplicationCompareLikeTwoRuns) {
  const LoadedRun run = LoadRun(kProfiling + "spark2-eventlog.zstd");
  ASSERT_EQ(run.sides.size(), 1u);
  std::string error;
  const auto same = compare::CompareSqlExecutions(run.only(), 3, run.only(), 3, &error);
  ASSERT_TRUE(same) << error;
  EXPECT_TRUE(same->headline.empty());
  ASSERT_EQ(same->rows.sql.size(), 1u);
  EXPECT_TRUE(same->sql_changes[0].empty());
  // "show at <console>:30" (2) against "collect at <console>:30" (3): both read the same table
  // through the same filter; each ran one job of one stage, which pair in order.
  const auto two = compare::CompareSqlExecutions(run.only(), 2, run.only(), 3, &error);
  ASSERT_TRUE(two) << error;
  ASSERT_EQ(two->rows.sql.size(), 1u);
  ASSERT_FALSE(two->rows.jobs.empty());
  for (const compare::AlignedIndex& r : two->rows.jobs) {
    EXPECT_TRUE(r.a < 0 || two->run_a.jobs[r.a].sql == two->run_a.FindSql(2));
    EXPECT_TRUE(r.b < 0 || two->run_b.jobs[r.b].sql == two->run_b.FindSql(3));
  }
  const auto jobs = compare::CompareJobs(run.only(), 3, run.only(), 5, &error);
  ASSERT_TRUE(jobs) << error;
  ASSERT_EQ(jobs->rows.stages.size(), 1u);
  EXPECT_EQ(jobs->run_a.stages[jobs->rows.stages[0].a].stage_id, 3);
  EXPECT_EQ(jobs->run_b.stages[jobs->rows.stages[0].b].stage_id, 5);
  EXPECT_FALSE(compare::CompareJobs(run.only(), 3, run.only(), 99, &error));
  EXPECT_NE(error.find("99"), std::string::npos);
}

}  // namespace
}  // namespace afterglow::compare_test::made_pairs
