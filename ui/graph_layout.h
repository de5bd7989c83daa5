// A layered, top-to-bottom layout of a directed graph whose nodes sit in nested clusters, as
// Spark's dagre-d3 graphs look (the RDD operation graph of a stage or job, the SQL plan). Free of
// ImGui so it is unit-tested natively; ui/graph_view.h draws its result.
//
// The layout is recursive: each cluster is laid out on its own (its member nodes and child
// clusters as blocks), then placed as one block in its parent. So a cluster's box holds exactly
// its members, boxes never overlap, and an edge between blocks always goes from a higher layer to
// a lower one. Within one cluster: layers by longest path, a few barycenter sweeps to reduce
// crossings, then x positions pulled toward the blocks' neighbours without overlapping.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace afterglow::ui {

struct LayoutRect {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // layout units (pixels at zoom 1), y grows downward
  float Width() const { return x1 - x0; }
  float Height() const { return y1 - y0; }
  float CenterX() const { return (x0 + x1) * 0.5f; }
  bool Contains(const LayoutRect& other) const {
    return other.x0 >= x0 && other.y0 >= y0 && other.x1 <= x1 && other.y1 <= y1;
  }
  bool Overlaps(const LayoutRect& other) const {
    return x0 < other.x1 && other.x0 < x1 && y0 < other.y1 && other.y0 < y1;
  }
};

struct LayoutInput {
  struct Node {
    float width = 0;
    float height = 0;
    int32_t cluster = -1;  // index in `clusters` of the innermost cluster holding it, -1: none
  };
  struct Cluster {
    int32_t parent = -1;       // index of the enclosing cluster, -1: top level
    float label_height = 0;    // room above the members for the cluster's title
    float min_width = 0;       // at least this wide (so the title fits)
  };
  std::vector<Node> nodes;
  std::vector<Cluster> clusters;  // a cluster's parent may come before or after it
  // (from, to) node indices; `from` is drawn above `to`. Edges that would close a cycle between
  // blocks are drawn upward (the layout breaks the cycle by ignoring them for layering).
  std::vector<std::pair<int32_t, int32_t>> edges;
};

struct LayoutOptions {
  float node_gap_x = 24;     // between blocks in one layer
  float layer_gap_y = 36;    // between layers
  float cluster_pad = 10;    // inside a cluster's box, around its members
  int crossing_sweeps = 4;   // barycenter down+up sweeps
};

struct GraphLayout {
  std::vector<LayoutRect> nodes;     // same indices as LayoutInput::nodes
  std::vector<LayoutRect> clusters;  // same indices as LayoutInput::clusters; empty clusters get
                                     // a box just big enough for their title
  LayoutRect bounds;                 // everything, starting at (0, 0)
};

// How a laid-out graph is shown: kept by the view model across frames (ui/graph_view.h changes
// it on wheel, drag and double click).
struct GraphViewport {
  float zoom = 1.0f;           // screen pixels per layout unit
  float pan_x = 0, pan_y = 0;  // layout point at the region's top-left corner
  bool fitted = false;         // false: the next draw fits the graph to the region
};

// Deterministic: the same input always gives the same layout. Ill-formed cluster parents (a cycle
// or an index out of range) are treated as top level.
GraphLayout LayoutGraph(const LayoutInput& input, const LayoutOptions& options = {});

}  // namespace afterglow::ui
