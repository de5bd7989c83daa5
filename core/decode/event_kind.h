// The "Event" names the decoder understands, as one enum to switch on.
#pragma once

#include <cstdint>
#include <string_view>

namespace afterglow {

enum class EventKind : uint8_t {
  kUnknown,  // not a Spark event we know of: skipped and counted, as Spark's replay skips it
  kIgnored,  // a Spark event the model does not use yet (SQL, storage, exclusion...): skipped
  kLogStart,
  kApplicationStart,
  kApplicationEnd,
  kEnvironmentUpdate,
  kJobStart,
  kJobEnd,
  kStageSubmitted,
  kStageCompleted,
  kTaskStart,
  kTaskEnd,
  kExecutorAdded,
  kExecutorRemoved,
  kBlockManagerAdded,
  kStageExecutorMetrics,
  // Executors, storage, environment, miscellaneous processes.
  kResourceProfileAdded,
  kMiscellaneousProcessAdded,
  kBlockUpdated,
  kUnpersistRdd,
  kExecutorExcluded,  // and the old *Blacklisted* names, likewise below
  kExecutorUnexcluded,
  kExecutorExcludedForStage,
  kNodeExcluded,
  kNodeUnexcluded,
  kNodeExcludedForStage,
  // SQL executions and Structured Streaming (core/decode/sql_event_decoder.cc).
  kSqlExecutionStart,
  kSqlExecutionEnd,
  kSqlAdaptiveExecutionUpdate,
  kSqlAdaptiveMetricUpdates,
  kSqlDriverAccumUpdates,
  kStreamingQueryStarted,
  kStreamingQueryProgress,
  kStreamingQueryTerminated,
  // Engine plugins' events (core/decode/gluten_event_decoder.h).
  kGlutenPlanFallback,
  // The Thrift server's sessions and statements (core/decode/thrift_server_event_decoder.h).
  kThriftSessionCreated,
  kThriftSessionClosed,
  kThriftOperationStart,
  kThriftOperationParsed,
  kThriftOperationCanceled,
  kThriftOperationTimeout,
  kThriftOperationError,
  kThriftOperationFinish,
  kThriftOperationClosed,
};

EventKind EventKindFromName(std::string_view event_name);

}  // namespace afterglow
