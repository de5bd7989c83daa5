// Plan edge row counts (core/analysis/plan_edge_rows.h): on rapids-tools' aqeshuffle log (one
// execution AQE re-planned three times) and a GPU plan (nds_q66_gpu, whose operators name the
// metric "output rows"), each edge's count is the child node's row metric as the REST /sql/<id>
// answer prints it, and -1 exactly where that answer has none.
#include "core/analysis/plan_edge_rows.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/load/load_path.h"
#include "core/model/app_model.h"
#include "core/session.h"
#include "simdjson.h"

namespace afterglow {
namespace plan_edge_rows_test {

namespace fs = std::filesystem;

// nodeId -> the value of its "number of output rows" (else "output rows") metric in the API's
// /sql/<id> answer, read back as a number; nodes without one are absent.
std::map<int64_t, int64_t> ApiNodeRows(const Session& session, const std::string& app_id,
                                       int64_t execution_id) {
  std::map<int64_t, int64_t> rows;
  const ApiResponse api =
      session.Api("/api/v1/applications/" + app_id + "/sql/" + std::to_string(execution_id));
  EXPECT_EQ(api.status, 200) << api.body;
  simdjson::dom::parser parser;
  simdjson::dom::array nodes;
  EXPECT_EQ(parser.parse(api.body)["nodes"].get_array().get(nodes), simdjson::SUCCESS);
  for (simdjson::dom::element node : nodes) {
    int64_t id = 0;
    EXPECT_EQ(node["nodeId"].get_int64().get(id), simdjson::SUCCESS);
    simdjson::dom::array metrics;
    EXPECT_EQ(node["metrics"].get_array().get(metrics), simdjson::SUCCESS);
    std::string_view cpu, gpu;
    for (simdjson::dom::element metric : metrics) {
      std::string_view name, value;
      EXPECT_EQ(metric["name"].get_string().get(name), simdjson::SUCCESS);
      EXPECT_EQ(metric["value"].get_string().get(value), simdjson::SUCCESS);
      if (name == "number of output rows") cpu = value;
      if (name == "output rows") gpu = value;
    }
    const std::string_view text = !cpu.empty() ? cpu : gpu;
    if (!text.empty()) rows[id] = ParseGroupedCount(text);
  }
  return rows;
}

// The final plan's edge counts of every execution equal the API's child node rows; returns how
// many edges carried a count.
int CheckAgainstApi(const Session& session, const std::string& app_id) {
  const AttemptModel& model = *session.model(0);
  int counted = 0;
  for (const auto& [execution_id, graph] : model.sql.graphs) {
    const std::map<int64_t, int64_t> api = ApiNodeRows(session, app_id, execution_id);
    const std::vector<int64_t> counts =
        PlanEdgeRowCounts(graph, model.sql.executions.at(execution_id), session.strings());
    EXPECT_EQ(counts.size(), graph.edges.size());
    for (size_t i = 0; i < graph.edges.size(); ++i) {
      const int64_t child = graph.edges[i].first;
      const auto expected = api.find(child);
      EXPECT_EQ(counts[i], expected == api.end() ? -1 : expected->second)
          << "execution " << execution_id << " edge " << child << " -> " << graph.edges[i].second;
      counted += counts[i] >= 0;
    }
  }
  return counted;
}

TEST(PlanEdgeRows, AqeLogCountsEqualTheApiChildRows) {
  const fs::path log =
      fs::path(AFTERGLOW_CORPUS_DIR) / "rapids-tools/qualification/aqeshuffle_eventlog.zstd";
  ASSERT_TRUE(fs::exists(log));
  Session session;
  LoadFile(session, log.string());
  EXPECT_EQ(CheckAgainstApi(session, "local-1651694304852"), 5);
  // The final plan's labelled edges: the result HashAggregate's 1 row, the partial aggregate's 13,
  // the join's and both scans' 10,000,000; the others' children (Exchange, Sort, Project,
  // AQEShuffleRead, SerializeFromObject) have no row metric.
  const AttemptModel& model = *session.model(0);
  const SqlPlanGraph& graph = model.sql.graphs.at(0);
  const std::vector<int64_t> counts =
      PlanEdgeRowCounts(graph, model.sql.executions.at(0), session.strings());
  std::map<std::pair<int64_t, int64_t>, int64_t> labelled;
  for (size_t i = 0; i < graph.edges.size(); ++i) {
    if (counts[i] >= 0) labelled[graph.edges[i]] = counts[i];
  }
  EXPECT_EQ(labelled, (std::map<std::pair<int64_t, int64_t>, int64_t>{
                          {{2, 0}, 1},
                          {{5, 3}, 13},
                          {{7, 6}, 10'000'000},
                          {{15, 14}, 10'000'000},
                          {{23, 22}, 10'000'000}}));
}

TEST(PlanEdgeRows, GpuPlanCountsEqualTheApiOutputRows) {
  const fs::path log = fs::path(AFTERGLOW_CORPUS_DIR) / "rapids-tools/profiling/nds_q66_gpu.zstd";
  ASSERT_TRUE(fs::exists(log));
  Session session;
  LoadFile(session, log.string());
  const std::vector<AttemptSummary> apps = session.Summaries();
  ASSERT_EQ(apps.size(), 1u);
  EXPECT_GT(CheckAgainstApi(session, apps[0].app_id), 0);
}

TEST(PlanEdgeRows, ParsesGroupedIntegersOnly) {
  EXPECT_EQ(ParseGroupedCount("0"), 0);
  EXPECT_EQ(ParseGroupedCount("1,234,567"), 1234567);
  EXPECT_EQ(ParseGroupedCount("-5"), -5);
  EXPECT_EQ(ParseGroupedCount(""), -1);
  EXPECT_EQ(ParseGroupedCount("1.5 KiB"), -1);
  EXPECT_EQ(ParseGroupedCount("N/A"), -1);
  EXPECT_EQ(ParseGroupedCount(",1"), -1);
  EXPECT_EQ(ParseGroupedCount("99,999,999,999,999,999,999"), -1);  // past int64
}

}  // namespace plan_edge_rows_test
}  // namespace afterglow
