#include "core/analysis/diagnostics.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <set>

#include "core/analysis/app_totals.h"
#include "core/analysis/durations.h"
#include "core/analysis/rules/driver_collect.h"
#include "core/analysis/rules/engine_fallbacks.h"
#include "core/analysis/rules/executor_balance.h"
#include "core/analysis/rules/failure_causes.h"
#include "core/analysis/rules/job_gaps.h"
#include "core/analysis/rules/memory_provisioning.h"
#include "core/analysis/rules/one_task_cause.h"
#include "core/analysis/rules/partition_size.h"
#include "core/analysis/rules/plan_shape.h"
#include "core/analysis/rules/python_udf.h"
#include "core/analysis/rules/rule_context.h"
#include "core/analysis/rules/task_shape.h"
#include "core/analysis/scan_pushdown.h"
#include "core/analysis/task_quantiles.h"
#include "core/analysis/shown_executors.h"

namespace afterglow {
namespace {

std::string_view Trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\r'))
    text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
    text.remove_suffix(1);
  return text;
}

using rules::Bytes;
using rules::Duration;
using rules::StageDurationMs;
using rules::StageEvidence;

std::string StageLabel(const StageAttempt& stage) {
  return "Stage " + std::to_string(stage.stage_id) + "." + std::to_string(stage.attempt_id);
}

Finding StageFinding(FindingKind kind, FindingSeverity severity, const StringPool& pool,
                     const StageAttempt& stage) {
  Finding f;
  f.kind = kind;
  f.severity = severity;
  f.target = FindingTarget::kStage;
  f.target_id = stage.stage_id;
  f.target_attempt = stage.attempt_id;
  f.name = std::string(pool.Get(stage.name));
  return f;
}

// The first error line of the stage attempt's failed tasks, in launch order.
std::string FirstTaskError(const AttemptModel& attempt, const StringPool& pool,
                           const StageAttempt& stage) {
  auto rows = attempt.stage_task_rows.find({stage.stage_id, stage.attempt_id});
  if (rows == attempt.stage_task_rows.end()) return "";
  for (uint32_t row : rows->second) {
    if (attempt.tasks.status[row] != TaskStatus::kFailed) continue;
    const StringId error = attempt.task_details.error_message(row);
    if (error != kEmptyString) return FirstLine(pool.Get(error));
  }
  return "";
}

// A later attempt of the same stage completed: the failure was recovered by a retry.
bool RecoveredLater(const AttemptModel& attempt, const StageAttempt& stage) {
  for (auto it = attempt.stage_rows.upper_bound({stage.stage_id, stage.attempt_id});
       it != attempt.stage_rows.end() && it->first.first == stage.stage_id; ++it) {
    if (attempt.stage(it->second).status == StageStatus::kComplete) return true;
  }
  return false;
}

int64_t JobDurationMs(const Job& job) {
  const int64_t end = job.shown().completion_time;
  return job.submission_time == kNoTime || end == kNoTime ? 0 : std::max<int64_t>(0, end - job.submission_time);
}

void AddFailures(const rules::RuleContext& context, std::vector<Finding>& out) {
  const AttemptModel& attempt = context.attempt;
  const StringPool& pool = context.pool;
  for (const auto& [job_id, index] : attempt.job_rows) {
    const Job& job = attempt.job(index);
    if (job.shown().status != JobStatus::kFailed) continue;
    Finding f;
    f.kind = FindingKind::kFailedJob;
    f.severity = FindingSeverity::kCritical;
    f.rule = "failed-job";
    f.target = FindingTarget::kJob;
    f.target_id = job_id;
    f.name = std::string(pool.Get(job.name));
    int32_t failing_stage = -1;
    // The job's failure as the stage that failed it tells it (JobEnd keeps no message).
    for (int32_t stage_id : job.stage_ids) {
      for (auto it = attempt.stage_rows.lower_bound({stage_id, INT32_MIN});
           it != attempt.stage_rows.end() && it->first.first == stage_id; ++it) {
        const StageAttempt& stage = attempt.stage(it->second);
        if (stage.status != StageStatus::kFailed) continue;
        ++f.value_a;
        if (f.detail.empty() && stage.failure_reason.present) {
          f.detail = FirstLine(pool.Get(stage.failure_reason.id));
          failing_stage = stage_id;
        }
      }
    }
    f.title = "Job " + std::to_string(job_id) + " failed (" + std::to_string(f.value_a) +
              " failed stage attempt" + (f.value_a == 1 ? "" : "s") + ")" +
              (f.detail.empty() ? "" : ": " + f.detail);
    Evidence e;
    e.kind = EvidenceKind::kJob;
    e.id = job_id;
    e.what = "failed stage attempts";
    e.value = f.value_a;
    f.evidence.push_back(std::move(e));
    f.time_at_stake_ms = JobDurationMs(job);
    f.time_at_stake_basis = "the failed job's duration: its work produced no result";
    f.fix = failing_stage >= 0 ? "Fix the root cause of stage " + std::to_string(failing_stage) +
                                     "'s failure (see the failure-root-cause finding and its "
                                     "first failed task)"
                               : "Fix the root cause of the job's failure (see its failed stages)";
    out.push_back(std::move(f));
  }
  for (const auto& [key, index] : attempt.stage_rows) {
    const StageAttempt& stage = attempt.stage(index);
    if (stage.status == StageStatus::kFailed) {
      const bool recovered = RecoveredLater(attempt, stage);
      Finding f = StageFinding(FindingKind::kFailedStage,
                               recovered ? FindingSeverity::kWarning : FindingSeverity::kCritical,
                               pool, stage);
      f.rule = "failed-stage";
      f.value_a = stage.failed_tasks;
      f.value_b = stage.num_tasks;
      if (stage.failure_reason.present) f.detail = FirstLine(pool.Get(stage.failure_reason.id));
      if (f.detail.empty()) f.detail = FirstTaskError(attempt, pool, stage);
      f.title = StageLabel(stage) + " failed with " + std::to_string(f.value_a) + " of " +
                std::to_string(f.value_b) + " tasks failed" +
                (recovered ? " (a later attempt succeeded)" : "") +
                (f.detail.empty() ? "" : ": " + f.detail);
      f.evidence.push_back(StageEvidence(stage, "failed tasks", f.value_a, EvidenceUnit::kCount));
      f.evidence.push_back(StageEvidence(stage, "tasks", f.value_b, EvidenceUnit::kCount));
      f.time_at_stake_ms = std::max<int64_t>(0, StageDurationMs(stage));
      f.time_at_stake_basis = "the failed attempt's duration, run again or lost";
      f.fix = "Fix the root cause in the stage's failure reason (the failure-root-cause finding "
              "groups its tasks' errors)";
      out.push_back(std::move(f));
    } else if (stage.failed_tasks > 0) {
      Finding f = StageFinding(FindingKind::kFailedTasks, FindingSeverity::kWarning, pool, stage);
      f.rule = "retried-tasks";
      f.value_a = stage.failed_tasks;
      f.value_b = stage.num_tasks;
      f.detail = FirstTaskError(attempt, pool, stage);
      f.title = StageLabel(stage) + " retried " + std::to_string(f.value_a) +
                " failed task attempt" + (f.value_a == 1 ? "" : "s") + " (" +
                std::to_string(f.value_b) + " tasks)" + (f.detail.empty() ? "" : ": " + f.detail);
      f.evidence.push_back(StageEvidence(stage, "failed task attempts", f.value_a, EvidenceUnit::kCount));
      f.time_at_stake_basis = "counted once, in the failure-root-cause finding of its exception";
      f.fix = "Fix the root cause the failed attempts share (the failure-root-cause finding)";
      out.push_back(std::move(f));
    }
  }
}

// The exit code in an executor's remove reason ("exited with code 137", "Exit status: 143",
// "exit code: 52"), -1 when it names none.
int ExitCodeOf(std::string_view reason) {
  for (std::string_view marker : {"exit code: ", "exited with code ", "Exit status: ",
                                  "exit code ", "exitCode: ", "exit status "}) {
    const size_t at = reason.find(marker);
    if (at == std::string_view::npos) continue;
    size_t i = at + marker.size();
    int code = 0;
    bool digits = false;
    while (i < reason.size() && reason[i] >= '0' && reason[i] <= '9') {
      code = code * 10 + (reason[i++] - '0');
      digits = true;
    }
    if (digits) return code;
  }
  return -1;
}

// What an executor's exit code says, and its fix (YARN, Kubernetes and Spark's own codes).
std::pair<std::string, std::string> ExitMeaning(int code, std::string_view reason) {
  const bool memory = reason.find("OutOfMemory") != std::string_view::npos ||
                      reason.find("memory limits") != std::string_view::npos ||
                      reason.find("OOMKilled") != std::string_view::npos;
  if (code == 137 || code == 143 || memory) {
    return {"killed by the cluster manager, usually for exceeding its memory limit",
            "Raise spark.executor.memoryOverhead (off-heap, Python and native memory live "
            "there) or spark.executor.memory; fewer spark.executor.cores per executor"};
  }
  if (code == 52) {
    return {"the JVM ran out of heap (SparkExitCode.OOM)",
            "Raise spark.executor.memory, or use more partitions so each task holds less"};
  }
  if (code == 53 || code == 54) {
    return {"the executor could not create or write its local directories",
            "Check spark.local.dir / the node's disks (full or not writable)"};
  }
  return {"lost", "Read the executor's stderr for the cause; if the node was preempted, "
                  "enable spark.decommission.enabled or the external shuffle service"};
}

void AddExecutorFindings(const rules::RuleContext& context, std::vector<Finding>& out) {
  const AttemptModel& attempt = context.attempt;
  const StringPool& pool = context.pool;
  const DiagnosticRules& rules = context.rules;
  for (const Executor* e : ShownExecutors(attempt, pool, /*active_only=*/false)) {
    const std::string_view id = pool.Get(e->executor_id);
    Evidence executor;
    executor.kind = EvidenceKind::kExecutor;
    executor.key = std::string(id);
    if (!e->is_active && IsLostExecutorReason(pool.Get(e->remove_reason))) {
      const std::string_view reason = pool.Get(e->remove_reason);
      const int code = ExitCodeOf(reason);
      const auto [meaning, fix] = ExitMeaning(code, reason);
      Finding f;
      f.kind = FindingKind::kLostExecutor;
      f.severity = FindingSeverity::kWarning;
      f.rule = code == 137 || code == 143 || code == 52 ? "executor-oom" : "executor-lost";
      f.target = FindingTarget::kExecutor;
      f.executor_id = std::string(id);
      f.detail = FirstLine(reason);
      f.value_a = e->failed_tasks;
      f.title = "Executor " + f.executor_id + " was " +
                (meaning == "lost" ? std::string("lost") : "lost: " + meaning) +
                (code >= 0 ? " (exit code " + std::to_string(code) + ")" : "") +
                (f.detail.empty() ? "" : ": " + f.detail);
      Evidence failed = executor;
      failed.what = "failed tasks";
      failed.value = e->failed_tasks;
      f.evidence.push_back(failed);
      if (code >= 0) {
        Evidence exit = executor;
        exit.what = "exit code";
        exit.value = code;
        f.evidence.push_back(exit);
      }
      f.time_at_stake_basis = "counted in the failure findings of the tasks it lost";
      f.fix = fix;
      out.push_back(std::move(f));
    }
    const int64_t gc = ShownTotalGcTime(pool, *e);
    const int64_t duration = ShownTotalDuration(attempt, pool, *e, context.now_ms);
    // An executor that ran no task has nothing to say about GC, though Spark's rule (0 > 0 is
    // false) agrees.
    if (gc > 0 && IsGcHeavy(gc, duration, rules.gc_fraction)) {
      const bool critical = IsGcHeavy(gc, duration, rules.gc_critical_fraction);
      Finding f;
      f.kind = FindingKind::kGcHeavyExecutor;
      f.severity = critical ? FindingSeverity::kCritical : FindingSeverity::kWarning;
      f.rule = "gc-pressure";
      f.target = FindingTarget::kExecutor;
      f.executor_id = std::string(id);
      f.value_a = gc;
      f.value_b = duration;
      const int64_t percent = duration > 0 ? gc * 100 / duration : 0;
      f.title = "Executor " + f.executor_id + " spent " + std::to_string(percent) +
                "% of its task time in GC (" + Duration(gc) + " of " + Duration(duration) +
                "; Spark marks over 10%)";
      Evidence gc_time = executor;
      gc_time.what = "GC time";
      gc_time.value = gc;
      gc_time.unit = EvidenceUnit::kMs;
      f.evidence.push_back(gc_time);
      Evidence task_time = executor;
      task_time.what = "task time";
      task_time.value = duration;
      task_time.unit = EvidenceUnit::kMs;
      f.evidence.push_back(task_time);
      f.evidence.push_back(rules::ConfigEvidence("spark.executor.memory",
                                                 context.Property("spark.executor.memory", "1g")));
      const int64_t cores = std::max<int32_t>(1, e->total_cores);
      // GC at the 5 % a healthy JVM spends is no gain; the rest, over the executor's cores.
      const int64_t excess = std::max<int64_t>(0, gc - duration / 20);
      f.time_at_stake_ms = excess / cores;
      f.time_at_stake_basis = "GC time above 5% of task time, spread over the executor's " +
                              std::to_string(cores) + " cores";
      f.fix = "Give each task more heap: raise spark.executor.memory or lower "
              "spark.executor.cores; cache serialized (MEMORY_AND_DISK_SER) or less; use G1GC "
              "(spark.executor.extraJavaOptions=-XX:+UseG1GC)";
      out.push_back(std::move(f));
    }
  }
}

// The row of the stage's successful task with the largest value of a metric (ties: the first).
uint32_t RowOfMax(const AttemptModel& attempt, const std::vector<uint32_t>& rows,
                  SummaryField field) {
  uint32_t best = rows.front();
  int64_t best_value = INT64_MIN;
  for (uint32_t row : rows) {
    if (attempt.tasks.status[row] != TaskStatus::kSuccess) continue;
    int64_t value = 0;
    if (field == SummaryField::kDuration) {
      value = attempt.tasks.finish_time[row] - attempt.tasks.launch_time[row];
    } else if (field == SummaryField::kShuffleReadBytes) {
      value = attempt.task_details.metric(row, TaskMetric::kShuffleRemoteBytesRead) +
              attempt.task_details.metric(row, TaskMetric::kShuffleLocalBytesRead);
    } else {
      value = attempt.task_details.metric(row, TaskMetric::kInputBytesRead);
    }
    if (value > best_value) {
      best_value = value;
      best = row;
    }
  }
  return best;
}

// The join or aggregation of the stage's SQL execution that a skewed key hurts, with its keys.
std::pair<int64_t, std::string> SkewedOperator(const AttemptModel& attempt, const StringPool& pool,
                                               int32_t stage_id) {
  for (int64_t execution_id : rules::ExecutionsOfStage(attempt, stage_id)) {
    auto graph = attempt.sql.graphs.find(execution_id);
    if (graph == attempt.sql.graphs.end()) continue;
    for (const SqlPlanNode& node : graph->second.all_nodes) {
      const std::string_view name = pool.Get(node.name);
      if (name.find("Join") != std::string_view::npos ||
          name.find("HashAggregate") != std::string_view::npos ||
          name.find("SortAggregate") != std::string_view::npos) {
        const std::string_view desc = pool.Get(node.desc);
        return {execution_id, std::string(desc.substr(0, 200))};
      }
    }
  }
  return {-1, ""};
}

const char* kSkewFix =
    "For a join: enable spark.sql.adaptive.enabled and spark.sql.adaptive.skewJoin.enabled "
    "(tune spark.sql.adaptive.skewJoin.skewedPartitionFactor and "
    "skewedPartitionThresholdInBytes); when AQE cannot split it (aggregations, RDDs), salt the hot "
    "key: add a random suffix 0..N-1 to it on the large side and replicate the small side N times";

// The one-task, spill and skew rules for one stage attempt (`key` and `index` of stage_rows).
// Returns how many task rows it read: the skew rules sort the stage's tasks, the cost that
// DiagnosisSteps spreads over its steps.
size_t AddStageShapeFindings(const rules::RuleContext& context,
                             const std::pair<int32_t, int32_t>& key, uint32_t index,
                             std::vector<Finding>& out) {
  const AttemptModel& attempt = context.attempt;
  const StringPool& pool = context.pool;
  const DiagnosticRules& rules = context.rules;
  const int64_t app_ms = context.app_duration_ms;
  static const std::vector<double> kSkewQuantiles = {0.5, 0.75, 1.0};
  static const SummaryFieldSet kSkewFields =
      SummaryFieldSet()
          .set(static_cast<size_t>(SummaryField::kDuration))
          .set(static_cast<size_t>(SummaryField::kShuffleReadBytes))
          .set(static_cast<size_t>(SummaryField::kInputBytesRead));
  const StageAttempt& stage = attempt.stage(index);
  const int64_t duration = StageDurationMs(stage, DurationNowMs(attempt));
  if (stage.num_tasks == 1 && duration >= 0) {
    const bool long_alone = duration >= rules.one_task_min_ms;
    const bool large_share = app_ms > 0 && duration >= rules.one_task_share_min_ms &&
                             static_cast<double>(duration) >=
                                 rules.one_task_app_share * static_cast<double>(app_ms);
    const rules::OneTaskDiagnosis cause = rules::DiagnoseOneTaskStage(attempt, pool, stage);
    // A named cause in the plan is worth knowing even when the stage was short this time: the
    // table behind a one-partition JDBC read grows.
    const bool named = cause.cause != rules::OneTaskCause::kUnknown &&
                       cause.cause != rules::OneTaskCause::kSinglePartitionExchange &&
                       duration >= rules.one_task_cause_min_ms;
    if (long_alone || large_share || named) {
      Finding f = StageFinding(FindingKind::kOneTaskStage,
                               long_alone || large_share ? FindingSeverity::kWarning
                                                         : FindingSeverity::kInfo,
                               pool, stage);
      f.rule = "one-task-stage";
      f.value_a = duration;
      f.value_b = app_ms;
      f.detail = cause.op;
      f.title = StageLabel(stage) + " ran a single task for " + Duration(duration) + ", because of " +
                rules::OneTaskCauseText(cause.cause) +
                (cause.op.empty() ? "" : " (" + cause.op + ")") +
                ": one core worked while the others waited";
      f.evidence.push_back(StageEvidence(stage, "tasks", 1, EvidenceUnit::kCount));
      f.evidence.push_back(StageEvidence(stage, "stage duration", duration, EvidenceUnit::kMs));
      if (cause.execution_id >= 0) {
        f.evidence.push_back(rules::SqlEvidence(cause.execution_id, cause.op, "operator", 1,
                                                EvidenceUnit::kCount));
      }
      if (app_ms > 0) {
        f.evidence.push_back(rules::AppEvidence("application duration", app_ms, EvidenceUnit::kMs));
      }
      f.time_at_stake_ms = duration - duration / context.slots;
      f.time_at_stake_basis = "the stage's duration less the same work split over the " +
                              std::to_string(context.slots) + " task slots";
      f.fix = rules::OneTaskCauseFix(cause.cause);
      out.push_back(std::move(f));
    }
  }
  const TaskMetricValues& m = stage.metrics;
  if (m[TaskMetric::kMemoryBytesSpilled] > 0 || m[TaskMetric::kDiskBytesSpilled] > 0) {
    const int64_t disk = m[TaskMetric::kDiskBytesSpilled];
    Finding f = StageFinding(FindingKind::kSpill,
                             disk > 0 ? FindingSeverity::kWarning : FindingSeverity::kInfo,
                             pool, stage);
    f.rule = "spill";
    f.value_a = m[TaskMetric::kMemoryBytesSpilled];
    f.value_b = disk;
    f.title = StageLabel(stage) + " spilled " + Bytes(f.value_a) + " (size in memory), " +
              Bytes(disk) + " written to disk";
    f.evidence.push_back(StageEvidence(stage, "memory bytes spilled", f.value_a, EvidenceUnit::kBytes));
    f.evidence.push_back(StageEvidence(stage, "disk bytes spilled", disk, EvidenceUnit::kBytes));
    f.evidence.push_back(StageEvidence(stage, "peak execution memory (sum)",
                                       m[TaskMetric::kPeakExecutionMemory], EvidenceUnit::kBytes));
    // Spark logs no spill time: written once and read back at a disk's ~100 MiB/s, in parallel
    // over the task slots the stage could use.
    const int64_t parallel = std::max<int64_t>(1, std::min<int64_t>(stage.num_tasks, context.slots));
    f.time_at_stake_ms = disk * 2 / (100 << 20) * 1000 / parallel;
    f.time_at_stake_basis = "the disk spill written and read back at 100 MiB/s, over " +
                            std::to_string(parallel) + " parallel tasks (Spark logs no spill time)";
    f.fix = "Give each task less data or more memory: more partitions "
            "(spark.sql.shuffle.partitions, repartition), more spark.executor.memory per "
            "spark.executor.cores, or spark.memory.fraction";
    out.push_back(std::move(f));
  }
  if (stage.num_tasks < rules.skew_min_tasks) return 0;
  auto rows = attempt.stage_task_rows.find(key);
  if (rows == attempt.stage_task_rows.end() || rows->second.empty()) return 0;
  const auto summary = ComputeTaskSummary(attempt, rows->second, kSkewQuantiles, kSkewFields);
  if (!summary) return rows->second.size();
  // taskSummary counts only successful tasks with metrics; the task count is that population.
  int64_t measured = 0;
  for (uint32_t row : rows->second) {
    measured += attempt.tasks.status[row] == TaskStatus::kSuccess &&
                (attempt.task_details.flags[row] & kTaskHasMetrics) != 0;
  }
  if (measured < rules.skew_min_tasks) return rows->second.size();
  const std::vector<double>& durations = summary->of(SummaryField::kDuration);
  const double median_duration = durations.size() == 3 ? durations[0] : 0;
  const double p75_duration = durations.size() == 3 ? durations[1] : 0;
  auto check = [&](SummaryField field, FindingKind kind, const char* rule, const char* what,
                   int64_t min_gap, bool bytes) {
    const std::vector<double>& q = summary->of(field);
    if (q.size() < 3 || std::isnan(q[0]) || std::isnan(q[1]) || std::isnan(q[2])) return;
    const double median = q[0], p75 = q[1], max = q[2];
    const bool few = measured < rules.skew_p75_min_tasks;
    const double base = few ? median : p75;
    const bool skewed = few ? max >= rules.skew_ratio * median : max > rules.skew_p75_ratio * p75;
    if (!skewed || max - base < static_cast<double>(min_gap)) return;
    Finding f = StageFinding(kind, FindingSeverity::kWarning, pool, stage);
    f.rule = rule;
    f.value_a = static_cast<int64_t>(max);
    f.value_b = static_cast<int64_t>(median);
    f.value_c = measured;
    const uint32_t row = RowOfMax(attempt, rows->second, field);
    const int64_t partition = attempt.task_details.partition_id[row];
    const int64_t task_ms = attempt.tasks.finish_time[row] - attempt.tasks.launch_time[row];
    auto show = [&](double v) { return bytes ? Bytes(static_cast<int64_t>(v)) : Duration(static_cast<int64_t>(v)); };
    const auto [execution_id, op] = SkewedOperator(attempt, pool, stage.stage_id);
    f.title = StageLabel(stage) + " is skewed: the largest " + what + " " + show(max) +
              " (partition " + std::to_string(partition) + ") vs a 75th percentile of " +
              show(p75) + " and a median of " + show(median) + " over " +
              std::to_string(measured) + " tasks" + (op.empty() ? "" : ", in " + op);
    const EvidenceUnit unit = bytes ? EvidenceUnit::kBytes : EvidenceUnit::kMs;
    f.evidence.push_back(StageEvidence(stage, std::string("max ") + what, f.value_a, unit));
    f.evidence.push_back(StageEvidence(stage, std::string("75th percentile ") + what,
                                       static_cast<int64_t>(p75), unit));
    f.evidence.push_back(StageEvidence(stage, std::string("median ") + what, f.value_b, unit));
    Evidence task;
    task.kind = EvidenceKind::kTask;
    task.id = attempt.tasks.task_id[row];
    task.attempt = attempt.tasks.attempt[row];
    task.key = "partition " + std::to_string(partition);
    task.what = "task duration";
    task.value = task_ms;
    task.unit = EvidenceUnit::kMs;
    f.evidence.push_back(std::move(task));
    if (execution_id >= 0) {
      f.evidence.push_back(rules::SqlEvidence(execution_id, op, "operator", 1, EvidenceUnit::kCount));
    }
    const double typical = few ? median_duration : p75_duration;
    f.time_at_stake_ms = std::max<int64_t>(0, task_ms - static_cast<int64_t>(typical));
    f.time_at_stake_basis = std::string("the largest task's duration less the stage's ") +
                            (few ? "median" : "75th-percentile") +
                            " task duration: the stage would end about when its typical tasks do";
    f.fix = kSkewFix;
    out.push_back(std::move(f));
  };
  check(SummaryField::kDuration, FindingKind::kDurationSkew, "skew-duration", "task duration",
        rules.skew_duration_min_gap_ms, false);
  check(SummaryField::kShuffleReadBytes, FindingKind::kShuffleReadSkew, "skew-shuffle-read",
        "shuffle read", rules.skew_bytes_min_gap, true);
  check(SummaryField::kInputBytesRead, FindingKind::kInputSkew, "skew-input", "input",
        rules.skew_bytes_min_gap, true);
  return rows->second.size();
}

void AddUnpushedScans(const rules::RuleContext& context, std::vector<Finding>& out) {
  for (UnpushedScan& scan :
       FindUnpushedScans(context.attempt, context.pool, context.rules.unpushed_scan_min_bytes)) {
    Finding f;
    f.kind = FindingKind::kUnpushedScan;
    f.severity = FindingSeverity::kWarning;
    f.rule = "filter-after-full-scan";
    f.target = FindingTarget::kSqlExecution;
    f.target_id = scan.execution_id;
    f.name = std::move(scan.scan_name);
    f.detail = std::move(scan.filter_condition);
    f.value_a = scan.bytes_read;
    f.value_b = scan.files_read;
    f.value_c = scan.bytes_from_stages ? 1 : 0;
    f.title = "SQL query " + std::to_string(scan.execution_id) + " read everything (" +
              Bytes(scan.bytes_read) + (scan.files_read >= 0 ? " in " + std::to_string(scan.files_read) + " files" : "") +
              ") with " + f.name + ": nothing was pushed to the source, though " + f.detail +
              " above it filters its columns";
    f.evidence.push_back(rules::SqlEvidence(scan.execution_id, f.name,
                                            scan.bytes_from_stages ? "stages' input" : "size of files read",
                                            scan.bytes_read, EvidenceUnit::kBytes));
    if (scan.files_read >= 0) {
      f.evidence.push_back(rules::SqlEvidence(scan.execution_id, f.name, "number of files read",
                                              scan.files_read, EvidenceUnit::kCount));
    }
    // Pushed down, the filter's dropped rows are never read: at most that share of the scan's
    // time comes back (row groups and files only skip whole when their statistics exclude them).
    if (scan.scan_rows > 0 && scan.filter_rows >= 0 && scan.filter_rows <= scan.scan_rows) {
      const int64_t dropped = scan.scan_rows - scan.filter_rows;
      const bool timed = scan.scan_time_ms >= 0;
      const int64_t base = timed ? scan.scan_time_ms / context.slots
                                 : rules::ExecutionStagesMs(context.attempt,
                                                            context.attempt.sql.executions.at(scan.execution_id));
      f.time_at_stake_ms = static_cast<int64_t>(static_cast<double>(base) *
                                                static_cast<double>(dropped) /
                                                static_cast<double>(scan.scan_rows));
      f.time_at_stake_basis =
          std::string(timed ? "the scan's time over the " + std::to_string(context.slots) + " task slots"
                            : "the query's stages' duration") +
          " times the share of its rows the filter dropped (" + std::to_string(dropped) + " of " +
          std::to_string(scan.scan_rows) + "): the most pushing the filter down could skip";
      f.evidence.push_back(rules::SqlEvidence(scan.execution_id, f.name, "rows scanned",
                                              scan.scan_rows, EvidenceUnit::kCount));
      f.evidence.push_back(rules::SqlEvidence(scan.execution_id, f.detail, "rows kept by the filter",
                                              scan.filter_rows, EvidenceUnit::kCount));
    } else {
      f.time_at_stake_basis = "not estimated: the log does not say how many rows the filter dropped";
    }
    f.fix = "Make the predicate pushable: compare the stored column itself (no UDF, cast or "
            "trim() around it), or partition/bucket the table by the filtered column so "
            "PartitionFilters prune files";
    out.push_back(std::move(f));
  }
}

// The size of the problem, to rank findings of one kind: the larger first.
int64_t Weight(const Finding& f) {
  switch (f.kind) {
    case FindingKind::kSpill:
      return f.value_a + f.value_b;
    case FindingKind::kDurationSkew:
    case FindingKind::kShuffleReadSkew:
    case FindingKind::kInputSkew:
      return f.value_a - f.value_b;
    default:
      return f.value_a;
  }
}

}  // namespace

bool IsGcHeavy(int64_t total_gc_time_ms, int64_t total_duration_ms, double gc_fraction) {
  return static_cast<double>(total_gc_time_ms) > gc_fraction * static_cast<double>(total_duration_ms);
}

std::string FirstLine(std::string_view text) {
  while (!text.empty()) {
    const size_t end = text.find('\n');
    const std::string_view line = Trim(text.substr(0, end));
    if (!line.empty()) return std::string(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return "";
}

void DiagnosisSteps::Start(const AttemptModel& attempt, const StringPool& pool, int64_t now_ms,
                           const DiagnosticRules& rules) {
  attempt_ = &attempt;
  pool_ = &pool;
  now_ms_ = now_ms;
  rules_ = rules;
  findings_.clear();
  phase_ = Phase::kEntities;
}

bool DiagnosisSteps::Step(size_t task_budget) {
  if (attempt_ == nullptr) return true;
  const AttemptModel& attempt = *attempt_;
  const rules::RuleContext context = rules::MakeRuleContext(attempt, *pool_, rules_, now_ms_);
  switch (phase_) {
    case Phase::kEntities:
      AddFailures(context, findings_);
      rules::AddFailureCauseFindings(context, findings_);
      AddExecutorFindings(context, findings_);
      rules::AddJobGapFindings(context, findings_);
      memory_per_slot_ = rules::MemoryPerSlot(context);
      phase_ = Phase::kStages;
      next_stage_ = {INT32_MIN, INT32_MIN};
      return false;
    case Phase::kStages: {
      // By key, not by iterator: the next step finds its place again in the map. At least one
      // stage a step, and each stage counts one more than its tasks, so many small stages end a
      // step too. The findings' order among rules does not matter: they are sorted at the end
      // (stably, by kind among equals), so one rule's findings keep their stage order.
      size_t tasks_read = 0;
      auto it = attempt.stage_rows.lower_bound(next_stage_);
      while (it != attempt.stage_rows.end() && (tasks_read == 0 || tasks_read < task_budget)) {
        tasks_read += 1 + AddStageShapeFindings(context, it->first, it->second, findings_);
        // The per-stage rules that read every task, here so that a step stays within its budget.
        const StageAttempt& stage = attempt.stage(it->second);
        const auto rows = attempt.stage_task_rows.find(it->first);
        const std::vector<uint32_t>* stage_rows =
            rows == attempt.stage_task_rows.end() ? nullptr : &rows->second;
        rules::AddDriverCollectFinding(context, stage, stage_rows, findings_);
        if (stage_rows != nullptr) {
          rules::AddTaskShapeFindings(context, stage, *stage_rows, findings_);
          rules::AddPartitionSizeFinding(context, stage, *stage_rows, memory_per_slot_, findings_);
        }
        ++it;
      }
      if (it == attempt.stage_rows.end()) {
        phase_ = Phase::kAppRules;
        next_rule_ = 0;
      } else {
        next_stage_ = it->first;
      }
      return false;
    }
    case Phase::kAppRules: {
      // One rule a step: several of them read every task of every stage (partition sizes, the
      // driver's result fetches), so together they would be one long block.
      using Rule = void (*)(const rules::RuleContext&, std::vector<Finding>&);
      static constexpr Rule kAppRules[] = {
          AddUnpushedScans,
          rules::AddPlanShapeFindings,
          rules::AddExecutorBalanceFindings,
          rules::AddMemoryProvisioningFindings,
          rules::AddEngineFallbackFindings,
          rules::AddPythonUdfFindings,
      };
      kAppRules[next_rule_](context, findings_);
      if (++next_rule_ < std::size(kAppRules)) return false;
      // Ranked by the time the fix could give back; then the most severe, then by kind and size.
      std::stable_sort(findings_.begin(), findings_.end(), [](const Finding& a, const Finding& b) {
        if (a.time_at_stake_ms != b.time_at_stake_ms) return a.time_at_stake_ms > b.time_at_stake_ms;
        if (a.severity != b.severity) return a.severity < b.severity;
        if (a.kind != b.kind) return a.kind < b.kind;
        return Weight(a) > Weight(b);
      });
      phase_ = Phase::kDone;
      return true;
    }
    case Phase::kDone:
      return true;
  }
  return true;
}

std::vector<Finding> Diagnose(const AttemptModel& attempt, const StringPool& pool, int64_t now_ms,
                              const DiagnosticRules& rules) {
  DiagnosisSteps steps;
  steps.Start(attempt, pool, now_ms, rules);
  while (!steps.Step(SIZE_MAX)) {
  }
  return steps.TakeFindings();
}

const char* FindingKindName(FindingKind kind) {
  switch (kind) {
    case FindingKind::kFailedJob: return "failedJob";
    case FindingKind::kFailedStage: return "failedStage";
    case FindingKind::kFailedTasks: return "failedTasks";
    case FindingKind::kLostExecutor: return "lostExecutor";
    case FindingKind::kGcHeavyExecutor: return "gcHeavyExecutor";
    case FindingKind::kOneTaskStage: return "oneTaskStage";
    case FindingKind::kDurationSkew: return "durationSkew";
    case FindingKind::kShuffleReadSkew: return "shuffleReadSkew";
    case FindingKind::kInputSkew: return "inputSkew";
    case FindingKind::kSpill: return "spill";
    case FindingKind::kUnpushedScan: return "unpushedScan";
    case FindingKind::kJobGap: return "jobGap";
    case FindingKind::kTinyTasks: return "tinyTasks";
    case FindingKind::kShufflePartitions: return "shufflePartitions";
    case FindingKind::kFailureCause: return "failureCause";
    case FindingKind::kDriverCollect: return "driverCollect";
    case FindingKind::kSmallFiles: return "smallFiles";
    case FindingKind::kNestedLoopJoin: return "nestedLoopJoin";
    case FindingKind::kLargeBroadcast: return "largeBroadcast";
    case FindingKind::kOneExecutor: return "oneExecutor";
    case FindingKind::kMemoryProvisioning: return "memoryProvisioning";
    case FindingKind::kPartitionsTooBig: return "partitionsTooBig";
    case FindingKind::kGlutenFallback: return "glutenFallback";
    case FindingKind::kGpuFallback: return "gpuFallback";
    case FindingKind::kPythonUdf: return "pythonUdf";
  }
  return "unknown";
}

const char* FindingSeverityName(FindingSeverity severity) {
  switch (severity) {
    case FindingSeverity::kCritical: return "critical";
    case FindingSeverity::kWarning: return "warning";
    case FindingSeverity::kInfo: return "info";
  }
  return "info";
}

}  // namespace afterglow
