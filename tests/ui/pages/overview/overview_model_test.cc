// The overview's findings lines and links: each finding links to the entity it concerns, the
// numbers appear formatted in its line, and the overview describes its findings to state().
#include "ui/pages/overview/overview_model.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "simdjson.h"
#include "tests/ui/headless_ui.h"

namespace afterglow::ui {
namespace overview_model_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

TEST(OverviewModel, FindingLinesCarryTheNumbers) {
  Finding skew;
  skew.kind = FindingKind::kDurationSkew;
  skew.target = FindingTarget::kStage;
  skew.target_id = 3;
  skew.target_attempt = 0;
  skew.value_a = 18'601;
  skew.value_b = 3'098;
  skew.value_c = 30;
  EXPECT_EQ(FindingText(skew),
            "Stage 3.0 is skewed: slowest task 18.6 s vs a median of 3.1 s (6x) over 30 tasks");
  Finding input;
  input.kind = FindingKind::kInputSkew;
  input.target_id = 34;
  input.target_attempt = 0;
  input.value_a = 1536;
  input.value_b = 0;  // no ratio against a zero median
  input.value_c = 76;
  EXPECT_EQ(FindingText(input),
            "Stage 34.0 has skewed input: largest 1.5 KiB vs a median of 0 B over 76 tasks");
  Finding gc;
  gc.kind = FindingKind::kGcHeavyExecutor;
  gc.executor_id = "7";
  gc.value_a = 2200;
  gc.value_b = 16679;
  EXPECT_EQ(FindingText(gc),
            "Executor 7 spent 13% of its task time in GC (2.2 s of 16.7 s; Spark marks over 10%)");
}

TEST(OverviewModel, FindingsLinkToTheirEntityAndAreDescribed) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd"), "");
  const OverviewModel& overview = ui.state().overview;
  ASSERT_TRUE(overview.built);
  int gc_heavy = 0, skewed = 0;
  for (const FindingLine& line : overview.findings) {
    if (line.finding.kind == FindingKind::kGcHeavyExecutor) {
      ++gc_heavy;
      EXPECT_EQ(line.route.view, ViewId::kExecutors);
    }
    if (line.finding.kind == FindingKind::kDurationSkew) {
      ++skewed;
      EXPECT_EQ(FormatRoute(line.route), "#/stages/" + std::to_string(line.finding.target_id) + "/" +
                                             std::to_string(line.finding.target_attempt));
    }
  }
  EXPECT_EQ(gc_heavy, 4);  // executors 1, 4, 5 and 6 (over 10 % GC in /allexecutors)
  EXPECT_EQ(skewed, 1);    // stage 3.0

  Navigate(ui.state(), {ViewId::kOverview});
  ui.Draw();
  const std::string described = ui.DescribeView();
  simdjson::dom::parser parser;
  simdjson::dom::element state;
  ASSERT_EQ(parser.parse(described).get(state), simdjson::SUCCESS) << described;
  simdjson::dom::array findings;
  ASSERT_EQ(state["findings"].get_array().get(findings), simdjson::SUCCESS);
  EXPECT_EQ(findings.size(), overview.findings.size());
  int64_t task_time = -1;
  ASSERT_EQ(state["totals"]["taskTimeMs"].get_int64().get(task_time), simdjson::SUCCESS);
  EXPECT_EQ(task_time, overview.totals.executor_run_time_ms);
  EXPECT_GT(task_time, 0);
}

TEST(OverviewModel, UnpushedScanLineLinksToItsQuery) {
  Finding scan;
  scan.kind = FindingKind::kUnpushedScan;
  scan.target = FindingTarget::kSqlExecution;
  scan.target_id = 4;
  scan.name = "Scan parquet db.sales";
  scan.detail = "Filter (length(trim(value#0, None)) > 0)";
  scan.value_a = int64_t{2} << 30;
  scan.value_b = 40;
  const std::string text = FindingText(scan);
  EXPECT_NE(text.find("SQL query 4"), std::string::npos) << text;
  EXPECT_NE(text.find("40 files, 2.0 GiB"), std::string::npos) << text;
  EXPECT_NE(text.find("Scan parquet db.sales"), std::string::npos) << text;
  EXPECT_NE(text.find("Filter (length(trim(value#0, None)) > 0)"), std::string::npos) << text;
}

// The runtime lines of a hand-built environment: the overview says what the properties say.
TEST(OverviewModel, RuntimeLinesSayWhatTheEnvironmentSays) {
  RuntimeInfo r;
  r.master = "yarn";
  r.deploy_mode = "client";
  r.executor_instances = "8";
  r.executor_cores = "16";
  r.executor_memory = "16G";
  r.executor_gpus = "1";
  r.rapids_plugin = true;
  r.rapids_version = "23.10.0";
  r.plugins = "com.nvidia.spark.SQLPlugin";
  std::map<std::string, std::string> lines;
  for (const RuntimeLine& line : RuntimeLines(r)) lines[line.key] = line.value;
  EXPECT_EQ(lines["Cluster manager"], "yarn (client mode)");
  EXPECT_EQ(lines["Executors asked"], "8 executors, each 16 cores, 16G memory, 1 GPU");
  EXPECT_EQ(lines["GPU plugin"],
            "RAPIDS Accelerator 23.10.0 (spark.plugins: com.nvidia.spark.SQLPlugin)");
  EXPECT_EQ(lines.count("Databricks runtime"), 0u);
  EXPECT_EQ(RuntimeBadge(r), "RAPIDS GPU 23.10.0");

  RuntimeInfo db;
  db.databricks_runtime = "13.3.x-photon-scala2.12";
  db.databricks_engine = "PHOTON";
  db.databricks_cluster = "etl";
  db.databricks_workers = "100";
  db.databricks_node_type = "Standard_DS14_v2";
  db.dynamic_allocation = true;
  db.dynamic_max = "10";
  lines.clear();
  for (const RuntimeLine& line : RuntimeLines(db)) lines[line.key] = line.value;
  EXPECT_EQ(lines["Databricks runtime"], "13.3.x-photon-scala2.12 (PHOTON engine)");
  EXPECT_EQ(lines["Databricks cluster"], "etl");
  EXPECT_EQ(lines["Nodes"], "100 workers of Standard_DS14_v2");
  EXPECT_EQ(lines["Executors asked"], "dynamic allocation (0 to 10)");
  EXPECT_EQ(lines.count("Cluster manager"), 0u);  // no spark.master in this environment
  EXPECT_EQ(RuntimeBadge(db), "Databricks 13.3.x-photon-scala2.12");
  EXPECT_TRUE(RuntimeLines(RuntimeInfo()).empty());
}

// A GPU corpus run: the runtime lines come from its EnvironmentUpdate and are described.
TEST(OverviewModel, GpuRunShowsItsRuntime) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/rapids-tools/profiling/nds_q66_gpu.zstd"), "");
  const OverviewModel& overview = ui.state().overview;
  ASSERT_TRUE(overview.built);
  EXPECT_TRUE(overview.runtime.rapids_plugin);
  EXPECT_EQ(overview.runtime_badge, "RAPIDS GPU 23.10.0");
  Navigate(ui.state(), {ViewId::kOverview});
  ui.Draw();
  const std::string described = ui.DescribeView();
  EXPECT_NE(described.find("yarn (client mode)"), std::string::npos) << described;
}

}  // namespace overview_model_test
}  // namespace afterglow::ui
