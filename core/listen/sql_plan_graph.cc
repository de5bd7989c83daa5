#include "core/listen/sql_plan_graph.h"

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace afterglow {
namespace {

class GraphBuilder {
 public:
  GraphBuilder(const SparkPlanInfoTree& plan, const StringPool& pool) : plan_(plan), pool_(pool) {
    ComputeEqualityClasses();
  }

  bool Build(SqlPlanGraph& graph) {
    // At most a top node per plan node: reserved once, so the list never grows by doubling.
    tops_.reserve(plan_.nodes.size());
    if (!Visit(0, -1, -1)) return false;
    graph.all_nodes.clear();
    size_t node_count = 0;
    for (const Top& top : tops_) node_count += 1 + top.members.size();
    graph.all_nodes.reserve(node_count);  // kept by the model: exactly its size
    graph.edges = std::move(edges_);
    // SparkPlanGraph.allNodes: a cluster's nodes, then the cluster; other nodes as they come.
    for (Top& top : tops_) {
      if (top.node.is_cluster) {
        const int32_t cluster_index =
            static_cast<int32_t>(graph.all_nodes.size() + top.members.size());
        for (SqlPlanNode& member : top.members) {
          member.cluster = cluster_index;
          graph.all_nodes.push_back(std::move(member));
        }
      }
      graph.all_nodes.push_back(std::move(top.node));
    }
    return true;
  }

 private:
  struct Top {
    SqlPlanNode node;
    std::vector<SqlPlanNode> members;  // a cluster's nodes
  };

  // SparkPlanInfo.equals compares nodeName, simpleString and children (recursively): give every
  // node the id of its equality class. Pre-order puts children after parents, so go backwards.
  // A class's key (name, simple string, the children's classes) is kept flat in one array and
  // found by its hash, so a plan costs no allocation per node.
  void ComputeEqualityClasses() {
    const size_t n = plan_.nodes.size();
    equality_class_.assign(n, 0);
    std::vector<uint32_t> keys;                       // every class's key, back to back
    std::vector<std::pair<size_t, size_t>> spans;     // class -> (offset, length) in keys
    // Open addressing: a slot holds a key's hash and its class (kEmpty: free); at most n keys.
    constexpr uint32_t kEmpty = UINT32_MAX;
    size_t slots = 16;
    while (slots < 2 * n) slots *= 2;
    std::vector<std::pair<uint64_t, uint32_t>> table(slots, {0, kEmpty});
    keys.reserve(n * 3);
    spans.reserve(n);
    for (size_t i = n; i-- > 0;) {
      const SparkPlanInfoNode& node = plan_.nodes[i];
      const size_t start = keys.size();
      keys.push_back(node.node_name);
      keys.push_back(node.simple_string);
      for (int32_t c = node.first_child; c >= 0; c = plan_.nodes[static_cast<size_t>(c)].next_sibling) {
        keys.push_back(equality_class_[static_cast<size_t>(c)]);
      }
      const size_t length = keys.size() - start;
      uint64_t hash = length;
      for (size_t k = start; k < keys.size(); ++k) {
        hash = (hash ^ keys[k]) * 0x9E3779B97F4A7C15ULL;
        hash ^= hash >> 29;
      }
      size_t slot = static_cast<size_t>(hash) & (slots - 1);
      for (;; slot = (slot + 1) & (slots - 1)) {
        const auto [slot_hash, slot_class] = table[slot];
        if (slot_class == kEmpty) break;
        if (slot_hash != hash) continue;
        const auto [offset, size] = spans[slot_class];
        if (size == length && std::equal(keys.begin() + static_cast<std::ptrdiff_t>(offset),
                                         keys.begin() + static_cast<std::ptrdiff_t>(offset + size),
                                         keys.begin() + static_cast<std::ptrdiff_t>(start))) {
          break;
        }
      }
      if (table[slot].second != kEmpty) {
        keys.resize(start);  // an equal node was seen: its class
      } else {
        table[slot] = {hash, static_cast<uint32_t>(spans.size())};
        spans.emplace_back(start, length);
      }
      equality_class_[i] = table[slot].second;
    }
  }

  SqlPlanNode MakeNode(int32_t info, bool is_cluster) {
    const SparkPlanInfoNode& source = plan_.nodes[static_cast<size_t>(info)];
    SqlPlanNode node;
    node.id = next_id_++;
    node.name = source.node_name;
    node.desc = source.simple_string;
    node.is_cluster = is_cluster;
    node.metrics.reserve(source.metrics_end - source.metrics_begin);
    for (uint32_t m = source.metrics_begin; m < source.metrics_end; ++m) {
      const SqlPlanMetricEvent& metric = plan_.metrics[m];
      node.metrics.push_back({metric.name, metric.accumulator_id, metric.metric_type});
    }
    return node;
  }

  const int64_t* Reused(int32_t info) const {
    auto it = reused_.find(equality_class_[static_cast<size_t>(info)]);
    return it == reused_.end() ? nullptr : &it->second;
  }

  // `parent` is the parent node's id (-1: none), `subgraph` the index in tops_ of the open
  // WholeStageCodegen cluster (-1: none).
  bool Visit(int32_t info, int64_t parent, int32_t subgraph) {
    if (info < 0 || static_cast<size_t>(info) >= plan_.nodes.size()) return false;
    const SparkPlanInfoNode& source = plan_.nodes[static_cast<size_t>(info)];
    const std::string_view name = pool_.Get(source.node_name);
    const int32_t child = source.first_child;
    if (name.starts_with("WholeStageCodegen")) {
      if (child < 0) return false;
      tops_.push_back({MakeNode(info, true), {}});
      return Visit(child, parent, static_cast<int32_t>(tops_.size() - 1));
    }
    if (name == "InputAdapter") return Visit(child, parent, -1);
    if (name == "BroadcastQueryStage" || name == "ShuffleQueryStage") {
      if (child < 0) return false;
      if (const int64_t* reused = Reused(child)) {
        if (parent < 0) return false;
        edges_.emplace_back(*reused, parent);  // points to the re-used exchange
        return true;
      }
      return Visit(child, parent, -1);
    }
    if (name == "TableCacheQueryStage" || name == "ResultQueryStage") return Visit(child, parent, -1);
    if (name == "Subquery" && subgraph >= 0) return Visit(info, parent, -1);  // not in a cluster
    if (name == "Subquery") {
      if (const int64_t* reused = Reused(info)) {
        if (parent < 0) return false;
        const std::pair<int64_t, int64_t> edge(*reused, parent);
        for (const auto& existing : edges_) {
          if (existing == edge) return true;
        }
        edges_.push_back(edge);
        return true;
      }
    }
    // A re-used subquery may come before the original: skip it so both point to one node.
    if (name == "ReusedSubquery") return Visit(child, parent, subgraph);
    if (name == "ReusedExchange") {
      if (child < 0) return false;
      if (const int64_t* reused = Reused(child)) {
        if (parent < 0) return false;
        edges_.emplace_back(*reused, parent);
        return true;
      }
    }
    SqlPlanNode node = MakeNode(info, false);
    const int64_t id = node.id;
    if (subgraph < 0) tops_.push_back({std::move(node), {}});
    else tops_[static_cast<size_t>(subgraph)].members.push_back(std::move(node));
    if (name.find("Exchange") != std::string_view::npos || name == "Subquery") {
      reused_[equality_class_[static_cast<size_t>(info)]] = id;
    }
    if (parent >= 0) edges_.emplace_back(id, parent);
    for (int32_t c = child; c >= 0; c = plan_.nodes[static_cast<size_t>(c)].next_sibling) {
      if (!Visit(c, id, subgraph)) return false;
    }
    return true;
  }

  const SparkPlanInfoTree& plan_;
  const StringPool& pool_;
  std::vector<uint32_t> equality_class_;
  std::vector<Top> tops_;
  std::vector<std::pair<int64_t, int64_t>> edges_;
  std::unordered_map<uint32_t, int64_t> reused_;  // equality class -> node id (the "exchanges" map)
  int64_t next_id_ = 0;
};

}  // namespace

bool BuildSparkPlanGraph(const SparkPlanInfoTree& plan, const StringPool& pool,
                         SqlPlanGraph& graph) {
  if (plan.empty()) return false;
  GraphBuilder builder(plan, pool);
  return builder.Build(graph);
}

}  // namespace afterglow
