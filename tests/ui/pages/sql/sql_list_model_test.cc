// The SQL tab's model: its rows against the corpus log's own events (execution starts and ends,
// the jobs that name an execution, how they ended, the streaming progress), and its sort and
// filter on hand-built rows.
#include "ui/pages/sql/sql_list_model.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "simdjson.h"
#include "tests/support/json_or_default.h"
#include "tests/ui/headless_ui.h"

namespace afterglow::ui {
namespace sql_list_model_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

using test_support::ArrayExpected;
using test_support::IntOrMissing;
using test_support::TextOrEmpty;
const std::string kSqlLog = kCorpus + "/spark/sql-events/local-1596020211915";

// What the log's events say about each execution, read without the core.
struct ExpectedExecution {
  int64_t start = -1, end = -1;
  std::string description;
  std::set<int32_t> succeeded, failed;
};

struct ExpectedLog {
  std::map<int64_t, ExpectedExecution> executions;
  size_t streaming_queries = 0;
  int64_t last_batch = -1;
};

ExpectedLog ReadLog(const std::string& path) {
  ExpectedLog log;
  std::map<int64_t, int64_t> job_execution;  // job id -> execution id
  std::ifstream in(path);
  std::string line;
  simdjson::dom::parser parser;
  while (std::getline(in, line)) {
    simdjson::dom::object event;
    if (parser.parse(line).get_object().get(event) != simdjson::SUCCESS) continue;
    std::string_view name;
    if (event["Event"].get_string().get(name) != simdjson::SUCCESS) continue;
    if (name.ends_with("SparkListenerSQLExecutionStart")) {
      ExpectedExecution& e = log.executions[IntOrMissing(event["executionId"])];
      e.start = IntOrMissing(event["time"]);
      e.description = std::string(TextOrEmpty(event["description"]));
    } else if (name.ends_with("SparkListenerSQLExecutionEnd")) {
      log.executions[IntOrMissing(event["executionId"])].end =
          IntOrMissing(event["time"]);
    } else if (name == "SparkListenerJobStart") {
      std::string_view id;
      if (event["Properties"]["spark.sql.execution.id"].get_string().get(id) ==
          simdjson::SUCCESS) {
        job_execution[static_cast<int32_t>(IntOrMissing(event["Job ID"]))] =
            std::stoll(std::string(id));
      }
    } else if (name == "SparkListenerJobEnd") {
      const int32_t job = static_cast<int32_t>(IntOrMissing(event["Job ID"]));
      auto it = job_execution.find(job);
      if (it == job_execution.end()) continue;
      std::string_view result = TextOrEmpty(event["Job Result"]["Result"]);
      ExpectedExecution& e = log.executions[it->second];
      (result == "JobSucceeded" ? e.succeeded : e.failed).insert(job);
    } else if (name.ends_with("$QueryStartedEvent")) {
      ++log.streaming_queries;
    } else if (name.ends_with("$QueryProgressEvent")) {
      log.last_batch =
          std::max<int64_t>(log.last_batch, IntOrMissing(event["progress"]["batchId"]));
    }
  }
  return log;
}

TEST(SqlListModel, RowsMatchTheLogsExecutionEvents) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kSqlLog), "");
  const SqlListModel& sql = ui.state().sql;
  ASSERT_TRUE(sql.error.empty()) << sql.error;
  const ExpectedLog log = ReadLog(kSqlLog);
  ASSERT_EQ(log.executions.size(), 24u);
  ASSERT_EQ(sql.rows.size(), log.executions.size());
  EXPECT_EQ(sql.order.size(), sql.rows.size());
  EXPECT_EQ(sql.completed, 24u);
  EXPECT_EQ(sql.failed + sql.running, 0u);
  for (const SqlRow& row : sql.rows) {
    SCOPED_TRACE(row.execution_id);
    auto it = log.executions.find(row.execution_id);
    ASSERT_NE(it, log.executions.end());
    const ExpectedExecution& e = it->second;
    EXPECT_EQ(row.description, e.description);
    EXPECT_EQ(row.submitted_ms, e.start);
    EXPECT_EQ(row.duration_ms, e.end - e.start);
    EXPECT_EQ(row.status, SqlStatus::kCompleted);
    EXPECT_EQ(row.succeeded_jobs, std::vector<int32_t>(e.succeeded.begin(), e.succeeded.end()));
    EXPECT_EQ(row.failed_jobs, std::vector<int32_t>(e.failed.begin(), e.failed.end()));
    EXPECT_TRUE(row.running_jobs.empty());
    // The one-line summary drops the leading break and joins the lines.
    EXPECT_EQ(row.summary.find('\n'), std::string::npos);
  }
}

TEST(SqlListModel, StreamingQueriesCountTheirBatches) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kSqlLog), "");
  const SqlListModel& sql = ui.state().sql;
  const ExpectedLog log = ReadLog(kSqlLog);
  ASSERT_EQ(sql.streaming.size(), log.streaming_queries);
  ASSERT_EQ(sql.streaming.size(), 1u);
  EXPECT_EQ(sql.streaming[0].id, "8d268dc2-bc9c-4be8-97a9-b135d2943028");
  EXPECT_EQ(sql.streaming[0].run_id, "e225d92f-2545-48f8-87a2-9c0309580f8a");
  EXPECT_EQ(sql.streaming[0].completed_batches, log.last_batch + 1);
  EXPECT_EQ(sql.streaming[0].progress_reports, 8);
}

SqlListModel HandBuilt() {
  SqlListModel model;
  auto add = [&](int64_t id, const char* description, int64_t duration, SqlStatus status,
                 std::vector<int32_t> succeeded, std::vector<int32_t> failed) {
    SqlRow row;
    row.execution_id = id;
    row.description = description;
    row.summary = description;
    row.duration_ms = duration;
    row.submitted_ms = 1000 * id;
    row.status = status;
    row.succeeded_jobs = std::move(succeeded);
    row.failed_jobs = std::move(failed);
    model.rows.push_back(std::move(row));
  };
  add(0, "createOrReplaceTempView", 50, SqlStatus::kCompleted, {}, {});
  add(1, "SELECT * FROM Sales", 900, SqlStatus::kCompleted, {0, 1}, {});
  add(2, "select count(*) from sales", 50, SqlStatus::kFailed, {2}, {13});
  add(3, "query66", 25000, SqlStatus::kCompleted, {3, 4, 5}, {});
  for (uint32_t i = 0; i < model.rows.size(); ++i) model.order.push_back(i);
  return model;
}

std::vector<int64_t> Ids(const SqlListModel& model) {
  std::vector<int64_t> ids;
  for (uint32_t i : model.order) ids.push_back(model.rows[i].execution_id);
  return ids;
}

TEST(SqlListModel, SortsByColumnWithIdTiebreak) {
  SqlListModel model = HandBuilt();
  model.Sort(SqlColumn::kDuration, false);
  // 25000, 900, then the two 50 ms rows by id descending (the direction of the sort).
  EXPECT_EQ(Ids(model), (std::vector<int64_t>{3, 1, 2, 0}));
  model.Sort(SqlColumn::kDuration, true);
  EXPECT_EQ(Ids(model), (std::vector<int64_t>{0, 2, 1, 3}));
  model.Sort(SqlColumn::kJobs, false);  // 3 jobs, 2 + 2 (ids 2 and 1), 0 jobs
  EXPECT_EQ(Ids(model), (std::vector<int64_t>{3, 2, 1, 0}));
  model.Sort(SqlColumn::kStatus, true);  // kCompleted before kFailed
  EXPECT_EQ(Ids(model), (std::vector<int64_t>{0, 1, 3, 2}));
}

TEST(SqlListModel, FiltersByDescriptionIdJobAndStatus) {
  SqlListModel model = HandBuilt();
  model.ApplyFilter("sales");  // case-insensitive description
  EXPECT_EQ(Ids(model), (std::vector<int64_t>{1, 2}));
  model.ApplyFilter("13");  // a whole job id (execution 2 ran job 13; no id contains "13")
  EXPECT_EQ(Ids(model), (std::vector<int64_t>{2}));
  model.ApplyFilter("1");  // execution id 1 and whole job id 1 (not 13)
  EXPECT_EQ(Ids(model), (std::vector<int64_t>{1}));
  model.ApplyFilter("failed");
  EXPECT_EQ(Ids(model), (std::vector<int64_t>{2}));
  model.Sort(SqlColumn::kId, false);
  model.ApplyFilter("");  // everything back, in the current sort order
  EXPECT_EQ(Ids(model), (std::vector<int64_t>{3, 2, 1, 0}));
  EXPECT_EQ(model.filter, "");
}

// rapids-tools' db_subExecution_id: executions 6 to 10 name 5 as their root (the log's
// ExecutionStart "rootExecutionId"), so the table lists 0 to 5 and 11, and 5's arrow shows its
// subs under it, whatever the sort.
TEST(SqlListModel, SubExecutionsListedUnderTheirRoot) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/rapids-tools/qualification/db_subExecution_id.zstd"), "");
  SqlListModel& sql = ui.state().sql;
  ASSERT_EQ(sql.rows.size(), 12u);
  EXPECT_TRUE(sql.any_sub_executions);
  EXPECT_EQ(Ids(sql), (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 11}));
  EXPECT_EQ(sql.rows[5].sub_executions, (std::vector<int64_t>{6, 7, 8, 9, 10}));
  EXPECT_EQ(sql.rows[7].listed_under, 5);
  sql.ToggleExpanded(5);
  EXPECT_EQ(Ids(sql), (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));
  sql.Sort(SqlColumn::kId, false);
  EXPECT_EQ(Ids(sql), (std::vector<int64_t>{11, 5, 6, 7, 8, 9, 10, 4, 3, 2, 1, 0}));
  sql.ToggleExpanded(5);
  EXPECT_EQ(Ids(sql), (std::vector<int64_t>{11, 5, 4, 3, 2, 1, 0}));
}

}  // namespace sql_list_model_test
}  // namespace afterglow::ui
