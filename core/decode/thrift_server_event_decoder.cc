#include "core/decode/thrift_server_event_decoder.h"

#include "core/decode/json_fields.h"

namespace afterglow {
namespace {

namespace od = simdjson::ondemand;
using json::ForEachObjectField;
using json::ReadInt64;
using json::ReadStringOrEmpty;
using simdjson::error_code;
using simdjson::SUCCESS;

constexpr std::string_view kThriftUiPackage = "org.apache.spark.sql.hive.thriftserver.ui.";

struct KindName {
  std::string_view name;  // after the package and "SparkListener" (and "ThriftServer" from 3.1)
  EventKind kind;
};
constexpr KindName kKinds[] = {
    {"SessionCreated", EventKind::kThriftSessionCreated},
    {"SessionClosed", EventKind::kThriftSessionClosed},
    {"OperationStart", EventKind::kThriftOperationStart},
    {"OperationParsed", EventKind::kThriftOperationParsed},
    {"OperationCanceled", EventKind::kThriftOperationCanceled},
    {"OperationTimeout", EventKind::kThriftOperationTimeout},
    {"OperationError", EventKind::kThriftOperationError},
    {"OperationFinish", EventKind::kThriftOperationFinish},
    {"OperationClosed", EventKind::kThriftOperationClosed},
};

ThriftOperationUpdate UpdateOf(EventKind kind) {
  switch (kind) {
    case EventKind::kThriftOperationParsed: return ThriftOperationUpdate::kParsed;
    case EventKind::kThriftOperationCanceled: return ThriftOperationUpdate::kCanceled;
    case EventKind::kThriftOperationTimeout: return ThriftOperationUpdate::kTimeout;
    case EventKind::kThriftOperationError: return ThriftOperationUpdate::kError;
    case EventKind::kThriftOperationClosed: return ThriftOperationUpdate::kClosed;
    default: return ThriftOperationUpdate::kFinish;
  }
}

}  // namespace

EventKind ThriftServerEventKindFromName(std::string_view name) {
  if (!name.starts_with(kThriftUiPackage)) return EventKind::kIgnored;
  name.remove_prefix(kThriftUiPackage.size());
  if (!name.starts_with("SparkListener")) return EventKind::kIgnored;
  name.remove_prefix(std::string_view("SparkListener").size());
  if (name.starts_with("ThriftServer")) name.remove_prefix(std::string_view("ThriftServer").size());
  for (const KindName& known : kKinds) {
    if (known.name == name) return known.kind;
  }
  return EventKind::kIgnored;
}

error_code DecodeThriftServerEvent(EventKind kind, od::object& event, StringPool& pool,
                                   ThriftServerSink* sink) {
  if (sink == nullptr) return SUCCESS;
  switch (kind) {
    case EventKind::kThriftSessionCreated: {
      ThriftSessionCreatedEvent e;
      AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
        if (key == "ip") return ReadStringOrEmpty(v, pool, e.ip);
        if (key == "sessionId") return ReadStringOrEmpty(v, pool, e.session_id);
        if (key == "userName") return ReadStringOrEmpty(v, pool, e.user_name);
        if (key == "startTime") return ReadInt64(v, e.start_time);
        return SUCCESS;
      }));
      sink->OnThriftSessionCreated(e);
      return SUCCESS;
    }
    case EventKind::kThriftSessionClosed: {
      StringId session_id = kEmptyString;
      int64_t finish_time = 0;
      AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
        if (key == "sessionId") return ReadStringOrEmpty(v, pool, session_id);
        if (key == "finishTime") return ReadInt64(v, finish_time);
        return SUCCESS;
      }));
      sink->OnThriftSessionClosed(session_id, finish_time);
      return SUCCESS;
    }
    case EventKind::kThriftOperationStart: {
      ThriftOperationStartEvent e;
      e.user_name = pool.Intern("UNKNOWN");  // the case class's default
      AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
        if (key == "id") return ReadStringOrEmpty(v, pool, e.id);
        if (key == "sessionId") return ReadStringOrEmpty(v, pool, e.session_id);
        if (key == "statement") return ReadStringOrEmpty(v, pool, e.statement);
        if (key == "groupId") return ReadStringOrEmpty(v, pool, e.group_id);
        if (key == "startTime") return ReadInt64(v, e.start_time);
        if (key == "userName") return ReadStringOrEmpty(v, pool, e.user_name);
        return SUCCESS;
      }));
      sink->OnThriftOperationStart(e);
      return SUCCESS;
    }
    default: break;
  }
  ThriftOperationUpdateEvent e;
  e.update = UpdateOf(kind);
  AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    if (key == "id") return ReadStringOrEmpty(v, pool, e.id);
    if (key == "finishTime" || key == "closeTime") return ReadInt64(v, e.time);
    if (key == "executionPlan" || key == "errorMsg") return ReadStringOrEmpty(v, pool, e.text);
    return SUCCESS;
  }));
  sink->OnThriftOperationUpdate(e);
  return SUCCESS;
}

}  // namespace afterglow
