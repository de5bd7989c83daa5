#include "core/decode/sql_event_decoder.h"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "core/decode/json_fields.h"

namespace afterglow {
namespace {

namespace od = simdjson::ondemand;
using json::ForEachElement;
using json::ForEachField;
using json::ReadInt64;
using json::ReadOptText;
using simdjson::error_code;
using simdjson::SUCCESS;

constexpr std::string_view kSqlUiPackage = "org.apache.spark.sql.execution.ui.";
constexpr std::string_view kStreamingListener =
    "org.apache.spark.sql.streaming.StreamingQueryListener$";

template <typename OnField>
error_code WalkEvent(od::object& event, OnField&& on_field) {
  for (auto field_result : event) {
    od::field field;
    AG_JSON_TRY(std::move(field_result).get(field));
    std::string_view key;
    AG_JSON_TRY(json::FieldKey(field, key));
    AG_JSON_TRY(on_field(key, field.value()));
  }
  return SUCCESS;
}

// A string that may be null (read as ""): Jackson leaves a missing String field null.
error_code ReadStringOrEmpty(od::value value, StringPool& pool, StringId& out) {
  OptString text;
  AG_JSON_TRY(ReadOptText(value, pool, text));
  out = text.present ? text.id : kEmptyString;
  return SUCCESS;
}

// A Java double as Jackson writes it: a number, or "NaN" / "Infinity" / "-Infinity" as strings.
error_code ReadJavaDouble(od::value value, double& out) {
  od::json_type type;
  AG_JSON_TRY(value.type().get(type));
  if (type == od::json_type::string) {
    std::string_view text;
    AG_JSON_TRY(value.get_string().get(text));
    if (text == "NaN") out = std::numeric_limits<double>::quiet_NaN();
    else if (text == "Infinity") out = std::numeric_limits<double>::infinity();
    else if (text == "-Infinity") out = -std::numeric_limits<double>::infinity();
    else out = std::strtod(std::string(text).c_str(), nullptr);
    return SUCCESS;
  }
  if (type == od::json_type::null) {
    bool is_null = false;
    out = 0;
    return value.is_null().get(is_null);
  }
  return value.get_double().get(out);
}

error_code DecodePlanMetric(od::value value, StringPool& pool, SqlPlanMetricEvent& metric) {
  metric = SqlPlanMetricEvent{};
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    if (key == "name") return ReadStringOrEmpty(v, pool, metric.name);
    if (key == "accumulatorId") return ReadInt64(v, metric.accumulator_id);
    if (key == "metricType") return ReadStringOrEmpty(v, pool, metric.metric_type);
    return SUCCESS;
  });
}

// One SparkPlanInfo node and, recursively, its children; `out_index` is the node's index.
error_code DecodePlanInfo(od::value value, StringPool& pool, SparkPlanInfoTree& tree,
                          int32_t& out_index) {
  const int32_t index = static_cast<int32_t>(tree.nodes.size());
  tree.nodes.emplace_back();
  out_index = index;
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    if (key == "nodeName") return ReadStringOrEmpty(v, pool, tree.nodes[index].node_name);
    if (key == "simpleString") return ReadStringOrEmpty(v, pool, tree.nodes[index].simple_string);
    if (key == "children") {
      int32_t last = -1;
      return ForEachElement(v, [&](od::value child) -> error_code {
        int32_t child_index = -1;
        AG_JSON_TRY(DecodePlanInfo(child, pool, tree, child_index));
        if (last < 0) tree.nodes[index].first_child = child_index;
        else tree.nodes[last].next_sibling = child_index;
        last = child_index;
        return SUCCESS;
      });
    }
    if (key == "metrics") {
      const uint32_t begin = static_cast<uint32_t>(tree.metrics.size());
      AG_JSON_TRY(ForEachElement(v, [&](od::value m) -> error_code {
        return DecodePlanMetric(m, pool, tree.metrics.emplace_back());
      }));
      tree.nodes[index].metrics_begin = begin;
      tree.nodes[index].metrics_end = static_cast<uint32_t>(tree.metrics.size());
      return SUCCESS;
    }
    return SUCCESS;
  });
}

error_code DecodePlanTree(od::value value, StringPool& pool, SparkPlanInfoTree& tree) {
  tree.Clear();
  od::json_type type;
  AG_JSON_TRY(value.type().get(type));
  if (type == od::json_type::null) {
    bool is_null = false;
    return value.is_null().get(is_null);
  }
  int32_t root = -1;
  return DecodePlanInfo(value, pool, tree, root);
}

error_code DecodeExecutionStart(od::object& event, StringPool& pool, SqlExecutionStartEvent& e) {
  e.execution_id = 0;
  e.root_execution_id = OptString{};
  e.description = e.details = e.physical_plan_description = OptString{};
  e.plan.Clear();
  e.time = kNoTime;
  e.modified_configs.clear();
  return WalkEvent(event, [&](std::string_view key, od::value v) -> error_code {
    if (key == "executionId") return ReadInt64(v, e.execution_id);
    if (key == "rootExecutionId") return ReadOptText(v, pool, e.root_execution_id);
    if (key == "description") return ReadOptText(v, pool, e.description);
    if (key == "details") return ReadOptText(v, pool, e.details);
    if (key == "physicalPlanDescription") return ReadOptText(v, pool, e.physical_plan_description);
    if (key == "sparkPlanInfo") return DecodePlanTree(v, pool, e.plan);
    if (key == "time") return ReadInt64(v, e.time);
    if (key == "modifiedConfigs") {
      return ForEachField(v, [&](std::string_view name, od::value cv) -> error_code {
        const StringId name_id = pool.Intern(name);
        OptString text;
        AG_JSON_TRY(ReadOptText(cv, pool, text));
        e.modified_configs.emplace_back(name_id, text.present ? text.id : kEmptyString);
        return SUCCESS;
      });
    }
    return SUCCESS;
  });
}

// Which of the fields that identify a streaming query run were present; an event without all of
// them is dropped, as Spark's listener cannot place it.
struct QueryIdentitySeen {
  bool id = false;
  bool run_id = false;
  bool timestamp = false;
  bool all() const { return id && run_id && timestamp; }
};

// Reads `key` into `e` when it is one of the fields shared by QueryStartedEvent and a progress
// report (id, runId, name, timestamp); `handled` says whether it was.
template <typename QueryEvent>
error_code ReadQueryIdentityField(std::string_view key, od::value v, StringPool& pool,
                                  QueryEvent& e, QueryIdentitySeen& seen, bool& handled) {
  handled = true;
  if (key == "id") {
    seen.id = true;
    return ReadStringOrEmpty(v, pool, e.id);
  }
  if (key == "runId") {
    seen.run_id = true;
    return ReadStringOrEmpty(v, pool, e.run_id);
  }
  if (key == "name") return ReadOptText(v, pool, e.name);
  if (key == "timestamp") {
    OptString text;
    AG_JSON_TRY(ReadOptText(v, pool, text));
    seen.timestamp = text.present;
    e.timestamp = text.id;
    return SUCCESS;
  }
  handled = false;
  return SUCCESS;
}

error_code DecodeProgress(od::value value, StringPool& pool, StreamingQueryProgressEvent& p,
                          QueryIdentitySeen& seen) {
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    bool handled = false;
    const error_code identity = ReadQueryIdentityField(key, v, pool, p, seen, handled);
    if (handled) return identity;
    if (key == "batchId") return ReadInt64(v, p.batch_id);
    if (key == "batchDuration") return ReadInt64(v, p.batch_duration);
    if (key == "durationMs") {
      return ForEachField(v, [&](std::string_view name, od::value dv) -> error_code {
        const StringId name_id = pool.Intern(name);
        int64_t ms = 0;
        AG_JSON_TRY(ReadInt64(dv, ms));
        p.duration_ms.emplace_back(name_id, ms);
        return SUCCESS;
      });
    }
    if (key == "stateOperators") {
      return ForEachElement(v, [&](od::value op) -> error_code {
        return ForEachField(op, [&](std::string_view ok, od::value ov) -> error_code {
          int64_t n = 0;
          if (ok == "numRowsTotal") {
            AG_JSON_TRY(ReadInt64(ov, n));
            p.state_rows_total += n;
          } else if (ok == "numRowsUpdated") {
            AG_JSON_TRY(ReadInt64(ov, n));
            p.state_rows_updated += n;
          }
          return SUCCESS;
        });
      });
    }
    if (key == "sources") {
      return ForEachElement(v, [&](od::value source) -> error_code {
        StreamingSourceProgressEvent& s = p.sources.emplace_back();
        return ForEachField(source, [&](std::string_view sk, od::value sv) -> error_code {
          if (sk == "description") return ReadStringOrEmpty(sv, pool, s.description);
          if (sk == "numInputRows") return ReadInt64(sv, s.num_input_rows);
          if (sk == "inputRowsPerSecond") return ReadJavaDouble(sv, s.input_rows_per_second);
          if (sk == "processedRowsPerSecond") {
            return ReadJavaDouble(sv, s.processed_rows_per_second);
          }
          return SUCCESS;
        });
      });
    }
    if (key == "sink") {
      return ForEachField(v, [&](std::string_view sk, od::value sv) -> error_code {
        if (sk == "description") return ReadStringOrEmpty(sv, pool, p.sink_description);
        if (sk == "numOutputRows") return ReadInt64(sv, p.sink_num_output_rows);
        return SUCCESS;
      });
    }
    return SUCCESS;
  });
}

}  // namespace

bool ParseJavaLong(std::string_view text, int64_t& out) {
  if (text.empty()) return false;
  size_t pos = 0;
  bool negative = false;
  if (text[0] == '-' || text[0] == '+') {
    negative = text[0] == '-';
    pos = 1;
    if (text.size() == 1) return false;
  }
  // Accumulate negatively so that Long.MIN_VALUE parses.
  int64_t result = 0;
  const int64_t limit = negative ? std::numeric_limits<int64_t>::min()
                                 : -std::numeric_limits<int64_t>::max();
  for (; pos < text.size(); ++pos) {
    const char c = text[pos];
    if (c < '0' || c > '9') return false;
    const int digit = c - '0';
    if (result < limit / 10) return false;
    result *= 10;
    if (result < limit + digit) return false;
    result -= digit;
  }
  out = negative ? result : -result;
  return true;
}

EventKind SqlEventKindFromName(std::string_view name) {
  if (name.starts_with(kSqlUiPackage)) {
    name.remove_prefix(kSqlUiPackage.size());
    if (name == "SparkListenerSQLExecutionStart") return EventKind::kSqlExecutionStart;
    if (name == "SparkListenerSQLExecutionEnd") return EventKind::kSqlExecutionEnd;
    if (name == "SparkListenerSQLAdaptiveExecutionUpdate") {
      return EventKind::kSqlAdaptiveExecutionUpdate;
    }
    if (name == "SparkListenerSQLAdaptiveSQLMetricUpdates") {
      return EventKind::kSqlAdaptiveMetricUpdates;
    }
    if (name == "SparkListenerDriverAccumUpdates") return EventKind::kSqlDriverAccumUpdates;
    return EventKind::kIgnored;
  }
  if (name.starts_with(kStreamingListener)) {
    name.remove_prefix(kStreamingListener.size());
    if (name == "QueryStartedEvent") return EventKind::kStreamingQueryStarted;
    if (name == "QueryProgressEvent") return EventKind::kStreamingQueryProgress;
    if (name == "QueryTerminatedEvent") return EventKind::kStreamingQueryTerminated;
  }
  return EventKind::kIgnored;
}

bool IsSqlEventKind(EventKind kind) {
  switch (kind) {
    case EventKind::kSqlExecutionStart:
    case EventKind::kSqlExecutionEnd:
    case EventKind::kSqlAdaptiveExecutionUpdate:
    case EventKind::kSqlAdaptiveMetricUpdates:
    case EventKind::kSqlDriverAccumUpdates:
    case EventKind::kStreamingQueryStarted:
    case EventKind::kStreamingQueryProgress:
    case EventKind::kStreamingQueryTerminated:
      return true;
    default:
      return false;
  }
}

error_code DecodeSqlEvent(EventKind kind, od::object& event, StringPool& pool, SqlEventSink* sink,
                          SqlDecodeScratch& scratch) {
  if (sink == nullptr) return SUCCESS;
  switch (kind) {
    case EventKind::kSqlExecutionStart: {
      AG_JSON_TRY(DecodeExecutionStart(event, pool, scratch.start));
      sink->OnSqlExecutionStart(scratch.start);
      return SUCCESS;
    }
    case EventKind::kSqlExecutionEnd: {
      SqlExecutionEndEvent end;
      AG_JSON_TRY(WalkEvent(event, [&](std::string_view key, od::value v) -> error_code {
        if (key == "executionId") return ReadInt64(v, end.execution_id);
        if (key == "time") return ReadInt64(v, end.time);
        if (key == "errorMessage") return ReadOptText(v, pool, end.error_message);
        return SUCCESS;
      }));
      sink->OnSqlExecutionEnd(end);
      return SUCCESS;
    }
    case EventKind::kSqlAdaptiveExecutionUpdate: {
      SqlAdaptiveExecutionUpdateEvent& e = scratch.adaptive;
      e.execution_id = 0;
      e.physical_plan_description = OptString{};
      e.plan.Clear();
      AG_JSON_TRY(WalkEvent(event, [&](std::string_view key, od::value v) -> error_code {
        if (key == "executionId") return ReadInt64(v, e.execution_id);
        if (key == "physicalPlanDescription") {
          return ReadOptText(v, pool, e.physical_plan_description);
        }
        if (key == "sparkPlanInfo") return DecodePlanTree(v, pool, e.plan);
        return SUCCESS;
      }));
      sink->OnSqlAdaptiveExecutionUpdate(e);
      return SUCCESS;
    }
    case EventKind::kSqlAdaptiveMetricUpdates: {
      SqlAdaptiveMetricUpdatesEvent& e = scratch.metric_updates;
      e.execution_id = 0;
      e.metrics.clear();
      AG_JSON_TRY(WalkEvent(event, [&](std::string_view key, od::value v) -> error_code {
        if (key == "executionId") return ReadInt64(v, e.execution_id);
        if (key == "sqlPlanMetrics") {
          return ForEachElement(v, [&](od::value m) -> error_code {
            return DecodePlanMetric(m, pool, e.metrics.emplace_back());
          });
        }
        return SUCCESS;
      }));
      sink->OnSqlAdaptiveMetricUpdates(e);
      return SUCCESS;
    }
    case EventKind::kSqlDriverAccumUpdates: {
      SqlDriverAccumUpdatesEvent& e = scratch.driver_updates;
      e.execution_id = 0;
      e.updates.clear();
      AG_JSON_TRY(WalkEvent(event, [&](std::string_view key, od::value v) -> error_code {
        if (key == "executionId") return ReadInt64(v, e.execution_id);
        if (key == "accumUpdates") {
          return ForEachElement(v, [&](od::value pair) -> error_code {
            int64_t values[2] = {0, 0};
            int index = 0;
            AG_JSON_TRY(ForEachElement(pair, [&](od::value number) -> error_code {
              int64_t n = 0;
              AG_JSON_TRY(ReadInt64(number, n));
              if (index < 2) values[index] = n;
              ++index;
              return SUCCESS;
            }));
            e.updates.emplace_back(values[0], values[1]);
            return SUCCESS;
          });
        }
        return SUCCESS;
      }));
      sink->OnSqlDriverAccumUpdates(e);
      return SUCCESS;
    }
    case EventKind::kStreamingQueryStarted: {
      StreamingQueryStartedEvent e;
      QueryIdentitySeen seen;
      AG_JSON_TRY(WalkEvent(event, [&](std::string_view key, od::value v) -> error_code {
        bool handled = false;
        return ReadQueryIdentityField(key, v, pool, e, seen, handled);
      }));
      if (seen.all()) sink->OnStreamingQueryStarted(e);
      return SUCCESS;
    }
    case EventKind::kStreamingQueryProgress: {
      StreamingQueryProgressEvent& p = scratch.progress;
      p.id = p.run_id = p.timestamp = p.sink_description = kEmptyString;
      p.name = OptString{};
      p.batch_id = p.batch_duration = 0;
      p.duration_ms.clear();
      p.sources.clear();
      p.sink_num_output_rows = -1;
      p.state_rows_total = p.state_rows_updated = 0;
      QueryIdentitySeen seen;
      AG_JSON_TRY(WalkEvent(event, [&](std::string_view key, od::value v) -> error_code {
        return key == "progress" ? DecodeProgress(v, pool, p, seen) : SUCCESS;
      }));
      if (seen.all()) sink->OnStreamingQueryProgress(p);
      return SUCCESS;
    }
    case EventKind::kStreamingQueryTerminated: {
      StreamingQueryTerminatedEvent e;
      bool has_id = false, has_run_id = false;
      AG_JSON_TRY(WalkEvent(event, [&](std::string_view key, od::value v) -> error_code {
        if (key == "id") {
          has_id = true;
          return ReadStringOrEmpty(v, pool, e.id);
        }
        if (key == "runId") {
          has_run_id = true;
          return ReadStringOrEmpty(v, pool, e.run_id);
        }
        if (key == "exception") return ReadOptText(v, pool, e.exception);
        return SUCCESS;
      }));
      if (has_id && has_run_id) sink->OnStreamingQueryTerminated(e);
      return SUCCESS;
    }
    default:
      return SUCCESS;
  }
}

}  // namespace afterglow
