#include "core/analysis/rules/plan_shape.h"

#include <algorithm>

#include "core/analysis/scan_pushdown.h"

namespace afterglow::rules {
namespace {

// The stages of the execution that ran a plan node: those whose RDDs carry the node's operation
// scope (its WholeStageCodegen cluster's name when it is inside one, else its own name), the
// scope SparkPlan.executeQuery opens for each operator.
std::vector<const StageAttempt*> StagesRunning(const RuleContext& context, const SqlPlanGraph& graph,
                                               const SqlExecutionRow& execution,
                                               const SqlPlanNode& node) {
  const SqlPlanNode& scoped = node.cluster >= 0 ? graph.all_nodes[node.cluster] : node;
  const std::string needle = "\"name\":\"" + std::string(context.pool.Get(scoped.name)) + "\"";
  std::vector<const StageAttempt*> stages;
  for (int32_t stage_id : execution.stages) {
    auto rdds = context.attempt.stage_rdd_graphs.find(stage_id);
    if (rdds == context.attempt.stage_rdd_graphs.end()) continue;
    bool runs = false;
    for (const RddOperationInfo& rdd : rdds->second.operations.rdds) {
      runs = runs || context.pool.Get(rdd.scope).find(needle) != std::string_view::npos;
    }
    const StageAttempt* stage = LatestStageAttempt(context.attempt, stage_id);
    // A stage that never ran (skipped: its shuffle output was reused) took no time.
    if (runs && stage != nullptr && StageDurationMs(*stage) >= 0) stages.push_back(stage);
  }
  return stages;
}

void AddSmallFiles(const RuleContext& context, int64_t execution_id,
                   const SqlExecutionRow& execution, const SqlPlanGraph& graph, const SqlPlanNode& node,
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
    const std::optional<std::string> files_text =
        NodeMetricText(execution, graph, node, context.pool, side.files_metric);
    const std::optional<std::string> bytes_text =
        NodeMetricText(execution, graph, node, context.pool, side.bytes_metric);
    if (files_text == std::nullopt || bytes_text == std::nullopt) continue;
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
    f.name = TrimmedNodeName(name);
    f.title = "SQL query " + std::to_string(execution_id) + (side.write ? " wrote " : " read ") +
              std::to_string(files) + " files of " + Bytes(average) + " on average (" +
              Bytes(bytes) + " in all) with " + f.name;
    f.evidence.push_back(SqlEvidence(execution_id, f.name, side.files_metric, files, EvidenceUnit::kCount));
    f.evidence.push_back(SqlEvidence(execution_id, f.name, side.bytes_metric, bytes, EvidenceUnit::kBytes));
    const int64_t target_files = std::max<int64_t>(1, bytes / rules.small_file_target_bytes);
    const int64_t extra_files = std::max<int64_t>(0, files - target_files);
    if (side.write) {
      // Committing a file (a rename, on object stores a copy) is per file: the commit times
      // shrink with the file count.
      const int64_t job_commit = NodeTimingMs(execution, graph, node, context.pool, "job commit time");
      const int64_t task_commit = NodeTimingMs(execution, graph, node, context.pool, "task commit time");
      if (job_commit >= 0 || task_commit >= 0) {
        const int64_t commit = std::max<int64_t>(0, job_commit) +
                               std::max<int64_t>(0, task_commit) / context.slots;
        f.time_at_stake_ms = commit * extra_files / files;
        f.time_at_stake_basis = "the job commit time plus the task commit time over the " +
                                std::to_string(context.slots) + " task slots, times the share of "
                                "files the repartitioned write would not create (" +
                                std::to_string(extra_files) + " of " + std::to_string(files) + ")";
        f.evidence.push_back(SqlEvidence(execution_id, f.name, "job commit time",
                                         std::max<int64_t>(0, job_commit), EvidenceUnit::kMs));
        f.evidence.push_back(SqlEvidence(execution_id, f.name, "task commit time",
                                         std::max<int64_t>(0, task_commit), EvidenceUnit::kMs));
      } else {
        f.time_at_stake_basis = "not estimated: the log has no commit times for the write";
      }
      f.fix = "Repartition before writing to about " + std::to_string(target_files) +
              " partitions (~128 MB files): df.repartition(n) or coalesce(n), or "
              "spark.sql.adaptive.advisoryPartitionSizeInBytes with AQE; on Delta, optimizeWrite";
    } else {
      // Spark's own cost model (FilePartition.maxSplitBytes) prices opening a file as reading
      // spark.sql.files.openCostInBytes of it: the share of the scan spent opening the files the
      // compacted input would not have.
      const double open_cost = static_cast<double>(rules.file_open_cost_bytes);
      const double share = static_cast<double>(extra_files) * open_cost /
                           (static_cast<double>(bytes) + static_cast<double>(files) * open_cost);
      const int64_t scan_time = NodeTimingMs(execution, graph, node, context.pool, "scan time");
      const int64_t base = scan_time >= 0 ? scan_time / context.slots
                                          : ExecutionStagesMs(context.attempt, execution);
      f.time_at_stake_ms = static_cast<int64_t>(static_cast<double>(base) * share);
      f.time_at_stake_basis =
          std::string(scan_time >= 0
                          ? "the scan time over the " + std::to_string(context.slots) + " task slots"
                          : "the query's stages' duration") +
          " times the share Spark's cost model (4 MiB spark.sql.files.openCostInBytes a file) "
          "gives to opening the " + std::to_string(extra_files) + " files compaction removes";
      if (scan_time >= 0) {
        f.evidence.push_back(SqlEvidence(execution_id, f.name, "scan time", scan_time, EvidenceUnit::kMs));
      }
      f.fix = "Compact the input into ~128 MB files (about " + std::to_string(target_files) +
              " files); meanwhile raise spark.sql.files.maxPartitionBytes and "
              "spark.sql.files.openCostInBytes so one task reads several files";
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
      const std::string name = TrimmedNodeName(context.pool.Get(node.name));
      AddSmallFiles(context, execution_id, execution->second, graph, node, out);
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
        f.title = "SQL query " + std::to_string(execution_id) + " joins with " + name +
                  ": every row is compared with every row of the other side";
        // The stages that ran the join did the n x m comparisons; an equi-join reads each side
        // once, so nearly all of their time is the join's.
        int64_t join_ms = 0;
        for (const StageAttempt* stage : StagesRunning(context, graph, execution->second, node)) {
          const int64_t ms = std::max<int64_t>(0, StageDurationMs(*stage));
          join_ms += ms;
          f.evidence.push_back(StageEvidence(*stage, "stage duration", ms, EvidenceUnit::kMs));
        }
        f.evidence.push_back(SqlEvidence(execution_id, name, "stages' duration",
                                         ExecutionStagesMs(attempt, execution->second),
                                         EvidenceUnit::kMs));
        f.time_at_stake_ms = join_ms;
        f.time_at_stake_basis =
            join_ms > 0 ? "the duration of the stages that ran the join (its operation scope in "
                          "their RDDs): an equi-join on a key does the same work in a fraction"
                        : "not estimated: no stage's RDDs name the join's operation scope";
        f.fix = "Give the join an equality condition on a key (a range join can bucket the range "
                "into an equi-join key); crossJoin only tiny sides";
        out.push_back(std::move(f));
      }
      if (name.find("BroadcastExchange") != std::string::npos) {
        const std::optional<std::string> size =
            NodeMetricText(execution->second, graph, node, context.pool, "data size");
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
        // The driver collects, builds and sends the table before the join's stages can start.
        int64_t broadcast_ms = 0;
        for (const char* metric : {"time to collect", "time to build", "time to broadcast"}) {
          const int64_t ms = NodeTimingMs(execution->second, graph, node, context.pool, metric);
          if (ms < 0) continue;
          broadcast_ms += ms;
          f.evidence.push_back(SqlEvidence(execution_id, name, metric, ms, EvidenceUnit::kMs));
        }
        f.time_at_stake_ms = broadcast_ms;
        f.time_at_stake_basis =
            "the broadcast's time to collect, build and broadcast, which the join waited on (a "
            "sort-merge join spreads that work over the tasks)";
        f.fix = "Remove the broadcast hint or lower spark.sql.autoBroadcastJoinThreshold so the "
                "join is a sort-merge join; filter or project the small side first";
        out.push_back(std::move(f));
      }
    }
  }
}

}  // namespace afterglow::rules
