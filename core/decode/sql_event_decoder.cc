#include "core/decode/sql_event_decoder.h"

#include <limits>
#include <string>

#include "core/decode/json_fields.h"

namespace afterglow {
namespace {

namespace od = simdjson::ondemand;
using json::ForEachObjectField;
using json::ForEachElement;
using json::ForEachField;
using json::ReadInt64;
using json::ReadOptText;
using json::ReadStringOrEmpty;
using simdjson::error_code;
using simdjson::SUCCESS;

constexpr std::string_view kSqlUiPackage = "org.apache.spark.sql.execution.ui.";
constexpr std::string_view kStreamingListener =
    "org.apache.spark.sql.streaming.StreamingQueryListener$";

// ReadStringOrEmpty through the plan's string cache: a string is interned through `strings`, null
// reads as "", a number or boolean as its token.
error_code ReadPlanText(od::value value, StringPool& pool, PlanStrings& strings, StringId& out) {
  od::json_type type;
  AG_JSON_TRY(value.type().get(type));
  if (type != od::json_type::string) return ReadStringOrEmpty(value, pool, out);
  std::string_view text;
  AG_JSON_TRY(value.get_string().get(text));
  out = strings.Intern(text);
  return SUCCESS;
}

error_code DecodePlanMetric(od::value value, StringPool& pool, PlanStrings& strings,
                            SqlPlanMetricEvent& metric) {
  metric = SqlPlanMetricEvent{};
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    if (key == "name") return ReadPlanText(v, pool, strings, metric.name);
    if (key == "accumulatorId") return ReadInt64(v, metric.accumulator_id);
    if (key == "metricType") return ReadPlanText(v, pool, strings, metric.metric_type);
    return SUCCESS;
  });
}

// One SparkPlanInfo node and, recursively, its children; `out_index` is the node's index.
error_code DecodePlanInfo(od::value value, StringPool& pool, PlanStrings& strings,
                          SparkPlanInfoTree& tree, int32_t& out_index) {
  const int32_t index = static_cast<int32_t>(tree.nodes.size());
  tree.nodes.emplace_back();
  out_index = index;
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    if (key == "nodeName") return ReadPlanText(v, pool, strings, tree.nodes[index].node_name);
    if (key == "simpleString") {
      return ReadPlanText(v, pool, strings, tree.nodes[index].simple_string);
    }
    if (key == "children") {
      int32_t last = -1;
      return ForEachElement(v, [&](od::value child) -> error_code {
        int32_t child_index = -1;
        AG_JSON_TRY(DecodePlanInfo(child, pool, strings, tree, child_index));
        if (last < 0) tree.nodes[index].first_child = child_index;
        else tree.nodes[last].next_sibling = child_index;
        last = child_index;
        return SUCCESS;
      });
    }
    if (key == "metrics") {
      const uint32_t begin = static_cast<uint32_t>(tree.metrics.size());
      AG_JSON_TRY(ForEachElement(v, [&](od::value m) -> error_code {
        return DecodePlanMetric(m, pool, strings, tree.metrics.emplace_back());
      }));
      tree.nodes[index].metrics_begin = begin;
      tree.nodes[index].metrics_end = static_cast<uint32_t>(tree.metrics.size());
      return SUCCESS;
    }
    return SUCCESS;
  });
}

error_code DecodePlanTree(od::value value, StringPool& pool, PlanStrings& strings,
                          SparkPlanInfoTree& tree) {
  tree.Clear();
  od::json_type type;
  AG_JSON_TRY(value.type().get(type));
  if (type == od::json_type::null) {
    bool is_null = false;
    return value.is_null().get(is_null);
  }
  int32_t root = -1;
  return DecodePlanInfo(value, pool, strings, tree, root);
}

error_code DecodeExecutionStart(od::object& event, StringPool& pool, PlanStrings& strings,
                                SqlExecutionStartEvent& e) {
  e.execution_id = 0;
  e.root_execution_id = OptString{};
  e.description = e.details = e.physical_plan_description = OptString{};
  e.plan.Clear();
  e.time = kNoTime;
  e.modified_configs.clear();
  return ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    if (key == "executionId") return ReadInt64(v, e.execution_id);
    if (key == "rootExecutionId") return ReadOptText(v, pool, e.root_execution_id);
    if (key == "description") return ReadOptText(v, pool, e.description);
    if (key == "details") return ReadOptText(v, pool, e.details);
    if (key == "physicalPlanDescription") return ReadOptText(v, pool, e.physical_plan_description);
    if (key == "sparkPlanInfo") return DecodePlanTree(v, pool, strings, e.plan);
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

error_code DecodeSqlEvent(EventKind kind, od::object& event, StringPool& pool, SqlEventSink* sink,
                          SqlDecodeScratch& scratch) {
  if (sink == nullptr) return SUCCESS;
  switch (kind) {
    case EventKind::kSqlExecutionStart: {
      AG_JSON_TRY(DecodeExecutionStart(event, pool, scratch.plan_strings, scratch.start));
      sink->OnSqlExecutionStart(scratch.start);
      return SUCCESS;
    }
    case EventKind::kSqlExecutionEnd: {
      SqlExecutionEndEvent end;
      AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
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
      AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
        if (key == "executionId") return ReadInt64(v, e.execution_id);
        if (key == "physicalPlanDescription") {
          return ReadOptText(v, pool, e.physical_plan_description);
        }
        if (key == "sparkPlanInfo") return DecodePlanTree(v, pool, scratch.plan_strings, e.plan);
        return SUCCESS;
      }));
      sink->OnSqlAdaptiveExecutionUpdate(e);
      return SUCCESS;
    }
    case EventKind::kSqlAdaptiveMetricUpdates: {
      SqlAdaptiveMetricUpdatesEvent& e = scratch.metric_updates;
      e.execution_id = 0;
      e.metrics.clear();
      AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
        if (key == "executionId") return ReadInt64(v, e.execution_id);
        if (key == "sqlPlanMetrics") {
          return ForEachElement(v, [&](od::value m) -> error_code {
            return DecodePlanMetric(m, pool, scratch.plan_strings, e.metrics.emplace_back());
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
      AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
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
    default:
      return SUCCESS;
  }
}

}  // namespace afterglow
