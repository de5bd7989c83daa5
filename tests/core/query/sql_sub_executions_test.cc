// Sub-executions over rapids-tools' db_subExecution_id log, whose ExecutionStarts say (executionId,
// rootExecutionId): (0,0) (1,1) (2,2) (3,3) (4,4) (6,5) (5,5) (7,5) (8,5) (9,5) (10,5) (11,11):
// execution 5 ran five sub-executions, and 6 started before its root did.
#include "core/query/sql_sub_executions.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/query/sql_rows.h"
#include "tests/core/inline_log.h"
#include "tests/core/query/corpus_attempt.h"

namespace afterglow {
namespace sql_sub_executions_test {

using test_support::CorpusAttempt;
using test_support::LoadCorpus;

TEST(SqlSubExecutions, DatabricksLogGroupsFiveUnderExecutionFive) {
  CorpusAttempt loaded;
  LoadCorpus(loaded, "rapids-tools/qualification/db_subExecution_id.zstd");
  const SqlModel& sql = loaded.model->sql;
  ASSERT_EQ(sql.executions.size(), 12u);
  const SqlExecutionGroups groups = GroupSubExecutions(sql);
  ASSERT_EQ(groups.subs_by_root.size(), 1u);
  ASSERT_NE(groups.SubsOf(5), nullptr);
  EXPECT_EQ(*groups.SubsOf(5), (std::vector<int64_t>{6, 7, 8, 9, 10}));
  for (int64_t id : {0, 1, 2, 3, 4, 5, 11}) EXPECT_FALSE(groups.IsGrouped(id)) << id;
  for (int64_t id : {6, 7, 8, 9, 10}) EXPECT_TRUE(groups.IsGrouped(id)) << id;
  EXPECT_EQ(ParentExecutionOf(sql, 7), 5);
  EXPECT_EQ(ParentExecutionOf(sql, 5), std::nullopt);
  EXPECT_EQ(SubExecutionsOf(sql, 5), (std::vector<int64_t>{6, 7, 8, 9, 10}));
  EXPECT_TRUE(SubExecutionsOf(sql, 11).empty());
  // The list rows carry the root; the REST answer does not write it.
  const std::optional<SqlExecutionListRow> row = FindSqlExecutionRow(*loaded.model, *loaded.pool, 9, 0);
  ASSERT_TRUE(row.has_value());
  EXPECT_EQ(row->root_execution_id, 5);
}

std::string ExecutionStart(int id, const std::string& root_field) {
  return R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart","executionId":)" +
         std::to_string(id) + root_field +
         R"(,"description":"d","details":"","physicalPlanDescription":"p","sparkPlanInfo":{"nodeName":"N","simpleString":"N","children":[],"metrics":[]},"time":1000})" "\n";
}

// A root that is not in the log (lost events) lists its sub at the top level; logs before 3.4
// have no root field (every execution its own root); an execution known only from a JobStart
// has root 0, as Spark's LiveExecutionData leaves it, and so lists under execution 0.
TEST(SqlSubExecutions, MissingRootOldLogsAndJobStartOnlyExecutions) {
  std::string log;
  log += R"({"Event":"SparkListenerApplicationStart","App Name":"a","App ID":"app-1","Timestamp":1000,"User":"u"})" "\n";
  log += ExecutionStart(0, "");
  log += ExecutionStart(2, R"(,"rootExecutionId":100)");
  log += ExecutionStart(3, R"(,"rootExecutionId":2)");
  log += R"({"Event":"SparkListenerJobStart","Job ID":0,"Submission Time":1200,"Stage Infos":[],"Stage IDs":[],"Properties":{"spark.sql.execution.id":"4"}})" "\n";
  const auto session = test_support::LoadInlineLog(log);
  const SqlModel& sql = session->model(0)->sql;
  ASSERT_EQ(sql.executions.size(), 4u);
  EXPECT_EQ(sql.executions.at(0).root_execution_id, 0);
  EXPECT_EQ(sql.executions.at(2).root_execution_id, 100);
  EXPECT_EQ(sql.executions.at(4).root_execution_id, 0);
  const SqlExecutionGroups groups = GroupSubExecutions(sql);
  EXPECT_FALSE(groups.IsGrouped(2));  // its root, 100, is not listed
  EXPECT_EQ(*groups.SubsOf(2), (std::vector<int64_t>{3}));
  EXPECT_EQ(*groups.SubsOf(0), (std::vector<int64_t>{4}));
  EXPECT_EQ(ParentExecutionOf(sql, 2), 100);
}

}  // namespace sql_sub_executions_test
}  // namespace afterglow
