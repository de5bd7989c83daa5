#include "core/analysis/rules/engine_fallbacks.h"

#include <algorithm>
#include <map>
#include <utility>

namespace afterglow::rules {
namespace {

std::string_view TrimmedOperator(std::string_view name) {
  while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
  while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
  return name;
}

// "003 Project" -> "Project": Gluten keys a node by its operator id (three digits) and name.
std::string_view GlutenNodeName(std::string_view key) {
  size_t i = 0;
  while (i < key.size() && key[i] >= '0' && key[i] <= '9') ++i;
  return TrimmedOperator(key.substr(i));
}

constexpr std::string_view kGlutenFix =
    "Make the operators native: rewrite what the reasons name as unsupported (a UDF, a function, "
    "a data type or a file format the native engine lacks) with a supported equivalent; where a "
    "reason says an operator is disabled, enable its spark.gluten.sql.columnar.* key; "
    "spark.gluten.sql.columnar.wholeStage.fallback.threshold decides when a whole stage falls "
    "back";

void AddGlutenFallbacks(const RuleContext& context, std::vector<Finding>& out) {
  for (const auto& [execution_id, fallback] : context.attempt.sql.gluten_fallbacks) {
    if (fallback.node_reasons.empty()) continue;
    Finding f;
    f.kind = FindingKind::kGlutenFallback;
    f.severity = FindingSeverity::kWarning;
    f.rule = "gluten-fallback";
    f.target = FindingTarget::kSqlExecution;
    f.target_id = execution_id;
    std::string listed;
    for (const auto& [node, reason] : fallback.node_reasons) {
      const std::string name(GlutenNodeName(context.pool.Get(node)));
      const std::string reason_text = FirstLine(context.pool.Get(reason));
      if (listed.size() < 400) {
        listed += (listed.empty() ? "" : "; ") + name + " (" + reason_text + ")";
      }
      Evidence e = SqlEvidence(execution_id, name, "fell back to the JVM", 1, EvidenceUnit::kText);
      e.text = reason_text;
      f.evidence.push_back(std::move(e));
    }
    if (f.name.empty()) f.name = std::string(GlutenNodeName(context.pool.Get(fallback.node_reasons.front().first)));
    const int64_t fell_back = std::max<int64_t>(fallback.num_fallback_nodes,
                                                static_cast<int64_t>(fallback.node_reasons.size()));
    f.title = "SQL query " + std::to_string(execution_id) + " ran " + std::to_string(fell_back) +
              " operator" + (fell_back == 1 ? "" : "s") + " on the JVM instead of Gluten's native "
              "engine (" + std::to_string(fallback.num_gluten_nodes) + " native): " + listed;
    f.evidence.insert(f.evidence.begin(),
                      SqlEvidence(execution_id, "", "native (Gluten) nodes",
                                  fallback.num_gluten_nodes, EvidenceUnit::kCount));
    f.evidence.insert(f.evidence.begin() + 1,
                      SqlEvidence(execution_id, "", "fallback nodes", fell_back, EvidenceUnit::kCount));
    f.time_at_stake_basis =
        "not estimated: the log does not time the JVM operators apart from the native ones";
    f.fix = std::string(kGlutenFix);
    out.push_back(std::move(f));
  }
}

bool IsGpuRun(const RuleContext& context) {
  if (context.Property("spark.rapids.sql.enabled", "true") == "false") return false;
  if (context.Property("spark.plugins").find("com.nvidia.spark.SQLPlugin") != std::string::npos) {
    return true;
  }
  for (const auto& [id, graph] : context.attempt.sql.graphs) {
    for (const SqlPlanNode& node : graph.all_nodes) {
      if (TrimmedOperator(context.pool.Get(node.name)).starts_with("Gpu")) return true;
    }
  }
  return false;
}

void AddGpuFallbacks(const RuleContext& context, std::vector<Finding>& out) {
  if (!IsGpuRun(context)) return;
  for (const auto& [execution_id, graph] : context.attempt.sql.graphs) {
    std::map<std::string, int64_t> cpu;  // operator -> nodes
    int64_t gpu = 0;
    for (const SqlPlanNode& node : graph.all_nodes) {
      if (node.is_cluster) continue;
      const std::string_view name = TrimmedOperator(context.pool.Get(node.name));
      if (name.starts_with("Gpu")) ++gpu;
      else if (IsCpuOperatorOfGpuRun(name)) ++cpu[std::string(name)];
    }
    if (cpu.empty()) continue;
    Finding f;
    f.kind = FindingKind::kGpuFallback;
    f.severity = FindingSeverity::kWarning;
    f.rule = "gpu-fallback";
    f.target = FindingTarget::kSqlExecution;
    f.target_id = execution_id;
    f.name = cpu.begin()->first;
    int64_t nodes = 0;
    std::string listed;
    for (const auto& [name, count] : cpu) {
      nodes += count;
      listed += (listed.empty() ? "" : ", ") + name + (count > 1 ? " x" + std::to_string(count) : "");
      f.evidence.push_back(SqlEvidence(execution_id, name, "CPU nodes", count, EvidenceUnit::kCount));
    }
    f.title = "SQL query " + std::to_string(execution_id) + " of a RAPIDS run kept " +
              std::to_string(nodes) + " operator" + (nodes == 1 ? "" : "s") + " on the CPU" +
              (gpu == 0 ? " (none on the GPU)" : " (" + std::to_string(gpu) + " on the GPU)") +
              ": " + listed;
    f.evidence.push_back(SqlEvidence(execution_id, "", "GPU nodes", gpu, EvidenceUnit::kCount));
    f.evidence.push_back(ConfigEvidence("spark.rapids.sql.explain",
                                        context.Property("spark.rapids.sql.explain", "NONE")));
    f.time_at_stake_basis =
        "not estimated: the log does not time the CPU operators apart from the GPU ones";
    f.fix = "Set spark.rapids.sql.explain=NOT_ON_GPU to log why each operator stayed on the CPU; "
            "enable an operator that is off by default with spark.rapids.sql.exec.<Operator>Exec"
            "=true (e.g. spark.rapids.sql.exec.CollectLimitExec) or an expression with "
            "spark.rapids.sql.expression.<Name>=true; rewrite unsupported expressions, UDFs or "
            "types; read files the GPU can parse (Parquet, ORC, CSV) instead of RDD conversions";
    out.push_back(std::move(f));
  }
}

}  // namespace

bool IsCpuOperatorOfGpuRun(std::string_view name) {
  name = TrimmedOperator(name);
  if (name.empty() || name.starts_with("Gpu")) return false;
  // Wrappers, transitions, reuse and commands: no work of their own that a GPU operator would do.
  static constexpr std::string_view kNeutral[] = {
      "AdaptiveSparkPlan", "InputAdapter",    "ReusedExchange",   "ReusedSubquery",
      "Subquery",          "SubqueryBroadcast", "ColumnarToRow",  "RowToColumnar",
      "AQEShuffleRead",    "CustomShuffleReader", "LocalTableScan", "ResultQueryStage"};
  for (std::string_view neutral : kNeutral) {
    if (name == neutral) return false;
  }
  return !name.starts_with("WholeStageCodegen") && !name.starts_with("Execute ") &&
         !name.ends_with("QueryStage") && !name.starts_with("Reused");
}

void AddEngineFallbackFindings(const RuleContext& context, std::vector<Finding>& out) {
  AddGlutenFallbacks(context, out);
  AddGpuFallbacks(context, out);
}

}  // namespace afterglow::rules
