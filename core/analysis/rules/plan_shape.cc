#include "core/analysis/rules/plan_shape.h"

#include "core/analysis/scan_pushdown.h"

namespace afterglow::rules {
namespace {

// The summed duration of the execution's stages (latest attempts): the time the operator's
// query ran on the cluster.
int64_t ExecutionStagesMs(const AttemptModel& attempt, const SqlExecutionRow& execution) {
  int64_t total = 0;
  for (int32_t stage_id : execution.stages) {
    auto last = attempt.stage_rows.lower_bound({stage_id + 1, INT32_MIN});
    if (last == attempt.stage_rows.begin()) continue;
    --last;
    if (last->first.first != stage_id) continue;
    total += std::max<int64_t>(0, StageDurationMs(attempt.stage(last->second)));
  }
  return total;
}

std::string TrimmedName(std::string_view name) {
  while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
  return std::string(name);
}

void AddSmallFiles(const RuleContext& context, int64_t execution_id,
                   const SqlExecutionRow& execution, const SqlPlanNode& node,
                   std::vector<Finding>& out) {
  const DiagnosticRules& rules = context.rules;
  const std::string_view name = context.pool.Get(node.name);
  struct Side {
    const char* files_metric;
    const char* bytes_metric;
    bool write;
  };
  for (const Side side : {Side{"number of files read", "size of files read", false},
                          Side{"number of written files", "written output", true}}) {
    const std::string* files_text = NodeMetricText(execution, node, context.pool, side.files_metric);
    const std::string* bytes_text = NodeMetricText(execution, node, context.pool, side.bytes_metric);
    if (files_text == nullptr || bytes_text == nullptr) continue;
    const int64_t files = ParseCountMetric(*files_text);
    const int64_t bytes = ParseSizeMetric(*bytes_text);
    if (files <= rules.small_file_min_files || bytes < 0) continue;
    const int64_t average = bytes / files;
    if (average >= rules.small_file_avg_bytes) continue;
    Finding f;
    f.kind = FindingKind::kSmallFiles;
    f.severity = FindingSeverity::kWarning;
    f.rule = side.write ? "small-files-written" : "small-files-read";
    f.target = FindingTarget::kSqlExecution;
    f.target_id = execution_id;
    f.name = TrimmedName(name);
    f.title = "SQL query " + std::to_string(execution_id) + (side.write ? " wrote " : " read ") +
              std::to_string(files) + " files of " + Bytes(average) + " on average (" +
              Bytes(bytes) + " in all) with " + f.name;
    f.evidence.push_back(SqlEvidence(execution_id, f.name, side.files_metric, files, EvidenceUnit::kCount));
    f.evidence.push_back(SqlEvidence(execution_id, f.name, side.bytes_metric, bytes, EvidenceUnit::kBytes));
    const int64_t target_files = std::max<int64_t>(1, bytes / rules.small_file_target_bytes);
    f.time_at_stake_ms = 0;
    f.time_at_stake_basis = "not estimated: the log does not time file opens";
    if (side.write) {
      f.fix = "Repartition before writing to about " + std::to_string(target_files) +
              " partitions (~128 MB files): df.repartition(n) or coalesce(n), or "
              "spark.sql.adaptive.advisoryPartitionSizeInBytes with AQE; on Delta, optimizeWrite";
    } else {
      f.fix = "Compact the input into ~128 MB files (about " + std::to_string(target_files) +
              " files); meanwhile raise spark.sql.files.maxPartitionBytes and "
              "spark.sql.files.openCostInBytes so one task reads several files";
      f.time_at_stake_ms = 0;
    }
    out.push_back(std::move(f));
  }
}

}  // namespace

void AddPlanShapeFindings(const RuleContext& context, std::vector<Finding>& out) {
  const AttemptModel& attempt = context.attempt;
  for (const auto& [execution_id, graph] : attempt.sql.graphs) {
    auto execution = attempt.sql.executions.find(execution_id);
    if (execution == attempt.sql.executions.end()) continue;
    bool nested_reported = false;
    for (const SqlPlanNode& node : graph.all_nodes) {
      if (node.is_cluster) continue;
      const std::string name = TrimmedName(context.pool.Get(node.name));
      AddSmallFiles(context, execution_id, execution->second, node, out);
      if (!nested_reported && (name.find("NestedLoopJoin") != std::string::npos ||
                               name.find("CartesianProduct") != std::string::npos)) {
        nested_reported = true;
        Finding f;
        f.kind = FindingKind::kNestedLoopJoin;
        f.severity = FindingSeverity::kWarning;
        f.rule = "nested-loop-join";
        f.target = FindingTarget::kSqlExecution;
        f.target_id = execution_id;
        f.name = name;
        const int64_t stages_ms = ExecutionStagesMs(attempt, execution->second);
        f.title = "SQL query " + std::to_string(execution_id) + " joins with " + name +
                  ": every row is compared with every row of the other side";
        f.evidence.push_back(SqlEvidence(execution_id, name, "stages' duration", stages_ms,
                                         EvidenceUnit::kMs));
        f.time_at_stake_ms = 0;
        f.time_at_stake_basis = "not estimated: the join's share of its stages is not logged";
        f.fix = "Give the join an equality condition on a key (a range join can bucket the range "
                "into an equi-join key); crossJoin only tiny sides";
        out.push_back(std::move(f));
      }
      if (name.find("BroadcastExchange") != std::string::npos) {
        const std::string* size = NodeMetricText(execution->second, node, context.pool, "data size");
        const int64_t bytes = size ? ParseSizeMetric(*size) : -1;
        if (bytes < context.rules.broadcast_max_bytes) continue;
        Finding f;
        f.kind = FindingKind::kLargeBroadcast;
        f.severity = FindingSeverity::kWarning;
        f.rule = "large-broadcast";
        f.target = FindingTarget::kSqlExecution;
        f.target_id = execution_id;
        f.name = name;
        f.title = "SQL query " + std::to_string(execution_id) + " broadcast " + Bytes(bytes) +
                  " to every executor";
        f.evidence.push_back(SqlEvidence(execution_id, name, "data size", bytes, EvidenceUnit::kBytes));
        f.evidence.push_back(ConfigEvidence("spark.sql.autoBroadcastJoinThreshold",
                                            context.Property("spark.sql.autoBroadcastJoinThreshold", "10MB")));
        f.time_at_stake_basis = "not estimated: the log does not time the broadcast's transfer";
        f.fix = "Remove the broadcast hint or lower spark.sql.autoBroadcastJoinThreshold so the "
                "join is a sort-merge join; filter or project the small side first";
        out.push_back(std::move(f));
      }
    }
  }
}

}  // namespace afterglow::rules
