#include "core/listen/sql_plan_graph.h"

#include <algorithm>
#include <string_view>

namespace afterglow {

bool SparkPlanGraphBuilder::Build(const SparkPlanInfoTree& plan, const StringPool& pool,
                                  SqlPlanGraph& graph) {
  if (plan.empty()) return false;
  plan_ = &plan;
  pool_ = &pool;
  ComputeEqualityClasses();
  reused_.assign(class_spans_.size(), -1);
  created_.clear();
  edges_.clear();
  if (!Visit(0, -1, -1)) return false;

  // SparkPlanGraph.allNodes: a cluster's nodes, then the cluster; other nodes as they come. A
  // cluster's members are gathered cluster by cluster (a counting sort, stable in creation order).
  member_begin_.assign(created_.size() + 1, 0);
  for (const Created& c : created_) {
    if (c.cluster >= 0) ++member_begin_[static_cast<size_t>(c.cluster) + 1];
  }
  for (size_t i = 1; i < member_begin_.size(); ++i) member_begin_[i] += member_begin_[i - 1];
  members_.resize(member_begin_.back());
  member_fill_.assign(member_begin_.begin(), member_begin_.end() - 1);
  for (size_t i = 0; i < created_.size(); ++i) {
    const int32_t cluster = created_[i].cluster;
    if (cluster >= 0) members_[member_fill_[static_cast<size_t>(cluster)]++] = static_cast<uint32_t>(i);
  }
  size_t metric_count = 0;
  for (const Created& c : created_) {
    const SparkPlanInfoNode& source = plan.nodes[static_cast<size_t>(c.info)];
    metric_count += source.metrics_end - source.metrics_begin;
  }
  // Kept by the model: each array exactly its size.
  graph.all_nodes.clear();
  graph.all_nodes.reserve(created_.size());
  graph.metrics.clear();
  graph.metrics.reserve(metric_count);
  graph.edges.assign(edges_.begin(), edges_.end());
  for (size_t i = 0; i < created_.size(); ++i) {
    const Created& top = created_[i];
    if (top.cluster >= 0) continue;
    if (top.is_cluster) {
      const uint32_t begin = member_begin_[i];
      const uint32_t end = member_begin_[i + 1];
      const int32_t cluster_index = static_cast<int32_t>(graph.all_nodes.size() + (end - begin));
      for (uint32_t m = begin; m < end; ++m) Emit(created_[members_[m]], cluster_index, graph);
    }
    Emit(top, -1, graph);
  }
  return true;
}

void SparkPlanGraphBuilder::Emit(const Created& created, int32_t cluster_index,
                                 SqlPlanGraph& graph) const {
  const SparkPlanInfoNode& source = plan_->nodes[static_cast<size_t>(created.info)];
  SqlPlanNode node;
  node.id = created.id;
  node.name = source.node_name;
  node.desc = source.simple_string;
  node.is_cluster = created.is_cluster;
  node.cluster = cluster_index;
  node.metrics_begin = static_cast<uint32_t>(graph.metrics.size());
  for (uint32_t m = source.metrics_begin; m < source.metrics_end; ++m) {
    const SqlPlanMetricEvent& metric = plan_->metrics[m];
    graph.metrics.push_back({metric.name, metric.accumulator_id, metric.metric_type});
  }
  node.metrics_end = static_cast<uint32_t>(graph.metrics.size());
  graph.all_nodes.push_back(node);
}

// SparkPlanInfo.equals compares nodeName, simpleString and children (recursively): give every
// node the id of its equality class. Pre-order puts children after parents, so go backwards. A
// class's key (name, simple string, the children's classes) is kept flat in one array and found
// by its hash.
void SparkPlanGraphBuilder::ComputeEqualityClasses() {
  const SparkPlanInfoTree& plan = *plan_;
  const size_t n = plan.nodes.size();
  equality_class_.assign(n, 0);
  std::vector<uint32_t>& keys = class_keys_;
  keys.clear();
  class_spans_.clear();
  // Open addressing: a slot holds a key's hash and its class (kEmpty: free); at most n keys.
  constexpr uint32_t kEmpty = UINT32_MAX;
  size_t slots = 16;
  while (slots < 2 * n) slots *= 2;
  class_table_.assign(slots, {0, kEmpty});
  for (size_t i = n; i-- > 0;) {
    const SparkPlanInfoNode& node = plan.nodes[i];
    const size_t start = keys.size();
    keys.push_back(node.node_name);
    keys.push_back(node.simple_string);
    for (int32_t c = node.first_child; c >= 0; c = plan.nodes[static_cast<size_t>(c)].next_sibling) {
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
      const auto [slot_hash, slot_class] = class_table_[slot];
      if (slot_class == kEmpty) break;
      if (slot_hash != hash) continue;
      const auto [offset, size] = class_spans_[slot_class];
      if (size == length && std::equal(keys.begin() + static_cast<std::ptrdiff_t>(offset),
                                       keys.begin() + static_cast<std::ptrdiff_t>(offset + size),
                                       keys.begin() + static_cast<std::ptrdiff_t>(start))) {
        break;
      }
    }
    if (class_table_[slot].second != kEmpty) {
      keys.resize(start);  // an equal node was seen: its class
    } else {
      class_table_[slot] = {hash, static_cast<uint32_t>(class_spans_.size())};
      class_spans_.emplace_back(start, length);
    }
    equality_class_[i] = class_table_[slot].second;
  }
}

int64_t SparkPlanGraphBuilder::Create(int32_t info, bool is_cluster, int32_t cluster) {
  const int64_t id = static_cast<int64_t>(created_.size());
  created_.push_back({info, id, is_cluster, cluster});
  return id;
}

// `parent` is the parent node's id (-1: none), `cluster` the index in created_ of the open
// WholeStageCodegen cluster (-1: none). Node ids count created nodes, so a node's id is its index
// in created_.
bool SparkPlanGraphBuilder::Visit(int32_t info, int64_t parent, int32_t cluster) {
  if (info < 0 || static_cast<size_t>(info) >= plan_->nodes.size()) return false;
  const SparkPlanInfoNode& source = plan_->nodes[static_cast<size_t>(info)];
  const std::string_view name = pool_->Get(source.node_name);
  const int32_t child = source.first_child;
  if (name.starts_with("WholeStageCodegen")) {
    if (child < 0) return false;
    const int64_t id = Create(info, /*is_cluster=*/true, -1);
    return Visit(child, parent, static_cast<int32_t>(id));
  }
  if (name == "InputAdapter") return Visit(child, parent, -1);
  if (name == "BroadcastQueryStage" || name == "ShuffleQueryStage") {
    if (child < 0) return false;
    if (const int64_t reused = Reused(child); reused >= 0) {
      if (parent < 0) return false;
      edges_.emplace_back(reused, parent);  // points to the re-used exchange
      return true;
    }
    return Visit(child, parent, -1);
  }
  if (name == "TableCacheQueryStage" || name == "ResultQueryStage") return Visit(child, parent, -1);
  if (name == "Subquery" && cluster >= 0) return Visit(info, parent, -1);  // not in a cluster
  if (name == "Subquery") {
    if (const int64_t reused = Reused(info); reused >= 0) {
      if (parent < 0) return false;
      const std::pair<int64_t, int64_t> edge(reused, parent);
      if (std::find(edges_.begin(), edges_.end(), edge) == edges_.end()) edges_.push_back(edge);
      return true;
    }
  }
  // A re-used subquery may come before the original: skip it so both point to one node.
  if (name == "ReusedSubquery") return Visit(child, parent, cluster);
  if (name == "ReusedExchange") {
    if (child < 0) return false;
    if (const int64_t reused = Reused(child); reused >= 0) {
      if (parent < 0) return false;
      edges_.emplace_back(reused, parent);
      return true;
    }
  }
  const int64_t id = Create(info, /*is_cluster=*/false, cluster);
  if (name.find("Exchange") != std::string_view::npos || name == "Subquery") {
    reused_[equality_class_[static_cast<size_t>(info)]] = id;
  }
  if (parent >= 0) edges_.emplace_back(id, parent);
  for (int32_t c = child; c >= 0; c = plan_->nodes[static_cast<size_t>(c)].next_sibling) {
    if (!Visit(c, id, cluster)) return false;
  }
  return true;
}

}  // namespace afterglow
