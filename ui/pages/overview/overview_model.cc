#include "ui/pages/overview/overview_model.h"

#include <cstdio>

#include "ui/widgets/format.h"

namespace afterglow::ui {

std::vector<RuntimeLine> RuntimeLines(const RuntimeInfo& r) {
  std::vector<RuntimeLine> lines;
  auto add = [&](const char* key, std::string value) {
    if (!value.empty()) lines.push_back({key, std::move(value)});
  };
  if (r.IsDatabricks()) {
    std::string runtime = r.databricks_runtime;
    if (!r.databricks_engine.empty()) runtime += " (" + r.databricks_engine + " engine)";
    add("Databricks runtime", runtime);
    add("Databricks cluster", r.databricks_cluster);
    std::string nodes;
    if (!r.databricks_workers.empty()) nodes = r.databricks_workers + " workers";
    if (!r.databricks_node_type.empty()) {
      nodes += (nodes.empty() ? "" : " of ") + r.databricks_node_type;
    }
    if (!r.databricks_driver_node_type.empty()) {
      nodes += (nodes.empty() ? "driver " : ", driver ") + r.databricks_driver_node_type;
    }
    if (!r.cloud_provider.empty()) nodes += (nodes.empty() ? "" : " on ") + r.cloud_provider;
    add("Nodes", nodes);
  }
  std::string master = r.master;
  if (!master.empty() && !r.deploy_mode.empty()) master += " (" + r.deploy_mode + " mode)";
  add("Cluster manager", master);
  // "8 x 16 cores, 16G memory (+16G overhead)"; dynamic allocation says its bounds instead.
  std::string executors;
  if (r.dynamic_allocation) {
    executors = "dynamic allocation";
    if (!r.dynamic_min.empty() || !r.dynamic_max.empty()) {
      executors += " (" + (r.dynamic_min.empty() ? "0" : r.dynamic_min) + " to " +
                   (r.dynamic_max.empty() ? "unbounded" : r.dynamic_max) + ")";
    }
  } else if (!r.executor_instances.empty()) {
    executors = r.executor_instances + " executors";
  }
  std::string shape;
  if (!r.executor_cores.empty()) shape = r.executor_cores + " cores";
  if (!r.executor_memory.empty()) {
    shape += (shape.empty() ? "" : ", ") + r.executor_memory + " memory";
    if (!r.executor_memory_overhead.empty()) shape += " (+" + r.executor_memory_overhead + " overhead)";
  }
  if (!r.executor_gpus.empty()) shape += (shape.empty() ? "" : ", ") + r.executor_gpus + " GPU";
  if (!shape.empty()) executors += (executors.empty() ? "each " : ", each ") + shape;
  add("Executors asked", executors);
  add("Driver memory", r.driver_memory);
  if (r.rapids_plugin) {
    add("GPU plugin", "RAPIDS Accelerator" +
                          (r.rapids_version.empty() ? std::string() : " " + r.rapids_version) +
                          " (spark.plugins: " + r.plugins + ")");
  }
  return lines;
}

std::string RuntimeBadge(const RuntimeInfo& r) {
  std::string badge;
  if (!r.databricks_runtime.empty()) badge = "Databricks " + r.databricks_runtime;
  if (r.rapids_plugin) {
    if (!badge.empty()) badge += "  \xc2\xb7  ";
    badge += "RAPIDS GPU" + (r.rapids_version.empty() ? std::string() : " " + r.rapids_version);
  }
  return badge;
}

std::string RetentionNote(const RetainedCounts& r) {
  if (!r.JobsDropped() && !r.StagesDropped()) return "";
  auto count = [](int64_t n) {
    char text[32];
    return std::string(FormatCount(static_cast<uint64_t>(n < 0 ? 0 : n), text, sizeof text));
  };
  std::string kept;
  if (r.StagesDropped()) {
    kept = count(r.stage_attempts_retained) + " of " + count(r.stage_attempts_in_log) +
           " stage attempts (spark.ui.retainedStages)";
  }
  if (r.JobsDropped()) {
    if (!kept.empty()) kept += " and ";
    kept += count(r.jobs_retained) + " of " + count(r.jobs_in_log) +
            " jobs (spark.ui.retainedJobs)";
  }
  return "Totals of retained entities only: the History Server kept " + kept +
         " and deleted the others while replaying the log, so its API and these totals leave "
         "them out.";
}

void OverviewModel::Clear() {
  built = false;
  totals = AppTotals();
  retained = RetainedCounts();
  retention_note.clear();
  runtime = RuntimeInfo();
  runtime_lines.clear();
  runtime_badge.clear();
  findings.Clear();
}

void OverviewModel::Build(const AttemptModel& attempt, const StringPool& pool, int64_t now_ms) {
  Build(attempt, pool, Diagnose(attempt, pool, now_ms));
}

void OverviewModel::Build(const AttemptModel& attempt, const StringPool& pool,
                          std::vector<Finding> found) {
  Clear();
  built = true;
  totals = ComputeAppTotals(attempt, pool);
  retained = CountRetained(attempt);
  retention_note = RetentionNote(retained);
  if (attempt.environment) runtime = ReadRuntimeInfo(*attempt.environment);
  runtime_lines = RuntimeLines(runtime);
  runtime_badge = RuntimeBadge(runtime);
  findings.Build(std::move(found), &attempt);
}

}  // namespace afterglow::ui
