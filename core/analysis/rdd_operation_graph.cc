#include "core/analysis/rdd_operation_graph.h"

#include <algorithm>
#include <map>
#include <set>
#include <span>
#include <unordered_set>

#include "core/decode/rdd_scope_decoder.h"

namespace afterglow {
namespace {

// scope.name.replaceAll("\n", "\\n"): cluster names are one line in the dot file.
std::string EscapeNewlines(const std::string& name) {
  std::string out;
  for (char c : name) {
    if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

void AttachUnique(std::vector<int32_t>& list, int32_t index) {
  if (std::find(list.begin(), list.end(), index) == list.end()) list.push_back(index);
}

}  // namespace

int32_t RddOperationGraph::FindNode(int32_t rdd_id) const {
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].rdd_id == rdd_id) return static_cast<int32_t>(i);
  }
  return -1;
}

RddOperationGraph MakeRddOperationGraph(int32_t stage_id, const StageRddOperations& stage,
                                        const StringPool& strings, int64_t retained_root_rdds) {
  RddOperationGraph graph;
  graph.stage_id = stage_id;
  RddOperationCluster& root = graph.clusters.emplace_back();
  root.id = "stage_" + std::to_string(stage_id);
  root.name = "Stage " + std::to_string(stage_id);
  if (stage.attempt_id != 0) root.name += " (attempt " + std::to_string(stage.attempt_id) + ")";

  // stage.rddInfos.sortBy(_.id); the stable sort keeps a repeated id's log order.
  std::vector<const RddOperationInfo*> rdds;
  for (const RddOperationInfo& rdd : stage.operations.rdds) rdds.push_back(&rdd);
  std::stable_sort(
      rdds.begin(), rdds.end(),
      [](const RddOperationInfo* a, const RddOperationInfo* b) { return a->rdd_id < b->rdd_id; });

  std::vector<RddOperationEdge> edges;
  std::map<std::string, int32_t> cluster_by_scope;
  std::unordered_set<int32_t> added, dropped;
  int64_t root_count = 0;
  RddScopeDecoder scopes;
  std::vector<RddScope> chain;
  std::vector<int32_t> chain_clusters;
  for (const RddOperationInfo* rdd : rdds) {
    bool allowed = false;
    const std::span<const int32_t> parent_ids = stage.operations.ParentIdsOf(*rdd);
    if (parent_ids.empty()) {
      ++root_count;
      allowed = root_count <= retained_root_rdds;
    } else {
      allowed = std::any_of(parent_ids.begin(), parent_ids.end(), [&](int32_t id) {
        return added.count(id) > 0 || dropped.count(id) == 0;
      });
    }
    if (allowed) {
      added.insert(rdd->rdd_id);
      for (int32_t parent : parent_ids) {
        if (dropped.count(parent) == 0) edges.push_back({parent, rdd->rdd_id});
      }
    } else {
      dropped.insert(rdd->rdd_id);
    }
    // nodes.getOrElseUpdate: the first entry of an id wins.
    int32_t node = graph.FindNode(rdd->rdd_id);
    if (node < 0) {
      node = static_cast<int32_t>(graph.nodes.size());
      graph.nodes.push_back({rdd->rdd_id, rdd->name, rdd->callsite, rdd->deterministic_level,
                             rdd->cached, rdd->barrier});
    }
    scopes.DecodeChain(strings.Get(rdd->scope), chain);
    if (chain.empty()) {
      if (allowed) AttachUnique(graph.clusters[0].child_nodes, node);
      continue;
    }
    chain_clusters.clear();
    for (const RddScope& scope : chain) {
      auto [it, inserted] = cluster_by_scope.emplace(scope.id, static_cast<int32_t>(graph.clusters.size()));
      if (inserted) {
        RddOperationCluster& cluster = graph.clusters.emplace_back();
        cluster.id = scope.id;
        cluster.name = EscapeNewlines(scope.name);
      }
      chain_clusters.push_back(it->second);
    }
    for (size_t i = 0; i + 1 < chain_clusters.size(); ++i) {
      if (chain_clusters[i] != chain_clusters[i + 1]) {
        AttachUnique(graph.clusters[static_cast<size_t>(chain_clusters[i])].child_clusters,
                     chain_clusters[i + 1]);
      }
    }
    AttachUnique(graph.clusters[0].child_clusters, chain_clusters.front());
    if (allowed) {
      AttachUnique(graph.clusters[static_cast<size_t>(chain_clusters.back())].child_nodes, node);
    }
  }

  for (const RddOperationEdge& edge : edges) {
    const bool from_here = graph.FindNode(edge.from_rdd) >= 0;
    const bool to_here = graph.FindNode(edge.to_rdd) >= 0;
    if (from_here && to_here) graph.internal_edges.push_back(edge);
    else if (from_here) graph.outgoing_edges.push_back(edge);
    else if (to_here) graph.incoming_edges.push_back(edge);
  }
  return graph;
}

RddOperationGraph OperationGraphForStage(const AttemptModel& model, const StringPool& strings,
                                         int32_t stage_id) {
  const auto it = model.stage_rdd_graphs.find(stage_id);
  if (it == model.stage_rdd_graphs.end()) {
    return MakeRddOperationGraph(stage_id, StageRddOperations{}, strings);
  }
  return MakeRddOperationGraph(stage_id, it->second, strings);
}

std::vector<RddOperationGraph> OperationGraphForJob(const AttemptModel& model,
                                                    const StringPool& strings, int32_t job_id) {
  std::vector<RddOperationGraph> graphs;
  const auto row = model.job_rows.find(job_id);
  if (row == model.job_rows.end()) return graphs;
  const Job& job = model.job(row->second);
  std::vector<int32_t> stage_ids = job.stage_ids;
  std::sort(stage_ids.begin(), stage_ids.end());
  for (int32_t stage_id : stage_ids) {
    RddOperationGraph graph = OperationGraphForStage(model, strings, stage_id);
    const bool skipped = std::find(job.skipped_stage_set.begin(), job.skipped_stage_set.end(),
                                   stage_id) != job.skipped_stage_set.end();
    if (skipped && graph.clusters[0].name.find("skipped") == std::string::npos) {
      graph.clusters[0].name += " (skipped)";
    }
    graphs.push_back(std::move(graph));
  }
  return graphs;
}

}  // namespace afterglow
