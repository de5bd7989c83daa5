#include "core/analysis/diagnostics.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>

#include "core/analysis/app_totals.h"
#include "core/analysis/durations.h"
#include "core/analysis/scan_pushdown.h"
#include "core/analysis/task_quantiles.h"
#include "core/api/executor_view.h"

namespace afterglow {
namespace {

std::string_view Trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\r'))
    text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
    text.remove_suffix(1);
  return text;
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

void AddFailures(const AttemptModel& attempt, const StringPool& pool, std::vector<Finding>& out) {
  for (const auto& [job_id, index] : attempt.job_rows) {
    const Job& job = attempt.job(index);
    if (job.shown().status != JobStatus::kFailed) continue;
    Finding f;
    f.kind = FindingKind::kFailedJob;
    f.severity = FindingSeverity::kCritical;
    f.target = FindingTarget::kJob;
    f.target_id = job_id;
    f.name = std::string(pool.Get(job.name));
    // The job's failure as the stage that failed it tells it (JobEnd keeps no message).
    for (int32_t stage_id : job.stage_ids) {
      for (auto it = attempt.stage_rows.lower_bound({stage_id, INT32_MIN});
           it != attempt.stage_rows.end() && it->first.first == stage_id; ++it) {
        const StageAttempt& stage = attempt.stage(it->second);
        if (stage.status != StageStatus::kFailed) continue;
        ++f.value_a;
        if (f.detail.empty() && stage.failure_reason.present) {
          f.detail = FirstLine(pool.Get(stage.failure_reason.id));
        }
      }
    }
    out.push_back(std::move(f));
  }
  for (const auto& [key, index] : attempt.stage_rows) {
    const StageAttempt& stage = attempt.stage(index);
    if (stage.status == StageStatus::kFailed) {
      Finding f = StageFinding(FindingKind::kFailedStage,
                               RecoveredLater(attempt, stage) ? FindingSeverity::kWarning
                                                              : FindingSeverity::kCritical,
                               pool, stage);
      f.value_a = stage.failed_tasks;
      f.value_b = stage.num_tasks;
      if (stage.failure_reason.present) f.detail = FirstLine(pool.Get(stage.failure_reason.id));
      if (f.detail.empty()) f.detail = FirstTaskError(attempt, pool, stage);
      out.push_back(std::move(f));
    } else if (stage.failed_tasks > 0) {
      Finding f = StageFinding(FindingKind::kFailedTasks, FindingSeverity::kWarning, pool, stage);
      f.value_a = stage.failed_tasks;
      f.value_b = stage.num_tasks;
      f.detail = FirstTaskError(attempt, pool, stage);
      out.push_back(std::move(f));
    }
  }
}

void AddExecutorFindings(const AttemptModel& attempt, const StringPool& pool, int64_t now_ms,
                         const DiagnosticRules& rules, std::vector<Finding>& out) {
  for (const Executor* e : ShownExecutors(attempt, pool, /*active_only=*/false)) {
    const std::string_view id = pool.Get(e->executor_id);
    if (!e->is_active && IsLostExecutorReason(pool.Get(e->remove_reason))) {
      Finding f;
      f.kind = FindingKind::kLostExecutor;
      f.severity = FindingSeverity::kWarning;
      f.target = FindingTarget::kExecutor;
      f.executor_id = std::string(id);
      f.detail = FirstLine(pool.Get(e->remove_reason));
      f.value_a = e->failed_tasks;
      out.push_back(std::move(f));
    }
    const int64_t gc = ShownTotalGcTime(pool, *e);
    const int64_t duration = ShownTotalDuration(attempt, pool, *e, now_ms);
    // An executor that ran no task has nothing to say about GC, though Spark's rule (0 > 0 is
    // false) agrees.
    if (gc > 0 && IsGcHeavy(gc, duration, rules.gc_fraction)) {
      Finding f;
      f.kind = FindingKind::kGcHeavyExecutor;
      f.severity = FindingSeverity::kWarning;
      f.target = FindingTarget::kExecutor;
      f.executor_id = std::string(id);
      f.value_a = gc;
      f.value_b = duration;
      out.push_back(std::move(f));
    }
  }
}

// The one-task, spill and skew rules for one stage attempt (`key` and `index` of stage_rows).
// Returns how many task rows it read: the skew rules sort the stage's tasks, the cost that
// DiagnosisSteps spreads over its steps.
size_t AddStageShapeFindings(const AttemptModel& attempt, const StringPool& pool,
                             const DiagnosticRules& rules, const std::pair<int32_t, int32_t>& key,
                             uint32_t index, std::vector<Finding>& out) {
  const int64_t app_ms = AppDurationMs(attempt.app);
  static const std::vector<double> kMedianAndMax = {0.5, 1.0};
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
    if (long_alone || large_share) {
      Finding f = StageFinding(FindingKind::kOneTaskStage, FindingSeverity::kWarning, pool, stage);
      f.value_a = duration;
      f.value_b = app_ms;
      out.push_back(std::move(f));
    }
  }
  const TaskMetricValues& m = stage.metrics;
  if (m[TaskMetric::kMemoryBytesSpilled] > 0 || m[TaskMetric::kDiskBytesSpilled] > 0) {
    Finding f = StageFinding(FindingKind::kSpill,
                             m[TaskMetric::kDiskBytesSpilled] > 0 ? FindingSeverity::kWarning
                                                                  : FindingSeverity::kInfo,
                             pool, stage);
    f.value_a = m[TaskMetric::kMemoryBytesSpilled];
    f.value_b = m[TaskMetric::kDiskBytesSpilled];
    out.push_back(std::move(f));
  }
  if (stage.num_tasks < rules.skew_min_tasks) return 0;
  auto rows = attempt.stage_task_rows.find(key);
  if (rows == attempt.stage_task_rows.end()) return 0;
  const auto summary = ComputeTaskSummary(attempt, rows->second, kMedianAndMax, kSkewFields);
  if (!summary) return rows->second.size();
  // taskSummary counts only successful tasks with metrics; the task count is that population.
  int64_t measured = 0;
  for (uint32_t row : rows->second) {
    measured += attempt.tasks.status[row] == TaskStatus::kSuccess &&
                (attempt.task_details.flags[row] & kTaskHasMetrics) != 0;
  }
  if (measured < rules.skew_min_tasks) return rows->second.size();
  auto check = [&](SummaryField field, FindingKind kind, int64_t min_gap) {
    const std::vector<double>& q = summary->of(field);
    if (q.size() < 2 || std::isnan(q[0]) || std::isnan(q[1])) return;
    const double median = q[0], max = q[1];
    if (max < rules.skew_ratio * median || max - median < static_cast<double>(min_gap)) return;
    Finding f = StageFinding(kind, FindingSeverity::kWarning, pool, stage);
    f.value_a = static_cast<int64_t>(max);
    f.value_b = static_cast<int64_t>(median);
    f.value_c = measured;
    out.push_back(std::move(f));
  };
  check(SummaryField::kDuration, FindingKind::kDurationSkew, rules.skew_duration_min_gap_ms);
  check(SummaryField::kShuffleReadBytes, FindingKind::kShuffleReadSkew, rules.skew_bytes_min_gap);
  check(SummaryField::kInputBytesRead, FindingKind::kInputSkew, rules.skew_bytes_min_gap);
  return rows->second.size();
}

void AddUnpushedScans(const AttemptModel& attempt, const StringPool& pool,
                      const DiagnosticRules& rules, std::vector<Finding>& out) {
  for (UnpushedScan& scan : FindUnpushedScans(attempt, pool, rules.unpushed_scan_min_bytes)) {
    Finding f;
    f.kind = FindingKind::kUnpushedScan;
    f.severity = FindingSeverity::kWarning;
    f.target = FindingTarget::kSqlExecution;
    f.target_id = scan.execution_id;
    f.name = std::move(scan.scan_name);
    f.detail = std::move(scan.filter_condition);
    f.value_a = scan.bytes_read;
    f.value_b = scan.files_read;
    f.value_c = scan.bytes_from_stages ? 1 : 0;
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
  switch (phase_) {
    case Phase::kEntities:
      AddFailures(attempt, *pool_, findings_);
      AddExecutorFindings(attempt, *pool_, now_ms_, rules_, findings_);
      phase_ = Phase::kStages;
      next_stage_ = {INT32_MIN, INT32_MIN};
      return false;
    case Phase::kStages: {
      // By key, not by iterator: the next step finds its place again in the map. At least one
      // stage a step, and each stage counts one more than its tasks, so many small stages end a
      // step too.
      size_t tasks_read = 0;
      auto it = attempt.stage_rows.lower_bound(next_stage_);
      while (it != attempt.stage_rows.end() && (tasks_read == 0 || tasks_read < task_budget)) {
        tasks_read += 1 + AddStageShapeFindings(attempt, *pool_, rules_, it->first, it->second,
                                                findings_);
        ++it;
      }
      if (it == attempt.stage_rows.end()) {
        phase_ = Phase::kScans;
      } else {
        next_stage_ = it->first;
      }
      return false;
    }
    case Phase::kScans:
      AddUnpushedScans(attempt, *pool_, rules_, findings_);
      std::stable_sort(findings_.begin(), findings_.end(), [](const Finding& a, const Finding& b) {
        if (a.severity != b.severity) return a.severity < b.severity;
        if (a.kind != b.kind) return a.kind < b.kind;
        return Weight(a) > Weight(b);
      });
      phase_ = Phase::kDone;
      return true;
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
