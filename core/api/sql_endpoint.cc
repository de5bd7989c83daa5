// applications/{id}[/{attempt}]/sql (details, planDescription, offset, length), sql/{executionId}
// and diagnostics/sql[/{executionId}] (docs/SPARK-SEMANTICS.md facts 84-90; sql/.../v1/sql/
// SqlResource.scala, SQLDiagnosticResource.scala).
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

#include "core/api/dates.h"
#include "core/api/endpoints.h"
#include "core/api/json_writer.h"
#include "core/api/opt_field.h"
#include "core/base/epoch_clock.h"
#include "core/base/java_strings.h"
#include "core/decode/sql_event_decoder.h"
#include "core/listen/scala_order.h"

namespace afterglow {
namespace {

// JAX-RS Boolean conversion: Boolean.valueOf, "true" in any case, anything else false.
bool QueryBool(const ApiRequest& request, const std::string& name, bool default_value) {
  const std::optional<std::string> value = request.Value(name);
  if (!value) return default_value;
  return EqualsIgnoreCase(*value, "true");
}

// JAX-RS Integer conversion; nullopt when the value does not convert (a 404).
std::optional<int32_t> QueryInt(const ApiRequest& request, const std::string& name,
                                int32_t default_value) {
  const std::optional<std::string> value = request.Value(name);
  if (!value) return default_value;
  int64_t parsed = 0;
  if (!ParseJavaLong(*value, parsed) || parsed < INT32_MIN || parsed > INT32_MAX) {
    return std::nullopt;
  }
  return static_cast<int32_t>(parsed);
}

// SqlResource.getWholeStageCodegenId: N from "WholeStageCodegen (N)".
std::optional<int64_t> WholeStageCodegenId(std::string_view cluster_name) {
  constexpr size_t kPrefix = std::string_view("WholeStageCodegen (").size();
  if (cluster_name.size() < 1 || kPrefix > cluster_name.size() - 1) return std::nullopt;
  int64_t id = 0;
  if (!ParseJavaLong(cluster_name.substr(kPrefix, cluster_name.size() - 1 - kPrefix), id)) {
    return std::nullopt;
  }
  return id;
}

void WriteIntArray(JsonWriter& w, std::string_view key, const std::vector<int32_t>& values) {
  w.Key(key);
  w.BeginArray();
  for (int32_t v : values) w.Int(v);
  w.EndArray();
}

void WriteNodes(JsonWriter& w, const StringPool& pool, const SqlExecutionRow& row,
                const SqlPlanGraph& graph) {
  // printableMetrics: every node and cluster, by node id descending.
  std::vector<const SqlPlanNode*> nodes;
  nodes.reserve(graph.all_nodes.size());
  for (const SqlPlanNode& node : graph.all_nodes) nodes.push_back(&node);
  std::stable_sort(nodes.begin(), nodes.end(),
                   [](const SqlPlanNode* a, const SqlPlanNode* b) { return a->id > b->id; });
  w.Key("nodes");
  w.BeginArray();
  for (const SqlPlanNode* node : nodes) {
    w.BeginObject();
    w.FieldInt("nodeId", node->id);
    w.Field("nodeName", JavaTrim(pool.Get(node->name)));
    if (node->cluster >= 0) {
      const SqlPlanNode& cluster = graph.all_nodes[static_cast<size_t>(node->cluster)];
      const std::string_view cluster_name = JavaTrim(pool.Get(cluster.name));
      if (cluster_name.starts_with("WholeStageCodegen")) {
        if (std::optional<int64_t> id = WholeStageCodegenId(cluster_name)) {
          w.FieldInt("wholeStageCodegenId", *id);
        }
      }
    }
    w.Key("metrics");
    w.BeginArray();
    for (const SqlPlanMetric& metric : node->metrics) {
      const std::string* value = row.has_metric_values ? row.MetricValue(metric.accumulator_id)
                                                       : nullptr;
      if (value == nullptr) continue;
      std::string_view text = *value;
      if (text.starts_with('\n')) text.remove_prefix(1);
      w.BeginObject();
      w.Field("name", JavaTrim(pool.Get(metric.name)));
      w.Field("value", text);
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
}

void WriteExecution(JsonWriter& w, const StringPool& pool, const SqlModel& sql,
                    const SqlExecutionRow& row, bool details, bool plan_description,
                    int64_t now_ms) {
  std::vector<int32_t> running, succeeded, failed;
  std::vector<int32_t> job_ids;
  for (const auto& [job, status] : row.jobs) job_ids.push_back(job);
  for (int32_t job : ScalaImmutableIntOrder(job_ids)) {
    for (const auto& [id, status] : row.jobs) {
      if (id != job) continue;
      if (status == SqlJobStatus::kRunning) running.push_back(job);
      else if (status == SqlJobStatus::kSucceeded) succeeded.push_back(job);
      else failed.push_back(job);
    }
  }
  w.BeginObject();
  w.FieldInt("id", row.execution_id);
  w.Field("status", row.Status());
  WriteOptField(w, pool, "description", row.description);
  if (!plan_description) {
    w.Field("planDescription", "");
  } else if (row.physical_plan_description.present) {
    w.Field("planDescription", pool.Get(row.physical_plan_description.id));
  }
  w.Field("submissionTime", FormatSparkDate(row.submission_time));
  const int64_t end = row.completion_time != kNoTime ? row.completion_time : now_ms;
  w.FieldInt("duration", end - row.submission_time);
  WriteIntArray(w, "runningJobIds", running);
  WriteIntArray(w, "successJobIds", succeeded);
  WriteIntArray(w, "failedJobIds", failed);
  // Spark fails the request when an execution has no stored graph (known only from a JobStart);
  // we answer with an empty graph instead.
  auto graph = sql.graphs.find(row.execution_id);
  if (details && graph != sql.graphs.end()) {
    WriteNodes(w, pool, row, graph->second);
    w.Key("edges");
    w.BeginArray();
    for (const auto& [from, to] : graph->second.edges) {
      w.BeginObject();
      w.FieldInt("fromId", from);
      w.FieldInt("toId", to);
      w.EndObject();
    }
    w.EndArray();
  } else {
    w.Key("nodes");
    w.BeginArray();
    w.EndArray();
    w.Key("edges");
    w.BeginArray();
    w.EndArray();
  }
  w.EndObject();
}

}  // namespace

ApiResponse SqlEndpoint(const ApiData& data, const AttemptModel& attempt,
                        const std::vector<std::string>& rest, const ApiRequest& request) {
  const StringPool& pool = *data.pool;
  const SqlModel& sql = attempt.sql;
  const bool details = QueryBool(request, "details", true);
  const bool plan_description = QueryBool(request, "planDescription", true);
  const int64_t now_ms = NowEpochMs();
  if (rest.size() == 1) {
    int64_t execution_id = 0;
    if (!IsDigits(rest[0]) || !ParseJavaLong(rest[0], execution_id)) return NotFound("");
    auto row = sql.executions.find(execution_id);
    if (row == sql.executions.end()) {
      return NotFound("unknown query execution id: " + std::to_string(execution_id));
    }
    JsonWriter w;
    WriteExecution(w, pool, sql, row->second, details, plan_description, now_ms);
    return {200, w.Take()};
  }
  if (!rest.empty()) return NotFound("");
  const std::optional<int32_t> offset = QueryInt(request, "offset", 0);
  const std::optional<int32_t> length = QueryInt(request, "length", 20);
  if (!offset || !length) return NotFound("");
  // executionsList(offset, length): by execution id. A length <= 0 lists everything, as newer
  // Spark does (the pinned one rejects it inside the KVStore view).
  JsonWriter w(data.item_sink);
  w.BeginArray();
  int64_t index = 0;
  int64_t written = 0;
  for (const auto& [id, row] : sql.executions) {
    if (index++ < std::max<int32_t>(*offset, 0)) continue;
    if (*length > 0 && written >= *length) break;
    WriteExecution(w, pool, sql, row, details, plan_description, now_ms);
    ++written;
  }
  w.EndArray();
  return {200, w.Take()};
}

ApiResponse DiagnosticsEndpoint(const ApiData& data, const AttemptModel& attempt,
                                const std::vector<std::string>& rest, const ApiRequest& request) {
  // The History Server fills its diagnostic store only from a live application's
  // DiagnosticListener (it needs the QueryExecution, which no event log carries); a replayed log
  // has none. So the list is empty and every execution id is unknown, as Spark answers.
  size_t at = 0;
  if (!rest.empty() && rest[0] == "sql") at = 1;  // diagnostics/sql (newer) or diagnostics
  if (rest.size() == at) {
    if (!QueryInt(request, "offset", 0) || !QueryInt(request, "length", 20)) return NotFound("");
    return {200, "[ ]"};
  }
  if (rest.size() == at + 1) {
    int64_t execution_id = 0;
    if (!IsDigits(rest[at]) || !ParseJavaLong(rest[at], execution_id)) return NotFound("");
    return NotFound("unknown query execution id: " + std::to_string(execution_id));
  }
  return NotFound("");
}

}  // namespace afterglow
