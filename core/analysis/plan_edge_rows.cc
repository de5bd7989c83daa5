#include "core/analysis/plan_edge_rows.h"

#include <limits>
#include <unordered_map>

#include "core/base/java_strings.h"

namespace afterglow {
namespace {

// Spark's SQLMetrics.createMetric name for an operator's row count, then RAPIDS' GpuMetric one.
constexpr std::string_view kRowMetricNames[] = {"number of output rows", "output rows"};

}  // namespace

int64_t ParseGroupedCount(std::string_view text) {
  if (text.empty()) return -1;
  const bool negative = text.front() == '-';
  if (negative) text.remove_prefix(1);
  if (text.empty() || text.front() == ',' || text.back() == ',') return -1;
  int64_t value = 0;
  for (char c : text) {
    if (c == ',') continue;
    if (c < '0' || c > '9') return -1;
    if (value > (std::numeric_limits<int64_t>::max() - (c - '0')) / 10) return -1;
    value = value * 10 + (c - '0');
  }
  return negative ? -value : value;
}

int64_t PlanNodeOutputRows(const SqlPlanGraph& graph, const SqlPlanNode& node,
                           const SqlExecutionRow& row, const StringPool& pool) {
  if (!row.has_metric_values) return -1;
  for (std::string_view wanted : kRowMetricNames) {
    for (const SqlPlanMetric& metric : graph.MetricsOf(node)) {
      if (JavaTrim(pool.Get(metric.name)) != wanted) continue;
      // A "sum" metric's value is one grouped integer (fact 93); any other type is not a count.
      if (pool.Get(metric.metric_type) != "sum") return -1;
      std::optional<std::string> value = row.MetricValue(metric.accumulator_id);
      if (value == std::nullopt) return -1;
      std::string_view text = *value;
      if (!text.empty() && text.front() == '\n') text.remove_prefix(1);
      return ParseGroupedCount(text);
    }
  }
  return -1;
}

std::vector<int64_t> PlanEdgeRowCounts(const SqlPlanGraph& graph, const SqlExecutionRow& row,
                                       const StringPool& pool) {
  std::unordered_map<int64_t, const SqlPlanNode*> by_id;
  by_id.reserve(graph.all_nodes.size());
  for (const SqlPlanNode& node : graph.all_nodes) by_id.emplace(node.id, &node);
  std::vector<int64_t> out;
  out.reserve(graph.edges.size());
  for (const auto& [child_id, parent_id] : graph.edges) {
    const auto child = by_id.find(child_id);
    out.push_back(child == by_id.end() ? -1 : PlanNodeOutputRows(graph, *child->second, row, pool));
  }
  return out;
}

}  // namespace afterglow
