// The SQL query page's model: every operator's metric strings, the header, the plan text and the
// stages, against the CLI's /sql?details=true and /jobs answers for every execution of two
// corpus logs; the metric splitting, plan-field reading and scan flagging on hand-built inputs.
#include "ui/pages/sql/sql_query_model.h"

#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/base/java_strings.h"
#include "simdjson.h"
#include "tests/support/api_json.h"
#include "tests/support/json_or_default.h"
#include "tests/ui/headless_ui.h"
#include "tests/support/api_app_base.h"

namespace afterglow::ui {
namespace sql_query_model_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

using test_support::ArrayExpected;
using test_support::CliApi;
using test_support::IntOrMissing;
using test_support::TextOrEmpty;

std::vector<int32_t> IntArray(test_support::JsonField element) {
  std::vector<int32_t> out;
  for (simdjson::dom::element v : ArrayExpected(element)) {
    out.push_back(static_cast<int32_t>(IntOrMissing(v)));
  }
  return out;
}

class SqlQueryModelApi : public ::testing::TestWithParam<const char*> {};

TEST_P(SqlQueryModelApi, EveryExecutionMatchesTheCliAnswer) {
  const std::string log = kCorpus + "/" + GetParam();
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(log), "");
  const AppState& state = ui.state();
  const AttemptSummary& app = *state.SelectedApp();
  const std::string sql_json =
      CliApi(log, ApiAppBase(app) + "/sql?details=true&planDescription=true&length=2147483647");
  const std::string jobs_json = CliApi(log, ApiAppBase(app) + "/jobs");
  simdjson::dom::parser sql_parser, jobs_parser;
  simdjson::dom::array executions = ArrayExpected(sql_parser.parse(sql_json));
  simdjson::dom::array jobs = ArrayExpected(jobs_parser.parse(jobs_json));
  std::map<int32_t, std::vector<int32_t>> job_stages;
  for (simdjson::dom::element job : jobs) {
    job_stages[static_cast<int32_t>(IntOrMissing(job["jobId"]))] = IntArray(job["stageIds"]);
  }
  ASSERT_GT(executions.size(), 20u);
  size_t metrics_compared = 0;
  for (simdjson::dom::element execution : executions) {
    const int64_t id = IntOrMissing(execution["id"]);
    SCOPED_TRACE("execution " + std::to_string(id));
    SqlQueryModel model;
    model.Build(ui.session(), app, state.SelectedModel(), state.Strings(), id);
    ASSERT_TRUE(model.found) << model.error;

    // Header.
    EXPECT_EQ(SqlStatusName(model.header.status),
              TextOrEmpty(execution["status"]));
    EXPECT_EQ(model.header.duration_ms, IntOrMissing(execution["duration"]));
    std::vector<int32_t> succeeded = IntArray(execution["successJobIds"]);
    std::sort(succeeded.begin(), succeeded.end());
    EXPECT_EQ(model.header.succeeded_jobs, succeeded);
    EXPECT_EQ(model.header.failed_jobs.size(), ArrayExpected(execution["failedJobIds"]).size());

    // The final plan text is the API's planDescription.
    ASSERT_FALSE(model.plan_versions.empty());
    EXPECT_EQ(model.plan_versions.back(), TextOrEmpty(execution["planDescription"]));

    // Stages: those of the execution's jobs.
    std::set<int32_t> stages;
    for (int32_t job : succeeded) {
      for (int32_t stage : job_stages[job]) stages.insert(stage);
    }
    std::set<int32_t> model_stages;
    for (const SqlStageLink& link : model.stages) model_stages.insert(link.stage_id);
    EXPECT_EQ(model_stages, stages);

    // Operators: every node of the API, each metric's name and value string as printed.
    simdjson::dom::array nodes = ArrayExpected(execution["nodes"]);
    ASSERT_EQ(model.nodes.size(), nodes.size());
    std::map<int64_t, const SqlOperatorNode*> by_id;
    for (const SqlOperatorNode& node : model.nodes) by_id[node.node_id] = &node;
    for (simdjson::dom::element node : nodes) {
      const int64_t node_id = IntOrMissing(node["nodeId"]);
      SCOPED_TRACE("node " + std::to_string(node_id));
      ASSERT_TRUE(by_id.count(node_id));
      const SqlOperatorNode& ours = *by_id[node_id];
      EXPECT_EQ(ours.name, TextOrEmpty(node["nodeName"]));
      int64_t codegen = -1;
      if (node["wholeStageCodegenId"].get_int64().get(codegen) != simdjson::SUCCESS) codegen = -1;
      if (!ours.is_cluster) EXPECT_EQ(ours.codegen_id, codegen);
      simdjson::dom::array metrics = ArrayExpected(node["metrics"]);
      ASSERT_EQ(ours.metric_count, metrics.size());
      uint32_t m = ours.first_metric;
      for (simdjson::dom::element metric : metrics) {
        EXPECT_EQ(model.metrics[m].name, TextOrEmpty(metric["name"]));
        EXPECT_EQ(model.metrics[m].value, TextOrEmpty(metric["value"]));
        ++m;
        ++metrics_compared;
      }
    }
    // Nodes are listed root first.
    for (size_t i = 1; i < model.nodes.size(); ++i) {
      EXPECT_LT(model.nodes[i - 1].node_id, model.nodes[i].node_id);
    }
  }
  EXPECT_GT(metrics_compared, 10u);
}

INSTANTIATE_TEST_SUITE_P(CorpusLogs, SqlQueryModelApi,
                         ::testing::Values("spark/sql-events/local-1596020211915",
                                           "rapids-tools/profiling/nds_q66_gpu.zstd"),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           return std::string(info.index == 0 ? "SqlEvents" : "NdsQ66Gpu");
                         });

TEST(SqlQueryModel, FiltersOperatorRowsByNameAndSelectedNode) {
  const std::string log = kCorpus + "/rapids-tools/profiling/nds_q66_gpu.zstd";
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(log), "");
  const AppState& state = ui.state();
  const AttemptSummary& app = *state.SelectedApp();
  // query66 is the last execution; its node 7 (a GpuColumnarExchange) has 21 metrics.
  const std::string json = CliApi(log, ApiAppBase(app) + "/sql/24?details=true");
  simdjson::dom::parser parser;
  simdjson::dom::element execution;
  ASSERT_EQ(parser.parse(json).get(execution), simdjson::SUCCESS);
  size_t output_rows = 0, node7 = 0, scans = 0;
  for (simdjson::dom::element node : ArrayExpected(execution["nodes"])) {
    std::string_view name = TextOrEmpty(node["nodeName"]);
    if (name.find("Scan parquet") != std::string_view::npos) ++scans;
    for (simdjson::dom::element metric : ArrayExpected(node["metrics"])) {
      std::string_view metric_name = TextOrEmpty(metric["name"]);
      if (metric_name.find("output rows") != std::string_view::npos) ++output_rows;
      if (IntOrMissing(node["nodeId"]) == 7) ++node7;
    }
  }
  SqlQueryModel model;
  model.Build(ui.session(), app, state.SelectedModel(), state.Strings(), 24);
  ASSERT_TRUE(model.found);
  model.ApplyFilter("OUTPUT ROWS", -1);
  EXPECT_EQ(model.table.size(), output_rows);
  model.ApplyFilter("", 7);
  EXPECT_EQ(model.table.size(), node7);
  EXPECT_EQ(node7, 21u);
  for (const SqlQueryModel::TableRow& row : model.table) EXPECT_EQ(model.nodes[row.node].node_id, 7);
  // Every parquet scan is listed, and each pushed filters down (the q66 plan filters them all).
  EXPECT_EQ(model.scans.size(), scans);
  EXPECT_GT(scans, 0u);
  EXPECT_EQ(model.flagged_scans, 0u);
  for (const SqlScan& scan : model.scans) {
    EXPECT_TRUE(scan.pushed_filters.starts_with("[")) << scan.pushed_filters;
    EXPECT_NE(scan.pushed_filters, "[]");
    EXPECT_FALSE(scan.nothing_pushed);
    EXPECT_TRUE(scan.location.starts_with("InMemoryFileIndex[gs://")) << scan.location;
  }
}

TEST(SqlQueryModel, SplitsMetricStringsIntoColumns) {
  SqlOperatorMetric timing;
  timing.value =
      "total (min, med, max (stageId: taskId))\n874 ms (0 ms, 0 ms, 54 ms (stage 38.0: task 12465))";
  SplitMetricValue(timing);
  EXPECT_EQ(timing.total, "874 ms");
  EXPECT_EQ(timing.min, "0 ms");
  EXPECT_EQ(timing.med, "0 ms");
  EXPECT_EQ(timing.max, "54 ms");
  EXPECT_EQ(timing.max_task, "stage 38.0: task 12465");

  SqlOperatorMetric size;
  size.value = "total (min, med, max (stageId: taskId))\n1.2 GiB (2.0 KiB, 10.5 MiB, 1.0 GiB (driver))";
  SplitMetricValue(size);
  EXPECT_EQ(size.total, "1.2 GiB");
  EXPECT_EQ(size.med, "10.5 MiB");
  EXPECT_EQ(size.max, "1.0 GiB");
  EXPECT_EQ(size.max_task, "driver");

  SqlOperatorMetric average;  // no total; grouped numbers keep their commas
  average.value = "(min, med, max (stageId: taskId)):\n(1.5, 2, 3,000.5 (stage 1.0: task 7))";
  SplitMetricValue(average);
  EXPECT_EQ(average.total, "");
  EXPECT_EQ(average.min, "1.5");
  EXPECT_EQ(average.med, "2");
  EXPECT_EQ(average.max, "3,000.5");
  EXPECT_EQ(average.max_task, "stage 1.0: task 7");

  SqlOperatorMetric sum;
  sum.value = "1,234,567";
  SplitMetricValue(sum);
  EXPECT_EQ(sum.total, "1,234,567");
  EXPECT_EQ(sum.max, "");
}

TEST(SqlQueryModel, ReadsPlanFieldsAndQuantities) {
  const std::string desc =
      "FileScan parquet db.t[a#1,b#2] Batched: true, DataFilters: [isnotnull(a#1), (a#1 > 5)], "
      "Format: Parquet, Location: InMemoryFileIndex[file:/data/t], PartitionFilters: [], "
      "PushedFilters: [IsNotNull(a), GreaterThan(a,5), In(b, [x,y..., ReadSchema: struct<a:int>";
  EXPECT_EQ(PlanField(desc, "DataFilters"), "[isnotnull(a#1), (a#1 > 5)]");
  EXPECT_EQ(PlanField(desc, "PartitionFilters"), "[]");
  // Cut by truncation: the list runs to the end of the text.
  EXPECT_TRUE(PlanField(desc, "PushedFilters").starts_with("[IsNotNull(a), GreaterThan(a,5)"));
  EXPECT_EQ(PlanField(desc, "PostScanFilters"), "");
  EXPECT_EQ(ParseMetricQuantity("1,234"), 1234);
  EXPECT_EQ(ParseMetricQuantity("2.0 GiB"), int64_t{2} << 30);
  EXPECT_EQ(ParseMetricQuantity("512.0 B"), 512);
  EXPECT_EQ(ParseMetricQuantity(""), -1);
  EXPECT_EQ(ParseMetricQuantity("[unknown] 5"), -1);
}

// A model with one scan node and its metrics, built by hand.
SqlQueryModel OneScan(const std::string& desc, const std::string& files, const std::string& size) {
  SqlQueryModel model;
  SqlOperatorNode node;
  node.node_id = 3;
  node.name = "Scan parquet db.t";
  node.description = desc;
  node.first_metric = 0;
  for (const auto& [name, value] :
       {std::pair{"number of files read", files}, std::pair{"size of files read", size}}) {
    SqlOperatorMetric metric;
    metric.name = name;
    metric.value = value;
    SplitMetricValue(metric);
    model.metrics.push_back(metric);
  }
  node.metric_count = 2;
  model.nodes.push_back(node);
  BuildScans(model);
  return model;
}

TEST(SqlQueryModel, FlagsLargeScansWithNothingPushed) {
  const std::string nothing =
      "FileScan parquet db.t[a#1] Batched: true, DataFilters: [], Format: Parquet, "
      "Location: InMemoryFileIndex[file:/data/t], PartitionFilters: [], PushedFilters: [], "
      "ReadSchema: struct<a:int>";
  const std::string pushed =
      "FileScan parquet db.t[a#1] Batched: true, DataFilters: [isnotnull(a#1)], Format: Parquet, "
      "Location: InMemoryFileIndex[file:/data/t], PartitionFilters: [], "
      "PushedFilters: [IsNotNull(a)], ReadSchema: struct<a:int>";
  const std::string big_size = "total (min, med, max (stageId: taskId))\n3.5 GiB (1.0 MiB, 2.0 MiB, "
                               "40.0 MiB (stage 2.0: task 9))";

  SqlQueryModel big = OneScan(nothing, "250", big_size);
  ASSERT_EQ(big.scans.size(), 1u);
  EXPECT_TRUE(big.scans[0].nothing_pushed);
  EXPECT_TRUE(big.scans[0].large);
  EXPECT_EQ(big.flagged_scans, 1u);
  EXPECT_EQ(big.scans[0].files_read, "250");
  EXPECT_EQ(big.scans[0].bytes_read, "3.5 GiB");
  EXPECT_EQ(big.scans[0].location, "InMemoryFileIndex[file:/data/t]");

  SqlQueryModel many_files = OneScan(nothing, "1,500", "10.0 MiB");
  EXPECT_EQ(many_files.flagged_scans, 1u);

  SqlQueryModel small = OneScan(nothing, "3", "10.0 MiB");
  EXPECT_TRUE(small.scans[0].nothing_pushed);
  EXPECT_EQ(small.flagged_scans, 0u);

  SqlQueryModel filtered = OneScan(pushed, "250", big_size);
  EXPECT_FALSE(filtered.scans[0].nothing_pushed);
  EXPECT_EQ(filtered.flagged_scans, 0u);
  EXPECT_EQ(filtered.scans[0].pushed_filters, "[IsNotNull(a)]");
}

}  // namespace sql_query_model_test
}  // namespace afterglow::ui

namespace afterglow::ui {
namespace sql_query_model_test {

// The Operators tab lists the plan version the graph shows (#/sql/0/plan/<n>): on the aqeshuffle
// log (the start and three AQE updates) each version's operators are that version's plan nodes,
// with the metrics the API would print for them; the final plan by default and past the last.
TEST(SqlQueryModel, OperatorsAreThoseOfThePlanVersionShown) {
  const std::string log = kCorpus + "/rapids-tools/qualification/aqeshuffle_eventlog.zstd";
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(log), "");
  const AppState& state = ui.state();
  const AttemptSummary& app = *state.SelectedApp();
  const AttemptModel& attempt = *state.SelectedModel();
  ASSERT_EQ(attempt.sql.PlanVersionCount(0), 4u);
  std::set<size_t> sizes;
  for (int32_t v = 0; v < 4; ++v) {
    SCOPED_TRACE("version " + std::to_string(v));
    SqlQueryModel model;
    model.Build(ui.session(), app, &attempt, state.Strings(), 0, v);
    EXPECT_EQ(model.operators_version, v);
    EXPECT_EQ(model.operators_version_count, 4);
    const std::optional<SqlPlanGraph> version_graph = attempt.sql.PlanVersion(0, static_cast<size_t>(v));
    const SqlPlanGraph& graph = *version_graph;
    std::map<int64_t, std::string> expected;  // node id -> trimmed name
    for (const SqlPlanNode& node : graph.all_nodes) {
      expected[node.id] = std::string(JavaTrim(state.Strings()->Get(node.name)));
    }
    ASSERT_EQ(model.nodes.size(), expected.size());
    for (const SqlOperatorNode& node : model.nodes) EXPECT_EQ(node.name, expected[node.node_id]);
    sizes.insert(model.nodes.size());
  }
  EXPECT_GT(sizes.size(), 1u) << "AQE's versions differ in their operators";
  // The final version by default is the one the API answers with.
  SqlQueryModel final_plan;
  final_plan.Build(ui.session(), app, &attempt, state.Strings(), 0);
  EXPECT_EQ(final_plan.operators_version, 3);
  const std::string json = CliApi(log, ApiAppBase(app) + "/sql/0?details=true");
  simdjson::dom::parser parser;
  simdjson::dom::element execution;
  ASSERT_EQ(parser.parse(json).get(execution), simdjson::SUCCESS);
  EXPECT_EQ(final_plan.nodes.size(), ArrayExpected(execution["nodes"]).size());
  SqlQueryModel past_end;
  past_end.Build(ui.session(), app, &attempt, state.Strings(), 0, 9);
  EXPECT_EQ(past_end.operators_version, 3);
}

}  // namespace sql_query_model_test
}  // namespace afterglow::ui
