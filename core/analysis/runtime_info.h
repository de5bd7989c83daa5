// What the application ran on, as its environment tells it: the cluster manager and deploy mode,
// the executors the configuration asked for, the Databricks runtime and cluster (Databricks puts
// them in spark.databricks.clusterUsageTags.*) and the RAPIDS Accelerator for GPU runs. Every
// field is read from the last EnvironmentUpdate's properties, the same ones /environment lists;
// empty when the log does not say. No ImGui: the overview formats it, tests check it.
#pragma once

#include <string>
#include <string_view>

#include "core/model/storage_model.h"

namespace afterglow {

struct RuntimeInfo {
  std::string master;       // spark.master: "yarn", "local[*]", "spark://10.0.0.1:7077"
  std::string deploy_mode;  // spark.submit.deployMode: "client", "cluster"
  // The executors the configuration asks for (what ran is on the Executors page).
  std::string executor_instances;  // spark.executor.instances
  std::string executor_cores;      // spark.executor.cores
  std::string executor_memory;     // spark.executor.memory ("16G")
  std::string executor_memory_overhead;  // spark.executor.memoryOverhead
  std::string driver_memory;       // spark.driver.memory
  bool dynamic_allocation = false;      // spark.dynamicAllocation.enabled=true
  std::string dynamic_min, dynamic_max;  // spark.dynamicAllocation.{min,max}Executors
  std::string executor_gpus;        // spark.executor.resource.gpu.amount
  // Databricks (spark.databricks.clusterUsageTags.*): runtime "13.3.x-photon-scala2.12", engine
  // "PHOTON", cluster name, node types and worker count.
  std::string databricks_runtime;
  std::string databricks_engine;
  std::string databricks_cluster;
  std::string databricks_node_type;
  std::string databricks_driver_node_type;
  std::string databricks_workers;
  std::string cloud_provider;
  // The RAPIDS Accelerator: spark.plugins names com.nvidia.spark.SQLPlugin. Its version comes
  // from the rapids-4-spark jar's name on the classpath ("23.10.0"), empty when not found.
  bool rapids_plugin = false;
  std::string rapids_version;
  std::string plugins;  // spark.plugins as written

  bool IsDatabricks() const { return !databricks_runtime.empty() || !databricks_cluster.empty(); }
};

RuntimeInfo ReadRuntimeInfo(const EnvironmentInfo& environment);

// "23.10.0" from ".../rapids-4-spark_2.12-23.10.0-cuda11.jar"; "" when the text names no such jar.
std::string RapidsJarVersion(std::string_view text);

}  // namespace afterglow
