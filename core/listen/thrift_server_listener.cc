#include "core/listen/thrift_server_listener.h"

namespace afterglow {

ThriftSession* ThriftServerListener::LiveSession(StringId id) {
  ThriftServerModel& m = model_.thrift_server;
  auto it = m.session_rows.find(id);
  if (it == m.session_rows.end() || !m.sessions[it->second].live) return nullptr;
  return &m.sessions[it->second];
}

ThriftStatement* ThriftServerListener::LiveStatement(StringId id) {
  ThriftServerModel& m = model_.thrift_server;
  auto it = m.statement_rows.find(id);
  if (it == m.statement_rows.end() || !m.statements[it->second].live) return nullptr;
  return &m.statements[it->second];
}

void ThriftServerListener::OnThriftSessionCreated(const ThriftSessionCreatedEvent& e) {
  if (LiveSession(e.session_id) != nullptr) return;  // computeIfAbsent keeps the live one
  ThriftSession session;
  session.session_id = e.session_id;
  session.ip = e.ip;
  session.user_name = e.user_name;
  session.start_time = e.start_time;
  ThriftServerModel& m = model_.thrift_server;
  // A closed session's id created again replaces the stored one (the store's key is the id).
  auto [it, added] = m.session_rows.try_emplace(e.session_id, static_cast<uint32_t>(m.sessions.size()));
  if (added) {
    m.sessions.push_back(session);
  } else {
    m.sessions[it->second] = session;
  }
}

void ThriftServerListener::OnThriftSessionClosed(StringId session_id, int64_t finish_time) {
  ThriftSession* session = LiveSession(session_id);
  if (session == nullptr) return;
  session->finish_time = finish_time;
  session->live = false;
}

void ThriftServerListener::OnThriftOperationStart(const ThriftOperationStartEvent& e) {
  ThriftServerModel& m = model_.thrift_server;
  ThriftStatement* statement = LiveStatement(e.id);
  if (statement == nullptr) {
    ThriftStatement created;
    created.exec_id = e.id;
    created.statement = e.statement;
    created.session_id = e.session_id;
    created.start_time = e.start_time;
    created.user_name = e.user_name;
    auto [it, added] = m.statement_rows.try_emplace(e.id, static_cast<uint32_t>(m.statements.size()));
    if (added) {
      m.statements.push_back(created);
    } else {
      m.statements[it->second] = created;
    }
    statement = &m.statements[it->second];
  }
  statement->state = ThriftExecutionState::kStarted;
  statement->group_id = e.group_id;
  if (ThriftSession* session = LiveSession(e.session_id)) ++session->total_execution;
}

void ThriftServerListener::OnThriftOperationUpdate(const ThriftOperationUpdateEvent& e) {
  ThriftStatement* statement = LiveStatement(e.id);
  if (statement == nullptr) return;
  switch (e.update) {
    case ThriftOperationUpdate::kParsed:
      statement->execute_plan = e.text;
      statement->state = ThriftExecutionState::kCompiled;
      return;
    case ThriftOperationUpdate::kCanceled:
      statement->finish_time = e.time;
      statement->state = ThriftExecutionState::kCanceled;
      return;
    case ThriftOperationUpdate::kTimeout:
      statement->finish_time = e.time;
      statement->state = ThriftExecutionState::kTimedOut;
      return;
    case ThriftOperationUpdate::kError:
      statement->finish_time = e.time;
      statement->detail = e.text;
      statement->state = ThriftExecutionState::kFailed;
      return;
    case ThriftOperationUpdate::kFinish:
      statement->finish_time = e.time;
      statement->state = ThriftExecutionState::kFinished;
      return;
    case ThriftOperationUpdate::kClosed:
      statement->close_time = e.time;
      statement->state = ThriftExecutionState::kClosed;
      statement->live = false;
      return;
  }
}

}  // namespace afterglow
