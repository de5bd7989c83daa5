// The DAG and plan graphs of real logs are readable: no two node boxes overlap, every box sits
// inside its stage or WholeStageCodegen box, and no edge route enters a box other than its two
// ends (every job of local-1596020211915 and nds_q66_gpu, every SQL execution of
// local-1596020211915 and rp_sql_eventlog), and routes cross cluster title bands only straight
// down, so titles drawn over them hide no turn and no arrow head. Built with a fixed-width text
// measure, so the test does not depend on fonts.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "core/load/load_path.h"
#include "core/session.h"
#include "core/session_impl.h"
#include "ui/graph/rdd_dag_model.h"
#include "ui/pages/sql/sql_plan_graph_model.h"

namespace afterglow::ui {
namespace graph_corpus_layout_test {

namespace fs = std::filesystem;

// 8 units per character, 16 per row: wider than the real fonts, so it stresses the layout.
TextMeasure FixedMeasure() {
  TextMeasure measure(16.0f);
  measure.width = [](std::string_view text, bool) { return 8.0f * static_cast<float>(text.size()); };
  return measure;
}

// No overlapping nodes; every route runs from its `from` box to its `to` box without entering
// another node's box. `edges` are node indices with the layout's edge indices.
void ExpectReadable(const GraphLayout& layout, const std::vector<std::pair<int32_t, int32_t>>& edges,
                    const std::string& what) {
  for (size_t i = 0; i < layout.nodes.size(); ++i) {
    for (size_t j = i + 1; j < layout.nodes.size(); ++j) {
      ASSERT_FALSE(layout.nodes[i].Overlaps(layout.nodes[j])) << what << ": nodes " << i << ", " << j;
    }
  }
  ASSERT_EQ(layout.edge_start.size(), edges.size() + 1) << what;
  for (size_t e = 0; e < edges.size(); ++e) {
    const auto [from, to] = edges[e];
    const size_t count = layout.EdgePointCount(e);
    ASSERT_GE(count, 2u) << what << ": edge " << e;
    const LayoutPoint* points = layout.EdgePoints(e);
    const LayoutRect& a = layout.nodes[static_cast<size_t>(from)];
    const LayoutRect& b = layout.nodes[static_cast<size_t>(to)];
    EXPECT_FLOAT_EQ(points[0].x, a.CenterX()) << what << ": edge " << e;
    EXPECT_FLOAT_EQ(points[count - 1].x, b.CenterX()) << what << ": edge " << e;
    for (size_t i = 1; i < count; ++i) {
      const LayoutRect probe{std::min(points[i - 1].x, points[i].x) - 0.01f,
                             std::min(points[i - 1].y, points[i].y) + 0.01f,
                             std::max(points[i - 1].x, points[i].x) + 0.01f,
                             std::max(points[i - 1].y, points[i].y) - 0.01f};
      for (size_t v = 0; v < layout.nodes.size(); ++v) {
        if (static_cast<int32_t>(v) == from || static_cast<int32_t>(v) == to) continue;
        ASSERT_FALSE(probe.Overlaps(layout.nodes[v]))
            << what << ": edge " << from << " -> " << to << " crosses node " << v;
      }
    }
  }
}

// A cluster's title band: from the top of its box down to the top of its highest member (node
// or inner cluster); the whole box when it holds none.
LayoutRect TitleBand(const GraphLayout& layout, size_t cluster) {
  const LayoutRect& box = layout.clusters[cluster];
  float members_top = box.y1;
  auto consider = [&](const LayoutRect& member) {
    if (box.Contains(member)) members_top = std::min(members_top, member.y0);
  };
  for (const LayoutRect& node : layout.nodes) consider(node);
  for (size_t c = 0; c < layout.clusters.size(); ++c) {
    if (c != cluster) consider(layout.clusters[c]);
  }
  return LayoutRect{box.x0, box.y0, box.x1, members_top};
}

// The views draw cluster titles over the edges (ui/graph/graph_view.h, DrawGraphTitleOverEdges), which
// hides only what passes under a title: so a route may cross a cluster's title band only
// straight down (a short run, hidden for a few pixels), never along it, and no route ends there
// (an arrow head under a title would be lost).
void ExpectTitleBandsCrossedStraight(const GraphLayout& layout, const std::string& what) {
  for (size_t c = 0; c < layout.clusters.size(); ++c) {
    const LayoutRect band = TitleBand(layout, c);
    for (size_t e = 0; e + 1 < layout.edge_start.size(); ++e) {
      const size_t count = layout.EdgePointCount(e);
      const LayoutPoint* points = layout.EdgePoints(e);
      for (size_t i = 1; i < count; ++i) {
        const LayoutRect probe{std::min(points[i - 1].x, points[i].x) - 0.01f,
                               std::min(points[i - 1].y, points[i].y) + 0.01f,
                               std::max(points[i - 1].x, points[i].x) + 0.01f,
                               std::max(points[i - 1].y, points[i].y) - 0.01f};
        if (!probe.Overlaps(band)) continue;
        EXPECT_EQ(points[i - 1].x, points[i].x)
            << what << ": edge " << e << " runs across the title band of cluster " << c;
      }
      if (count == 0) continue;
      const LayoutPoint tip = points[count - 1];
      EXPECT_FALSE(tip.x > band.x0 && tip.x < band.x1 && tip.y > band.y0 + 0.01f &&
                   tip.y < band.y1 - 0.01f)
          << what << ": edge " << e << " ends under the title of cluster " << c;
    }
  }
}

struct LoadedLog {
  Session session;
  const AttemptModel* model = nullptr;
  const StringPool* strings = nullptr;
};

bool Load(const std::string& relative, LoadedLog& out) {
  const fs::path log = fs::path(AFTERGLOW_CORPUS_DIR) / relative;
  if (!fs::exists(log)) return false;
  LoadFile(out.session, log.string());
  if (out.session.impl()->models().empty()) return false;
  out.model = out.session.impl()->models().at(0).get();
  out.strings = &out.session.impl()->strings();
  return true;
}

void CheckEveryJobDag(const std::string& relative) {
  LoadedLog log;
  ASSERT_TRUE(Load(relative, log)) << relative << " is missing from the corpus";
  const TextMeasure measure = FixedMeasure();
  int drawn = 0;
  for (const auto& [job_id, row] : log.model->job_rows) {
    RddDagModel dag;
    BuildJobDag(*log.model, *log.strings, job_id, measure, dag);
    const std::string what = relative + " job " + std::to_string(job_id);
    ExpectReadable(dag.layout, dag.edges, what);
    ExpectTitleBandsCrossedStraight(dag.layout, what);
    // Each RDD box lies inside its stage's box.
    for (size_t i = 0; i < dag.nodes.size(); ++i) {
      bool inside = false;
      for (size_t c = 0; c < dag.clusters.size(); ++c) {
        if (dag.clusters[c].is_stage && dag.clusters[c].stage_id == dag.nodes[i].stage_id) {
          inside = dag.layout.clusters[c].Contains(dag.layout.nodes[i]);
        }
      }
      EXPECT_TRUE(inside) << what << ": RDD " << dag.nodes[i].rdd_id << " outside stage "
                          << dag.nodes[i].stage_id;
      // The box fits its label at the measure's width, or cuts it with "...".
      EXPECT_GE(dag.layout.nodes[i].Width(), measure.Width(dag.nodes[i].box_label, false)) << what;
    }
    if (!dag.nodes.empty()) ++drawn;
  }
  EXPECT_GT(drawn, 0) << relative;
}

void CheckEverySqlGraph(const std::string& relative) {
  LoadedLog log;
  ASSERT_TRUE(Load(relative, log)) << relative << " is missing from the corpus";
  const TextMeasure measure = FixedMeasure();
  int drawn = 0;
  for (const auto& [execution_id, graph] : log.model->sql.graphs) {
    SqlPlanGraphModel plan;
    BuildSqlPlanGraphModel(*log.model, *log.strings, execution_id, measure, plan);
    const std::string what = relative + " sql " + std::to_string(execution_id);
    std::vector<std::pair<int32_t, int32_t>> edges;  // layout node indices
    for (const auto& [child, parent] : plan.edges) {
      edges.push_back({plan.nodes[static_cast<size_t>(child)].layout_index,
                       plan.nodes[static_cast<size_t>(parent)].layout_index});
    }
    ExpectReadable(plan.layout, edges, what);
    ExpectTitleBandsCrossedStraight(plan.layout, what);
    // Operators and nested clusters lie inside the WholeStageCodegen box the plan puts them in.
    for (size_t i = 0; i < graph.all_nodes.size(); ++i) {
      const int32_t holder = graph.all_nodes[i].cluster;
      if (holder < 0) continue;
      const SqlPlanGraphNode& node = plan.nodes[i];
      const SqlPlanGraphNode& cluster = plan.nodes[static_cast<size_t>(holder)];
      const LayoutRect& rect = node.is_cluster ? plan.layout.clusters[static_cast<size_t>(node.layout_index)]
                                               : plan.layout.nodes[static_cast<size_t>(node.layout_index)];
      EXPECT_TRUE(plan.layout.clusters[static_cast<size_t>(cluster.layout_index)].Contains(rect))
          << what << ": node " << node.node_id << " outside cluster " << cluster.node_id;
    }
    ++drawn;
  }
  EXPECT_GT(drawn, 0) << relative;
}

TEST(GraphCorpusLayout, JobDagsOfTheSqlLogAreReadable) {
  CheckEveryJobDag("spark/sql-events/local-1596020211915");
}

TEST(GraphCorpusLayout, JobDagsOfNdsQ66AreReadable) {
  CheckEveryJobDag("rapids-tools/profiling/nds_q66_gpu.zstd");
}

TEST(GraphCorpusLayout, SqlPlanGraphsOfTheSqlLogAreReadable) {
  CheckEverySqlGraph("spark/sql-events/local-1596020211915");
}

TEST(GraphCorpusLayout, SqlPlanGraphsOfNdsQ66AreReadable) {
  CheckEverySqlGraph("rapids-tools/profiling/nds_q66_gpu.zstd");
}

TEST(GraphCorpusLayout, SqlPlanGraphsOfRapidsSqlLogAreReadable) {
  CheckEverySqlGraph("rapids-tools/profiling/rp_sql_eventlog.zstd");
}

}  // namespace graph_corpus_layout_test
}  // namespace afterglow::ui
