#include "core/decode/sql_event_decoder.h"

#include <limits>
#include <string>

#include "core/decode/json_fields.h"
#include "core/decode/known_fields.h"
#include "core/decode/raw_json_cursor.h"

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

// The texts of simdjson's path: the pool, and the plan's string cache in front of it.
struct PoolTexts {
  StringPool& pool;
  PlanStrings& plan;
};
StringPool& PoolOf(PoolTexts& texts) { return texts.pool; }

// ReadStringOrEmpty through the plan's string cache: a string is interned through `strings`, null
// reads as "", a number or boolean as its token.
error_code ReadPlanText(od::value value, PoolTexts& texts, StringId& out) {
  od::json_type type;
  AG_JSON_TRY(value.type().get(type));
  if (type != od::json_type::string) return ReadStringOrEmpty(value, texts.pool, out);
  std::string_view text;
  AG_JSON_TRY(value.get_string().get(text));
  out = texts.plan.Intern(text);
  return SUCCESS;
}

// The raw path's texts: the interner, keyed by the escaped text, and the same plan cache as
// simdjson's path for the plan's texts without escapes (nearly all), which are their own text. A
// plan has some hundred texts: the interner's direct-mapped slots would evict many of them
// between two executions of the same query, the plan cache's four times as many keep them.
struct RawTexts {
  RawTextInterner& interner;
  PlanStrings& plan;
};
StringPool& PoolOf(RawTexts& texts) { return texts.interner.pool(); }

// The raw path's twin: a string (escapes and all) interned, null as "". A number or boolean
// (never written by Spark) gives the line back to simdjson.
error_code ReadPlanText(json::RawCursor& value, RawTexts& texts, StringId& out) {
  if (value.Peek() == 'n') {
    out = kEmptyString;
    return value.Literal("null") ? SUCCESS : json::kNotCanonical;
  }
  std::string_view raw;
  bool escaped = false;
  AG_JSON_TRY(value.ReadRawString(raw, escaped));
  if (!escaped) {
    out = texts.plan.Intern(raw);
    return SUCCESS;
  }
  return texts.interner.Intern(raw, escaped, out);
}

error_code ReadText(od::value value, PoolTexts& texts, OptString& out) {
  return ReadOptText(value, texts.pool, out);
}
error_code ReadText(json::RawCursor& value, RawTexts& texts, OptString& out) {
  return ReadOptText(value, texts.interner, out);
}

// A SparkPlanInfo's and a SQLMetricInfo's keys in the order Jackson writes them: on the raw path
// each is matched as literal words (known_fields.h).
constexpr auto kPlanInfoKeys =
    json::MakeKnownKeys({"nodeName", "simpleString", "children", "metadata", "metrics"});
constexpr auto kPlanMetricKeys = json::MakeKnownKeys({"name", "accumulatorId", "metricType"});

// simdjson bounds its own nesting (its parser's maximum depth); the raw cursor's recursion
// through "children" is bounded here, and a deeper plan goes to simdjson.
constexpr int kMaxRawPlanDepth = 256;
bool TooDeep(od::value&, int) { return false; }
bool TooDeep(json::RawCursor&, int depth) { return depth > kMaxRawPlanDepth; }

template <typename Value, typename Texts>
error_code DecodePlanMetric(Value&& value, Texts& texts, SqlPlanMetricEvent& metric) {
  metric = SqlPlanMetricEvent{};
  return json::ForEachKnownField<kPlanMetricKeys>(value, [&](auto key, auto&& v) -> error_code {
    switch (key) {
      case json::KeyIndex(kPlanMetricKeys, "name"): return ReadPlanText(v, texts, metric.name);
      case json::KeyIndex(kPlanMetricKeys, "accumulatorId"):
        return ReadInt64(v, metric.accumulator_id);
      case json::KeyIndex(kPlanMetricKeys, "metricType"):
        return ReadPlanText(v, texts, metric.metric_type);
      default: return SUCCESS;
    }
  });
}

// One SparkPlanInfo node and, recursively, its children; `out_index` is the node's index.
template <typename Value, typename Texts>
error_code DecodePlanInfo(Value&& value, Texts& texts, SparkPlanInfoTree& tree, int depth,
                          int32_t& out_index) {
  if (TooDeep(value, depth)) return json::kNotCanonical;
  const int32_t index = static_cast<int32_t>(tree.nodes.size());
  tree.nodes.emplace_back();
  out_index = index;
  return json::ForEachKnownField<kPlanInfoKeys>(value, [&](auto key, auto&& v) -> error_code {
    switch (key) {
      case json::KeyIndex(kPlanInfoKeys, "nodeName"):
        return ReadPlanText(v, texts, tree.nodes[index].node_name);
      case json::KeyIndex(kPlanInfoKeys, "simpleString"):
        return ReadPlanText(v, texts, tree.nodes[index].simple_string);
      case json::KeyIndex(kPlanInfoKeys, "children"): {
        int32_t last = -1;
        return ForEachElement(v, [&](auto&& child) -> error_code {
          int32_t child_index = -1;
          AG_JSON_TRY(DecodePlanInfo(child, texts, tree, depth + 1, child_index));
          if (last < 0) tree.nodes[index].first_child = child_index;
          else tree.nodes[last].next_sibling = child_index;
          last = child_index;
          return SUCCESS;
        });
      }
      case json::KeyIndex(kPlanInfoKeys, "metrics"): {
        const uint32_t begin = static_cast<uint32_t>(tree.metrics.size());
        AG_JSON_TRY(ForEachElement(v, [&](auto&& m) -> error_code {
          return DecodePlanMetric(m, texts, tree.metrics.emplace_back());
        }));
        tree.nodes[index].metrics_begin = begin;
        tree.nodes[index].metrics_end = static_cast<uint32_t>(tree.metrics.size());
        return SUCCESS;
      }
      default: return SUCCESS;  // "metadata", and keys of other versions
    }
  });
}

error_code DecodePlanTree(od::value value, PoolTexts& texts, SparkPlanInfoTree& tree) {
  tree.Clear();
  od::json_type type;
  AG_JSON_TRY(value.type().get(type));
  if (type == od::json_type::null) {
    bool is_null = false;
    return value.is_null().get(is_null);
  }
  int32_t root = -1;
  return DecodePlanInfo(value, texts, tree, 0, root);
}

error_code DecodePlanTree(json::RawCursor& value, RawTexts& texts, SparkPlanInfoTree& tree) {
  tree.Clear();
  if (value.Peek() == 'n') return value.Literal("null") ? SUCCESS : json::kNotCanonical;
  int32_t root = -1;
  return DecodePlanInfo(value, texts, tree, 0, root);
}

// `walk(on_field)` calls on_field(key, value) for each top-level field of the event, on either
// path; so do the readers below.
template <typename Walk, typename Texts>
error_code ReadExecutionStart(Walk&& walk, Texts& texts, SqlExecutionStartEvent& e) {
  e.execution_id = 0;
  e.root_execution_id = OptString{};
  e.description = e.details = e.physical_plan_description = OptString{};
  e.plan.Clear();
  e.time = kNoTime;
  e.modified_configs.clear();
  return walk([&](std::string_view key, auto&& v) -> error_code {
    if (key == "executionId") return ReadInt64(v, e.execution_id);
    if (key == "rootExecutionId") return ReadText(v, texts, e.root_execution_id);
    if (key == "description") return ReadText(v, texts, e.description);
    if (key == "details") return ReadText(v, texts, e.details);
    if (key == "physicalPlanDescription") return ReadText(v, texts, e.physical_plan_description);
    if (key == "sparkPlanInfo") return DecodePlanTree(v, texts, e.plan);
    if (key == "time") return ReadInt64(v, e.time);
    if (key == "modifiedConfigs") {
      return ForEachField(v, [&](std::string_view name, auto&& cv) -> error_code {
        const StringId name_id = PoolOf(texts).Intern(name);
        OptString text;
        AG_JSON_TRY(ReadText(cv, texts, text));
        e.modified_configs.emplace_back(name_id, text.present ? text.id : kEmptyString);
        return SUCCESS;
      });
    }
    return SUCCESS;
  });
}

template <typename Walk, typename Texts>
error_code ReadExecutionEnd(Walk&& walk, Texts& texts, SqlExecutionEndEvent& end) {
  end = SqlExecutionEndEvent{};
  return walk([&](std::string_view key, auto&& v) -> error_code {
    if (key == "executionId") return ReadInt64(v, end.execution_id);
    if (key == "time") return ReadInt64(v, end.time);
    if (key == "errorMessage") return ReadText(v, texts, end.error_message);
    return SUCCESS;
  });
}

template <typename Walk, typename Texts>
error_code ReadAdaptiveExecutionUpdate(Walk&& walk, Texts& texts,
                                       SqlAdaptiveExecutionUpdateEvent& e) {
  e.execution_id = 0;
  e.physical_plan_description = OptString{};
  e.plan.Clear();
  return walk([&](std::string_view key, auto&& v) -> error_code {
    if (key == "executionId") return ReadInt64(v, e.execution_id);
    if (key == "physicalPlanDescription") return ReadText(v, texts, e.physical_plan_description);
    if (key == "sparkPlanInfo") return DecodePlanTree(v, texts, e.plan);
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
  PoolTexts texts{pool, scratch.plan_strings};
  auto walk = [&](auto&& on_field) { return ForEachObjectField(event, on_field); };
  switch (kind) {
    case EventKind::kSqlExecutionStart: {
      AG_JSON_TRY(ReadExecutionStart(walk, texts, scratch.start));
      sink->OnSqlExecutionStart(scratch.start);
      return SUCCESS;
    }
    case EventKind::kSqlExecutionEnd: {
      SqlExecutionEndEvent end;
      AG_JSON_TRY(ReadExecutionEnd(walk, texts, end));
      sink->OnSqlExecutionEnd(end);
      return SUCCESS;
    }
    case EventKind::kSqlAdaptiveExecutionUpdate: {
      AG_JSON_TRY(ReadAdaptiveExecutionUpdate(walk, texts, scratch.adaptive));
      sink->OnSqlAdaptiveExecutionUpdate(scratch.adaptive);
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
            return DecodePlanMetric(m, texts, e.metrics.emplace_back());
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

bool DecodeSqlRawLine(std::string_view line, RawTextInterner& interner, SqlEventSink* sink,
                      SqlDecodeScratch& scratch) {
  if (sink == nullptr) return false;
  constexpr std::string_view kStart =
      R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart",)";
  constexpr std::string_view kEnd =
      R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd",)";
  constexpr std::string_view kAdaptive =
      R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLAdaptiveExecutionUpdate",)";
  auto walk = [&](auto&& on_field) { return json::ForEachRawLineField(line, on_field); };
  RawTexts texts{interner, scratch.plan_strings};
  if (json::LineStartsWith(line, kStart)) {
    if (ReadExecutionStart(walk, texts, scratch.start) != SUCCESS) return false;
    sink->OnSqlExecutionStart(scratch.start);
    return true;
  }
  if (json::LineStartsWith(line, kEnd)) {
    SqlExecutionEndEvent end;
    if (ReadExecutionEnd(walk, texts, end) != SUCCESS) return false;
    sink->OnSqlExecutionEnd(end);
    return true;
  }
  if (json::LineStartsWith(line, kAdaptive)) {
    if (ReadAdaptiveExecutionUpdate(walk, texts, scratch.adaptive) != SUCCESS) return false;
    sink->OnSqlAdaptiveExecutionUpdate(scratch.adaptive);
    return true;
  }
  return false;
}

}  // namespace afterglow
