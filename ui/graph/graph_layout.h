// A layered, top-to-bottom layout of a directed graph whose nodes sit in nested clusters, as
// Spark's dagre-d3 graphs look (the RDD operation graph of a stage or job, the SQL plan). Free of
// ImGui so it is unit-tested natively; ui/graph/graph_view.h draws its result.
//
// The layout is recursive (Sugiyama's method per cluster): each cluster is laid out on its own
// (its member nodes and child clusters as blocks), then placed as one block in its parent. So a
// cluster's box holds exactly its members and boxes never overlap. Within one cluster: cycles
// broken by reversing back edges, layers by longest path (then sources pulled down next to their
// successors), a virtual node in every layer an edge passes (also on its way out of or into a
// cluster), barycenter sweeps keeping the order with the fewest crossings, then x positions that
// stay as close as possible to the neighbours' (least squares under the no-overlap constraints).
//
// Every edge gets a route that never crosses a node box other than its ends: it runs vertically
// inside a layer only in its own column (its end's or a virtual node's) and changes columns only in
// the empty gap between two layers.
#pragma once

#include <cstddef>
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

struct LayoutPoint {
  float x = 0, y = 0;
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
  // blocks are drawn upward (the layout breaks the cycle by reversing them for layering).
  std::vector<std::pair<int32_t, int32_t>> edges;
};

struct LayoutOptions {
  float node_gap_x = 24;     // between blocks in one layer
  float layer_gap_y = 36;    // between layers
  float cluster_pad = 10;    // inside a cluster's box, around its members
  float edge_gap_x = 10;     // beside a virtual node (an edge passing through a layer)
  int crossing_sweeps = 8;   // barycenter down+up sweeps (the order with fewest crossings wins)
  int placement_passes = 6;  // down+up passes pulling blocks toward their neighbours
};

struct GraphLayout {
  std::vector<LayoutRect> nodes;     // same indices as LayoutInput::nodes
  std::vector<LayoutRect> clusters;  // same indices as LayoutInput::clusters; empty clusters get
                                     // a box just big enough for their title
  LayoutRect bounds;                 // everything, starting at (0, 0)
  // The route of input edge i runs through edge_points[edge_start[i]] .. [edge_start[i + 1] - 1],
  // from `from` to `to`: it leaves `from` at the middle of its bottom side (top side when `to`
  // sits above) and arrives at the middle of `to`'s facing side. Between two consecutive points
  // the route is either vertical (same x) or crosses the empty gap between two layers (different
  // x; ui/graph/graph_view.cc draws it as an S-curve inside the points' bounding box). Dropped edges
  // (self loops, bad indices) have no points.
  std::vector<LayoutPoint> edge_points;
  std::vector<uint32_t> edge_start;  // input.edges.size() + 1 entries
  size_t EdgePointCount(size_t edge) const { return edge_start[edge + 1] - edge_start[edge]; }
  const LayoutPoint* EdgePoints(size_t edge) const { return edge_points.data() + edge_start[edge]; }
};

// The point of edge `edge`'s route at height `y` (layout units), on the route as
// ui/graph/graph_view.cc draws it: a vertical run's x, or across a gap the S-curve's (control
// points at the two ends' x and the gap's middle height). A `y` outside the route gives its nearer
// end; an edge without points (0, 0).
LayoutPoint EdgeRoutePointAtY(const GraphLayout& layout, size_t edge, float y);

// How a laid-out graph is shown: kept by the view model across frames (ui/graph/graph_view.h changes
// it on wheel, drag, double click and its toolbar).
struct GraphViewport {
  float zoom = 1.0f;           // screen pixels per layout unit
  float pan_x = 0, pan_y = 0;  // layout point at the region's top-left corner
  bool fitted = false;         // false: the next draw fits the graph to the region
  // A layout point the next draw centres in the region (a node a search stepped to).
  bool center_pending = false;
  float center_x = 0, center_y = 0;
  void CenterOn(float x, float y) {
    center_pending = true;
    center_x = x;
    center_y = y;
  }
  int ZoomPercent() const { return static_cast<int>(zoom * 100.0f + 0.5f); }
};

// Deterministic: the same input always gives the same layout. Ill-formed cluster parents (a cycle
// or an index out of range) are treated as top level.
GraphLayout LayoutGraph(const LayoutInput& input, const LayoutOptions& options = {});

}  // namespace afterglow::ui
