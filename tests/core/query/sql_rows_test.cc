// SQL rows over a corpus log of 24 executions: paging, status and job ids, and the plan rows
// (nodes by id descending, codegen ids, only metrics with values).
#include "core/query/sql_rows.h"

#include <gtest/gtest.h>

#include <vector>

#include "tests/core/query/corpus_attempt.h"

namespace afterglow {
namespace sql_rows_test {

using test_support::CorpusAttempt;
using test_support::LoadCorpus;

class SqlRowsOnCorpus : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    loaded_ = new CorpusAttempt();
    LoadCorpus(*loaded_, "spark/sql-events/local-1596020211915");
  }
  static void TearDownTestSuite() {
    delete loaded_;
    loaded_ = nullptr;
  }
  static std::vector<SqlExecutionListRow> Rows(int64_t offset, int64_t length) {
    std::vector<SqlExecutionListRow> rows;
    ForEachSqlExecutionRow(*loaded_->model, *loaded_->pool, offset, length, 0,
                           [&](const SqlExecutionListRow& row) { rows.push_back(row); });
    return rows;
  }
  static CorpusAttempt* loaded_;
};
CorpusAttempt* SqlRowsOnCorpus::loaded_ = nullptr;

TEST_F(SqlRowsOnCorpus, PagesByExecutionId) {
  const std::vector<SqlExecutionListRow> all = Rows(0, 0);
  ASSERT_EQ(all.size(), 24u);
  for (size_t i = 0; i < all.size(); ++i) EXPECT_EQ(all[i].id, static_cast<int64_t>(i));
  EXPECT_EQ(Rows(0, 20).size(), 20u);
  const std::vector<SqlExecutionListRow> tail = Rows(22, 20);
  ASSERT_EQ(tail.size(), 2u);
  EXPECT_EQ(tail[0].id, 22);
  EXPECT_TRUE(Rows(30, 20).empty());
}

TEST_F(SqlRowsOnCorpus, EveryExecutionCompletedWithItsJobs) {
  for (const SqlExecutionListRow& row : Rows(0, 0)) {
    SCOPED_TRACE(row.id);
    EXPECT_EQ(row.status, SqlExecutionStatus::kCompleted);
    EXPECT_STREQ(SqlExecutionStatusName(row.status), "COMPLETED");
    EXPECT_TRUE(row.has_description);
    EXPECT_GE(row.duration_ms, 0);
    EXPECT_TRUE(row.running_job_ids.empty());
    EXPECT_TRUE(row.failed_job_ids.empty());
  }
  const std::optional<SqlExecutionListRow> one = FindSqlExecutionRow(*loaded_->model, *loaded_->pool, 1, 0);
  ASSERT_TRUE(one.has_value());
  EXPECT_FALSE(one->success_job_ids.empty());
  EXPECT_FALSE(FindSqlExecutionRow(*loaded_->model, *loaded_->pool, 99, 0).has_value());
}

TEST_F(SqlRowsOnCorpus, PlanNodesByIdDescendingWithCodegenIds) {
  const SqlPlanRows plan = SqlPlanRowsOf(*loaded_->model, *loaded_->pool, 1);
  ASSERT_FALSE(plan.nodes.empty());
  ASSERT_FALSE(plan.edges.empty());
  bool any_codegen = false, any_metric = false;
  for (size_t i = 0; i < plan.nodes.size(); ++i) {
    const SqlPlanNodeRow& node = plan.nodes[i];
    if (i > 0) EXPECT_LT(node.node_id, plan.nodes[i - 1].node_id);
    EXPECT_FALSE(node.node_name.empty());
    EXPECT_NE(node.node_name.front(), ' ');  // trimmed
    any_codegen = any_codegen || node.whole_stage_codegen_id.has_value();
    for (const SqlPlanMetricRow& metric : node.metrics) {
      any_metric = true;
      EXPECT_FALSE(metric.name.empty());
      EXPECT_FALSE(metric.value.starts_with('\n'));
    }
  }
  EXPECT_TRUE(any_codegen);
  EXPECT_TRUE(any_metric);
  EXPECT_TRUE(SqlPlanRowsOf(*loaded_->model, *loaded_->pool, 99).nodes.empty());
}

}  // namespace sql_rows_test
}  // namespace afterglow
