// The overview's totals equal sums over the CLI's REST answers (/stages, /jobs, /allexecutors) for
// corpus logs with many tasks, failures and removed executors, and the lost-executor reasons are
// classified as the overview says.
#include "core/analysis/app_totals.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "core/load/load_path.h"
#include "core/model/app_model.h"
#include "core/session.h"
#include "simdjson.h"
#include "tests/support/api_json.h"

namespace afterglow {
namespace app_totals_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

using test_support::CliApi;
using test_support::IntField;
using test_support::StringField;

struct Loaded {
  Session session;
  std::string log;
  std::string base;  // /api/v1/applications/<id>[/<attempt>]
  const AttemptModel* model = nullptr;
};

void Load(Loaded& loaded, const std::string& relative) {
  loaded.log = kCorpus + "/" + relative;
  std::string error;
  ASSERT_TRUE(LoadPath(loaded.session, loaded.log, &error)) << error;
  const std::vector<AttemptSummary> apps = loaded.session.Summaries();
  ASSERT_EQ(apps.size(), 1u);
  loaded.base = "/api/v1/applications/" + apps[0].app_id;
  if (!apps[0].attempt_id.empty()) loaded.base += "/" + apps[0].attempt_id;
  loaded.model = loaded.session.model(apps[0].model_index);
}

class AppTotalsFromApi : public ::testing::TestWithParam<const char*> {};

TEST_P(AppTotalsFromApi, TotalsAreSumsOfTheApiRows) {
  Loaded loaded;
  ASSERT_NO_FATAL_FAILURE(Load(loaded, GetParam()));
  const AppTotals totals = ComputeAppTotals(*loaded.model, loaded.session.strings());

  simdjson::dom::parser parser;
  const std::string stages_json = CliApi(loaded.log, loaded.base + "/stages");
  simdjson::dom::array stages;
  ASSERT_EQ(parser.parse(stages_json).get_array().get(stages), simdjson::SUCCESS);
  std::map<std::string, int64_t> sums;
  std::map<std::string, int> by_status;
  for (simdjson::dom::element stage : stages) {
    for (const char* key : {"executorRunTime", "executorCpuTime", "jvmGcTime", "inputBytes",
                            "outputBytes", "shuffleReadBytes", "shuffleWriteBytes",
                            "memoryBytesSpilled", "diskBytesSpilled", "numCompleteTasks",
                            "numFailedTasks", "numKilledTasks"}) {
      sums[key] += IntField(stage, key);
    }
    ++by_status[StringField(stage, "status")];
  }
  ASSERT_GT(sums["executorRunTime"], 0);
  EXPECT_EQ(totals.executor_run_time_ms, sums["executorRunTime"]);
  EXPECT_EQ(totals.executor_cpu_time_ns, sums["executorCpuTime"]);
  EXPECT_EQ(totals.jvm_gc_time_ms, sums["jvmGcTime"]);
  EXPECT_EQ(totals.input_bytes, sums["inputBytes"]);
  EXPECT_EQ(totals.output_bytes, sums["outputBytes"]);
  EXPECT_EQ(totals.shuffle_read_bytes, sums["shuffleReadBytes"]);
  EXPECT_EQ(totals.shuffle_write_bytes, sums["shuffleWriteBytes"]);
  EXPECT_EQ(totals.memory_spilled_bytes, sums["memoryBytesSpilled"]);
  EXPECT_EQ(totals.disk_spilled_bytes, sums["diskBytesSpilled"]);
  EXPECT_EQ(totals.completed_tasks, sums["numCompleteTasks"]);
  EXPECT_EQ(totals.failed_tasks, sums["numFailedTasks"]);
  EXPECT_EQ(totals.killed_tasks, sums["numKilledTasks"]);
  EXPECT_EQ(totals.stages_complete, by_status["COMPLETE"]);
  EXPECT_EQ(totals.stages_failed, by_status["FAILED"]);
  EXPECT_EQ(totals.stages_skipped, by_status["SKIPPED"]);
  EXPECT_EQ(totals.stages_active + totals.stages_pending, by_status["ACTIVE"] + by_status["PENDING"]);

  const std::string jobs_json = CliApi(loaded.log, loaded.base + "/jobs");
  simdjson::dom::array jobs;
  ASSERT_EQ(parser.parse(jobs_json).get_array().get(jobs), simdjson::SUCCESS);
  std::map<std::string, int> jobs_by_status;
  for (simdjson::dom::element job : jobs) ++jobs_by_status[StringField(job, "status")];
  EXPECT_EQ(totals.jobs_succeeded, jobs_by_status["SUCCEEDED"]);
  EXPECT_EQ(totals.jobs_failed, jobs_by_status["FAILED"]);
  EXPECT_EQ(totals.jobs_running, jobs_by_status["RUNNING"]);

  const std::string executors_json = CliApi(loaded.log, loaded.base + "/allexecutors");
  simdjson::dom::array executors;
  ASSERT_EQ(parser.parse(executors_json).get_array().get(executors), simdjson::SUCCESS);
  int non_driver = 0, removed = 0;
  int64_t driver_cores = 0, non_driver_cores = 0;
  for (simdjson::dom::element executor : executors) {
    int64_t cores = 0;
    ASSERT_EQ(executor["totalCores"].get_int64().get(cores), simdjson::SUCCESS);
    if (StringField(executor, "id") == "driver") {
      driver_cores = cores;
      continue;
    }
    ++non_driver;
    non_driver_cores += cores;
    bool active = true;
    ASSERT_EQ(executor["isActive"].get_bool().get(active), simdjson::SUCCESS);
    removed += !active;
  }
  // Local mode: the driver, the only executor, ran the tasks and counts as the one executor.
  const bool local_mode = non_driver == 0 && driver_cores > 0;
  EXPECT_EQ(totals.local_mode, local_mode);
  EXPECT_EQ(totals.executors_total, local_mode ? 1 : non_driver);
  EXPECT_EQ(totals.executor_cores, local_mode ? driver_cores : non_driver_cores);
  EXPECT_EQ(totals.executors_removed, removed);
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, AppTotalsFromApi,
    ::testing::Values("rapids-tools/profiling/nds_q66_gpu.zstd",
                      "rapids-tools/profiling/tasks_executors_fail_compressed_eventlog.zstd",
                      "rapids-tools/profiling/gpu_oom_eventlog.zstd",
                      "spark/spark-events/application_1628109047826_1317105",
                      "spark/spark-events/local-1422981780767",
                      "spark/sql-events/local-1596020211915"));

TEST(AppTotals, ExecutorsLostToACrashAreCountedAndReleasedOnesAreNot) {
  // Two executors died with "Executor Process Lost" in this log (its /allexecutors says so).
  Loaded crashed;
  ASSERT_NO_FATAL_FAILURE(
      Load(crashed, "rapids-tools/profiling/tasks_executors_fail_compressed_eventlog.zstd"));
  const AppTotals a = ComputeAppTotals(*crashed.model, crashed.session.strings());
  EXPECT_EQ(a.executors_removed, 2);
  EXPECT_EQ(a.executors_lost, 2);
  // Six executors (1, 2, 3, 4, 6, 9) released by YARN on the driver's request ("exited from
  // explicit termination request"): removed, not lost.
  Loaded released;
  ASSERT_NO_FATAL_FAILURE(Load(released, "spark/spark-events/application_1628109047826_1317105"));
  const AppTotals b = ComputeAppTotals(*released.model, released.session.strings());
  EXPECT_EQ(b.executors_removed, 6);
  EXPECT_EQ(b.executors_lost, 0);
}

TEST(AppTotals, LostReasonClassification) {
  EXPECT_TRUE(IsLostExecutorReason("Executor Process Lost"));
  EXPECT_TRUE(IsLostExecutorReason(
      "Container killed by YARN for exceeding memory limits. 5.5 GB of 5.5 GB physical memory used"));
  EXPECT_TRUE(IsLostExecutorReason(
      "Remote RPC client disassociated. Likely due to containers exceeding thresholds, or network "
      "issues."));
  EXPECT_FALSE(IsLostExecutorReason(
      "Container container_e18_1_01_000002 exited from explicit termination request."));
  EXPECT_FALSE(IsLostExecutorReason("Executor killed by driver."));
  EXPECT_FALSE(IsLostExecutorReason("Executor decommission."));
  EXPECT_FALSE(IsLostExecutorReason(""));
}

TEST(AppTotals, GcFractionIsGcOverRunTime) {
  AppTotals t;
  EXPECT_EQ(t.GcFraction(), 0.0);
  t.executor_run_time_ms = 2000;
  t.jvm_gc_time_ms = 500;
  EXPECT_DOUBLE_EQ(t.GcFraction(), 0.25);
}

}  // namespace app_totals_test
}  // namespace afterglow
