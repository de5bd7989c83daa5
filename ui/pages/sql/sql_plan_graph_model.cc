#include "ui/pages/sql/sql_plan_graph_model.h"

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

// Parses a non-negative decimal at `at`, advancing it; false when there is none.
bool ParseInt(std::string_view text, size_t& at, int32_t& value) {
  const size_t start = at;
  int64_t parsed = 0;
  while (at < text.size() && text[at] >= '0' && text[at] <= '9' && parsed < (1 << 30)) {
    parsed = parsed * 10 + (text[at++] - '0');
  }
  value = static_cast<int32_t>(parsed);
  return at > start;
}

// The rows a node shows and its box width (layout units) for `measure`.
float BuildRows(const TextMeasure& measure, SqlPlanGraphNode& node) {
  const float pad = measure.line_height * kSqlNodePadRows;
  const float indent = measure.line_height;
  const float room = kSqlNodeMaxWidth - 2 * pad;
  float widest = 0;
  auto add = [&](std::string_view text, bool bold, bool indented) {
    bool cut = false;
    SqlPlanGraphRow& row = node.rows.emplace_back();
    row.text = ElideToWidth(measure, text, bold, room - (indented ? indent : 0.0f), &cut);
    row.bold = bold;
    row.indent = indented;
    node.elided = node.elided || cut;
    widest = std::max(widest, measure.Width(row.text, bold) + (indented ? indent : 0.0f));
  };
  add(node.title, true, false);
  for (const std::string& line : node.metric_lines) {
    std::string_view rest = line;
    bool first = true;
    while (true) {
      const size_t newline = rest.find('\n');
      add(rest.substr(0, newline), false, !first);
      if (newline == std::string_view::npos) break;
      rest.remove_prefix(newline + 1);
      first = false;
    }
  }
  return widest;
}

// Lays the stage links out on one row after kSqlStagesLabel; returns the row's width. Links that
// do not fit in the widest box are left out (the tooltip's metric lines still name them).
float BuildStageLinks(const TextMeasure& measure, const std::vector<std::pair<int32_t, int32_t>>& stages,
                      SqlPlanGraphNode& node) {
  if (stages.empty()) return 0;
  const float pad = measure.line_height * kSqlNodePadRows;
  float x = pad + measure.Width(kSqlStagesLabel, false);
  const float space = measure.Width("  ", false);
  for (const auto& [stage, attempt] : stages) {
    std::string text = std::to_string(stage) + "." + std::to_string(attempt);
    const float w = measure.Width(text, false);
    if (x + space + w > kSqlNodeMaxWidth - pad) break;
    SqlPlanStageLink& link = node.stages.emplace_back();
    link.stage_id = stage;
    link.attempt_id = attempt;
    link.text = std::move(text);
    link.x0 = x + space;
    link.x1 = link.x0 + w;
    x = link.x1;
  }
  return x - pad;
}

}  // namespace

void AppendMetricStages(std::string_view metric_line,
                        std::vector<std::pair<int32_t, int32_t>>& out) {
  constexpr std::string_view kStage = "(stage ";
  for (size_t found = metric_line.find(kStage); found != std::string_view::npos;
       found = metric_line.find(kStage, found + 1)) {
    size_t at = found + kStage.size();
    int32_t stage = 0, attempt = 0;
    if (!ParseInt(metric_line, at, stage) || at >= metric_line.size() || metric_line[at] != '.') continue;
    ++at;
    if (!ParseInt(metric_line, at, attempt) || metric_line.substr(at, 7) != ": task ") continue;
    const std::pair<int32_t, int32_t> pair{stage, attempt};
    if (std::find(out.begin(), out.end(), pair) == out.end()) out.push_back(pair);
  }
}

void BuildSqlPlanGraphModel(const AttemptModel& model, const StringPool& strings,
                            int64_t execution_id, const TextMeasure& measure,
                            SqlPlanGraphModel& out) {
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
    const float line_height = measure.line_height;
    const float pad = line_height * kSqlNodePadRows;
    const float text_width = BuildRows(measure, node);
    if (plan.is_cluster) {
      node.layout_index = cluster_of_index[i];
      LayoutInput::Cluster& cluster = input.clusters[static_cast<size_t>(node.layout_index)];
      cluster.parent = parent_cluster;
      cluster.label_height = static_cast<float>(node.rows.size()) * line_height + pad;
      cluster.min_width = text_width + 2 * pad;
    } else {
      std::vector<std::pair<int32_t, int32_t>> stages;
      for (const std::string& line : node.metric_lines) AppendMetricStages(line, stages);
      const float links_width = BuildStageLinks(measure, stages, node);
      const size_t rows = node.rows.size() + (node.stages.empty() ? 0 : 1);
      node.layout_index = static_cast<int32_t>(input.nodes.size());
      const float width =
          std::clamp(std::max(text_width, links_width) + 2 * pad, kSqlNodeMinWidth, kSqlNodeMaxWidth);
      input.nodes.push_back({width, static_cast<float>(rows) * line_height + 2 * pad, parent_cluster});
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
