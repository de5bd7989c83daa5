// A SqlEventSink that keeps the SQL-execution events the raw path reads (ExecutionStart,
// ExecutionEnd, AdaptiveExecutionUpdate) as one text each (every field the decoders fill, plan
// trees whole, strings resolved through the pool), so the raw SQL path's output and simdjson's
// compare. Every other event is ignored.
#pragma once

#include <string>
#include <vector>

#include "core/base/string_pool.h"
#include "core/decode/sql_events.h"

namespace afterglow::fuzz {

class SqlRecordingSink final : public SqlEventSink {
 public:
  explicit SqlRecordingSink(const StringPool* pool) : pool_(pool) {}
  std::vector<std::string> events;

  void OnJobStart(const JobStartEvent&) override {}
  void OnJobEnd(int32_t, bool) override {}
  void OnStageSubmitted(const StageInfoEvent&) override {}
  void OnTaskEnd(const TaskEndEvent&, const std::vector<TaskAccumUpdate>&) override {}
  bool WantsTaskAccumulables(int32_t, int32_t) const override { return false; }
  void OnSqlExecutionStart(const SqlExecutionStartEvent& event) override;
  void OnSqlExecutionEnd(const SqlExecutionEndEvent& event) override;
  void OnSqlAdaptiveExecutionUpdate(const SqlAdaptiveExecutionUpdateEvent& event) override;
  void OnSqlAdaptiveMetricUpdates(const SqlAdaptiveMetricUpdatesEvent&) override {}
  void OnSqlDriverAccumUpdates(const SqlDriverAccumUpdatesEvent&) override {}
  void OnStreamingQueryStarted(const StreamingQueryStartedEvent&) override {}
  void OnStreamingQueryProgress(const StreamingQueryProgressEvent&) override {}
  void OnStreamingQueryTerminated(const StreamingQueryTerminatedEvent&) override {}

 private:
  std::string Plan(const SparkPlanInfoTree& plan) const;
  std::string Text(StringId id) const;
  std::string Text(const OptString& text) const;
  const StringPool* pool_;
};

}  // namespace afterglow::fuzz
