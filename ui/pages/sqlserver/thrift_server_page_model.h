// The JDBC/ODBC Server tab's model (Spark's ThriftServerPage): the Thrift server's SQL statements
// and sessions, read once from their rows (core/query/thrift_server_rows.h), with the headline
// counts Spark's page shows (sessions online, statements running). Built by PrepareRoute for
// #/sqlserver; ImGui-free.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/model/app_model.h"
#include "core/base/string_pool.h"
#include "core/query/thrift_server_rows.h"
#include "ui/widgets/small_table_filter.h"

namespace afterglow::ui {

struct ThriftStatementLine {
  std::string user, job_ids, group_id, statement, state, detail, session_id;
  std::vector<int32_t> jobs;  // for the job links
  int64_t start_ms = 0, finish_ms = 0, close_ms = 0;  // 0: not in the log
  int64_t execution_ms = 0, duration_ms = 0;
  bool failed = false;
  std::string search_text;  // lower-cased user, statement, state and detail, for the filter
};

struct ThriftSessionLine {
  std::string user, ip, session_id;
  int64_t start_ms = 0, finish_ms = 0, duration_ms = 0, total_execute = 0;
};

struct ThriftServerPageModel {
  std::vector<ThriftStatementLine> statements;  // newest first
  std::vector<ThriftSessionLine> sessions;      // newest first
  int64_t online_sessions = 0;  // getOnlineSessionNum: sessions not closed
  int64_t running_statements = 0;  // getTotalRunning: statements still active
  std::vector<uint32_t> shown;  // statements passing the filter, in order
  char search[96] = {};         // the statements' filter (user, statement, state, detail)
  SmallTableFilter sessions_filter;  // the sessions' filter (user, IP, session id); kept too

  void Clear();
  // `now_ms`: what open sessions and statements are measured to (the log's last event).
  void Build(const AttemptModel& model, const StringPool& strings, int64_t now_ms);
  void ApplyFilter();
  std::string StatementsTsv() const;
  std::string SessionsTsv() const;  // the sessions sessions_filter shows
  bool ShowsSession(const ThriftSessionLine& session) const;
};

// Whether a log has the Thrift server's events (the tab shows only then).
bool HasThriftServer(const AttemptModel* model);

}  // namespace afterglow::ui
