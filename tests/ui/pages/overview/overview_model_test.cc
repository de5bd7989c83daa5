// The overview's findings and runtime lines: each finding is about the entity it concerns, and the
// overview describes its findings and totals to state().
#include "ui/pages/overview/overview_model.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "simdjson.h"
#include "tests/ui/headless_ui.h"

namespace afterglow::ui {
namespace overview_model_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

TEST(OverviewModel, FindingsLinkToTheirEntityAndAreDescribed) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd"), "");
  const OverviewModel& overview = ui.state().overview;
  ASSERT_TRUE(overview.built);
  int gc_heavy = 0, skewed = 0;
  for (const Finding& finding : overview.findings.findings) {
    if (finding.kind == FindingKind::kGcHeavyExecutor) {
      ++gc_heavy;
      EXPECT_EQ(TargetRoute(finding).view, ViewId::kExecutors);
    }
    if (finding.kind == FindingKind::kDurationSkew) {
      ++skewed;
      EXPECT_EQ(FormatRoute(TargetRoute(finding)),
                "#/stages/" + std::to_string(finding.target_id) + "/" +
                    std::to_string(finding.target_attempt));
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
