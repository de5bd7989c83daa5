#include "core/analysis/rules/python_udf.h"

#include <algorithm>

#include "core/analysis/scan_pushdown.h"

namespace afterglow::rules {
namespace {

// The summed executor run time of the execution's stages (latest attempts).
int64_t StagesRunTimeMs(const AttemptModel& attempt, const SqlExecutionRow& execution) {
  int64_t total = 0;
  for (int32_t stage_id : execution.stages) {
    if (const StageAttempt* stage = LatestStageAttempt(attempt, stage_id)) {
      total += stage->metrics[TaskMetric::kExecutorRunTime];
    }
  }
  return total;
}

}  // namespace

bool IsPythonEvalNode(std::string_view name) {
  return name.find("Python") != std::string_view::npos ||
         name.find("InPandas") != std::string_view::npos ||
         name.find("InArrow") != std::string_view::npos;
}

void AddPythonUdfFindings(const RuleContext& context, std::vector<Finding>& out) {
  const AttemptModel& attempt = context.attempt;
  const DiagnosticRules& rules = context.rules;
  for (const auto& [execution_id, graph] : attempt.sql.graphs) {
    auto execution = attempt.sql.executions.find(execution_id);
    if (execution == attempt.sql.executions.end()) continue;
    const SqlExecutionRow& row = execution->second;
    for (const SqlPlanNode& node : graph.all_nodes) {
      if (node.is_cluster) continue;
      const std::string name = TrimmedNodeName(context.pool.Get(node.name));
      if (!IsPythonEvalNode(name)) continue;
      const int64_t boot = NodeTimingMs(row, graph, node, context.pool, "time to start Python workers");
      const int64_t init = NodeTimingMs(row, graph, node, context.pool, "time to initialize Python workers");
      int64_t run = NodeTimingMs(row, graph, node, context.pool, "time to run Python workers");
      if (run < 0) run = NodeTimingMs(row, graph, node, context.pool, "time to execute Python code");
      // Older Sparks log only the data sent and returned: no time to weigh.
      if (boot < 0 && init < 0 && run < 0) continue;
      const int64_t python = std::max<int64_t>(0, boot) + std::max<int64_t>(0, init) +
                             std::max<int64_t>(0, run);
      const int64_t stages_run = StagesRunTimeMs(attempt, row);
      if (python < rules.python_udf_min_ms ||
          static_cast<double>(python) < rules.python_udf_share * static_cast<double>(stages_run)) {
        continue;
      }
      Finding f;
      f.kind = FindingKind::kPythonUdf;
      f.severity = FindingSeverity::kWarning;
      f.rule = "python-udf-time";
      f.target = FindingTarget::kSqlExecution;
      f.target_id = execution_id;
      f.name = name;
      const int64_t percent = stages_run > 0 ? python * 100 / stages_run : 100;
      f.title = "SQL query " + std::to_string(execution_id) + " spent " + Duration(python) +
                " in Python workers for " + name + " (" + std::to_string(percent) +
                "% of its stages' task run time of " + Duration(stages_run) + "; start " +
                Duration(boot) + ", initialize " + Duration(init) + ", run " + Duration(run) + ")";
      f.evidence.push_back(SqlEvidence(execution_id, name, "time to start Python workers",
                                       std::max<int64_t>(0, boot), EvidenceUnit::kMs));
      f.evidence.push_back(SqlEvidence(execution_id, name, "time to initialize Python workers",
                                       std::max<int64_t>(0, init), EvidenceUnit::kMs));
      f.evidence.push_back(SqlEvidence(execution_id, name, "time to run Python workers",
                                       std::max<int64_t>(0, run), EvidenceUnit::kMs));
      f.evidence.push_back(SqlEvidence(execution_id, name, "stages' task run time", stages_run,
                                       EvidenceUnit::kMs));
      if (const std::optional<std::string> sent =
              NodeMetricText(row, graph, node, context.pool, "data sent to Python workers")) {
        f.evidence.push_back(SqlEvidence(execution_id, name, "data sent to Python workers",
                                         ParseSizeMetric(*sent), EvidenceUnit::kBytes));
      }
      f.time_at_stake_ms = python / context.slots;
      f.time_at_stake_basis = "the Python workers' time spread over the " +
                              std::to_string(context.slots) +
                              " task slots: what a built-in function would take back";
      const bool row_at_a_time = name.find("BatchEvalPython") != std::string::npos;
      f.fix = std::string(row_at_a_time
                              ? "Replace the row-at-a-time @udf with a built-in function of "
                                "pyspark.sql.functions or a vectorized @pandas_udf (Arrow); "
                              : "Replace the UDF with built-in functions where one exists, or "
                                "batch more rows per call (spark.sql.execution.arrow."
                                "maxRecordsPerBatch); ") +
              "keep spark.python.worker.reuse=true so workers start once per executor";
      out.push_back(std::move(f));
    }
  }
}

}  // namespace afterglow::rules
