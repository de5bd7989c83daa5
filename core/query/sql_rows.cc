#include "core/query/sql_rows.h"

#include <algorithm>

#include "core/decode/sql_event_decoder.h"
#include "core/listen/scala_order.h"

namespace afterglow {
namespace {

// java.lang.String.trim: strips characters <= ' ' at both ends.
std::string_view TrimAsJava(std::string_view text) {
  while (!text.empty() && static_cast<unsigned char>(text.front()) <= ' ') text.remove_prefix(1);
  while (!text.empty() && static_cast<unsigned char>(text.back()) <= ' ') text.remove_suffix(1);
  return text;
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

SqlExecutionStatus StatusOf(const SqlExecutionRow& row) {
  const std::string_view status = row.Status();
  if (status == "COMPLETED") return SqlExecutionStatus::kCompleted;
  if (status == "FAILED") return SqlExecutionStatus::kFailed;
  return SqlExecutionStatus::kRunning;
}

SqlExecutionListRow ReadExecutionRow(const SqlModel& sql, const StringPool& pool,
                                     const SqlExecutionRow& row, int64_t now_ms) {
  SqlExecutionListRow out;
  out.id = row.execution_id;
  out.root_execution_id = row.root_execution_id;
  out.status = StatusOf(row);
  out.has_description = row.description.present;
  if (row.description.present) out.description = pool.Get(row.description.id);
  out.has_plan_description = row.physical_plan_description.present;
  if (row.physical_plan_description.present) {
    out.plan_description = pool.Get(row.physical_plan_description.id);
  }
  out.submission_time = row.submission_time;
  const int64_t end = row.completion_time != kNoTime ? row.completion_time : now_ms;
  out.duration_ms = end - row.submission_time;
  std::vector<int32_t> job_ids;
  for (const auto& [job, status] : row.jobs) job_ids.push_back(job);
  for (int32_t job : ScalaImmutableIntOrder(job_ids)) {
    for (const auto& [id, status] : row.jobs) {
      if (id != job) continue;
      if (status == SqlJobStatus::kRunning) out.running_job_ids.push_back(job);
      else if (status == SqlJobStatus::kSucceeded) out.success_job_ids.push_back(job);
      else out.failed_job_ids.push_back(job);
    }
  }
  out.has_graph = sql.graphs.count(row.execution_id) > 0;
  return out;
}

}  // namespace

const char* SqlExecutionStatusName(SqlExecutionStatus status) {
  switch (status) {
    case SqlExecutionStatus::kRunning: return "RUNNING";
    case SqlExecutionStatus::kCompleted: return "COMPLETED";
    case SqlExecutionStatus::kFailed: return "FAILED";
  }
  return "RUNNING";
}

void ForEachSqlExecutionRow(const AttemptModel& attempt, const StringPool& pool, int64_t offset,
                            int64_t length, int64_t now_ms,
                            const std::function<void(const SqlExecutionListRow&)>& visit) {
  int64_t index = 0;
  int64_t visited = 0;
  for (const auto& [id, row] : attempt.sql.executions) {
    if (index++ < std::max<int64_t>(offset, 0)) continue;
    if (length > 0 && visited >= length) break;
    visit(ReadExecutionRow(attempt.sql, pool, row, now_ms));
    ++visited;
  }
}

std::optional<SqlExecutionListRow> FindSqlExecutionRow(const AttemptModel& attempt,
                                                       const StringPool& pool,
                                                       int64_t execution_id, int64_t now_ms) {
  auto row = attempt.sql.executions.find(execution_id);
  if (row == attempt.sql.executions.end()) return std::nullopt;
  return ReadExecutionRow(attempt.sql, pool, row->second, now_ms);
}

SqlPlanRows SqlPlanRowsOf(const AttemptModel& attempt, const StringPool& pool,
                          int64_t execution_id) {
  const size_t count = attempt.sql.PlanVersionCount(execution_id);
  if (count == 0) return {};
  return SqlPlanRowsOf(attempt, pool, execution_id, count - 1);
}

SqlPlanRows SqlPlanRowsOf(const AttemptModel& attempt, const StringPool& pool,
                          int64_t execution_id, size_t version) {
  SqlPlanRows out;
  const std::optional<SqlPlanGraph> graph = attempt.sql.PlanVersion(execution_id, version);
  auto execution = attempt.sql.executions.find(execution_id);
  if (!graph || execution == attempt.sql.executions.end()) return out;
  const SqlPlanGraph& g = *graph;
  const SqlExecutionRow& row = execution->second;
  // printableMetrics: every node and cluster, by node id descending.
  std::vector<const SqlPlanNode*> nodes;
  nodes.reserve(g.all_nodes.size());
  for (const SqlPlanNode& node : g.all_nodes) nodes.push_back(&node);
  std::stable_sort(nodes.begin(), nodes.end(),
                   [](const SqlPlanNode* a, const SqlPlanNode* b) { return a->id > b->id; });
  out.nodes.reserve(nodes.size());
  for (const SqlPlanNode* node : nodes) {
    SqlPlanNodeRow n;
    n.node_id = node->id;
    n.node_name = TrimAsJava(pool.Get(node->name));
    n.description = pool.Get(node->desc);
    n.is_cluster = node->is_cluster;
    if (n.is_cluster && n.node_name.starts_with("WholeStageCodegen")) {
      n.cluster_codegen_id = WholeStageCodegenId(n.node_name);
    }
    if (node->cluster >= 0) {
      const SqlPlanNode& cluster = g.all_nodes[static_cast<size_t>(node->cluster)];
      const std::string_view cluster_name = TrimAsJava(pool.Get(cluster.name));
      if (cluster_name.starts_with("WholeStageCodegen")) {
        n.whole_stage_codegen_id = WholeStageCodegenId(cluster_name);
      }
    }
    for (const SqlPlanMetric& metric : g.MetricsOf(*node)) {
      std::optional<std::string> value =
          row.has_metric_values ? row.MetricValue(metric.accumulator_id) : std::nullopt;
      if (value == std::nullopt) continue;
      if (value->starts_with('\n')) value->erase(0, 1);
      n.metrics.push_back({TrimAsJava(pool.Get(metric.name)), std::move(*value)});
    }
    out.nodes.push_back(std::move(n));
  }
  out.edges.reserve(g.edges.size());
  for (const auto& [from, to] : g.edges) out.edges.push_back({from, to});
  return out;
}

}  // namespace afterglow
