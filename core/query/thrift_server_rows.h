// The JDBC/ODBC Server tab's rows (Spark's ThriftServerPage): the SQL statements and sessions of
// the Thrift server with the numbers its tables compute, newest first (the tables' default sort,
// Start Time descending). Strings are views into the session's pool, valid while it lives.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/model/app_model.h"
#include "core/base/string_pool.h"

namespace afterglow {

// "STARTED", "COMPILED", "CANCELED", "TIMEDOUT", "FAILED", "FINISHED", "CLOSED".
const char* ThriftExecutionStateName(ThriftExecutionState state);

struct ThriftStatementRow {
  std::string_view exec_id;
  std::string_view user;
  std::vector<int32_t> job_ids;  // the jobs of the statement's job group, ordered as text
  std::string_view group_id;
  std::string_view session_id;
  int64_t start_time = 0;   // epoch ms
  int64_t finish_time = 0;  // 0 when not finished
  int64_t close_time = 0;   // 0 when not closed
  // ExecutionInfo.totalTime: start to finish ("Execution Time") and start to close ("Duration"),
  // to `now_ms` while the end is not in the log.
  int64_t execution_time_ms = 0;
  int64_t duration_ms = 0;
  std::string_view statement;
  ThriftExecutionState state = ThriftExecutionState::kStarted;
  // The error message of a failed statement, else the parsed plan (SqlStatsTableRow.detail).
  std::string_view detail;
  // isExecutionActive: not failed, canceled, timed out or closed.
  bool active = false;
};

struct ThriftSessionRow {
  std::string_view session_id;
  std::string_view user;
  std::string_view ip;
  int64_t start_time = 0;
  int64_t finish_time = 0;  // 0 while open
  int64_t duration_ms = 0;  // SessionInfo.totalTime, to `now_ms` while open
  int64_t total_execute = 0;
};

// `now_ms` is what an open session or statement is measured to (Spark uses the clock).
std::vector<ThriftStatementRow> ThriftStatementRows(const AttemptModel& attempt,
                                                    const StringPool& pool, int64_t now_ms);
std::vector<ThriftSessionRow> ThriftSessionRows(const AttemptModel& attempt,
                                                const StringPool& pool, int64_t now_ms);

}  // namespace afterglow
