// The Thrift server's statements and sessions, replayed from a log made at test time
// (tests/support/thrift_server_log.h: the corpus has no Thrift server log), as Spark's
// HiveThriftServer2Listener keeps them and ThriftServerPage shows them.
#include "core/query/thrift_server_rows.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/analysis/task_view.h"
#include "tests/core/inline_log.h"
#include "tests/support/thrift_server_log.h"

namespace afterglow {
namespace thrift_server_rows_test {

struct Loaded {
  std::unique_ptr<Session> session = test_support::LoadInlineLog(test_support::ThriftServerLog());
  const AttemptModel& model = *session->model(0);
  const StringPool& pool = session->strings();
  int64_t now = TaskNow(model);
};

TEST(ThriftServerRows, StatementsNewestFirstWithSparksStatesTimesAndDetail) {
  Loaded l;
  EXPECT_EQ(l.now, 10000);
  const std::vector<ThriftStatementRow> rows = ThriftStatementRows(l.model, l.pool, l.now);
  ASSERT_EQ(rows.size(), 5u);  // the update of an unknown id made no statement
  std::vector<std::string> ids, states;
  for (const ThriftStatementRow& row : rows) {
    ids.emplace_back(row.exec_id);
    states.emplace_back(ThriftExecutionStateName(row.state));
  }
  EXPECT_EQ(ids, (std::vector<std::string>{"op5", "op4", "op3", "op2", "op1"}));
  EXPECT_EQ(states,
            (std::vector<std::string>{"TIMEDOUT", "COMPILED", "CANCELED", "FAILED", "CLOSED"}));

  const ThriftStatementRow& closed = rows[4];
  EXPECT_EQ(closed.user, "alice");
  EXPECT_EQ(closed.job_ids, (std::vector<int32_t>{0, 1}));  // the jobs of group g1
  EXPECT_EQ(closed.group_id, "g1");
  EXPECT_EQ(closed.statement, "SELECT count(*) FROM t");
  EXPECT_EQ(closed.execution_time_ms, 2000 - 1200);  // start to finish
  EXPECT_EQ(closed.duration_ms, 2500 - 1200);        // start to close
  EXPECT_EQ(closed.detail, "== Physical Plan ==\nHashAggregate");  // no error: the plan
  EXPECT_FALSE(closed.active);

  const ThriftStatementRow& failed = rows[3];
  EXPECT_EQ(failed.detail, "Error in query: Table not found: nope\nat line 1");
  EXPECT_EQ(failed.finish_time, 3100);
  EXPECT_EQ(failed.close_time, 0);
  EXPECT_EQ(failed.duration_ms, l.now - 3000);  // never closed: to "now"
  EXPECT_TRUE(failed.job_ids.empty());
  EXPECT_FALSE(failed.active);

  const ThriftStatementRow& running = rows[1];
  EXPECT_TRUE(running.active);
  EXPECT_EQ(running.execution_time_ms, l.now - 5000);
  EXPECT_EQ(running.detail, "== Physical Plan ==\nScan big");

  const ThriftStatementRow& timed_out = rows[0];
  EXPECT_EQ(timed_out.user, "UNKNOWN");  // Spark 3.0's event without userName: the default
  EXPECT_EQ(timed_out.execution_time_ms, 7100 - 6100);
  EXPECT_FALSE(timed_out.active);
}

TEST(ThriftServerRows, SessionsCountTheirStatementsAndCloseOnce) {
  Loaded l;
  const std::vector<ThriftSessionRow> rows = ThriftSessionRows(l.model, l.pool, l.now);
  ASSERT_EQ(rows.size(), 2u);  // closing an unknown session made none
  EXPECT_EQ(rows[0].session_id, "s2");
  EXPECT_EQ(rows[0].user, "bob");
  EXPECT_EQ(rows[0].ip, "10.0.0.2");
  EXPECT_EQ(rows[0].finish_time, 0);
  EXPECT_EQ(rows[0].duration_ms, l.now - 6000);
  EXPECT_EQ(rows[0].total_execute, 1);
  EXPECT_EQ(rows[1].session_id, "s1");
  EXPECT_EQ(rows[1].finish_time, 9000);
  EXPECT_EQ(rows[1].duration_ms, 9000 - 1100);
  EXPECT_EQ(rows[1].total_execute, 4);
}

TEST(ThriftServerRows, ALogWithoutTheThriftServerHasNone) {
  std::unique_ptr<Session> session = test_support::LoadInlineLog(
      R"({"Event":"SparkListenerApplicationStart","App Name":"a","App ID":"app-1","Timestamp":1,"User":"u"})"
      "\n");
  EXPECT_TRUE(session->model(0)->thrift_server.empty());
  EXPECT_TRUE(ThriftStatementRows(*session->model(0), session->strings(), 0).empty());
}

}  // namespace thrift_server_rows_test
}  // namespace afterglow
