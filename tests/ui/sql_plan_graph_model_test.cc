// The SQL plan graph's model shows each node's metrics exactly as the API's /sql/<id> answer
// prints them, keeps every edge, and lays WholeStageCodegen boxes around their operators with
// the scans above the root.
#include "ui/sql_plan_graph_model.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>

#include "core/load/load_path.h"
#include "core/session.h"
#include "core/session_impl.h"
#include "simdjson.h"

namespace afterglow::ui {
namespace {

namespace fs = std::filesystem;

TEST(SqlPlanGraphModel, MetricLinesEqualTheApiAndClustersHoldTheirOperators) {
  const fs::path log = fs::path(AFTERGLOW_CORPUS_DIR) / "spark/sql-events/local-1596020211915";
  ASSERT_TRUE(fs::exists(log));
  Session session;
  LoadFile(session, log.string());
  const AttemptModel& model = *session.impl()->models().at(0);
  const StringPool& strings = session.impl()->strings();
  int checked_executions = 0;
  for (const auto& [execution_id, graph] : model.sql.graphs) {
    SqlPlanGraphModel plan;
    BuildSqlPlanGraphModel(model, strings, execution_id, 16.0f, plan);
    ASSERT_EQ(plan.execution_id, execution_id);
    const ApiResponse api = session.Api("/api/v1/applications/local-1596020211915/sql/" +
                                        std::to_string(execution_id));
    ASSERT_EQ(api.status, 200);
    simdjson::dom::parser parser;
    simdjson::dom::object answer;
    ASSERT_EQ(parser.parse(api.body).get_object().get(answer), simdjson::SUCCESS);
    // nodeId -> "name: value" lines, from the API.
    std::map<int64_t, std::vector<std::string>> expected;
    simdjson::dom::array nodes;
    ASSERT_EQ(answer["nodes"].get_array().get(nodes), simdjson::SUCCESS);
    for (simdjson::dom::element node : nodes) {
      int64_t id = 0;
      ASSERT_EQ(node["nodeId"].get_int64().get(id), simdjson::SUCCESS);
      simdjson::dom::array metrics;
      ASSERT_EQ(node["metrics"].get_array().get(metrics), simdjson::SUCCESS);
      std::vector<std::string>& lines = expected[id];
      for (simdjson::dom::element metric : metrics) {
        std::string_view name, value;
        ASSERT_EQ(metric["name"].get_string().get(name), simdjson::SUCCESS);
        ASSERT_EQ(metric["value"].get_string().get(value), simdjson::SUCCESS);
        lines.push_back(std::string(name) + ": " + std::string(value));
      }
    }
    ASSERT_EQ(plan.nodes.size(), expected.size());
    for (const SqlPlanGraphNode& node : plan.nodes) {
      EXPECT_EQ(node.metric_lines, expected[node.node_id]) << "node " << node.node_id;
    }
    simdjson::dom::array edges;
    ASSERT_EQ(answer["edges"].get_array().get(edges), simdjson::SUCCESS);
    EXPECT_EQ(plan.edges.size(), edges.size());
    // Children (scans) above parents; operators inside their WholeStageCodegen box.
    for (const auto& [child, parent] : plan.edges) {
      const SqlPlanGraphNode& from = plan.nodes[static_cast<size_t>(child)];
      const SqlPlanGraphNode& to = plan.nodes[static_cast<size_t>(parent)];
      EXPECT_LE(plan.layout.nodes[static_cast<size_t>(from.layout_index)].y1,
                plan.layout.nodes[static_cast<size_t>(to.layout_index)].y0);
    }
    for (size_t i = 0; i < graph.all_nodes.size(); ++i) {
      const SqlPlanNode& source = graph.all_nodes[i];
      if (source.is_cluster || source.cluster < 0) continue;
      const SqlPlanGraphNode& cluster = plan.nodes[static_cast<size_t>(source.cluster)];
      ASSERT_TRUE(cluster.is_cluster);
      EXPECT_TRUE(plan.layout.clusters[static_cast<size_t>(cluster.layout_index)].Contains(
          plan.layout.nodes[static_cast<size_t>(plan.nodes[i].layout_index)]));
    }
    ++checked_executions;
  }
  EXPECT_GT(checked_executions, 0);
}

TEST(SqlPlanGraphModel, UnknownExecutionLeavesItEmpty) {
  AttemptModel model;
  StringPool strings;
  SqlPlanGraphModel plan;
  BuildSqlPlanGraphModel(model, strings, 5, 16.0f, plan);
  EXPECT_EQ(plan.execution_id, -1);
  EXPECT_TRUE(plan.nodes.empty());
}

}  // namespace
}  // namespace afterglow::ui
