#include "core/analysis/rules/executor_balance.h"

#include <algorithm>

namespace afterglow::rules {
namespace {

// The last record of an executor id (an id re-added after a removal keeps its latest cores).
const Executor* LastExecutorRecord(const AttemptModel& attempt, StringId id) {
  const Executor* found = nullptr;
  for (const Executor& e : attempt.executors) {
    if (e.executor_id == id) found = &e;
  }
  return found;
}

// Non-driver executors alive at some point while the stage's tasks ran, and their cores.
struct Alive {
  int64_t executors = 0;
  int64_t cores = 0;
};

Alive AliveDuring(const RuleContext& context, const StageAttempt& stage) {
  Alive alive;
  const int64_t begin = stage.first_launch_time == INT64_MAX ? stage.submission_time
                                                              : stage.first_launch_time;
  for (const Executor& e : context.attempt.executors) {
    if (context.pool.Get(e.executor_id) == "driver") continue;
    if (e.add_time != kNoTime && e.add_time > stage.completion_time) continue;
    if (e.remove_time != kNoTime && e.remove_time < begin) continue;
    ++alive.executors;
    alive.cores += std::max<int32_t>(1, e.total_cores);
  }
  return alive;
}

void CheckExecutorBalance(const RuleContext& context, const StageAttempt& stage,
                const std::vector<uint32_t>& rows, std::vector<Finding>& out) {
  const DiagnosticRules& rules = context.rules;
  const AttemptModel& attempt = context.attempt;
  const int64_t duration = StageDurationMs(stage);
  if (stage.num_tasks < rules.one_executor_min_tasks || duration < rules.one_executor_min_ms) return;
  const std::vector<ExecutorStageSummary>& summaries = stage.task_details.executor_summaries;
  int64_t total_time = 0;
  const ExecutorStageSummary* busiest = nullptr;
  for (const ExecutorStageSummary& s : summaries) {
    total_time += s.task_time;
    if (busiest == nullptr || s.task_time > busiest->task_time) busiest = &s;
  }
  if (busiest == nullptr || total_time <= 0) return;
  const double share = static_cast<double>(busiest->task_time) / static_cast<double>(total_time);
  if (share < rules.one_executor_share) return;
  const Alive alive = AliveDuring(context, stage);
  if (alive.executors < 2) return;
  const Executor* executor = LastExecutorRecord(attempt, busiest->executor_id);
  const int64_t busiest_cores = executor ? std::max<int32_t>(1, executor->total_cores) : 1;
  const int64_t busiest_tasks = busiest->succeeded_tasks + busiest->failed_tasks + busiest->killed_tasks;
  if (busiest_tasks <= busiest_cores) return;
  // How many of the stage's tasks ran data-local: a locality-bound schedule keeps tasks waiting
  // for the executor holding their blocks rather than running them elsewhere.
  int64_t local = 0, longest = 0;
  for (uint32_t row : rows) {
    const uint8_t locality = attempt.task_details.locality[row];
    if (locality < attempt.task_details.locality_names.size()) {
      const std::string_view name =
          context.pool.Get(attempt.task_details.locality_names[locality]);
      local += name == "PROCESS_LOCAL" || name == "NODE_LOCAL";
    }
    if (attempt.tasks.status[row] == TaskStatus::kSuccess) {
      longest = std::max<int64_t>(longest, attempt.tasks.finish_time[row] - attempt.tasks.launch_time[row]);
    }
  }
  const bool locality_bound = !rows.empty() && local * 10 >= static_cast<int64_t>(rows.size()) * 8;
  const std::string id(context.pool.Get(busiest->executor_id));
  const std::string host = executor ? std::string(context.pool.Get(executor->host)) : "";
  Finding f = StageRuleFinding(FindingKind::kOneExecutor, FindingSeverity::kWarning,
                               "work-on-one-executor", context.pool, stage);
  f.executor_id = id;
  const int64_t percent = static_cast<int64_t>(share * 100);
  f.title = "Stage " + std::to_string(stage.stage_id) + "." + std::to_string(stage.attempt_id) +
            " ran " + std::to_string(percent) + "% of its task time (" +
            std::to_string(busiest_tasks) + " of " + std::to_string(stage.num_tasks) +
            " tasks) on executor " + id + (host.empty() ? "" : " (" + host + ")") + " while " +
            std::to_string(alive.executors - 1) + " other executor" +
            (alive.executors == 2 ? " was" : "s were") + " alive" +
            (locality_bound ? ": its tasks waited for data-local slots" : "");
  f.evidence.push_back(StageEvidence(stage, "tasks", stage.num_tasks, EvidenceUnit::kCount));
  f.evidence.push_back(StageEvidence(stage, "task time", total_time, EvidenceUnit::kMs));
  Evidence on_executor;
  on_executor.kind = EvidenceKind::kExecutor;
  on_executor.key = id;
  on_executor.what = "share of the stage's task time";
  on_executor.value = percent;
  on_executor.unit = EvidenceUnit::kPercent;
  f.evidence.push_back(on_executor);
  f.evidence.push_back(StageEvidence(stage, "executors alive", alive.executors, EvidenceUnit::kCount));
  f.evidence.push_back(StageEvidence(stage, "data-local tasks", local, EvidenceUnit::kCount));
  f.evidence.push_back(ConfigEvidence("spark.locality.wait", context.Property("spark.locality.wait", "3s")));
  // Spread over every core alive, the stage would take its task time over those cores, and no
  // less than its longest task.
  const int64_t spread = std::max(longest, total_time / std::max<int64_t>(1, alive.cores));
  f.time_at_stake_ms = std::max<int64_t>(0, duration - spread);
  f.time_at_stake_basis = "the stage's duration less its task time spread over the " +
                          std::to_string(alive.cores) +
                          " cores alive (and no less than its longest task)";
  f.fix = locality_bound
              ? "Let tasks run on idle executors: lower spark.locality.wait (e.g. 0s, or "
                "spark.locality.wait.node / .rack); spread the input over more nodes (for "
                "Cassandra, smaller spark.cassandra.input.split.size_in_mb)"
              : "Give the stage more parallel slots: repartition its input, raise "
                "spark.cores.max / spark.executor.instances (or dynamic allocation's "
                "spark.dynamicAllocation.minExecutors), and check spark.locality.wait";
  out.push_back(std::move(f));
}

}  // namespace

void AddExecutorBalanceFindings(const RuleContext& context, std::vector<Finding>& out) {
  for (const auto& [key, index] : context.attempt.stage_rows) {
    const StageAttempt& stage = context.attempt.stage(index);
    if (stage.status != StageStatus::kComplete) continue;
    auto rows = context.attempt.stage_task_rows.find(key);
    if (rows == context.attempt.stage_task_rows.end()) continue;
    CheckExecutorBalance(context, stage, rows->second, out);
  }
}

}  // namespace afterglow::rules
