#include "ui/pages/overview/overview_model.h"

#include <cstdio>

#include "ui/widgets/format.h"

namespace afterglow::ui {
namespace {

std::string Duration(int64_t ms) {
  char text[32];
  return FormatDuration(ms, text, sizeof text);
}

std::string Bytes(int64_t bytes) {
  char text[32];
  return FormatBytes(static_cast<uint64_t>(bytes < 0 ? 0 : bytes), text, sizeof text);
}

std::string StageName(const Finding& f) {
  return std::to_string(f.target_id) + "." + std::to_string(f.target_attempt);
}

// " (6x)" after "largest X vs a median of Y"; nothing when the median is 0 (the ratio is
// meaningless; the gap says it all).
std::string Ratio(int64_t max, int64_t median) {
  if (median <= 0) return "";
  char text[32];
  std::snprintf(text, sizeof text, " (%.0fx)", static_cast<double>(max) / median);
  return text;
}

std::string Percent(int64_t part, int64_t whole) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0f%%", whole > 0 ? 100.0 * part / whole : 0.0);
  return text;
}

std::string WithDetail(std::string text, const std::string& detail) {
  if (!detail.empty()) text += ": " + detail;
  return text;
}

}  // namespace

std::string FindingText(const Finding& f) {
  const std::string stage = "Stage " + StageName(f);
  const std::string tasks = std::to_string(f.value_c) + " tasks";
  switch (f.kind) {
    case FindingKind::kFailedJob:
      return WithDetail("Job " + std::to_string(f.target_id) + " failed (" +
                            std::to_string(f.value_a) + " failed stage attempt" +
                            (f.value_a == 1 ? "" : "s") + ")",
                        f.detail);
    case FindingKind::kFailedStage:
      return WithDetail(stage + " failed with " + std::to_string(f.value_a) + " of " +
                            std::to_string(f.value_b) + " tasks failed" +
                            (f.severity == FindingSeverity::kWarning ? " (a later attempt succeeded)"
                                                                     : ""),
                        f.detail);
    case FindingKind::kFailedTasks:
      return WithDetail(stage + " retried " + std::to_string(f.value_a) + " failed task attempt" +
                            (f.value_a == 1 ? "" : "s") + " (" + std::to_string(f.value_b) +
                            " tasks)",
                        f.detail);
    case FindingKind::kLostExecutor:
      return WithDetail("Executor " + f.executor_id + " was lost", f.detail);
    case FindingKind::kGcHeavyExecutor:
      return "Executor " + f.executor_id + " spent " + Percent(f.value_a, f.value_b) +
             " of its task time in GC (" + Duration(f.value_a) + " of " + Duration(f.value_b) +
             "; Spark marks over 10%)";
    case FindingKind::kOneTaskStage:
      return stage + " ran a single task for " + Duration(f.value_a) + " (" +
             Percent(f.value_a, f.value_b) + " of the application's " + Duration(f.value_b) +
             "): one core worked while the cluster waited";
    case FindingKind::kDurationSkew:
      return stage + " is skewed: slowest task " + Duration(f.value_a) + " vs a median of " +
             Duration(f.value_b) + Ratio(f.value_a, f.value_b) + " over " + tasks;
    case FindingKind::kShuffleReadSkew:
      return stage + " has skewed shuffle reads: largest " + Bytes(f.value_a) + " vs a median of " +
             Bytes(f.value_b) + Ratio(f.value_a, f.value_b) + " over " + tasks;
    case FindingKind::kInputSkew:
      return stage + " has skewed input: largest " + Bytes(f.value_a) + " vs a median of " +
             Bytes(f.value_b) + Ratio(f.value_a, f.value_b) + " over " + tasks;
    case FindingKind::kSpill:
      return stage + " spilled " + Bytes(f.value_a) + " (size in memory), " + Bytes(f.value_b) +
             " written to disk";
    case FindingKind::kUnpushedScan: {
      std::string read = Bytes(f.value_a);
      if (f.value_b >= 0) {
        read = std::to_string(f.value_b) + " file" + (f.value_b == 1 ? "" : "s") + ", " + read;
      }
      return "SQL query " + std::to_string(f.target_id) + " read everything (" + read +
             (f.value_c ? " of its stages' input" : "") + ") with " + f.name +
             ": no pushed or partition filters, though " + f.detail + " above it uses its columns";
    }
  }
  return "";
}

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
  findings.clear();
  critical = warnings = infos = 0;
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
  for (Finding& finding : found) {
    FindingLine line;
    line.text = FindingText(finding);
    switch (finding.target) {
      case FindingTarget::kStage:
        line.link = "Stage " + StageName(finding);
        line.route = {ViewId::kStage, finding.target_id, finding.target_attempt};
        break;
      case FindingTarget::kJob:
        line.link = "Job " + std::to_string(finding.target_id);
        line.route = {ViewId::kJob, finding.target_id};
        break;
      case FindingTarget::kExecutor:
        line.link = "Executors";
        line.route = {ViewId::kExecutors};
        break;
      case FindingTarget::kSqlExecution:
        line.link = "SQL " + std::to_string(finding.target_id);
        line.route = {ViewId::kSqlQuery, finding.target_id};
        break;
      case FindingTarget::kApplication:
        line.route = {ViewId::kOverview};
        break;
    }
    critical += finding.severity == FindingSeverity::kCritical;
    warnings += finding.severity == FindingSeverity::kWarning;
    infos += finding.severity == FindingSeverity::kInfo;
    line.finding = std::move(finding);
    findings.push_back(std::move(line));
  }
}

}  // namespace afterglow::ui
