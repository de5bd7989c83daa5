// A point on an edge's route at a given height, as DrawGraphEdge draws the route: on a vertical
// run, on the S-curve across a gap between layers (its middle at the gap's middle), and the
// route's ends beyond it.
#include <gtest/gtest.h>

#include "ui/graph/graph_layout.h"

namespace afterglow::ui {
namespace graph_edge_label_test {

GraphLayout OneEdge(LayoutPoint a, LayoutPoint b, LayoutPoint c) {
  GraphLayout layout;
  layout.edge_points = {a, b, c};
  layout.edge_start = {0, 3};
  return layout;
}

TEST(EdgeRoutePointAtY, FollowsTheRunsAndCurvesDrawn) {
  // An S-curve across a 30-unit gap from x 0 to x 40, then straight down.
  const GraphLayout route = OneEdge({0, 100}, {40, 130}, {40, 200});
  LayoutPoint p = EdgeRoutePointAtY(route, 0, 115);
  EXPECT_FLOAT_EQ(p.y, 115);
  EXPECT_NEAR(p.x, 20, 0.01);  // the curve's middle
  p = EdgeRoutePointAtY(route, 0, 105);
  EXPECT_GT(p.x, 0);
  EXPECT_LT(p.x, 20);  // nearer the start's x, as the curve leaves it vertically
  p = EdgeRoutePointAtY(route, 0, 170);
  EXPECT_FLOAT_EQ(p.x, 40);  // on the vertical run
  EXPECT_FLOAT_EQ(p.y, 170);
  p = EdgeRoutePointAtY(route, 0, 90);
  EXPECT_FLOAT_EQ(p.x, 0);  // before the start: the start
  EXPECT_FLOAT_EQ(p.y, 100);
  p = EdgeRoutePointAtY(route, 0, 250);
  EXPECT_FLOAT_EQ(p.x, 40);  // past the end: the end
  EXPECT_FLOAT_EQ(p.y, 200);
}

TEST(EdgeRoutePointAtY, AnEdgeWithoutARouteHasNoPoint) {
  GraphLayout layout;
  layout.edge_start = {0, 0};
  const LayoutPoint p = EdgeRoutePointAtY(layout, 0, 15);
  EXPECT_EQ(p.x, 0);
  EXPECT_EQ(p.y, 0);
}

}  // namespace graph_edge_label_test
}  // namespace afterglow::ui
