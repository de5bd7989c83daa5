// What the application ran on, read from corpus logs' EnvironmentUpdate: a RAPIDS run on YARN, a
// Databricks Photon job and a plain local run. The expected values are the properties as written
// in those logs' EnvironmentUpdate events (zstdcat LOG | grep EnvironmentUpdate).
#include "core/analysis/runtime_info.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/load/load_path.h"
#include "core/model/app_model.h"
#include "core/session.h"

namespace afterglow {
namespace runtime_info_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

RuntimeInfo RuntimeOf(const std::string& relative) {
  Session session;
  std::string error;
  EXPECT_TRUE(LoadPath(session, kCorpus + "/" + relative, &error)) << error;
  const std::vector<AttemptSummary> apps = session.Summaries();
  EXPECT_EQ(apps.size(), 1u);
  if (apps.empty()) return {};
  const AttemptModel& model = *session.model(apps[0].model_index);
  EXPECT_TRUE(model.environment.has_value());
  return model.environment ? ReadRuntimeInfo(*model.environment) : RuntimeInfo();
}

TEST(RuntimeInfo, RapidsRunOnYarn) {
  const RuntimeInfo r = RuntimeOf("rapids-tools/profiling/nds_q66_gpu.zstd");
  EXPECT_EQ(r.master, "yarn");
  EXPECT_EQ(r.deploy_mode, "client");
  EXPECT_EQ(r.executor_instances, "8");
  EXPECT_EQ(r.executor_cores, "16");
  EXPECT_EQ(r.executor_memory, "16G");
  EXPECT_EQ(r.executor_memory_overhead, "16G");
  EXPECT_EQ(r.driver_memory, "50G");
  EXPECT_EQ(r.executor_gpus, "1");
  EXPECT_FALSE(r.dynamic_allocation);
  EXPECT_TRUE(r.rapids_plugin);
  EXPECT_EQ(r.plugins, "com.nvidia.spark.SQLPlugin");
  // The classpath holds /usr/lib/spark/jars/rapids-4-spark_2.12-23.10.0-cuda11.jar.
  EXPECT_EQ(r.rapids_version, "23.10.0");
  EXPECT_FALSE(r.IsDatabricks());
}

TEST(RuntimeInfo, DatabricksPhotonJob) {
  const RuntimeInfo r = RuntimeOf("rapids-tools/e2e/photon_eventlog.zstd");
  EXPECT_TRUE(r.IsDatabricks());
  EXPECT_EQ(r.databricks_runtime, "13.3.x-photon-scala2.12");
  EXPECT_EQ(r.databricks_engine, "PHOTON");
  EXPECT_EQ(r.databricks_cluster,
            "job-37367558624103-run-45201782281081-DA12Prod_deDup_lte_cluster_v3");
  EXPECT_EQ(r.databricks_node_type, "Standard_DS14_v2");
  EXPECT_EQ(r.databricks_driver_node_type, "Standard_DS14_v2");
  EXPECT_EQ(r.databricks_workers, "100");
  EXPECT_EQ(r.cloud_provider, "Azure");
  EXPECT_EQ(r.master, "spark://10.154.64.137:7077");
  EXPECT_EQ(r.executor_memory, "21289m");
  EXPECT_FALSE(r.rapids_plugin);  // spark.plugins names Spark Connect only
}

TEST(RuntimeInfo, PlainLocalRun) {
  const RuntimeInfo r = RuntimeOf("spark/sql-events/local-1596020211915");
  EXPECT_EQ(r.master, "local[*]");
  EXPECT_FALSE(r.IsDatabricks());
  EXPECT_FALSE(r.rapids_plugin);
  EXPECT_TRUE(r.rapids_version.empty());
}

TEST(RuntimeInfo, RapidsJarVersionFromItsName) {
  EXPECT_EQ(RapidsJarVersion("/usr/lib/spark/jars/rapids-4-spark_2.12-23.10.0-cuda11.jar"),
            "23.10.0");
  EXPECT_EQ(RapidsJarVersion("file:/opt/rapids-4-spark_2.13-24.02.0.jar"), "24.02.0");
  EXPECT_EQ(RapidsJarVersion("a.jar,rapids-4-spark_2.12-22.06.0-SNAPSHOT.jar"), "22.06.0");
  EXPECT_EQ(RapidsJarVersion("/opt/cudf-23.10.0-cuda11.jar"), "");
}

}  // namespace runtime_info_test
}  // namespace afterglow
