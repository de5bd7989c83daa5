// HiveThriftServer2Listener replayed: sessions and statements into AttemptModel::thrift_server.
// A session or statement is created once per id while it is live (computeIfAbsent); closing it
// ends its live record, and an update for an id that is not live is dropped, as Spark's listener
// logs a warning and drops it. The statements' job ids are not kept here: the rows find them from
// the jobs' job group (core/query/thrift_server_rows.h). Spark's retention limits for sessions
// and statements (spark.sql.thriftServer.ui.retained*, 200 each by default) are not applied.
#pragma once

#include "core/decode/thrift_server_events.h"
#include "core/model/app_model.h"

namespace afterglow {

class ThriftServerListener final : public ThriftServerSink {
 public:
  explicit ThriftServerListener(AttemptModel* model) : model_(*model) {}

  void OnThriftSessionCreated(const ThriftSessionCreatedEvent& event) override;
  void OnThriftSessionClosed(StringId session_id, int64_t finish_time) override;
  void OnThriftOperationStart(const ThriftOperationStartEvent& event) override;
  void OnThriftOperationUpdate(const ThriftOperationUpdateEvent& event) override;

 private:
  ThriftSession* LiveSession(StringId id);
  ThriftStatement* LiveStatement(StringId id);

  AttemptModel& model_;
};

}  // namespace afterglow
