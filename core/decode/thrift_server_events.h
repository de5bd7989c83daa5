// The Spark Thrift server's (HiveThriftServer2's) listener events, as Jackson writes them by class
// name (org.apache.spark.sql.hive.thriftserver.ui.SparkListenerThriftServer*; Spark 3.0 named
// them SparkListenerSession* / SparkListenerOperation*), and the sink that receives them: the
// counterpart of HiveThriftServer2Listener. Every field is the case class's, under its own name.
#pragma once

#include <cstdint>

#include "core/events/events.h"  // StringId, as every decoded event carries it

namespace afterglow {

// SessionCreated(ip, sessionId, userName, startTime).
struct ThriftSessionCreatedEvent {
  StringId ip = kEmptyString;
  StringId session_id = kEmptyString;
  StringId user_name = kEmptyString;
  int64_t start_time = 0;  // epoch ms
};

// OperationStart(id, sessionId, statement, groupId, startTime, userName).
struct ThriftOperationStartEvent {
  StringId id = kEmptyString;
  StringId session_id = kEmptyString;
  StringId statement = kEmptyString;
  StringId group_id = kEmptyString;
  int64_t start_time = 0;
  StringId user_name = kEmptyString;
};

// How an operation ended (Canceled, Timeout, Error, Finish) or moved on (Parsed, Closed), with the
// event's time (finishTime or closeTime; 0 for Parsed) and text (executionPlan for Parsed,
// errorMsg for Error).
enum class ThriftOperationUpdate : uint8_t { kParsed, kCanceled, kTimeout, kError, kFinish, kClosed };
struct ThriftOperationUpdateEvent {
  ThriftOperationUpdate update = ThriftOperationUpdate::kFinish;
  StringId id = kEmptyString;
  int64_t time = 0;
  StringId text = kEmptyString;
};

class ThriftServerSink {
 public:
  virtual ~ThriftServerSink() = default;
  virtual void OnThriftSessionCreated(const ThriftSessionCreatedEvent& event) = 0;
  virtual void OnThriftSessionClosed(StringId session_id, int64_t finish_time) = 0;
  virtual void OnThriftOperationStart(const ThriftOperationStartEvent& event) = 0;
  virtual void OnThriftOperationUpdate(const ThriftOperationUpdateEvent& event) = 0;
};

}  // namespace afterglow
