#include "ui/pages/sql/sql_plan_graph_model.h"

#include <algorithm>
#include <map>
#include <string_view>

#include "core/analysis/plan_edge_rows.h"
#include "core/base/java_strings.h"
#include "ui/widgets/format.h"
#include "ui/widgets/table_text.h"

namespace afterglow::ui {
namespace {

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

// The rows a compact node shows and its box width (layout units) for `measure`.
float BuildRows(const TextMeasure& measure, SqlPlanGraphNode& node) {
  const float pad = measure.line_height * kSqlNodePadRows;
  const float room = kSqlNodeMaxWidth - 2 * pad;
  float widest = 0;
  auto add = [&](std::string_view text, bool bold) {
    bool cut = false;
    SqlPlanGraphRow& row = node.rows.emplace_back();
    row.text = ElideToWidth(measure, text, bold, room, &cut);
    row.bold = bold;
    node.elided = node.elided || cut;
    widest = std::max(widest, measure.Width(row.text, bold));
  };
  if (node.is_cluster && !node.key_figure.empty()) {
    add(node.title + kSqlKeyFigureSeparator + node.key_figure, true);
  } else {
    add(node.title, true);
    if (!node.key_figure.empty()) add(node.key_figure, false);
  }
  return widest;
}

// The total of the metric line "<name>: <value>": the value itself for a single number, the
// first figure of its second line for "total (min, med, max ...)\n<total> (<min>, ...)".
std::string MetricTotal(const std::vector<std::string>& metric_lines, std::string_view name) {
  for (const std::string& line : metric_lines) {
    if (line.size() <= name.size() + 2 || line.compare(0, name.size(), name) != 0 ||
        line.compare(name.size(), 2, ": ") != 0) {
      continue;
    }
    std::string_view value = std::string_view(line).substr(name.size() + 2);
    const size_t newline = value.find('\n');
    if (newline != std::string_view::npos) {
      value.remove_prefix(newline + 1);
      value = value.substr(0, value.find(" ("));
    }
    return std::string(value);
  }
  return "";
}

}  // namespace

int32_t SqlPlanGraphModel::IndexOfNode(int64_t node_id) const {
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].node_id == node_id) return static_cast<int32_t>(i);
  }
  return -1;
}

std::string SqlPlanKeyFigure(bool is_cluster, const std::vector<std::string>& metric_lines) {
  if (is_cluster) return MetricTotal(metric_lines, "duration");
  std::string rows = MetricTotal(metric_lines, "number of output rows");
  if (!rows.empty()) rows += " rows";
  return rows;
}

LayoutPoint SqlEdgeLabelPoint(const LayoutInput& input, const GraphLayout& layout, size_t edge) {
  const auto [from, to] = input.edges[edge];
  const LayoutRect& child = layout.nodes[static_cast<size_t>(from)];
  const LayoutRect& parent = layout.nodes[static_cast<size_t>(to)];
  auto holders = [&](int32_t cluster) {  // the clusters around a node, innermost first
    std::vector<int32_t> out;
    for (; cluster >= 0 && out.size() < input.clusters.size();
         cluster = input.clusters[static_cast<size_t>(cluster)].parent) {
      out.push_back(cluster);
    }
    return out;
  };
  const std::vector<int32_t> around_child = holders(input.nodes[static_cast<size_t>(from)].cluster);
  const std::vector<int32_t> around_parent = holders(input.nodes[static_cast<size_t>(to)].cluster);
  auto holds = [](const std::vector<int32_t>& list, int32_t c) {
    return std::find(list.begin(), list.end(), c) != list.end();
  };
  float exit = child.y1, entry = parent.y0;
  for (int32_t c : around_child) {
    if (!holds(around_parent, c)) exit = std::max(exit, layout.clusters[static_cast<size_t>(c)].y1);
  }
  for (int32_t c : around_parent) {
    if (!holds(around_child, c)) entry = std::min(entry, layout.clusters[static_cast<size_t>(c)].y0);
  }
  const float y = entry > exit ? (exit + std::min(entry, exit + kSqlLayerGap)) * 0.5f
                               : (child.y1 + parent.y0) * 0.5f;
  return EdgeRoutePointAtY(layout, edge, y);
}

std::string DescribePlanChanges(const compare::PlanChanges& changes) {
  std::string text;
  auto part = [&](const char* label, const std::vector<std::string>& names) {
    if (names.empty()) return;
    if (!text.empty()) text += "; ";
    text += label;
    for (size_t i = 0; i < names.size(); ++i) text += (i == 0 ? " " : ", ") + names[i];
  };
  if (!changes.replaced.empty()) {
    text += "replaced";
    for (size_t i = 0; i < changes.replaced.size(); ++i) {
      text += (i == 0 ? " " : ", ") + changes.replaced[i].first + " by " + changes.replaced[i].second;
    }
  }
  part("added", changes.added);
  part("removed", changes.removed);
  for (const compare::ScanFieldChange& scan : changes.scans) {
    if (!text.empty()) text += "; ";
    text += scan.field + " of " + scan.scan + ": " + (scan.a.empty() ? "none" : scan.a) + " -> " +
            (scan.b.empty() ? "none" : scan.b);
  }
  if (text.empty()) text = changes.same_shape ? "no operator changed" : "operators moved, none added or removed";
  return text;
}

void UpdateSqlPlanSearch(SqlPlanGraphModel& model) {
  SqlPlanSearch& search = model.search;
  if (search.applied == search.text) return;
  search.applied = search.text;
  search.matches.clear();
  search.cursor = -1;
  std::string_view text = JavaTrim(search.applied);
  if (text.empty()) return;
  std::string_view digits = text.starts_with('#') ? text.substr(1) : text;
  int32_t id = -1;
  size_t at = 0;
  const bool is_id = ParseInt(digits, at, id) && at == digits.size();
  for (size_t i = 0; i < model.nodes.size(); ++i) {
    const SqlPlanGraphNode& node = model.nodes[i];
    if ((is_id && node.node_id == id) || ContainsIgnoreCase(node.title, text)) {
      search.matches.push_back(static_cast<int32_t>(i));
    }
  }
  std::stable_sort(search.matches.begin(), search.matches.end(), [&](int32_t a, int32_t b) {
    return model.nodes[static_cast<size_t>(a)].node_id < model.nodes[static_cast<size_t>(b)].node_id;
  });
}

int64_t StepSqlPlanSearch(SqlPlanGraphModel& model, bool backwards) {
  SqlPlanSearch& search = model.search;
  const int32_t count = static_cast<int32_t>(search.matches.size());
  if (count == 0) return -1;
  if (search.cursor < 0) search.cursor = backwards ? count - 1 : 0;
  else search.cursor = (search.cursor + (backwards ? count - 1 : 1)) % count;
  return model.nodes[static_cast<size_t>(search.matches[static_cast<size_t>(search.cursor)])].node_id;
}

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
                            SqlPlanGraphModel& out, int32_t version) {
  out.Clear();
  const size_t count = model.sql.PlanVersionCount(execution_id);
  const auto row_it = model.sql.executions.find(execution_id);
  if (count == 0 || row_it == model.sql.executions.end()) return;
  const size_t shown = version < 0 || static_cast<size_t>(version) >= count
                           ? count - 1
                           : static_cast<size_t>(version);
  const std::optional<SqlPlanGraph> shown_graph = model.sql.PlanVersion(execution_id, shown);
  const SqlPlanGraph& graph = *shown_graph;
  const SqlExecutionRow& row = row_it->second;
  out.execution_id = execution_id;
  out.version = static_cast<int32_t>(shown);
  out.version_count = static_cast<int32_t>(count);
  if (shown > 0) {
    out.from_previous = compare::DiffPlanVersions(model.sql, strings, execution_id, shown - 1, shown);
    out.from_initial = compare::DiffPlanVersions(model.sql, strings, execution_id, 0, shown);
    out.from_previous_text = DescribePlanChanges(out.from_previous.changes);
    out.from_initial_text = DescribePlanChanges(out.from_initial.changes);
  }

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
    for (const SqlPlanMetric& metric : graph.MetricsOf(plan)) {
      const std::optional<std::string> value =
          row.has_metric_values ? row.MetricValue(metric.accumulator_id) : std::nullopt;
      if (value == std::nullopt) continue;
      std::string_view text = *value;
      if (!text.empty() && text.front() == '\n') text.remove_prefix(1);
      std::string line(JavaTrim(strings.Get(metric.name)));
      line += ": ";
      line += text;
      node.metric_lines.push_back(std::move(line));
    }
    node.key_figure = SqlPlanKeyFigure(plan.is_cluster, node.metric_lines);
    for (const std::string& line : node.metric_lines) {
      std::vector<std::pair<int32_t, int32_t>> stages;
      AppendMetricStages(line, stages);
      for (const std::pair<int32_t, int32_t>& pair : stages) {
        const bool known = std::any_of(node.stages.begin(), node.stages.end(), [&](const auto& s) {
          return s.stage_id == pair.first && s.attempt_id == pair.second;
        });
        if (!known) {
          node.stages.push_back(
              {pair.first, pair.second, std::to_string(pair.first) + "." + std::to_string(pair.second)});
        }
      }
    }
    node.is_new = !plan.is_cluster &&
                  std::find(out.from_previous.new_node_ids.begin(), out.from_previous.new_node_ids.end(),
                            plan.id) != out.from_previous.new_node_ids.end();
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
      node.layout_index = static_cast<int32_t>(input.nodes.size());
      const float width = std::clamp(text_width + 2 * pad, kSqlNodeMinWidth, kSqlNodeMaxWidth);
      input.nodes.push_back(
          {width, static_cast<float>(node.rows.size()) * line_height + 2 * pad, parent_cluster});
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
    // index_of_id holds all_nodes indices: the child's node, whose output rows the edge carries.
    const int64_t rows =
        PlanNodeOutputRows(graph, graph.all_nodes[static_cast<size_t>(child->second)], row, strings);
    out.edge_rows.push_back(rows);
    std::string& label = out.edge_labels.emplace_back();
    if (rows >= 0) {
      char text[32];
      label = FormatCount(static_cast<uint64_t>(rows), text, sizeof text);
    }
    out.edge_label_widths.push_back(label.empty() ? 0.0f : measure.Width(label, false));
  }
  LayoutOptions options;
  options.node_gap_x = 28;
  options.layer_gap_y = kSqlLayerGap;
  options.cluster_pad = 8;
  out.layout = LayoutGraph(input, options);
  for (size_t e = 0; e < out.edges.size(); ++e) {
    out.edge_label_points.push_back(SqlEdgeLabelPoint(input, out.layout, e));
  }
}

}  // namespace afterglow::ui
