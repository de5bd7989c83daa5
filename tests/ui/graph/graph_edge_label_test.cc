// Where an edge's label sits: on the route DrawGraphEdge draws, half a layer gap below the box the
// edge leaves (the middle of a shorter first run), on a straight run or on the S-curve across a
// gap.
#include <gtest/gtest.h>

#include "ui/graph/graph_view.h"

namespace afterglow::ui {
namespace graph_edge_label_test {

GraphLayout OneEdge(LayoutPoint a, LayoutPoint b, LayoutPoint c) {
  GraphLayout layout;
  layout.edge_points = {a, b, c};
  layout.edge_start = {0, 3};
  return layout;
}

TEST(GraphEdgeLabel, SitsOnTheCurveHalfAGapBelowTheBox) {
  // An S-curve across a 30-unit gap from x 0 to x 40, then straight down: the curve's middle.
  const GraphLayout curve = OneEdge({0, 100}, {40, 130}, {40, 200});
  LayoutPoint p = GraphEdgePointBelowStart(curve, 0, 15);
  EXPECT_FLOAT_EQ(p.y, 115);
  EXPECT_NEAR(p.x, 20, 0.01);
  // Across a wider gap (into a cluster's title band): still 15 below the box, on the curve, so
  // nearer the start's x than the end's.
  const GraphLayout wide = OneEdge({0, 100}, {40, 160}, {40, 200});
  p = GraphEdgePointBelowStart(wide, 0, 15);
  EXPECT_FLOAT_EQ(p.y, 115);
  EXPECT_GT(p.x, 0);
  EXPECT_LT(p.x, 20);
  // A straight first run: on it; one shorter than twice the drop: its middle.
  p = GraphEdgePointBelowStart(OneEdge({7, 100}, {7, 180}, {9, 200}), 0, 15);
  EXPECT_FLOAT_EQ(p.x, 7);
  EXPECT_FLOAT_EQ(p.y, 115);
  p = GraphEdgePointBelowStart(OneEdge({7, 100}, {7, 120}, {9, 200}), 0, 15);
  EXPECT_FLOAT_EQ(p.y, 110);
}

TEST(GraphEdgeLabel, AnEdgeWithoutARouteHasNoPoint) {
  GraphLayout layout;
  layout.edge_start = {0, 0};
  const LayoutPoint p = GraphEdgePointBelowStart(layout, 0, 15);
  EXPECT_EQ(p.x, 0);
  EXPECT_EQ(p.y, 0);
}

}  // namespace graph_edge_label_test
}  // namespace afterglow::ui
