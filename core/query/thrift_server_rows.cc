#include "core/query/thrift_server_rows.h"

#include <algorithm>
#include <map>
#include <string>

namespace afterglow {
namespace {

int64_t TotalTime(int64_t start, int64_t end, int64_t now_ms) {
  return end == 0 ? now_ms - start : end - start;
}

// Newest first; ties by id so the order is stable.
template <typename Row>
void NewestFirst(std::vector<Row>& rows) {
  std::stable_sort(rows.begin(), rows.end(),
                   [](const Row& a, const Row& b) { return a.start_time > b.start_time; });
}

}  // namespace

const char* ThriftExecutionStateName(ThriftExecutionState state) {
  switch (state) {
    case ThriftExecutionState::kStarted: return "STARTED";
    case ThriftExecutionState::kCompiled: return "COMPILED";
    case ThriftExecutionState::kCanceled: return "CANCELED";
    case ThriftExecutionState::kTimedOut: return "TIMEDOUT";
    case ThriftExecutionState::kFailed: return "FAILED";
    case ThriftExecutionState::kFinished: return "FINISHED";
    case ThriftExecutionState::kClosed: return "CLOSED";
  }
  return "";
}

std::vector<ThriftStatementRow> ThriftStatementRows(const AttemptModel& attempt,
                                                    const StringPool& pool, int64_t now_ms) {
  // The listener adds a job to every statement of the job's group (onJobStart).
  std::map<StringId, std::vector<int32_t>> jobs_of_group;
  for (const auto& [job_id, index] : attempt.job_rows) {
    const Job& job = attempt.job(index);
    if (job.job_group.present) jobs_of_group[job.job_group.id].push_back(job_id);
  }
  std::vector<ThriftStatementRow> rows;
  for (const ThriftStatement& s : attempt.thrift_server.statements) {
    ThriftStatementRow row;
    row.exec_id = pool.Get(s.exec_id);
    row.user = pool.Get(s.user_name);
    if (auto it = jobs_of_group.find(s.group_id); it != jobs_of_group.end() && s.group_id != kEmptyString) {
      row.job_ids = it->second;
      // SqlStatsTableRow sorts the ids as text ("10" before "9").
      std::sort(row.job_ids.begin(), row.job_ids.end(), [](int32_t a, int32_t b) {
        return std::to_string(a) < std::to_string(b);
      });
    }
    row.group_id = pool.Get(s.group_id);
    row.session_id = pool.Get(s.session_id);
    row.start_time = s.start_time;
    row.finish_time = s.finish_time;
    row.close_time = s.close_time;
    row.execution_time_ms = TotalTime(s.start_time, s.finish_time, now_ms);
    row.duration_ms = TotalTime(s.start_time, s.close_time, now_ms);
    row.statement = pool.Get(s.statement);
    row.state = s.state;
    row.detail = pool.Get(s.detail != kEmptyString ? s.detail : s.execute_plan);
    row.active = !(s.state == ThriftExecutionState::kFailed ||
                   s.state == ThriftExecutionState::kCanceled ||
                   s.state == ThriftExecutionState::kTimedOut ||
                   s.state == ThriftExecutionState::kClosed);
    rows.push_back(row);
  }
  NewestFirst(rows);
  return rows;
}

std::vector<ThriftSessionRow> ThriftSessionRows(const AttemptModel& attempt,
                                                const StringPool& pool, int64_t now_ms) {
  std::vector<ThriftSessionRow> rows;
  for (const ThriftSession& s : attempt.thrift_server.sessions) {
    ThriftSessionRow row;
    row.session_id = pool.Get(s.session_id);
    row.user = pool.Get(s.user_name);
    row.ip = pool.Get(s.ip);
    row.start_time = s.start_time;
    row.finish_time = s.finish_time;
    row.duration_ms = TotalTime(s.start_time, s.finish_time, now_ms);
    row.total_execute = s.total_execution;
    rows.push_back(row);
  }
  NewestFirst(rows);
  return rows;
}

}  // namespace afterglow
