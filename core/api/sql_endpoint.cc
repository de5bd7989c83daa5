// applications/{id}[/{attempt}]/sql (details, planDescription, offset, length), sql/{executionId}
// and diagnostics/sql[/{executionId}] (SPARK-SEMANTICS.md facts 84-90; sql/.../v1/sql/
// SqlResource.scala, SQLDiagnosticResource.scala).
#include <optional>
#include <string>
#include <string_view>

#include "core/api/dates.h"
#include "core/api/endpoints.h"
#include "core/api/json_writer.h"
#include "core/base/epoch_clock.h"
#include "core/decode/sql_event_decoder.h"
#include "core/query/sql_rows.h"

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

void WriteIntArray(JsonWriter& w, std::string_view key, const std::vector<int32_t>& values) {
  w.Key(key);
  w.BeginArray();
  for (int32_t v : values) w.Int(v);
  w.EndArray();
}

void WritePlan(JsonWriter& w, const SqlPlanRows& plan) {
  w.Key("nodes");
  w.BeginArray();
  for (const SqlPlanNodeRow& node : plan.nodes) {
    w.BeginObject();
    w.FieldInt("nodeId", node.node_id);
    w.Field("nodeName", node.node_name);
    if (node.whole_stage_codegen_id) w.FieldInt("wholeStageCodegenId", *node.whole_stage_codegen_id);
    w.Key("metrics");
    w.BeginArray();
    for (const SqlPlanMetricRow& metric : node.metrics) {
      w.BeginObject();
      w.Field("name", metric.name);
      w.Field("value", metric.value);
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
  w.Key("edges");
  w.BeginArray();
  for (const SqlPlanEdgeRow& edge : plan.edges) {
    w.BeginObject();
    w.FieldInt("fromId", edge.from_id);
    w.FieldInt("toId", edge.to_id);
    w.EndObject();
  }
  w.EndArray();
}

void WriteExecution(JsonWriter& w, const AttemptModel& attempt, const StringPool& pool,
                    const SqlExecutionListRow& row, bool details, bool plan_description) {
  w.BeginObject();
  w.FieldInt("id", row.id);
  w.Field("status", SqlExecutionStatusName(row.status));
  if (row.has_description) w.Field("description", row.description);
  if (!plan_description) {
    w.Field("planDescription", "");
  } else if (row.has_plan_description) {
    w.Field("planDescription", row.plan_description);
  }
  w.Field("submissionTime", FormatSparkDate(row.submission_time));
  w.FieldInt("duration", row.duration_ms);
  WriteIntArray(w, "runningJobIds", row.running_job_ids);
  WriteIntArray(w, "successJobIds", row.success_job_ids);
  WriteIntArray(w, "failedJobIds", row.failed_job_ids);
  // Spark fails the request when an execution has no stored graph (known only from a JobStart);
  // we answer with an empty graph instead.
  WritePlan(w, details && row.has_graph ? SqlPlanRowsOf(attempt, pool, row.id) : SqlPlanRows());
  w.EndObject();
}

}  // namespace

ApiResponse SqlEndpoint(const ApiData& data, const AttemptModel& attempt,
                        const std::vector<std::string>& rest, const ApiRequest& request) {
  const StringPool& pool = *data.pool;
  const bool details = QueryBool(request, "details", true);
  const bool plan_description = QueryBool(request, "planDescription", true);
  const int64_t now_ms = NowEpochMs();
  if (rest.size() == 1) {
    int64_t execution_id = 0;
    if (!IsDigits(rest[0]) || !ParseJavaLong(rest[0], execution_id)) return NotFound("");
    const std::optional<SqlExecutionListRow> row =
        FindSqlExecutionRow(attempt, pool, execution_id, now_ms);
    if (!row) return NotFound("unknown query execution id: " + std::to_string(execution_id));
    JsonWriter w;
    WriteExecution(w, attempt, pool, *row, details, plan_description);
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
  ForEachSqlExecutionRow(attempt, pool, *offset, *length, now_ms,
                         [&](const SqlExecutionListRow& row) {
                           WriteExecution(w, attempt, pool, row, details, plan_description);
                         });
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
