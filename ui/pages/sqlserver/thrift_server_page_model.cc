#include "ui/pages/sqlserver/thrift_server_page_model.h"

#include "ui/widgets/format.h"
#include "ui/widgets/table_text.h"
#include "ui/widgets/tsv.h"

namespace afterglow::ui {

bool HasThriftServer(const AttemptModel* model) {
  return model != nullptr && !model->thrift_server.empty();
}

void ThriftServerPageModel::Clear() {
  statements.clear();
  sessions.clear();
  shown.clear();
  online_sessions = running_statements = 0;
}

void ThriftServerPageModel::Build(const AttemptModel& model, const StringPool& strings,
                                  int64_t now_ms) {
  Clear();
  for (const ThriftStatementRow& row : ThriftStatementRows(model, strings, now_ms)) {
    ThriftStatementLine line;
    line.user = std::string(row.user);
    for (int32_t job : row.job_ids) {
      line.job_ids += (line.job_ids.empty() ? "[" : " [") + std::to_string(job) + "]";
    }
    line.jobs = row.job_ids;
    line.group_id = std::string(row.group_id);
    line.statement = std::string(row.statement);
    line.state = ThriftExecutionStateName(row.state);
    line.detail = std::string(row.detail);
    line.session_id = std::string(row.session_id);
    line.start_ms = row.start_time;
    line.finish_ms = row.finish_time;
    line.close_ms = row.close_time;
    line.execution_ms = row.execution_time_ms;
    line.duration_ms = row.duration_ms;
    line.failed = row.state == ThriftExecutionState::kFailed;
    line.search_text = Lower(line.user + "\t" + line.statement + "\t" + line.state + "\t" +
                             line.detail + "\t" + line.group_id);
    running_statements += row.active;
    statements.push_back(std::move(line));
  }
  for (const ThriftSessionRow& row : ThriftSessionRows(model, strings, now_ms)) {
    ThriftSessionLine line;
    line.user = std::string(row.user);
    line.ip = std::string(row.ip);
    line.session_id = std::string(row.session_id);
    line.start_ms = row.start_time;
    line.finish_ms = row.finish_time;
    line.duration_ms = row.duration_ms;
    line.total_execute = row.total_execute;
    online_sessions += row.finish_time == 0;
    sessions.push_back(std::move(line));
  }
  ApplyFilter();
}

void ThriftServerPageModel::ApplyFilter() {
  const std::string needle = Lower(search);
  shown.clear();
  for (uint32_t i = 0; i < statements.size(); ++i) {
    if (needle.empty() || statements[i].search_text.find(needle) != std::string::npos) {
      shown.push_back(i);
    }
  }
}

std::string ThriftServerPageModel::StatementsTsv() const {
  TsvWriter tsv;
  for (const char* header : {"User", "JobID", "GroupID", "Start Time", "Finish Time", "Close Time",
                             "Execution Time (ms)", "Duration (ms)", "Statement", "State",
                             "Detail"}) {
    tsv.Cell(header);
  }
  tsv.EndRow();
  char when[64];
  auto time = [&](int64_t ms) { return ms > 0 ? FormatTimestamp(ms, when, sizeof when) : ""; };
  for (uint32_t i : shown) {
    const ThriftStatementLine& s = statements[i];
    tsv.Cell(s.user);
    tsv.Cell(s.job_ids);
    tsv.Cell(s.group_id);
    tsv.Cell(time(s.start_ms));
    tsv.Cell(time(s.finish_ms));
    tsv.Cell(time(s.close_ms));
    tsv.Cell(s.execution_ms);
    tsv.Cell(s.duration_ms);
    tsv.Cell(s.statement);
    tsv.Cell(s.state);
    tsv.Cell(s.detail);
    tsv.EndRow();
  }
  return tsv.text();
}

bool ThriftServerPageModel::ShowsSession(const ThriftSessionLine& session) const {
  return sessions_filter.Shows({session.user, session.ip, session.session_id});
}

std::string ThriftServerPageModel::SessionsTsv() const {
  TsvWriter tsv;
  for (const char* header : {"User", "IP", "Session ID", "Start Time", "Finish Time",
                             "Duration (ms)", "Total Execute"}) {
    tsv.Cell(header);
  }
  tsv.EndRow();
  char when[64];
  for (const ThriftSessionLine& s : sessions) {
    if (!ShowsSession(s)) continue;
    tsv.Cell(s.user);
    tsv.Cell(s.ip);
    tsv.Cell(s.session_id);
    tsv.Cell(FormatTimestamp(s.start_ms, when, sizeof when));
    tsv.Cell(s.finish_ms > 0 ? FormatTimestamp(s.finish_ms, when, sizeof when) : "");
    tsv.Cell(s.duration_ms);
    tsv.Cell(s.total_execute);
    tsv.EndRow();
  }
  return tsv.text();
}

}  // namespace afterglow::ui
