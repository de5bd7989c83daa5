// The SQL plan graph's model keeps each node's metrics exactly as the API's /sql/<id> answer
// prints them, draws compact boxes (name and one key figure), keeps every edge, lays
// WholeStageCodegen boxes around their operators with the scans above the root, finds nodes by
// name or id, and shows every AQE plan version with what changed from the one before.
#include "ui/pages/sql/sql_plan_graph_model.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <string>

#include "core/analysis/plan_edge_rows.h"
#include "core/load/load_path.h"
#include "core/model/app_model.h"
#include "core/session.h"
#include "simdjson.h"
#include "ui/widgets/format.h"

namespace afterglow::ui {
namespace sql_plan_graph_model_test {

namespace fs = std::filesystem;

TEST(SqlPlanGraphModel, MetricLinesEqualTheApiAndClustersHoldTheirOperators) {
  const fs::path log = fs::path(AFTERGLOW_CORPUS_DIR) / "spark/sql-events/local-1596020211915";
  ASSERT_TRUE(fs::exists(log));
  Session session;
  LoadFile(session, log.string());
  const AttemptModel& model = *session.model(0);
  const StringPool& strings = session.strings();
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


// 8 units per byte, 16 per row.
TextMeasure FixedMeasure() {
  TextMeasure measure(16.0f);
  measure.width = [](std::string_view text, bool) { return 8.0f * static_cast<float>(text.size()); };
  return measure;
}

TEST(SqlPlanGraphModel, CompactBoxesShowTheNameAndOneKeyFigure) {
  const fs::path log = fs::path(AFTERGLOW_CORPUS_DIR) / "spark/sql-events/local-1596020211915";
  ASSERT_TRUE(fs::exists(log));
  Session session;
  LoadFile(session, log.string());
  const AttemptModel& model = *session.model(0);
  const StringPool& strings = session.strings();
  const TextMeasure measure = FixedMeasure();
  int operators = 0, with_rows = 0;
  for (const auto& [execution_id, graph] : model.sql.graphs) {
    SqlPlanGraphModel plan;
    BuildSqlPlanGraphModel(model, strings, execution_id, measure, plan);
    for (const SqlPlanGraphNode& node : plan.nodes) {
      EXPECT_EQ(node.key_figure, SqlPlanKeyFigure(node.is_cluster, node.metric_lines));
      std::vector<std::string> expected;
      if (node.is_cluster) {
        expected.push_back(node.key_figure.empty() ? node.title
                                                   : node.title + kSqlKeyFigureSeparator + node.key_figure);
      } else {
        expected.push_back(node.title);
        if (!node.key_figure.empty()) expected.push_back(node.key_figure);
      }
      ASSERT_EQ(node.rows.size(), expected.size()) << "node " << node.node_id;
      for (size_t r = 0; r < expected.size(); ++r) {
        const std::string& shown = node.rows[r].text;
        if (shown != expected[r]) {
          ASSERT_GE(shown.size(), 3u);
          EXPECT_TRUE(node.elided);
          EXPECT_EQ(shown.substr(shown.size() - 3), "...");
          EXPECT_EQ(expected[r].compare(0, shown.size() - 3, shown, 0, shown.size() - 3), 0);
        }
      }
      if (node.is_cluster) continue;
      ++operators;
      with_rows += node.key_figure.empty() ? 0 : 1;
      const LayoutRect& box = plan.layout.nodes[static_cast<size_t>(node.layout_index)];
      const float pad = 16.0f * kSqlNodePadRows;
      float widest = 0;
      for (const SqlPlanGraphRow& row : node.rows) {
        widest = std::max(widest, 8.0f * static_cast<float>(row.text.size()));
      }
      EXPECT_GE(box.Width() + 1e-3f, widest + 2 * pad) << "node " << node.node_id;
      EXPECT_LE(box.Width(), kSqlNodeMaxWidth);
      EXPECT_FLOAT_EQ(box.Height(), 16.0f * static_cast<float>(node.rows.size()) + 2 * pad);
    }
  }
  EXPECT_GT(operators, 0);
  EXPECT_GT(with_rows, 0) << "the log's operators count their output rows";
}

TEST(SqlPlanGraphModel, KeyFigureIsTheTotalTheApiPrints) {
  EXPECT_EQ(SqlPlanKeyFigure(false, {"number of output rows: 1,204", "peak memory: x"}), "1,204 rows");
  EXPECT_EQ(SqlPlanKeyFigure(false, {"number of output rows: total (min, med, max)\n10 (1, 2, 5)"}),
            "10 rows");
  EXPECT_EQ(SqlPlanKeyFigure(false, {"number of output rows of x: 3", "duration: 5 ms"}), "");
  EXPECT_EQ(SqlPlanKeyFigure(true, {"duration: total (min, med, max (stageId: taskId))\n"
                                    "9.3 s (1.0 s, 2.0 s, 4.0 s (stage 3.0: task 7))"}),
            "9.3 s");
  EXPECT_EQ(SqlPlanKeyFigure(true, {}), "");
}

TEST(SqlPlanGraphModel, PlanChangesReadAsOneLine) {
  compare::PlanChanges changes;
  EXPECT_EQ(DescribePlanChanges(changes), "no operator changed");
  changes.same_shape = false;
  EXPECT_EQ(DescribePlanChanges(changes), "operators moved, none added or removed");
  changes.replaced = {{"SortMergeJoin", "BroadcastHashJoin"}, {"Sort", "GpuSort"}};
  changes.added = {"ShuffleQueryStage", "AQEShuffleRead"};
  changes.removed = {"Exchange"};
  changes.scans.push_back({"Scan parquet t", "PushedFilters", "", "[IsNotNull(a)]"});
  EXPECT_EQ(DescribePlanChanges(changes),
            "replaced SortMergeJoin by BroadcastHashJoin, Sort by GpuSort; added ShuffleQueryStage, "
            "AQEShuffleRead; removed Exchange; PushedFilters of Scan parquet t: none -> [IsNotNull(a)]");
}

TEST(SqlPlanGraphModel, SearchMatchesNamesAndIdsAndStepsInIdOrder) {
  SqlPlanGraphModel plan;
  plan.execution_id = 1;
  for (auto [id, title] : std::vector<std::pair<int64_t, std::string>>{
           {5, "Filter"}, {2, "HashAggregate"}, {0, "WholeStageCodegen (1)"}, {1, "Scan parquet"},
           {3, "HashAggregate"}, {12, "Exchange"}}) {
    SqlPlanGraphNode& node = plan.nodes.emplace_back();
    node.node_id = id;
    node.title = title;
  }
  std::snprintf(plan.search.text, sizeof plan.search.text, "hashagg");
  UpdateSqlPlanSearch(plan);
  EXPECT_EQ(plan.search.matches, (std::vector<int32_t>{1, 4}));
  EXPECT_EQ(StepSqlPlanSearch(plan), 2);
  EXPECT_EQ(StepSqlPlanSearch(plan), 3);
  EXPECT_EQ(StepSqlPlanSearch(plan), 2);  // wraps
  EXPECT_EQ(StepSqlPlanSearch(plan, /*backwards=*/true), 3);
  UpdateSqlPlanSearch(plan);  // the same text: the cursor stays
  EXPECT_EQ(plan.search.cursor, 1);

  std::snprintf(plan.search.text, sizeof plan.search.text, "#12");
  UpdateSqlPlanSearch(plan);
  EXPECT_EQ(plan.search.matches, std::vector<int32_t>{5});
  EXPECT_EQ(plan.search.cursor, -1);
  std::snprintf(plan.search.text, sizeof plan.search.text, "1");  // id 1, and "(1)" in a title
  UpdateSqlPlanSearch(plan);
  EXPECT_EQ(plan.search.matches, (std::vector<int32_t>{2, 3}));
  std::snprintf(plan.search.text, sizeof plan.search.text, "sort");
  UpdateSqlPlanSearch(plan);
  EXPECT_TRUE(plan.search.matches.empty());
  EXPECT_EQ(StepSqlPlanSearch(plan), -1);
  EXPECT_EQ(plan.IndexOfNode(12), 5);
  EXPECT_EQ(plan.IndexOfNode(7), -1);
}

TEST(SqlPlanGraphModel, EveryAqePlanVersionWithWhatChangedFromTheLast) {
  const fs::path log = fs::path(AFTERGLOW_CORPUS_DIR) / "rapids-tools/qualification/aqeshuffle_eventlog.zstd";
  ASSERT_TRUE(fs::exists(log));
  Session session;
  LoadFile(session, log.string());
  const AttemptModel& model = *session.model(0);
  const StringPool& strings = session.strings();
  // The start and the log's three SparkListenerSQLAdaptiveExecutionUpdate events.
  ASSERT_EQ(model.sql.PlanVersionCount(0), 4u);
  SqlPlanGraphModel last;
  BuildSqlPlanGraphModel(model, strings, 0, 16.0f, last);
  EXPECT_EQ(last.version, 3);
  EXPECT_EQ(last.version_count, 4);
  EXPECT_EQ(last.nodes.size(), model.sql.graphs.at(0).all_nodes.size());
  int changed_steps = 0;
  for (int32_t v = 0; v < 4; ++v) {
    SqlPlanGraphModel plan;
    BuildSqlPlanGraphModel(model, strings, 0, 16.0f, plan, v);
    ASSERT_EQ(plan.version, v);
    const std::optional<SqlPlanGraph> version_graph = model.sql.PlanVersion(0, static_cast<size_t>(v));
    const SqlPlanGraph& graph = *version_graph;
    ASSERT_EQ(plan.nodes.size(), graph.all_nodes.size());
    EXPECT_EQ(plan.from_previous.valid, v > 0);
    EXPECT_EQ(plan.from_initial.valid, v > 0);
    if (v == 0) {
      for (const SqlPlanGraphNode& node : plan.nodes) EXPECT_FALSE(node.is_new);
      continue;
    }
    // The core's diff of these two versions, and the nodes it names new are marked.
    const compare::PlanVersionChanges expected =
        compare::DiffPlanVersions(model.sql, strings, 0, static_cast<size_t>(v - 1), static_cast<size_t>(v));
    EXPECT_EQ(plan.from_previous.changes.added, expected.changes.added);
    EXPECT_EQ(plan.from_previous.changes.removed, expected.changes.removed);
    EXPECT_EQ(plan.from_previous.changes.replaced, expected.changes.replaced);
    EXPECT_EQ(plan.from_previous_text, DescribePlanChanges(expected.changes));
    size_t marked = 0;
    for (const SqlPlanGraphNode& node : plan.nodes) marked += node.is_new ? 1 : 0;
    EXPECT_EQ(marked, expected.new_node_ids.size());
    changed_steps += expected.changes.empty() ? 0 : 1;
  }
  EXPECT_GT(changed_steps, 0) << "AQE re-planned the query (query stages appear)";
  SqlPlanGraphModel past_end;
  BuildSqlPlanGraphModel(model, strings, 0, 16.0f, past_end, 9);
  EXPECT_EQ(past_end.version, 3);
}

TEST(SqlPlanGraphModel, StageLinksAreTheStagesTheMetricsName) {
  const fs::path log = fs::path(AFTERGLOW_CORPUS_DIR) / "rapids-tools/profiling/rp_sql_eventlog.zstd";
  ASSERT_TRUE(fs::exists(log));
  Session session;
  LoadFile(session, log.string());
  const AttemptModel& model = *session.model(0);
  const StringPool& strings = session.strings();
  const std::regex stage_pattern(R"(\(stage (\d+)\.(\d+): task \d+\))");
  int linked = 0;
  for (const auto& [execution_id, graph] : model.sql.graphs) {
    SqlPlanGraphModel plan;
    BuildSqlPlanGraphModel(model, strings, execution_id, 16.0f, plan);
    for (const SqlPlanGraphNode& node : plan.nodes) {
      if (node.is_cluster) continue;
      std::set<std::pair<int32_t, int32_t>> expected;
      for (const std::string& line : node.metric_lines) {
        for (auto it = std::sregex_iterator(line.begin(), line.end(), stage_pattern);
             it != std::sregex_iterator(); ++it) {
          expected.insert({std::stoi((*it)[1].str()), std::stoi((*it)[2].str())});
        }
      }
      std::set<std::pair<int32_t, int32_t>> shown;
      for (const SqlPlanStageLink& link : node.stages) {
        shown.insert({link.stage_id, link.attempt_id});
        EXPECT_EQ(link.text, std::to_string(link.stage_id) + "." + std::to_string(link.attempt_id));
      }
      EXPECT_EQ(shown, expected) << "execution " << execution_id << " node " << node.node_id;
      linked += shown.empty() ? 0 : 1;
    }
  }
  EXPECT_GT(linked, 0) << "the log's metrics name stages (Spark 3.1+)";
}

TEST(SqlPlanGraphModel, AppendMetricStagesReadsTheMaxsStageAndSkipsRepeats) {
  std::vector<std::pair<int32_t, int32_t>> stages;
  AppendMetricStages("duration: total (min, med, max (stageId: taskId))\n"
                     "10 ms (1 ms, 2 ms, 5 ms (stage 3.1: task 17))", stages);
  AppendMetricStages("spill size: 1 B (0 B, 0 B, 1 B (stage 3.1: task 9)) (stage 12.0: task 4)", stages);
  AppendMetricStages("rows: 5 (stage x.0: task 1) (stage 4.0 task 2) (stage 5.", stages);
  const std::vector<std::pair<int32_t, int32_t>> expected{{3, 1}, {12, 0}};
  EXPECT_EQ(stages, expected);
}

TEST(GraphTextMeasure, ElideCutsOnACharacterBoundaryAndMarksIt) {
  TextMeasure measure(10.0f);
  measure.width = [](std::string_view text, bool) { return 5.0f * static_cast<float>(text.size()); };
  bool elided = true;
  EXPECT_EQ(ElideToWidth(measure, "short", false, 25.0f, &elided), "short");
  EXPECT_FALSE(elided);
  // 40 units: "..." takes 15, 25 are left: five bytes.
  EXPECT_EQ(ElideToWidth(measure, "abcdefghijkl", false, 40.0f, &elided), "abcde...");
  EXPECT_TRUE(elided);
  // "é" is two bytes: five bytes of "ééééé" would split the third, so two characters stay.
  EXPECT_EQ(ElideToWidth(measure, "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9", false, 40.0f, &elided),
            "\xC3\xA9\xC3\xA9...");
  // Without a width function the estimate is 0.55 em per character.
  EXPECT_FLOAT_EQ(TextMeasure(20.0f).Width("ab", false), 22.0f);
}

}  // namespace sql_plan_graph_model_test
}  // namespace afterglow::ui

namespace afterglow::ui {
namespace sql_plan_graph_model_test {

// Every drawn edge carries the row count core/analysis/plan_edge_rows.h computes for it, in every
// AQE plan version, and its chip shows that count grouped ("1,204"), nothing when unknown.
TEST(SqlPlanGraphModel, EdgesCarryTheirChildsOutputRowsInEveryPlanVersion) {
  const fs::path log = fs::path(AFTERGLOW_CORPUS_DIR) / "rapids-tools/qualification/aqeshuffle_eventlog.zstd";
  ASSERT_TRUE(fs::exists(log));
  Session session;
  LoadFile(session, log.string());
  const AttemptModel& model = *session.model(0);
  const StringPool& strings = session.strings();
  int labelled = 0;
  for (int32_t v = 0; v < 4; ++v) {
    SqlPlanGraphModel plan;
    BuildSqlPlanGraphModel(model, strings, 0, FixedMeasure(), plan, v);
    const std::optional<SqlPlanGraph> version_graph = model.sql.PlanVersion(0, static_cast<size_t>(v));
    const SqlPlanGraph& graph = *version_graph;
    const std::vector<int64_t> counts = PlanEdgeRowCounts(graph, model.sql.executions.at(0), strings);
    ASSERT_EQ(plan.edge_rows.size(), plan.edges.size());
    ASSERT_EQ(plan.edge_labels.size(), plan.edges.size());
    for (size_t e = 0; e < plan.edges.size(); ++e) {
      const int64_t from = plan.nodes[static_cast<size_t>(plan.edges[e].first)].node_id;
      const int64_t to = plan.nodes[static_cast<size_t>(plan.edges[e].second)].node_id;
      size_t g = 0;
      while (g < graph.edges.size() && graph.edges[g] != std::pair<int64_t, int64_t>{from, to}) ++g;
      ASSERT_LT(g, graph.edges.size());
      EXPECT_EQ(plan.edge_rows[e], counts[g]);
      char text[32];
      EXPECT_EQ(plan.edge_labels[e], counts[g] < 0 ? "" : FormatCount(static_cast<uint64_t>(counts[g]), text, sizeof text));
      EXPECT_EQ(plan.edge_label_widths[e], 8.0f * static_cast<float>(plan.edge_labels[e].size()));
      labelled += counts[g] >= 0;
    }
  }
  EXPECT_GT(labelled, 0);
}

// Every edge label's chip (the label's width plus 4 units each side, a row plus 1 above and
// below) sits between its child and its parent and touches no operator box, no cluster border and
// no cluster title, in every plan version of the AQE log and every plan of the GPU one.
void ExpectChipsClear(const AttemptModel& model, const StringPool& strings, int64_t execution_id,
                      int32_t version, int& chips) {
  const TextMeasure measure = FixedMeasure();
  SqlPlanGraphModel plan;
  BuildSqlPlanGraphModel(model, strings, execution_id, measure, plan, version);
  ASSERT_EQ(plan.edge_label_points.size(), plan.edges.size());
  for (size_t e = 0; e < plan.edges.size(); ++e) {
    if (plan.edge_labels[e].empty()) continue;
    ++chips;
    const LayoutPoint c = plan.edge_label_points[e];
    const float half_w = plan.edge_label_widths[e] * 0.5f + 4, half_h = measure.line_height * 0.5f + 1;
    const LayoutRect chip{c.x - half_w, c.y - half_h, c.x + half_w, c.y + half_h};
    const SqlPlanGraphNode& from = plan.nodes[static_cast<size_t>(plan.edges[e].first)];
    const SqlPlanGraphNode& to = plan.nodes[static_cast<size_t>(plan.edges[e].second)];
    SCOPED_TRACE("execution " + std::to_string(execution_id) + " version " + std::to_string(version) +
                 " edge " + from.title + " -> " + to.title);
    EXPECT_GE(c.y, plan.layout.nodes[static_cast<size_t>(from.layout_index)].y1);
    EXPECT_LE(c.y, plan.layout.nodes[static_cast<size_t>(to.layout_index)].y0);
    for (const LayoutRect& box : plan.layout.nodes) EXPECT_FALSE(chip.Overlaps(box));
    for (const SqlPlanGraphNode& node : plan.nodes) {
      if (!node.is_cluster) continue;
      const LayoutRect& cluster = plan.layout.clusters[static_cast<size_t>(node.layout_index)];
      if (!chip.Overlaps(cluster)) continue;
      EXPECT_TRUE(cluster.Contains(chip)) << "crosses the border of " << node.title;
      const LayoutRect title{cluster.x0, cluster.y0, cluster.x1,
                             cluster.y0 + static_cast<float>(node.rows.size()) * measure.line_height};
      EXPECT_FALSE(chip.Overlaps(title)) << "on the title of " << node.title;
    }
  }
}

TEST(SqlPlanGraphModel, EdgeLabelsTouchNoBoxBorderOrTitle) {
  int chips = 0;
  {
    Session session;
    LoadFile(session, (fs::path(AFTERGLOW_CORPUS_DIR) /
                       "rapids-tools/qualification/aqeshuffle_eventlog.zstd").string());
    for (int32_t v = 0; v < 4; ++v) ExpectChipsClear(*session.model(0), session.strings(), 0, v, chips);
  }
  {
    Session session;
    LoadFile(session, (fs::path(AFTERGLOW_CORPUS_DIR) / "rapids-tools/profiling/nds_q66_gpu.zstd").string());
    for (const auto& [id, graph] : session.model(0)->sql.graphs) {
      ExpectChipsClear(*session.model(0), session.strings(), id, -1, chips);
    }
  }
  EXPECT_GT(chips, 20);
}

}  // namespace sql_plan_graph_model_test
}  // namespace afterglow::ui
