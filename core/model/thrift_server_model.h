// The Spark Thrift server's sessions and SQL statements, as HiveThriftServer2Listener keeps them
// (SessionInfo, ExecutionInfo): what the JDBC/ODBC Server tab shows. Empty for a log without the
// Thrift server's events.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "core/base/string_pool.h"

namespace afterglow {

// HiveThriftServer2.ExecutionState.
enum class ThriftExecutionState : uint8_t {
  kStarted,
  kCompiled,
  kCanceled,
  kTimedOut,
  kFailed,
  kFinished,
  kClosed
};

struct ThriftSession {
  StringId session_id = kEmptyString;
  StringId ip = kEmptyString;
  StringId user_name = kEmptyString;
  int64_t start_time = 0;   // epoch ms
  int64_t finish_time = 0;  // 0 while the session is open
  int64_t total_execution = 0;
  bool live = true;  // still in the listener's live list (not closed)
};

struct ThriftStatement {
  StringId exec_id = kEmptyString;
  StringId statement = kEmptyString;
  StringId session_id = kEmptyString;
  StringId user_name = kEmptyString;
  StringId group_id = kEmptyString;  // the job group of the statement's jobs
  int64_t start_time = 0;
  int64_t finish_time = 0;  // 0 until it finished, failed, was canceled or timed out
  int64_t close_time = 0;   // 0 until it was closed
  StringId execute_plan = kEmptyString;
  StringId detail = kEmptyString;  // the error message of a failed statement
  ThriftExecutionState state = ThriftExecutionState::kStarted;
  bool live = true;  // not closed yet
};

struct ThriftServerModel {
  std::vector<ThriftSession> sessions;      // first-created order
  std::vector<ThriftStatement> statements;  // first-started order
  std::map<StringId, uint32_t> session_rows;    // sessionId -> row of `sessions`
  std::map<StringId, uint32_t> statement_rows;  // id -> row of `statements`
  bool empty() const { return sessions.empty() && statements.empty(); }
};

}  // namespace afterglow
