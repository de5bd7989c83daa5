#include "ui/sql_plan_graph_model.h"

#include <algorithm>
#include <map>
#include <string_view>

namespace afterglow::ui {
namespace {

// java.lang.String.trim, as the API trims node and metric names (core/api/sql_endpoint.cc).
std::string_view JavaTrim(std::string_view text) {
  while (!text.empty() && static_cast<unsigned char>(text.front()) <= ' ') text.remove_prefix(1);
  while (!text.empty() && static_cast<unsigned char>(text.back()) <= ' ') text.remove_suffix(1);
  return text;
}

// Text rows a string takes when drawn (its newlines + 1).
int RowsOf(const std::string& text) {
  return 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

// Rows of the title plus the first `max_metrics` metric lines.
int ShownRows(const SqlPlanGraphNode& node, int max_metrics) {
  int rows = 1;
  const int shown = std::min<int>(max_metrics, static_cast<int>(node.metric_lines.size()));
  for (int i = 0; i < shown; ++i) rows += RowsOf(node.metric_lines[static_cast<size_t>(i)]);
  return rows;
}

}  // namespace

void BuildSqlPlanGraphModel(const AttemptModel& model, const StringPool& strings,
                            int64_t execution_id, float line_height, SqlPlanGraphModel& out) {
  out.Clear();
  const auto graph_it = model.sql.graphs.find(execution_id);
  const auto row_it = model.sql.executions.find(execution_id);
  if (graph_it == model.sql.graphs.end() || row_it == model.sql.executions.end()) return;
  const SqlPlanGraph& graph = graph_it->second;
  const SqlExecutionRow& row = row_it->second;
  out.execution_id = execution_id;

  std::map<int64_t, int32_t> index_of_id;
  LayoutInput input;
  std::vector<int32_t> cluster_of_index(graph.all_nodes.size(), -1);  // all_nodes -> layout cluster
  for (size_t i = 0; i < graph.all_nodes.size(); ++i) {
    if (graph.all_nodes[i].is_cluster) {
      cluster_of_index[i] = static_cast<int32_t>(input.clusters.size());
      input.clusters.emplace_back();
    }
  }
  for (size_t i = 0; i < graph.all_nodes.size(); ++i) {
    const SqlPlanNode& plan = graph.all_nodes[i];
    SqlPlanGraphNode& node = out.nodes.emplace_back();
    node.node_id = plan.id;
    node.is_cluster = plan.is_cluster;
    node.title = std::string(JavaTrim(strings.Get(plan.name)));
    node.description = std::string(strings.Get(plan.desc));
    // The same strings the API's nodes[].metrics hold: the aggregated value with its leading
    // newline dropped, only for metrics that have a value.
    for (const SqlPlanMetric& metric : plan.metrics) {
      const std::string* value = row.has_metric_values ? row.MetricValue(metric.accumulator_id)
                                                       : nullptr;
      if (value == nullptr) continue;
      std::string_view text = *value;
      if (!text.empty() && text.front() == '\n') text.remove_prefix(1);
      std::string line(JavaTrim(strings.Get(metric.name)));
      line += ": ";
      line += text;
      node.metric_lines.push_back(std::move(line));
    }
    index_of_id.emplace(plan.id, static_cast<int32_t>(i));
    const int32_t parent_cluster =
        plan.cluster >= 0 && static_cast<size_t>(plan.cluster) < cluster_of_index.size()
            ? cluster_of_index[static_cast<size_t>(plan.cluster)]
            : -1;
    const float pad = line_height * 0.5f;
    if (plan.is_cluster) {
      node.layout_index = cluster_of_index[i];
      LayoutInput::Cluster& cluster = input.clusters[static_cast<size_t>(node.layout_index)];
      cluster.parent = parent_cluster;
      cluster.label_height = static_cast<float>(ShownRows(node, 1)) * line_height + pad;
      cluster.min_width = kSqlNodeWidth;
    } else {
      node.layout_index = static_cast<int32_t>(input.nodes.size());
      const float height =
          static_cast<float>(ShownRows(node, kSqlNodeMetricLines)) * line_height + 2 * pad;
      input.nodes.push_back({kSqlNodeWidth, height, parent_cluster});
    }
  }
  for (const auto& [child_id, parent_id] : graph.edges) {
    const auto child = index_of_id.find(child_id);
    const auto parent = index_of_id.find(parent_id);
    if (child == index_of_id.end() || parent == index_of_id.end()) continue;
    const SqlPlanGraphNode& from = out.nodes[static_cast<size_t>(child->second)];
    const SqlPlanGraphNode& to = out.nodes[static_cast<size_t>(parent->second)];
    if (from.is_cluster || to.is_cluster) continue;  // Spark's edges join operators only
    out.edges.push_back({child->second, parent->second});
    input.edges.push_back({from.layout_index, to.layout_index});
  }
  LayoutOptions options;
  options.node_gap_x = 28;
  options.layer_gap_y = 30;
  options.cluster_pad = 8;
  out.layout = LayoutGraph(input, options);
}

}  // namespace afterglow::ui
