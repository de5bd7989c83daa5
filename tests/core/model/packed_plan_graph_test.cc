// Packed plan graphs (the versions an AQE update replaced) give back the graph they were made of.
#include "core/model/packed_plan_graph.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <span>

#include "core/model/sql_model.h"

namespace afterglow {
namespace {

void ExpectSameGraph(const SqlPlanGraph& a, const SqlPlanGraph& b) {
  ASSERT_EQ(a.all_nodes.size(), b.all_nodes.size());
  for (size_t i = 0; i < a.all_nodes.size(); ++i) {
    const SqlPlanNode& x = a.all_nodes[i];
    const SqlPlanNode& y = b.all_nodes[i];
    EXPECT_EQ(x.id, y.id);
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.desc, y.desc);
    EXPECT_EQ(x.is_cluster, y.is_cluster);
    EXPECT_EQ(x.cluster, y.cluster);
    const std::span<const SqlPlanMetric> xm = a.MetricsOf(x), ym = b.MetricsOf(y);
    ASSERT_EQ(xm.size(), ym.size());
    for (size_t m = 0; m < xm.size(); ++m) {
      EXPECT_EQ(xm[m].name, ym[m].name);
      EXPECT_EQ(xm[m].accumulator_id, ym[m].accumulator_id);
      EXPECT_EQ(xm[m].metric_type, ym[m].metric_type);
    }
  }
  EXPECT_EQ(a.edges, b.edges);
}

TEST(PackedPlanGraph, UnpacksToTheGraphItWasMadeOf) {
  SqlPlanGraph graph;
  // A cluster's nodes before the cluster, ids out of order, accumulator ids up and down and at
  // the extremes of a long.
  // The nodes' metric ranges are not in node order: the scan's come last.
  graph.metrics = {{24, std::numeric_limits<int64_t>::max(), 21},
                   {25, std::numeric_limits<int64_t>::min(), 26},
                   {20, 900, 21}, {22, 7, 23}};
  const SqlPlanNode scan{3, 10, 11, 2, 4, false, 2};
  const SqlPlanNode filter{2, 12, 13, 0, 1, false, 2};
  const SqlPlanNode codegen{1, 14, 15, 1, 2, true, -1};
  const SqlPlanNode root{0, 16, 17, 4, 4, false, -1};
  graph.all_nodes = {scan, filter, codegen, root};
  graph.edges = {{3, 2}, {2, 0}, {-5, 70000}};
  const PackedPlanGraph packed = PackedPlanGraph::Pack(graph);
  ExpectSameGraph(packed.Unpack(), graph);
  EXPECT_LT(packed.HeapBytes(), 80u);  // a few bytes a node, metric and edge
}

TEST(PackedPlanGraph, AnEmptyGraphStaysEmpty) {
  const PackedPlanGraph packed = PackedPlanGraph::Pack(SqlPlanGraph{});
  const SqlPlanGraph graph = packed.Unpack();
  EXPECT_TRUE(graph.all_nodes.empty());
  EXPECT_TRUE(graph.edges.empty());
  EXPECT_EQ(PackedPlanGraph().Unpack().all_nodes.size(), 0u);
}

}  // namespace
}  // namespace afterglow
