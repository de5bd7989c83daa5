#include "ui/graph_layout.h"

#include <algorithm>
#include <cstddef>
#include <limits>

namespace afterglow::ui {
namespace {

// A block of one cluster's local layout: a member node or a child cluster.
struct BlockRef {
  bool is_cluster = false;
  int32_t index = 0;  // node or cluster index
};

// Everything laid out inside one cluster (or the top level, index clusters.size()).
struct Scope {
  std::vector<BlockRef> blocks;
  std::vector<std::pair<int32_t, int32_t>> edges;  // block indices, deduplicated
  std::vector<float> local_x, local_y;             // block positions inside the content area
  float content_w = 0, content_h = 0;
};

// The cluster's parent if it leads to the top level without a cycle, else -1.
std::vector<int32_t> SaneParents(const LayoutInput& input) {
  const int32_t n = static_cast<int32_t>(input.clusters.size());
  std::vector<int32_t> parent(static_cast<size_t>(n), -1);
  for (int32_t c = 0; c < n; ++c) {
    int32_t p = input.clusters[static_cast<size_t>(c)].parent;
    if (p < 0 || p >= n || p == c) continue;
    // Walk up at most n steps: longer means a cycle.
    int32_t at = p;
    int32_t steps = 0;
    while (at >= 0 && at < n && steps <= n) {
      at = input.clusters[static_cast<size_t>(at)].parent;
      if (at == c) break;
      ++steps;
    }
    if (at == c || steps > n) continue;
    parent[static_cast<size_t>(c)] = p;
  }
  // A chain through a dropped parent is fine: that ancestor is top level now.
  return parent;
}

// Lays out the blocks of one scope given their sizes: layers, order, coordinates.
void LayoutScope(Scope& scope, const std::vector<float>& w, const std::vector<float>& h,
                 const LayoutOptions& options) {
  const size_t n = scope.blocks.size();
  scope.local_x.assign(n, 0);
  scope.local_y.assign(n, 0);
  if (n == 0) return;

  std::vector<std::vector<int32_t>> out(n), in(n);
  for (const auto& [a, b] : scope.edges) out[static_cast<size_t>(a)].push_back(b);

  // Cycle breaking: depth-first from each block in index order; back edges are ignored.
  std::vector<uint8_t> mark(n, 0);  // 0 new, 1 on stack, 2 done
  std::vector<std::pair<int32_t, size_t>> stack;
  std::vector<std::pair<int32_t, int32_t>> dag_edges;
  for (size_t root = 0; root < n; ++root) {
    if (mark[root] != 0) continue;
    stack.push_back({static_cast<int32_t>(root), 0});
    mark[root] = 1;
    while (!stack.empty()) {
      auto& [v, next] = stack.back();
      const auto& succ = out[static_cast<size_t>(v)];
      if (next < succ.size()) {
        const int32_t s = succ[next++];
        if (mark[static_cast<size_t>(s)] == 1) continue;  // back edge: closes a cycle
        dag_edges.push_back({v, s});
        if (mark[static_cast<size_t>(s)] == 0) {
          mark[static_cast<size_t>(s)] = 1;
          stack.push_back({s, 0});
        }
      } else {
        mark[static_cast<size_t>(v)] = 2;
        stack.pop_back();
      }
    }
  }
  for (auto& list : out) list.clear();
  for (const auto& [a, b] : dag_edges) {
    out[static_cast<size_t>(a)].push_back(b);
    in[static_cast<size_t>(b)].push_back(a);
  }

  // Layers by longest path from the sources (Kahn's order, smallest index first).
  std::vector<int32_t> layer(n, 0), indegree(n, 0);
  for (size_t v = 0; v < n; ++v) indegree[v] = static_cast<int32_t>(in[v].size());
  std::vector<int32_t> ready;
  for (size_t v = 0; v < n; ++v) {
    if (indegree[v] == 0) ready.push_back(static_cast<int32_t>(v));
  }
  for (size_t head = 0; head < ready.size(); ++head) {
    const int32_t v = ready[head];
    for (int32_t s : out[static_cast<size_t>(v)]) {
      layer[static_cast<size_t>(s)] =
          std::max(layer[static_cast<size_t>(s)], layer[static_cast<size_t>(v)] + 1);
      if (--indegree[static_cast<size_t>(s)] == 0) ready.push_back(s);
    }
  }
  const int32_t layer_count = *std::max_element(layer.begin(), layer.end()) + 1;
  std::vector<std::vector<int32_t>> layers(static_cast<size_t>(layer_count));
  for (size_t v = 0; v < n; ++v) layers[static_cast<size_t>(layer[v])].push_back(static_cast<int32_t>(v));

  // Crossing reduction: barycenters of the neighbours' positions in their layers.
  std::vector<float> position(n, 0);
  auto renumber = [&](const std::vector<int32_t>& row) {
    for (size_t i = 0; i < row.size(); ++i) position[static_cast<size_t>(row[i])] = static_cast<float>(i);
  };
  for (const auto& row : layers) renumber(row);
  std::vector<std::pair<float, int32_t>> keyed;
  auto sweep_layer = [&](std::vector<int32_t>& row, const std::vector<std::vector<int32_t>>& nbrs) {
    keyed.clear();
    for (int32_t v : row) {
      const auto& list = nbrs[static_cast<size_t>(v)];
      float key = position[static_cast<size_t>(v)];
      if (!list.empty()) {
        float sum = 0;
        for (int32_t u : list) sum += position[static_cast<size_t>(u)];
        key = sum / static_cast<float>(list.size());
      }
      keyed.push_back({key, v});
    }
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (size_t i = 0; i < row.size(); ++i) row[i] = keyed[i].second;
    renumber(row);
  };
  for (int sweep = 0; sweep < options.crossing_sweeps; ++sweep) {
    for (int32_t l = 1; l < layer_count; ++l) sweep_layer(layers[static_cast<size_t>(l)], in);
    for (int32_t l = layer_count - 2; l >= 0; --l) sweep_layer(layers[static_cast<size_t>(l)], out);
  }

  // y: layers stacked, blocks centred vertically in their layer.
  float y = 0;
  for (const auto& row : layers) {
    float layer_h = 0;
    for (int32_t v : row) layer_h = std::max(layer_h, h[static_cast<size_t>(v)]);
    for (int32_t v : row) scope.local_y[static_cast<size_t>(v)] = y + (layer_h - h[static_cast<size_t>(v)]) * 0.5f;
    y += layer_h + options.layer_gap_y;
  }
  scope.content_h = y - options.layer_gap_y;

  // x: packed, then pulled toward the neighbours' centres (down, then up), never overlapping.
  std::vector<float>& x = scope.local_x;
  for (const auto& row : layers) {
    float at = 0;
    for (int32_t v : row) {
      x[static_cast<size_t>(v)] = at;
      at += w[static_cast<size_t>(v)] + options.node_gap_x;
    }
  }
  auto place = [&](const std::vector<int32_t>& row, const std::vector<std::vector<int32_t>>& nbrs) {
    float min_left = -std::numeric_limits<float>::infinity();
    for (int32_t v : row) {
      const size_t vi = static_cast<size_t>(v);
      float want = x[vi];
      if (!nbrs[vi].empty()) {
        float sum = 0;
        for (int32_t u : nbrs[vi]) sum += x[static_cast<size_t>(u)] + w[static_cast<size_t>(u)] * 0.5f;
        want = sum / static_cast<float>(nbrs[vi].size()) - w[vi] * 0.5f;
      }
      x[vi] = std::max(want, min_left);
      min_left = x[vi] + w[vi] + options.node_gap_x;
    }
  };
  for (int pass = 0; pass < 2; ++pass) {
    for (int32_t l = 1; l < layer_count; ++l) place(layers[static_cast<size_t>(l)], in);
    for (int32_t l = layer_count - 2; l >= 0; --l) place(layers[static_cast<size_t>(l)], out);
  }
  float min_x = std::numeric_limits<float>::infinity();
  float max_x = 0;
  for (size_t v = 0; v < n; ++v) min_x = std::min(min_x, x[v]);
  for (size_t v = 0; v < n; ++v) {
    x[v] -= min_x;
    max_x = std::max(max_x, x[v] + w[v]);
  }
  scope.content_w = max_x;
}

}  // namespace

GraphLayout LayoutGraph(const LayoutInput& input, const LayoutOptions& options) {
  GraphLayout result;
  const size_t node_count = input.nodes.size();
  const size_t cluster_count = input.clusters.size();
  result.nodes.assign(node_count, LayoutRect{});
  result.clusters.assign(cluster_count, LayoutRect{});
  const std::vector<int32_t> parent = SaneParents(input);
  const size_t top = cluster_count;  // the scope index of the top level
  auto scope_of_cluster_parent = [&](size_t c) {
    return parent[c] < 0 ? top : static_cast<size_t>(parent[c]);
  };
  auto scope_of_node = [&](size_t v) {
    const int32_t c = input.nodes[v].cluster;
    return c < 0 || static_cast<size_t>(c) >= cluster_count ? top : static_cast<size_t>(c);
  };

  // Blocks of each scope, ordered by the smallest node index they hold (creation order).
  std::vector<size_t> first_node(cluster_count, std::numeric_limits<size_t>::max());
  for (size_t v = 0; v < node_count; ++v) {
    size_t s = scope_of_node(v);
    while (s != top && first_node[s] > v) {
      first_node[s] = v;
      s = scope_of_cluster_parent(s);
    }
  }
  std::vector<Scope> scopes(cluster_count + 1);
  std::vector<int32_t> block_of_node(node_count), block_of_cluster(cluster_count);
  {
    std::vector<std::vector<std::pair<size_t, BlockRef>>> keyed(cluster_count + 1);
    for (size_t v = 0; v < node_count; ++v) {
      keyed[scope_of_node(v)].push_back({v * 2, BlockRef{false, static_cast<int32_t>(v)}});
    }
    for (size_t c = 0; c < cluster_count; ++c) {
      const size_t key = first_node[c] == std::numeric_limits<size_t>::max()
                             ? std::numeric_limits<size_t>::max() - cluster_count + c
                             : first_node[c] * 2 + 1;
      keyed[scope_of_cluster_parent(c)].push_back({key, BlockRef{true, static_cast<int32_t>(c)}});
    }
    for (size_t s = 0; s <= cluster_count; ++s) {
      std::stable_sort(keyed[s].begin(), keyed[s].end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
      for (const auto& [key, ref] : keyed[s]) {
        const int32_t index = static_cast<int32_t>(scopes[s].blocks.size());
        if (ref.is_cluster) block_of_cluster[static_cast<size_t>(ref.index)] = index;
        else block_of_node[static_cast<size_t>(ref.index)] = index;
        scopes[s].blocks.push_back(ref);
      }
    }
  }

  // Each edge joins the two blocks of its ends' innermost common scope.
  std::vector<size_t> chain_a, chain_b;  // scopes from the top level inward
  auto chain_of = [&](size_t v, std::vector<size_t>& chain) {
    chain.clear();
    for (size_t s = scope_of_node(v); s != top; s = scope_of_cluster_parent(s)) chain.push_back(s);
    chain.push_back(top);
    std::reverse(chain.begin(), chain.end());
  };
  for (const auto& [from, to] : input.edges) {
    if (from < 0 || to < 0 || static_cast<size_t>(from) >= node_count ||
        static_cast<size_t>(to) >= node_count || from == to) {
      continue;
    }
    chain_of(static_cast<size_t>(from), chain_a);
    chain_of(static_cast<size_t>(to), chain_b);
    size_t depth = 0;  // chain_a[depth] == chain_b[depth] is the common scope
    while (depth + 1 < chain_a.size() && depth + 1 < chain_b.size() &&
           chain_a[depth + 1] == chain_b[depth + 1]) {
      ++depth;
    }
    auto block_at = [&](const std::vector<size_t>& chain, int32_t node) {
      return depth + 1 < chain.size() ? block_of_cluster[chain[depth + 1]]
                                      : block_of_node[static_cast<size_t>(node)];
    };
    const int32_t a = block_at(chain_a, from);
    const int32_t b = block_at(chain_b, to);
    if (a == b) continue;
    auto& edges = scopes[chain_a[depth]].edges;
    if (std::find(edges.begin(), edges.end(), std::make_pair(a, b)) == edges.end()) {
      edges.push_back({a, b});
    }
  }

  // Post-order over the cluster tree: children's sizes are known before their parent's layout.
  std::vector<std::vector<size_t>> child_clusters(cluster_count + 1);
  for (size_t c = 0; c < cluster_count; ++c) child_clusters[scope_of_cluster_parent(c)].push_back(c);
  std::vector<size_t> order;
  std::vector<std::pair<size_t, size_t>> walk{{top, 0}};
  while (!walk.empty()) {
    auto& [s, next] = walk.back();
    if (next < child_clusters[s].size()) {
      walk.push_back({child_clusters[s][next++], 0});
    } else {
      order.push_back(s);
      walk.pop_back();
    }
  }
  std::vector<float> cluster_w(cluster_count, 0), cluster_h(cluster_count, 0);
  std::vector<float> block_w, block_h;
  for (size_t s : order) {
    Scope& scope = scopes[s];
    block_w.clear();
    block_h.clear();
    for (const BlockRef& ref : scope.blocks) {
      const size_t i = static_cast<size_t>(ref.index);
      block_w.push_back(ref.is_cluster ? cluster_w[i] : input.nodes[i].width);
      block_h.push_back(ref.is_cluster ? cluster_h[i] : input.nodes[i].height);
    }
    LayoutScope(scope, block_w, block_h, options);
    if (s == top) break;
    const LayoutInput::Cluster& cluster = input.clusters[s];
    cluster_w[s] = std::max(scope.content_w + 2 * options.cluster_pad, cluster.min_width);
    cluster_h[s] = scope.content_h + 2 * options.cluster_pad + cluster.label_height;
    if (scope.blocks.empty()) cluster_h[s] = cluster.label_height + 2 * options.cluster_pad;
  }

  // Absolute positions, top down: a scope's content starts inside its box, centred in it.
  std::vector<std::pair<size_t, std::pair<float, float>>> place{{top, {0.0f, 0.0f}}};
  while (!place.empty()) {
    const auto [s, origin] = place.back();
    place.pop_back();
    const Scope& scope = scopes[s];
    float ox = origin.first, oy = origin.second;
    if (s != top) {
      const LayoutRect box{ox, oy, ox + cluster_w[s], oy + cluster_h[s]};
      result.clusters[s] = box;
      ox += (cluster_w[s] - scope.content_w) * 0.5f;
      oy += options.cluster_pad + input.clusters[s].label_height;
    }
    for (size_t b = 0; b < scope.blocks.size(); ++b) {
      const BlockRef& ref = scope.blocks[b];
      const size_t i = static_cast<size_t>(ref.index);
      const float bx = ox + scope.local_x[b];
      const float by = oy + scope.local_y[b];
      if (ref.is_cluster) {
        place.push_back({i, {bx, by}});
      } else {
        result.nodes[i] = LayoutRect{bx, by, bx + input.nodes[i].width, by + input.nodes[i].height};
      }
    }
  }
  result.bounds = LayoutRect{0, 0, scopes[top].content_w, scopes[top].content_h};
  return result;
}

}  // namespace afterglow::ui
