#include "core/analysis/runtime_info.h"

#include <cctype>
#include <utility>

namespace afterglow {
namespace {

std::string Property(const EnvironmentInfo& env, const char* key) {
  auto it = env.spark_properties.find(key);
  return it == env.spark_properties.end() ? "" : it->second;
}

std::string UsageTag(const EnvironmentInfo& env, const std::string& tag) {
  auto it = env.spark_properties.find("spark.databricks.clusterUsageTags." + tag);
  return it == env.spark_properties.end() ? "" : it->second;
}

}  // namespace

std::string RapidsJarVersion(std::string_view text) {
  // The plugin's jar is rapids-4-spark_<scala>-<version>[-<classifier>].jar.
  constexpr std::string_view kJar = "rapids-4-spark_";
  for (size_t at = text.find(kJar); at != std::string_view::npos; at = text.find(kJar, at + 1)) {
    std::string_view rest = text.substr(at + kJar.size());
    const size_t dash = rest.find('-');
    if (dash == std::string_view::npos) continue;
    rest.remove_prefix(dash + 1);
    size_t end = 0;
    while (end < rest.size() &&
           (std::isdigit(static_cast<unsigned char>(rest[end])) || rest[end] == '.')) {
      ++end;
    }
    // "23.10.0" then "-cuda11.jar", ".jar" or "-SNAPSHOT...": a version starts with a digit.
    if (end > 0 && std::isdigit(static_cast<unsigned char>(rest[0]))) {
      std::string_view version = rest.substr(0, end);
      if (version.ends_with('.')) version.remove_suffix(1);  // "23.10.0.jar"
      if (!version.empty()) return std::string(version);
    }
  }
  return "";
}

RuntimeInfo ReadRuntimeInfo(const EnvironmentInfo& env) {
  RuntimeInfo info;
  // Each text field and the property that holds it, as Spark and Databricks name them.
  static constexpr std::pair<std::string RuntimeInfo::*, const char*> kProperties[] = {
      {&RuntimeInfo::master, "spark.master"},
      {&RuntimeInfo::deploy_mode, "spark.submit.deployMode"},
      {&RuntimeInfo::executor_instances, "spark.executor.instances"},
      {&RuntimeInfo::executor_cores, "spark.executor.cores"},
      {&RuntimeInfo::executor_memory, "spark.executor.memory"},
      {&RuntimeInfo::executor_memory_overhead, "spark.executor.memoryOverhead"},
      {&RuntimeInfo::driver_memory, "spark.driver.memory"},
      {&RuntimeInfo::dynamic_min, "spark.dynamicAllocation.minExecutors"},
      {&RuntimeInfo::dynamic_max, "spark.dynamicAllocation.maxExecutors"},
      {&RuntimeInfo::executor_gpus, "spark.executor.resource.gpu.amount"},
      {&RuntimeInfo::plugins, "spark.plugins"},
  };
  static constexpr std::pair<std::string RuntimeInfo::*, const char*> kUsageTags[] = {
      {&RuntimeInfo::databricks_runtime, "sparkVersion"},
      {&RuntimeInfo::databricks_engine, "runtimeEngine"},
      {&RuntimeInfo::databricks_cluster, "clusterName"},
      {&RuntimeInfo::databricks_node_type, "clusterNodeType"},
      {&RuntimeInfo::databricks_driver_node_type, "driverNodeType"},
      {&RuntimeInfo::databricks_workers, "clusterWorkers"},
      {&RuntimeInfo::cloud_provider, "cloudProvider"},
  };
  for (const auto& [field, key] : kProperties) info.*field = Property(env, key);
  for (const auto& [field, tag] : kUsageTags) info.*field = UsageTag(env, tag);
  info.dynamic_allocation = Property(env, "spark.dynamicAllocation.enabled") == "true";
  info.rapids_plugin = info.plugins.find("com.nvidia.spark.SQLPlugin") != std::string::npos;
  if (info.rapids_plugin) {
    for (const auto& [entry, source] : env.classpath_entries) {
      info.rapids_version = RapidsJarVersion(entry);
      if (!info.rapids_version.empty()) break;
    }
    if (info.rapids_version.empty()) {
      info.rapids_version = RapidsJarVersion(Property(env, "spark.jars"));
    }
  }
  return info;
}

}  // namespace afterglow
