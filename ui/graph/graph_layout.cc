#include "ui/graph/graph_layout.h"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <map>
#include <tuple>

namespace afterglow::ui {
namespace {

// A block of one cluster's local layout: a member node or a child cluster.
struct BlockRef {
  bool is_cluster = false;
  int32_t index = 0;  // node or cluster index
};

// Everything laid out inside one cluster (or the top level, index clusters.size()).
//
// Items are the scope's blocks (indices below blocks.size()) followed by its virtual nodes: one
// per layer an edge passes through, each a thin column the edge runs down.
struct Scope {
  std::vector<BlockRef> blocks;
  std::vector<std::pair<int32_t, int32_t>> edges;  // block indices, deduplicated
  std::vector<int32_t> layer;                      // per item
  int32_t layer_count = 0;
  std::vector<std::vector<int32_t>> item_out, item_in;  // between consecutive layers only
  std::vector<float> local_x;        // per item: left side inside the content area
  std::vector<float> layer_y, layer_h;  // per layer: top inside the content area, height
  float content_w = 0, content_h = 0;
  float origin_x = 0, origin_y = 0;  // absolute position of the content area's top-left

  size_t ItemCount() const { return layer.size(); }
  bool IsVirtual(size_t item) const { return item >= blocks.size(); }
};

constexpr float kVirtualWidth = 2.0f;

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

// Layers of one scope's blocks (size-independent, so every scope is layered before any is
// placed): back edges of a depth-first search are reversed, layers follow the longest path from
// the sources, then blocks with at least as many successors as predecessors move down next to
// their nearest successor (so a short branch does not start at the very top), and empty layers
// are dropped.
void LayerScope(Scope& scope) {
  const size_t n = scope.blocks.size();
  scope.layer.assign(n, 0);
  scope.layer_count = n > 0 ? 1 : 0;
  if (n == 0) return;
  std::vector<std::vector<int32_t>> out(n), in(n);
  for (const auto& [a, b] : scope.edges) out[static_cast<size_t>(a)].push_back(b);

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
        if (mark[static_cast<size_t>(s)] == 1) {
          dag_edges.push_back({s, v});  // back edge: reversed
          continue;
        }
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
  std::vector<int32_t>& layer = scope.layer;
  std::vector<int32_t> indegree(n, 0), topo;
  for (size_t v = 0; v < n; ++v) {
    indegree[v] = static_cast<int32_t>(in[v].size());
    if (indegree[v] == 0) topo.push_back(static_cast<int32_t>(v));
  }
  for (size_t head = 0; head < topo.size(); ++head) {
    const int32_t v = topo[head];
    for (int32_t s : out[static_cast<size_t>(v)]) {
      layer[static_cast<size_t>(s)] =
          std::max(layer[static_cast<size_t>(s)], layer[static_cast<size_t>(v)] + 1);
      if (--indegree[static_cast<size_t>(s)] == 0) topo.push_back(s);
    }
  }
  for (size_t i = topo.size(); i-- > 0;) {
    const size_t v = static_cast<size_t>(topo[i]);
    if (out[v].empty() || in[v].size() > out[v].size()) continue;
    int32_t lowest = std::numeric_limits<int32_t>::max();
    for (int32_t s : out[v]) lowest = std::min(lowest, layer[static_cast<size_t>(s)] - 1);
    layer[v] = std::max(layer[v], lowest);
  }
  std::vector<int32_t> renumber(n + 1, -1);
  for (size_t v = 0; v < n; ++v) renumber[static_cast<size_t>(layer[v])] = 0;
  int32_t used = 0;
  for (auto& r : renumber) {
    if (r == 0) r = used++;
  }
  for (size_t v = 0; v < n; ++v) layer[v] = renumber[static_cast<size_t>(layer[v])];
  scope.layer_count = used;
}

// Adds a virtual item to `scope` in `layer`.
int32_t AddVirtual(Scope& scope, int32_t layer) {
  scope.layer.push_back(layer);
  return static_cast<int32_t>(scope.layer.size() - 1);
}

// Number of crossings between layer `upper` and the next, for items at `position`.
size_t CountCrossings(const Scope& scope, const std::vector<int32_t>& upper,
                      const std::vector<float>& position,
                      std::vector<std::pair<float, float>>& scratch) {
  scratch.clear();
  for (int32_t u : upper) {
    for (int32_t v : scope.item_out[static_cast<size_t>(u)]) {
      scratch.push_back({position[static_cast<size_t>(u)], position[static_cast<size_t>(v)]});
    }
  }
  std::sort(scratch.begin(), scratch.end());
  size_t crossings = 0;
  for (size_t i = 0; i < scratch.size(); ++i) {
    for (size_t j = i + 1; j < scratch.size(); ++j) {
      if (scratch[j].first > scratch[i].first && scratch[j].second < scratch[i].second) ++crossings;
    }
  }
  return crossings;
}

// Orders each layer's items by barycenter sweeps, keeping the order with the fewest crossings.
std::vector<std::vector<int32_t>> OrderLayers(const Scope& scope, const LayoutOptions& options) {
  const size_t n = scope.ItemCount();
  std::vector<std::vector<int32_t>> layers(static_cast<size_t>(scope.layer_count));
  for (size_t v = 0; v < n; ++v) layers[static_cast<size_t>(scope.layer[v])].push_back(static_cast<int32_t>(v));
  std::vector<float> position(n, 0);
  auto renumber = [&](const std::vector<int32_t>& row) {
    for (size_t i = 0; i < row.size(); ++i) position[static_cast<size_t>(row[i])] = static_cast<float>(i);
  };
  for (const auto& row : layers) renumber(row);
  std::vector<std::pair<float, float>> scratch;
  auto total_crossings = [&]() {
    size_t sum = 0;
    for (size_t l = 0; l + 1 < layers.size(); ++l) sum += CountCrossings(scope, layers[l], position, scratch);
    return sum;
  };
  std::vector<std::vector<int32_t>> best = layers;
  size_t best_crossings = total_crossings();
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
  const int32_t count = scope.layer_count;
  for (int sweep = 0; sweep < options.crossing_sweeps && best_crossings > 0; ++sweep) {
    for (int32_t l = 1; l < count; ++l) sweep_layer(layers[static_cast<size_t>(l)], scope.item_in);
    for (int32_t l = count - 2; l >= 0; --l) sweep_layer(layers[static_cast<size_t>(l)], scope.item_out);
    const size_t crossings = total_crossings();
    if (crossings < best_crossings) {
      best_crossings = crossings;
      best = layers;
    }
  }
  return best;
}

// Places one layer's items (left to right in `row`) as close as possible, in the least-squares
// sense, to `want` (each item's wanted left side, weighted by `weight`) without overlapping:
// isotonic regression by pool-adjacent-violators on the positions minus their packed offsets.
void PlaceRow(const std::vector<int32_t>& row, const std::vector<float>& want,
              const std::vector<float>& weight, const std::vector<float>& offset,
              std::vector<float>& x) {
  struct Pool {
    float value, weight;
    size_t count;
  };
  std::vector<Pool> pools;
  pools.reserve(row.size());
  for (size_t i = 0; i < row.size(); ++i) {
    pools.push_back({want[i] - offset[i], weight[i], 1});
    while (pools.size() > 1 && pools[pools.size() - 2].value > pools.back().value) {
      const Pool top = pools.back();
      pools.pop_back();
      Pool& below = pools.back();
      below.value = (below.value * below.weight + top.value * top.weight) / (below.weight + top.weight);
      below.weight += top.weight;
      below.count += top.count;
    }
  }
  size_t i = 0;
  for (const Pool& pool : pools) {
    for (size_t k = 0; k < pool.count; ++k, ++i) x[static_cast<size_t>(row[i])] = pool.value + offset[i];
  }
}

// Lays out one scope's items given the blocks' sizes: order, x, layer heights.
void PlaceScope(Scope& scope, const std::vector<float>& block_w, const std::vector<float>& block_h,
                const LayoutOptions& options) {
  const size_t n = scope.ItemCount();
  scope.local_x.assign(n, 0);
  scope.layer_y.assign(static_cast<size_t>(scope.layer_count), 0);
  scope.layer_h.assign(static_cast<size_t>(scope.layer_count), 0);
  scope.content_w = scope.content_h = 0;
  if (n == 0) return;
  auto width = [&](int32_t v) {
    return scope.IsVirtual(static_cast<size_t>(v)) ? kVirtualWidth : block_w[static_cast<size_t>(v)];
  };
  const std::vector<std::vector<int32_t>> layers = OrderLayers(scope, options);

  // Packed offsets of each row (the left side each item would have with all gaps minimal).
  std::vector<std::vector<float>> offsets(layers.size());
  for (size_t l = 0; l < layers.size(); ++l) {
    const auto& row = layers[l];
    float at = 0;
    for (size_t i = 0; i < row.size(); ++i) {
      if (i > 0) {
        const bool thin = scope.IsVirtual(static_cast<size_t>(row[i - 1])) ||
                          scope.IsVirtual(static_cast<size_t>(row[i]));
        at += width(row[i - 1]) + (thin ? options.edge_gap_x : options.node_gap_x);
      }
      offsets[l].push_back(at);
    }
    const float total = row.empty() ? 0 : at + width(row.back());
    for (size_t i = 0; i < row.size(); ++i) scope.local_x[static_cast<size_t>(row[i])] = offsets[l][i] - total * 0.5f;
  }

  // Pull every item toward the centres of its neighbours in the layer above (down passes) or
  // below (up passes); virtual items weigh more so edges stay straight.
  std::vector<float> want, weight;
  auto pass = [&](size_t l, bool use_in, bool use_out) {
    const auto& row = layers[l];
    want.assign(row.size(), 0);
    weight.assign(row.size(), 1);
    for (size_t i = 0; i < row.size(); ++i) {
      const size_t v = static_cast<size_t>(row[i]);
      float sum = 0;
      int count = 0;
      for (int which = 0; which < 2; ++which) {
        if ((which == 0 && !use_in) || (which == 1 && !use_out)) continue;
        for (int32_t u : which == 0 ? scope.item_in[v] : scope.item_out[v]) {
          sum += scope.local_x[static_cast<size_t>(u)] + width(u) * 0.5f;
          ++count;
        }
      }
      const float w = width(row[i]);
      want[i] = count > 0 ? sum / static_cast<float>(count) - w * 0.5f : scope.local_x[v];
      weight[i] = count == 0 ? 0.5f : (scope.IsVirtual(v) ? 4.0f : 1.0f) * static_cast<float>(count);
    }
    PlaceRow(row, want, weight, offsets[l], scope.local_x);
  };
  const size_t count = layers.size();
  for (int round = 0; round < options.placement_passes; ++round) {
    for (size_t l = 1; l < count; ++l) pass(l, true, false);
    for (size_t l = count - 1; l-- > 0;) pass(l, false, true);
  }
  for (size_t l = 0; l < count; ++l) pass(l, true, true);

  float min_x = std::numeric_limits<float>::infinity();
  for (size_t v = 0; v < n; ++v) min_x = std::min(min_x, scope.local_x[v]);
  float max_x = 0;
  for (size_t v = 0; v < n; ++v) {
    scope.local_x[v] -= min_x;
    max_x = std::max(max_x, scope.local_x[v] + width(static_cast<int32_t>(v)));
  }
  scope.content_w = max_x;

  float y = 0;
  for (size_t l = 0; l < count; ++l) {
    float layer_h = 0;
    for (int32_t v : layers[l]) {
      if (!scope.IsVirtual(static_cast<size_t>(v))) layer_h = std::max(layer_h, block_h[static_cast<size_t>(v)]);
    }
    scope.layer_y[l] = y;
    scope.layer_h[l] = layer_h;
    y += layer_h + options.layer_gap_y;
  }
  scope.content_h = y - options.layer_gap_y;
}

}  // namespace

GraphLayout LayoutGraph(const LayoutInput& input, const LayoutOptions& options) {
  GraphLayout result;
  const size_t node_count = input.nodes.size();
  const size_t cluster_count = input.clusters.size();
  result.nodes.assign(node_count, LayoutRect{});
  result.clusters.assign(cluster_count, LayoutRect{});
  result.edge_start.assign(input.edges.size() + 1, 0);
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

  // Each edge joins the two blocks of its ends' innermost common scope. `Hop` is one level of an
  // edge's way from an end up to that scope: the scope and the block there holding the end.
  struct Hop {
    size_t scope;
    int32_t block;
  };
  struct EdgeRoute {
    std::vector<Hop> from_side, to_side;  // innermost first; the last hop is in the common scope
  };
  std::vector<EdgeRoute> routes(input.edges.size());
  std::vector<size_t> chain;
  auto hops_of = [&](size_t v, std::vector<Hop>& hops) {
    hops.clear();
    hops.push_back({scope_of_node(v), block_of_node[v]});
    for (size_t s = scope_of_node(v); s != top; s = scope_of_cluster_parent(s)) {
      hops.push_back({scope_of_cluster_parent(s), block_of_cluster[s]});
    }
  };
  for (size_t e = 0; e < input.edges.size(); ++e) {
    const auto [from, to] = input.edges[e];
    if (from < 0 || to < 0 || static_cast<size_t>(from) >= node_count ||
        static_cast<size_t>(to) >= node_count || from == to) {
      continue;
    }
    EdgeRoute& route = routes[e];
    hops_of(static_cast<size_t>(from), route.from_side);
    hops_of(static_cast<size_t>(to), route.to_side);
    // Drop the shared outer levels, keeping the innermost common scope as the last hop of each.
    while (route.from_side.size() > 1 && route.to_side.size() > 1 &&
           route.from_side[route.from_side.size() - 2].scope ==
               route.to_side[route.to_side.size() - 2].scope) {
      route.from_side.pop_back();
      route.to_side.pop_back();
    }
    const int32_t a = route.from_side.back().block;
    const int32_t b = route.to_side.back().block;
    auto& edges = scopes[route.from_side.back().scope].edges;
    if (std::find(edges.begin(), edges.end(), std::make_pair(a, b)) == edges.end()) {
      edges.push_back({a, b});
    }
  }
  for (Scope& scope : scopes) LayerScope(scope);

  // Virtual columns. A "through" chain joins two blocks of one scope across the layers between
  // them; an "out" chain runs from a block to the scope's bottom (down) or top (up), for edges
  // leaving the cluster that way and for edges entering it that way. Shared by all such edges.
  std::map<std::tuple<size_t, int32_t, int32_t>, std::vector<int32_t>> through_chains;
  std::map<std::tuple<size_t, int32_t, bool>, std::vector<int32_t>> out_chains;
  for (Scope& scope : scopes) {
    scope.item_out.assign(scope.ItemCount(), {});
    scope.item_in.assign(scope.ItemCount(), {});
  }
  auto link = [&](Scope& scope, int32_t upper, int32_t lower) {
    auto& out = scope.item_out[static_cast<size_t>(upper)];
    if (std::find(out.begin(), out.end(), lower) != out.end()) return;
    out.push_back(lower);
    scope.item_in[static_cast<size_t>(lower)].push_back(upper);
  };
  auto add_virtual = [&](Scope& scope, int32_t layer) {
    const int32_t item = AddVirtual(scope, layer);
    scope.item_out.emplace_back();
    scope.item_in.emplace_back();
    return item;
  };
  // Items from block `block` (excluded) away in direction `down` to the scope's edge.
  auto out_chain = [&](size_t s, int32_t block, bool down) -> const std::vector<int32_t>& {
    const auto key = std::make_tuple(s, block, down);
    auto found = out_chains.find(key);
    if (found != out_chains.end()) return found->second;
    Scope& scope = scopes[s];
    std::vector<int32_t> items;
    const int32_t l0 = scope.layer[static_cast<size_t>(block)];
    int32_t previous = block;
    for (int32_t l = down ? l0 + 1 : l0 - 1; down ? l < scope.layer_count : l >= 0; l += down ? 1 : -1) {
      const int32_t item = add_virtual(scope, l);
      if (down) link(scope, previous, item);
      else link(scope, item, previous);
      items.push_back(item);
      previous = item;
    }
    return out_chains.emplace(key, std::move(items)).first->second;
  };
  // Items from block `a` to block `b` (both excluded), in that order.
  auto through_chain = [&](size_t s, int32_t a, int32_t b) -> const std::vector<int32_t>& {
    const auto key = std::make_tuple(s, a, b);
    auto found = through_chains.find(key);
    if (found != through_chains.end()) return found->second;
    Scope& scope = scopes[s];
    const int32_t la = scope.layer[static_cast<size_t>(a)];
    const int32_t lb = scope.layer[static_cast<size_t>(b)];
    const bool down = la < lb;
    std::vector<int32_t> items;
    // Layering puts the two ends of a block edge in different layers; kept safe regardless.
    if (la == lb) return through_chains.emplace(key, std::move(items)).first->second;
    int32_t previous = a;
    for (int32_t l = down ? la + 1 : la - 1; l != lb; l += down ? 1 : -1) {
      const int32_t item = add_virtual(scope, l);
      if (down) link(scope, previous, item);
      else link(scope, item, previous);
      items.push_back(item);
      previous = item;
    }
    if (down) link(scope, previous, b);
    else link(scope, b, previous);
    return through_chains.emplace(key, std::move(items)).first->second;
  };
  // Whether each edge runs down (true) or up in its common scope.
  std::vector<uint8_t> runs_down(input.edges.size(), 1);
  for (size_t e = 0; e < input.edges.size(); ++e) {
    const EdgeRoute& route = routes[e];
    if (route.from_side.empty()) continue;
    const size_t s = route.from_side.back().scope;
    const int32_t a = route.from_side.back().block;
    const int32_t b = route.to_side.back().block;
    const bool down = scopes[s].layer[static_cast<size_t>(a)] < scopes[s].layer[static_cast<size_t>(b)];
    runs_down[e] = down;
    through_chain(s, a, b);
    for (size_t h = 0; h + 1 < route.from_side.size(); ++h) {
      out_chain(route.from_side[h].scope, route.from_side[h].block, down);
    }
    for (size_t h = 0; h + 1 < route.to_side.size(); ++h) {
      out_chain(route.to_side[h].scope, route.to_side[h].block, !down);
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
    PlaceScope(scope, block_w, block_h, options);
    if (s == top) break;
    const LayoutInput::Cluster& cluster = input.clusters[s];
    cluster_w[s] = std::max(scope.content_w + 2 * options.cluster_pad, cluster.min_width);
    cluster_h[s] = scope.content_h + 2 * options.cluster_pad + cluster.label_height;
    if (scope.blocks.empty()) cluster_h[s] = cluster.label_height + 2 * options.cluster_pad;
  }

  // Absolute positions, top down: a scope's content starts inside its box, centred in it; each
  // block is centred vertically in its layer.
  std::vector<std::pair<size_t, std::pair<float, float>>> place{{top, {0.0f, 0.0f}}};
  while (!place.empty()) {
    const auto [s, origin] = place.back();
    place.pop_back();
    Scope& scope = scopes[s];
    float ox = origin.first, oy = origin.second;
    if (s != top) {
      const LayoutRect box{ox, oy, ox + cluster_w[s], oy + cluster_h[s]};
      result.clusters[s] = box;
      ox += (cluster_w[s] - scope.content_w) * 0.5f;
      oy += options.cluster_pad + input.clusters[s].label_height;
    }
    scope.origin_x = ox;
    scope.origin_y = oy;
    for (size_t b = 0; b < scope.blocks.size(); ++b) {
      const BlockRef& ref = scope.blocks[b];
      const size_t i = static_cast<size_t>(ref.index);
      const size_t l = static_cast<size_t>(scope.layer[b]);
      const float h = ref.is_cluster ? cluster_h[i] : input.nodes[i].height;
      const float bx = ox + scope.local_x[b];
      const float by = oy + scope.layer_y[l] + (scope.layer_h[l] - h) * 0.5f;
      if (ref.is_cluster) {
        place.push_back({i, {bx, by}});
      } else {
        result.nodes[i] = LayoutRect{bx, by, bx + input.nodes[i].width, by + h};
      }
    }
  }
  result.bounds = LayoutRect{0, 0, scopes[top].content_w, scopes[top].content_h};

  // Routes: from the `from` node out through its clusters, across the common scope, and into the
  // `to` node's clusters (built from the `to` end backwards, then reversed).
  auto column_x = [&](const Scope& scope, int32_t item) {
    const float w = scope.IsVirtual(static_cast<size_t>(item)) ? kVirtualWidth : 0.0f;
    return scope.origin_x + scope.local_x[static_cast<size_t>(item)] + w * 0.5f;
  };
  auto layer_edge = [&](const Scope& scope, int32_t layer, bool bottom) {
    const size_t l = static_cast<size_t>(layer);
    return scope.origin_y + scope.layer_y[l] + (bottom ? scope.layer_h[l] : 0.0f);
  };
  auto push = [](std::vector<LayoutPoint>& points, float x, float y) {
    if (!points.empty() && points.back().x == x && points.back().y == y) return;
    // A point in the middle of a vertical run adds nothing.
    if (points.size() >= 2 && points.back().x == x && points[points.size() - 2].x == x) {
      points.back().y = y;
      return;
    }
    points.push_back({x, y});
  };
  auto run_items = [&](const Scope& scope, const std::vector<int32_t>& items, bool down,
                       std::vector<LayoutPoint>& points) {
    for (int32_t item : items) {
      const float x = column_x(scope, item);
      const int32_t l = scope.layer[static_cast<size_t>(item)];
      push(points, x, layer_edge(scope, l, !down));
      push(points, x, layer_edge(scope, l, down));
    }
  };
  // From node `node` out to its block's layer edge in the common scope, moving `down` (or up).
  auto side = [&](int32_t node, const std::vector<Hop>& hops, bool down,
                  std::vector<LayoutPoint>& points) {
    const LayoutRect& rect = result.nodes[static_cast<size_t>(node)];
    push(points, rect.CenterX(), down ? rect.y1 : rect.y0);
    for (size_t h = 0; h < hops.size(); ++h) {
      const Scope& scope = scopes[hops[h].scope];
      push(points, points.back().x,
           layer_edge(scope, scope.layer[static_cast<size_t>(hops[h].block)], down));
      if (h + 1 < hops.size()) {
        run_items(scope, out_chains.at({hops[h].scope, hops[h].block, down}), down, points);
      }
    }
  };
  std::vector<LayoutPoint> points, to_points;
  for (size_t e = 0; e < input.edges.size(); ++e) {
    const EdgeRoute& route = routes[e];
    if (!route.from_side.empty()) {
      const bool down = runs_down[e] != 0;
      const size_t s = route.from_side.back().scope;
      points.clear();
      side(input.edges[e].first, route.from_side, down, points);
      run_items(scopes[s],
                through_chains.at({s, route.from_side.back().block, route.to_side.back().block}),
                down, points);
      to_points.clear();
      side(input.edges[e].second, route.to_side, !down, to_points);
      for (size_t i = to_points.size(); i-- > 0;) push(points, to_points[i].x, to_points[i].y);
      result.edge_points.insert(result.edge_points.end(), points.begin(), points.end());
    }
    result.edge_start[e + 1] = static_cast<uint32_t>(result.edge_points.size());
  }
  return result;
}

LayoutPoint EdgeRoutePointAtY(const GraphLayout& layout, size_t edge, float y) {
  const size_t count = layout.EdgePointCount(edge);
  if (count == 0) return {};
  const LayoutPoint* points = layout.EdgePoints(edge);
  const bool down = points[count - 1].y >= points[0].y;
  auto before = [&](float a, float b) { return down ? a < b : a > b; };
  if (!before(points[0].y, y)) return points[0];
  for (size_t i = 1; i < count; ++i) {
    const LayoutPoint a = points[i - 1];
    const LayoutPoint b = points[i];
    if (before(b.y, y)) continue;
    if (a.x == b.x || a.y == b.y) return {a.x, y};
    // The S-curve's height rises monotonically along it: bisection finds where it is at `y`.
    const float mid = (a.y + b.y) * 0.5f;
    auto at = [](float t, float p0, float p1, float p2, float p3) {
      const float u = 1.0f - t;
      return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3;
    };
    float lo = 0.0f, hi = 1.0f;
    for (int step = 0; step < 24; ++step) {
      const float t = (lo + hi) * 0.5f;
      if (before(at(t, a.y, mid, mid, b.y), y)) lo = t;
      else hi = t;
    }
    return {at((lo + hi) * 0.5f, a.x, a.x, b.x, b.x), y};
  }
  return points[count - 1];
}

}  // namespace afterglow::ui
