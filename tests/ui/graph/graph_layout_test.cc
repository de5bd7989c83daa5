// The layered cluster layout: nodes never overlap, edges between acyclic blocks point down, every
// cluster box holds its members and child clusters and overlaps no sibling, and the same input
// always gives the same layout.
#include "ui/graph/graph_layout.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

namespace afterglow::ui {
namespace graph_layout_test {

// Checks the geometric promises of LayoutGraph for `input`; `edges_acyclic` says every edge must
// point down (true when the block graphs have no cycles).
void ExpectWellFormed(const LayoutInput& input, const GraphLayout& layout, bool edges_acyclic) {
  ASSERT_EQ(layout.nodes.size(), input.nodes.size());
  ASSERT_EQ(layout.clusters.size(), input.clusters.size());
  for (size_t i = 0; i < input.nodes.size(); ++i) {
    EXPECT_NEAR(layout.nodes[i].Width(), input.nodes[i].width, 1e-3) << "node " << i;
    EXPECT_NEAR(layout.nodes[i].Height(), input.nodes[i].height, 1e-3) << "node " << i;
    EXPECT_TRUE(layout.bounds.Contains(layout.nodes[i])) << "node " << i;
    for (size_t j = i + 1; j < input.nodes.size(); ++j) {
      EXPECT_FALSE(layout.nodes[i].Overlaps(layout.nodes[j])) << "nodes " << i << " and " << j;
    }
    const int32_t c = input.nodes[i].cluster;
    if (c >= 0) {
      EXPECT_TRUE(layout.clusters[static_cast<size_t>(c)].Contains(layout.nodes[i]))
          << "cluster " << c << " misses node " << i;
    }
  }
  for (size_t c = 0; c < input.clusters.size(); ++c) {
    const int32_t p = input.clusters[c].parent;
    if (p >= 0) {
      EXPECT_TRUE(layout.clusters[static_cast<size_t>(p)].Contains(layout.clusters[c]))
          << "cluster " << p << " misses child cluster " << c;
    }
    // Siblings (same parent) never overlap; a node outside a cluster never sits inside its box.
    for (size_t d = c + 1; d < input.clusters.size(); ++d) {
      if (input.clusters[d].parent == p) {
        EXPECT_FALSE(layout.clusters[c].Overlaps(layout.clusters[d])) << c << " vs " << d;
      }
    }
    for (size_t i = 0; i < input.nodes.size(); ++i) {
      bool inside = false;
      for (int32_t at = input.nodes[i].cluster; at >= 0; at = input.clusters[static_cast<size_t>(at)].parent) {
        if (static_cast<size_t>(at) == c) inside = true;
      }
      if (!inside) {
        EXPECT_FALSE(layout.clusters[c].Overlaps(layout.nodes[i])) << "cluster " << c << " node " << i;
      }
    }
  }
  if (edges_acyclic) {
    for (const auto& [from, to] : input.edges) {
      EXPECT_LE(layout.nodes[static_cast<size_t>(from)].y1, layout.nodes[static_cast<size_t>(to)].y0)
          << "edge " << from << " -> " << to << " does not point down";
    }
  }
}

// Checks every edge's route: it starts on `from`'s box and ends on `to`'s, and no segment (the
// bounding box of a curved one) enters a node box other than its ends.
void ExpectRoutesAvoidBoxes(const LayoutInput& input, const GraphLayout& layout) {
  ASSERT_EQ(layout.edge_start.size(), input.edges.size() + 1);
  for (size_t e = 0; e < input.edges.size(); ++e) {
    const auto [from, to] = input.edges[e];
    const size_t count = layout.EdgePointCount(e);
    if (from == to || from < 0 || to < 0 || static_cast<size_t>(from) >= input.nodes.size() ||
        static_cast<size_t>(to) >= input.nodes.size()) {
      EXPECT_EQ(count, 0u) << "edge " << e;
      continue;
    }
    ASSERT_GE(count, 2u) << "edge " << e;
    const LayoutPoint* points = layout.EdgePoints(e);
    const LayoutRect& a = layout.nodes[static_cast<size_t>(from)];
    const LayoutRect& b = layout.nodes[static_cast<size_t>(to)];
    EXPECT_NEAR(points[0].x, a.CenterX(), 1e-3) << "edge " << e;
    EXPECT_TRUE(points[0].y == a.y1 || points[0].y == a.y0) << "edge " << e;
    EXPECT_NEAR(points[count - 1].x, b.CenterX(), 1e-3) << "edge " << e;
    EXPECT_TRUE(points[count - 1].y == b.y0 || points[count - 1].y == b.y1) << "edge " << e;
    for (size_t i = 1; i < count; ++i) {
      const LayoutRect segment{std::min(points[i - 1].x, points[i].x), std::min(points[i - 1].y, points[i].y),
                               std::max(points[i - 1].x, points[i].x), std::max(points[i - 1].y, points[i].y)};
      // A vertical run is a line: give it a hair of width so Overlaps sees it.
      const LayoutRect probe{segment.x0 - 0.01f, segment.y0 + 0.01f, segment.x1 + 0.01f, segment.y1 - 0.01f};
      for (size_t v = 0; v < input.nodes.size(); ++v) {
        if (static_cast<int32_t>(v) == from || static_cast<int32_t>(v) == to) continue;
        EXPECT_FALSE(probe.Overlaps(layout.nodes[v]))
            << "edge " << from << " -> " << to << " segment " << i << " crosses node " << v;
      }
    }
  }
}

TEST(GraphLayout, ChainStacksTopToBottom) {
  LayoutInput input;
  for (int i = 0; i < 4; ++i) input.nodes.push_back({100, 30, -1});
  input.edges = {{0, 1}, {1, 2}, {2, 3}};
  const GraphLayout layout = LayoutGraph(input);
  ExpectWellFormed(input, layout, true);
  // One node per layer, each layer_gap_y below the previous, all on one vertical line.
  for (int i = 1; i < 4; ++i) {
    EXPECT_FLOAT_EQ(layout.nodes[i].y0, layout.nodes[i - 1].y1 + LayoutOptions{}.layer_gap_y);
    EXPECT_FLOAT_EQ(layout.nodes[i].x0, layout.nodes[0].x0);
  }
  EXPECT_FLOAT_EQ(layout.bounds.Height(), 4 * 30 + 3 * LayoutOptions{}.layer_gap_y);
}

TEST(GraphLayout, LayersFollowTheLongestPath) {
  // 0 -> 1 -> 2 and 0 -> 2: node 2 sits below 1, not beside it.
  LayoutInput input;
  for (int i = 0; i < 3; ++i) input.nodes.push_back({50, 20, -1});
  input.edges = {{0, 2}, {0, 1}, {1, 2}};
  const GraphLayout layout = LayoutGraph(input);
  ExpectWellFormed(input, layout, true);
  EXPECT_GT(layout.nodes[2].y0, layout.nodes[1].y1);
}

TEST(GraphLayout, BarycenterSweepsUncrossTwoChains) {
  // Two chains a0->a1, b0->b1 with the second layer listed crossed (b1 before a1).
  LayoutInput input;
  input.nodes = {{40, 20, -1}, {40, 20, -1}, {40, 20, -1}, {40, 20, -1}};  // a0 b0 b1 a1
  input.edges = {{0, 3}, {1, 2}};
  const GraphLayout layout = LayoutGraph(input);
  ExpectWellFormed(input, layout, true);
  const bool a_left_top = layout.nodes[0].x0 < layout.nodes[1].x0;
  const bool a_left_bottom = layout.nodes[3].x0 < layout.nodes[2].x0;
  EXPECT_EQ(a_left_top, a_left_bottom) << "the two edges cross";
}

TEST(GraphLayout, NestedClustersHoldTheirMembers) {
  // A job-like graph: two stage clusters, the first with a nested scope cluster.
  LayoutInput input;
  input.clusters = {{-1, 18, 80}, {0, 18, 60}, {-1, 18, 80}};  // stage 0 > scope 1; stage 2
  input.nodes = {{90, 24, 1}, {90, 24, 1}, {90, 24, 0}, {90, 24, 2}, {90, 24, 2}};
  input.edges = {{0, 1}, {1, 2}, {2, 3}, {3, 4}};
  const GraphLayout layout = LayoutGraph(input);
  ExpectWellFormed(input, layout, true);
  // The title room sits above the first member.
  EXPECT_GE(layout.nodes[0].y0, layout.clusters[1].y0 + 18);
  EXPECT_GE(layout.clusters[1].Width(), 60);
}

TEST(GraphLayout, EmptyClusterGetsATitleBox) {
  LayoutInput input;
  input.clusters = {{-1, 18, 70}};
  input.nodes = {{30, 20, -1}};
  const GraphLayout layout = LayoutGraph(input);
  ExpectWellFormed(input, layout, true);
  EXPECT_FLOAT_EQ(layout.clusters[0].Width(), 70);
  EXPECT_FLOAT_EQ(layout.clusters[0].Height(), 18 + 2 * LayoutOptions{}.cluster_pad);
}

TEST(GraphLayout, CyclesAndBadParentsDoNotBreakIt) {
  LayoutInput input;
  input.clusters = {{1, 10, 0}, {0, 10, 0}, {7, 10, 0}};  // 0 <-> 1 cycle, 2 points nowhere
  input.nodes = {{20, 20, 0}, {20, 20, 1}, {20, 20, 2}, {20, 20, -1}};
  input.edges = {{0, 1}, {1, 0}, {2, 3}, {3, 3}, {0, 9}};
  const GraphLayout layout = LayoutGraph(input);
  ASSERT_EQ(layout.nodes.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    for (size_t j = i + 1; j < 4; ++j) EXPECT_FALSE(layout.nodes[i].Overlaps(layout.nodes[j]));
  }
}

TEST(GraphLayout, RandomDagsAreWellFormedAndDeterministic) {
  std::mt19937 random(20260529);
  for (int round = 0; round < 40; ++round) {
    LayoutInput input;
    // A cluster tree (parents before children) and nodes in random clusters.
    const int clusters = static_cast<int>(random() % 6);
    for (int c = 0; c < clusters; ++c) {
      const int32_t parent = c == 0 ? -1 : static_cast<int32_t>(random() % (c + 1)) - 1;
      input.clusters.push_back({parent, 16, static_cast<float>(random() % 120)});
    }
    const int nodes = 1 + static_cast<int>(random() % 18);
    for (int v = 0; v < nodes; ++v) {
      input.nodes.push_back({static_cast<float>(20 + random() % 100), static_cast<float>(16 + random() % 30),
                             static_cast<int32_t>(random() % (clusters + 1)) - 1});
    }
    // Edges only between nodes whose clusters cannot form block cycles: all nodes in clusters
    // ordered by cluster index, so every edge goes from (cluster, index) to a larger pair in the
    // order "node index" within a cluster tree walk. Keep it simple: edges from lower to higher
    // node index with both ends at the top level or in the same cluster.
    for (int v = 1; v < nodes; ++v) {
      for (int u = 0; u < v; ++u) {
        if (input.nodes[u].cluster == input.nodes[v].cluster && random() % 3 == 0) {
          input.edges.push_back({u, v});
        }
      }
    }
    const GraphLayout first = LayoutGraph(input);
    ExpectWellFormed(input, first, true);
    const GraphLayout again = LayoutGraph(input);
    for (size_t i = 0; i < first.nodes.size(); ++i) {
      EXPECT_EQ(first.nodes[i].x0, again.nodes[i].x0);
      EXPECT_EQ(first.nodes[i].y0, again.nodes[i].y0);
    }
  }
}


TEST(GraphLayout, LongEdgeIsRoutedAroundTheNodeBetween) {
  // 0 -> 1 -> 2 and 0 -> 2: the long edge must bend around node 1, not run straight through it
  // (all three would otherwise sit on one vertical line).
  LayoutInput input;
  for (int i = 0; i < 3; ++i) input.nodes.push_back({80, 20, -1});
  input.edges = {{0, 1}, {1, 2}, {0, 2}};
  const GraphLayout layout = LayoutGraph(input);
  ExpectWellFormed(input, layout, true);
  ExpectRoutesAvoidBoxes(input, layout);
  EXPECT_GE(layout.EdgePointCount(2), 4u) << "the long edge passes layer 1 in its own column";
  // The short edges go straight down: two points each.
  EXPECT_EQ(layout.EdgePointCount(0), 2u);
}

TEST(GraphLayout, EdgesLeaveAClusterAroundItsOtherMembers) {
  // Cluster 0 holds a chain 0 -> 1 -> 2; node 0 also feeds node 3 outside, below the cluster.
  LayoutInput input;
  input.clusters = {{-1, 18, 60}};
  input.nodes = {{80, 20, 0}, {80, 20, 0}, {80, 20, 0}, {80, 20, -1}};
  input.edges = {{0, 1}, {1, 2}, {0, 3}, {2, 3}};
  const GraphLayout layout = LayoutGraph(input);
  ExpectWellFormed(input, layout, true);
  ExpectRoutesAvoidBoxes(input, layout);
}

TEST(GraphLayout, SourcesSitNextToTheirSuccessor) {
  // A long chain 0 -> 1 -> 2 -> 3 and a source 4 feeding only 3: 4 belongs in 3's layer above,
  // not at the top with an edge across three layers.
  LayoutInput input;
  for (int i = 0; i < 5; ++i) input.nodes.push_back({60, 20, -1});
  input.edges = {{0, 1}, {1, 2}, {2, 3}, {4, 3}};
  const GraphLayout layout = LayoutGraph(input);
  ExpectWellFormed(input, layout, true);
  EXPECT_FLOAT_EQ(layout.nodes[4].y0, layout.nodes[2].y0);
  EXPECT_EQ(layout.EdgePointCount(3), 2u);
}

TEST(GraphLayout, UpwardEdgesOfACycleAreRoutedToo) {
  LayoutInput input;
  for (int i = 0; i < 3; ++i) input.nodes.push_back({60, 20, -1});
  input.edges = {{0, 1}, {1, 2}, {2, 0}};
  const GraphLayout layout = LayoutGraph(input);
  ExpectWellFormed(input, layout, false);
  ExpectRoutesAvoidBoxes(input, layout);
  // The closing edge runs up: it ends on node 0's bottom side.
  ASSERT_GE(layout.EdgePointCount(2), 2u);
  EXPECT_FLOAT_EQ(layout.EdgePoints(2)[layout.EdgePointCount(2) - 1].y, layout.nodes[0].y1);
}

TEST(GraphLayout, RandomClusteredDagsRouteEveryEdgeAroundTheBoxes) {
  std::mt19937 random(7);
  for (int round = 0; round < 60; ++round) {
    LayoutInput input;
    const int clusters = static_cast<int>(random() % 7);
    for (int c = 0; c < clusters; ++c) {
      const int32_t parent = c == 0 ? -1 : static_cast<int32_t>(random() % (c + 1)) - 1;
      input.clusters.push_back({parent, 16, static_cast<float>(random() % 120)});
    }
    const int nodes = 2 + static_cast<int>(random() % 24);
    for (int v = 0; v < nodes; ++v) {
      input.nodes.push_back({static_cast<float>(20 + random() % 160), static_cast<float>(16 + random() % 60),
                             static_cast<int32_t>(random() % (clusters + 1)) - 1});
    }
    // Any edges from lower to higher index, across clusters too (block cycles may then arise:
    // those edges run upward, still around the boxes).
    for (int v = 1; v < nodes; ++v) {
      for (int u = 0; u < v; ++u) {
        if (random() % 5 == 0) input.edges.push_back({u, v});
      }
    }
    const GraphLayout first = LayoutGraph(input);
    ExpectWellFormed(input, first, false);
    ExpectRoutesAvoidBoxes(input, first);
    const GraphLayout again = LayoutGraph(input);
    ASSERT_EQ(first.edge_points.size(), again.edge_points.size());
    for (size_t i = 0; i < first.edge_points.size(); ++i) {
      EXPECT_EQ(first.edge_points[i].x, again.edge_points[i].x);
      EXPECT_EQ(first.edge_points[i].y, again.edge_points[i].y);
    }
  }
}

}  // namespace graph_layout_test
}  // namespace afterglow::ui
