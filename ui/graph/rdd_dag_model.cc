#include "ui/graph/rdd_dag_model.h"

#include <algorithm>
#include <map>

namespace afterglow::ui {
namespace {

std::string NodeLabel(const RddOperationNode& node, const StringPool& strings) {
  std::string label(strings.Get(node.name));
  label += " [" + std::to_string(node.rdd_id) + "]";
  // RDDOperationGraph.makeDotNode marks the non-determinate outputs.
  const std::string_view level = strings.Get(node.deterministic_level);
  if (level == "INDETERMINATE") label += " [Indeterminate]";
  else if (level == "UNORDERED") label += " [Unordered]";
  return label;
}

// Adds one stage's graph: its clusters (stage box first), attached nodes and internal edges.
// `node_of` receives (stage, rdd) -> node index.
void AddStageGraph(const RddOperationGraph& graph, const StringPool& strings, const TextMeasure& measure,
                   LayoutInput& input, RddDagModel& out,
                   std::map<std::pair<int32_t, int32_t>, int32_t>& node_of) {
  const int32_t base = static_cast<int32_t>(out.clusters.size());
  const float line_height = measure.line_height;
  const float label_height = line_height + 6.0f;
  const float pad = 8.0f;  // around a label, matching ui/graph/rdd_dag_view.cc's text inset
  for (size_t c = 0; c < graph.clusters.size(); ++c) {
    const RddOperationCluster& cluster = graph.clusters[c];
    RddDagCluster& drawn = out.clusters.emplace_back();
    drawn.label = cluster.name;
    drawn.stage_id = graph.stage_id;
    drawn.is_stage = c == 0;
    drawn.skipped = c == 0 && cluster.name.find("skipped") != std::string::npos;
    input.clusters.push_back({-1, label_height, measure.Width(cluster.name, c == 0) + 2 * pad});
  }
  for (size_t c = 0; c < graph.clusters.size(); ++c) {
    for (int32_t child : graph.clusters[c].child_clusters) {
      LayoutInput::Cluster& layout = input.clusters[static_cast<size_t>(base + child)];
      // A scope reached from two parents stays with the first; the stage box is never a child.
      if (layout.parent < 0 && child != 0) {
        layout.parent = base + static_cast<int32_t>(c);
        out.clusters[static_cast<size_t>(base + child)].parent = layout.parent;
      }
    }
  }
  for (size_t c = 0; c < graph.clusters.size(); ++c) {
    for (int32_t index : graph.clusters[c].child_nodes) {
      const RddOperationNode& node = graph.nodes[static_cast<size_t>(index)];
      if (node_of.count({graph.stage_id, node.rdd_id}) > 0) continue;
      node_of[{graph.stage_id, node.rdd_id}] = static_cast<int32_t>(out.nodes.size());
      RddDagNode& drawn = out.nodes.emplace_back();
      drawn.rdd_id = node.rdd_id;
      drawn.stage_id = graph.stage_id;
      drawn.label = NodeLabel(node, strings);
      drawn.callsite = std::string(strings.Get(node.callsite));
      drawn.cached = node.cached;
      drawn.barrier = node.barrier;
      drawn.box_label = ElideToWidth(measure, drawn.label, false, kRddNodeMaxWidth - 2 * pad, nullptr);
      const float width = std::clamp(measure.Width(drawn.box_label, false) + 2 * pad, kRddNodeWidth,
                                     kRddNodeMaxWidth);
      input.nodes.push_back({width, line_height * 1.7f, base + static_cast<int32_t>(c)});
    }
  }
  for (const RddOperationEdge& edge : graph.internal_edges) {
    const auto from = node_of.find({graph.stage_id, edge.from_rdd});
    const auto to = node_of.find({graph.stage_id, edge.to_rdd});
    if (from == node_of.end() || to == node_of.end()) continue;
    out.edges.push_back({from->second, to->second});
  }
  ++out.stage_count;
  if (out.clusters[static_cast<size_t>(base)].skipped) ++out.skipped_stages;
}

void Finish(LayoutInput& input, RddDagModel& out) {
  input.edges = out.edges;
  LayoutOptions options;
  options.node_gap_x = 20;
  options.layer_gap_y = 26;
  options.cluster_pad = 8;
  out.layout = LayoutGraph(input, options);
}

}  // namespace

void BuildJobDag(const AttemptModel& model, const StringPool& strings, int32_t job_id,
                 const TextMeasure& measure, RddDagModel& out) {
  out.Clear();
  if (model.job_rows.count(job_id) == 0) return;
  const std::vector<RddOperationGraph> graphs = OperationGraphForJob(model, strings, job_id);
  out.built_for = job_id;
  LayoutInput input;
  std::map<std::pair<int32_t, int32_t>, int32_t> node_of;
  for (const RddOperationGraph& graph : graphs) {
    AddStageGraph(graph, strings, measure, input, out, node_of);
  }
  // Edges into a stage from RDDs computed in an earlier stage of this job (the shuffle's map
  // side, or a cached RDD): from the latest earlier stage that draws that RDD.
  for (const RddOperationGraph& graph : graphs) {
    for (const RddOperationEdge& edge : graph.incoming_edges) {
      const auto to = node_of.find({graph.stage_id, edge.to_rdd});
      if (to == node_of.end()) continue;
      int32_t from = -1;
      for (const RddOperationGraph& earlier : graphs) {
        if (earlier.stage_id >= graph.stage_id) break;
        const auto found = node_of.find({earlier.stage_id, edge.from_rdd});
        if (found != node_of.end()) from = found->second;
      }
      if (from >= 0) out.edges.push_back({from, to->second});
    }
  }
  Finish(input, out);
}

void BuildStageDag(const AttemptModel& model, const StringPool& strings, int32_t stage_id,
                   const TextMeasure& measure, RddDagModel& out) {
  out.Clear();
  out.built_for = stage_id;
  LayoutInput input;
  std::map<std::pair<int32_t, int32_t>, int32_t> node_of;
  AddStageGraph(OperationGraphForStage(model, strings, stage_id), strings, measure, input, out,
                node_of);
  Finish(input, out);
}

}  // namespace afterglow::ui
