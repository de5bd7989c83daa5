#include "core/analysis/rules/task_shape.h"

#include <algorithm>
#include <cmath>

#include "core/analysis/task_quantiles.h"

namespace afterglow::rules {
namespace {

int64_t SuccessfulTasks(const AttemptModel& attempt, const std::vector<uint32_t>& rows) {
  int64_t n = 0;
  for (uint32_t row : rows) n += attempt.tasks.status[row] == TaskStatus::kSuccess;
  return n;
}

void AddTinyTasks(const RuleContext& context, const StageAttempt& stage,
                  const std::vector<uint32_t>& rows, std::vector<Finding>& out) {
  const DiagnosticRules& rules = context.rules;
  if (static_cast<int64_t>(rows.size()) < rules.tiny_task_min_tasks) return;
  static const SummaryFieldSet kDurationOnly =
      SummaryFieldSet().set(static_cast<size_t>(SummaryField::kDuration));
  const auto summary = ComputeTaskSummary(context.attempt, rows, {0.5}, kDurationOnly);
  if (!summary) return;
  const double median = summary->of(SummaryField::kDuration).at(0);
  const int64_t tasks = SuccessfulTasks(context.attempt, rows);
  if (std::isnan(median) || median >= static_cast<double>(rules.tiny_task_median_ms) ||
      tasks < rules.tiny_task_min_tasks) {
    return;
  }
  Finding f = StageRuleFinding(FindingKind::kTinyTasks, FindingSeverity::kWarning, "tiny-tasks",
                               context.pool, stage);
  const int64_t overhead = TaskOverheadMs(context.attempt, rows);
  f.title = "Stage " + std::to_string(stage.stage_id) + "." + std::to_string(stage.attempt_id) +
            " ran " + std::to_string(tasks) + " tasks with a median of " +
            Duration(static_cast<int64_t>(median)) +
            ": per-task overhead (scheduling, deserialization) dominates";
  f.evidence.push_back(StageEvidence(stage, "successful tasks", tasks, EvidenceUnit::kCount));
  f.evidence.push_back(StageEvidence(stage, "median task duration", static_cast<int64_t>(median),
                                     EvidenceUnit::kMs));
  f.evidence.push_back(StageEvidence(stage, "task time outside executor run time", overhead,
                                     EvidenceUnit::kMs));
  f.time_at_stake_ms = overhead / context.slots;
  f.time_at_stake_basis = "the tasks' time outside executor run time, spread over the " +
                          std::to_string(context.slots) + " task slots";
  f.fix = "Fewer, larger partitions: lower spark.sql.shuffle.partitions or enable "
          "spark.sql.adaptive.coalescePartitions.enabled for shuffles; raise "
          "spark.sql.files.maxPartitionBytes or compact small files for scans; coalesce(n) for RDDs";
  out.push_back(std::move(f));
}

void AddShufflePartitions(const RuleContext& context, const StageAttempt& stage,
                          const std::vector<uint32_t>& rows, std::vector<Finding>& out) {
  const DiagnosticRules& rules = context.rules;
  const TaskMetricValues& m = stage.metrics;
  const int64_t read = m[TaskMetric::kShuffleRemoteBytesRead] + m[TaskMetric::kShuffleLocalBytesRead];
  const int64_t tasks = stage.num_tasks;
  if (read <= 0 || tasks <= 0) return;
  const int64_t per_task = read / tasks;
  const std::string configured = context.Property("spark.sql.shuffle.partitions", "200");
  const int64_t target = std::max<int64_t>(1, read / rules.shuffle_partition_target_bytes);
  const int64_t duration = StageDurationMs(stage);
  const std::string stage_name =
      "Stage " + std::to_string(stage.stage_id) + "." + std::to_string(stage.attempt_id);
  Finding f;
  if (per_task > rules.shuffle_partition_max_bytes) {
    f = StageRuleFinding(FindingKind::kShufflePartitions, FindingSeverity::kWarning,
                         "shuffle-partitions-too-few", context.pool, stage);
    f.title = stage_name + " read " + Bytes(read) + " of shuffle in " + std::to_string(tasks) +
              " partitions (" + Bytes(per_task) + " each, the guides aim at about " +
              Bytes(rules.shuffle_partition_target_bytes) + ")";
    // More partitions help until the slots are full: the stage's time scales by tasks / usable.
    const int64_t usable = std::min(target, context.slots);
    if (duration > 0 && usable > tasks) {
      f.time_at_stake_ms = duration - duration * tasks / usable;
    }
    f.time_at_stake_basis = "the stage's duration shortened in the ratio of its " +
                            std::to_string(tasks) + " tasks to the " +
                            std::to_string(std::min(target, context.slots)) +
                            " slots the data size could fill";
    f.fix = "Raise spark.sql.shuffle.partitions to about " + std::to_string(target) +
            " (the shuffle's size / 128 MiB), or enable AQE "
            "(spark.sql.adaptive.enabled, spark.sql.adaptive.advisoryPartitionSizeInBytes)";
  } else if (per_task < rules.shuffle_partition_min_bytes &&
             tasks >= rules.shuffle_partition_min_tasks) {
    f = StageRuleFinding(FindingKind::kShufflePartitions, FindingSeverity::kInfo,
                         "shuffle-partitions-too-many", context.pool, stage);
    f.title = stage_name + " read only " + Bytes(read) + " of shuffle in " +
              std::to_string(tasks) + " partitions (" + Bytes(per_task) + " each)";
    f.time_at_stake_ms = TaskOverheadMs(context.attempt, rows) / context.slots;
    f.time_at_stake_basis = "the tasks' time outside executor run time, spread over the " +
                            std::to_string(context.slots) + " task slots";
    f.fix = "Lower spark.sql.shuffle.partitions to about " + std::to_string(target) +
            " or enable spark.sql.adaptive.coalescePartitions.enabled";
  } else {
    return;
  }
  f.evidence.push_back(StageEvidence(stage, "shuffle read", read, EvidenceUnit::kBytes));
  f.evidence.push_back(StageEvidence(stage, "tasks", tasks, EvidenceUnit::kCount));
  f.evidence.push_back(StageEvidence(stage, "shuffle read per task", per_task, EvidenceUnit::kBytes));
  f.evidence.push_back(ConfigEvidence("spark.sql.shuffle.partitions", configured));
  out.push_back(std::move(f));
}

}  // namespace

int64_t TaskOverheadMs(const AttemptModel& attempt, const std::vector<uint32_t>& rows) {
  int64_t overhead = 0;
  for (uint32_t row : rows) {
    if (attempt.tasks.status[row] != TaskStatus::kSuccess) continue;
    const int64_t duration = attempt.tasks.finish_time[row] - attempt.tasks.launch_time[row];
    const int64_t run = attempt.task_details.metric(row, TaskMetric::kExecutorRunTime);
    if (duration > run) overhead += duration - run;
  }
  return overhead;
}

void AddTaskShapeFindings(const RuleContext& context, const StageAttempt& stage,
                          const std::vector<uint32_t>& rows, std::vector<Finding>& out) {
  if (stage.status != StageStatus::kComplete) return;
  AddTinyTasks(context, stage, rows, out);
  AddShufflePartitions(context, stage, rows, out);
}

}  // namespace afterglow::rules
