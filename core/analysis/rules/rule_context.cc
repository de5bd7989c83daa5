#include "core/analysis/rules/rule_context.h"

#include <algorithm>
#include <utility>

#include "core/analysis/durations.h"
#include "core/analysis/scan_pushdown.h"
#include "core/model/sql_metric_format.h"

namespace afterglow::rules {

std::string RuleContext::Property(std::string_view key, std::string_view fallback) const {
  if (!attempt.environment) return std::string(fallback);
  auto it = attempt.environment->spark_properties.find(std::string(key));
  return it == attempt.environment->spark_properties.end() ? std::string(fallback) : it->second;
}

namespace {

// The most executor cores alive at once (the driver's only when it is the only executor, as in
// local mode), in task slots.
int64_t PeakSlots(const AttemptModel& attempt, const StringPool& pool) {
  std::vector<std::pair<int64_t, int64_t>> changes;  // (time, +/- cores)
  int64_t driver_cores = 0;
  for (const Executor& e : attempt.executors) {
    if (pool.Get(e.executor_id) == "driver") {
      driver_cores = std::max<int64_t>(driver_cores, e.total_cores);
      continue;
    }
    changes.push_back({e.add_time == kNoTime ? INT64_MIN : e.add_time, e.total_cores});
    if (e.remove_time != kNoTime) changes.push_back({e.remove_time, -e.total_cores});
  }
  // Removals before additions at one instant: a replaced executor's cores are not counted twice.
  std::sort(changes.begin(), changes.end());
  int64_t alive = 0, peak = 0;
  for (const auto& [time, cores] : changes) {
    alive += cores;
    peak = std::max(peak, alive);
  }
  if (peak == 0) peak = driver_cores;
  const int64_t cpus = std::max<int64_t>(1, attempt.app.default_cpus_per_task);
  return std::max<int64_t>(1, peak / cpus);
}

}  // namespace

RuleContext MakeRuleContext(const AttemptModel& attempt, const StringPool& pool,
                            const DiagnosticRules& rules, int64_t now_ms) {
  RuleContext context{attempt, pool, rules, now_ms};
  context.app_duration_ms = AppDurationMs(attempt.app);
  context.slots = PeakSlots(attempt, pool);
  return context;
}

int64_t StageDurationMs(const StageAttempt& stage) {
  // Rules weigh what a stage took, so only ended stages count; the span is the one rule of
  // core/analysis/durations.h.
  if (stage.completion_time == kNoTime) return -1;
  return afterglow::StageDurationMs(stage, stage.completion_time);
}

Evidence StageEvidence(const StageAttempt& stage, std::string what, int64_t value,
                       EvidenceUnit unit) {
  Evidence e;
  e.kind = EvidenceKind::kStage;
  e.id = stage.stage_id;
  e.attempt = stage.attempt_id;
  e.what = std::move(what);
  e.value = value;
  e.unit = unit;
  return e;
}

Evidence SqlEvidence(int64_t execution_id, std::string op, std::string what, int64_t value,
                     EvidenceUnit unit) {
  Evidence e;
  e.kind = EvidenceKind::kSql;
  e.id = execution_id;
  e.key = std::move(op);
  e.what = std::move(what);
  e.value = value;
  e.unit = unit;
  return e;
}

Evidence ConfigEvidence(std::string key, std::string value) {
  Evidence e;
  e.kind = EvidenceKind::kConfig;
  e.key = std::move(key);
  e.what = "setting";
  e.unit = EvidenceUnit::kText;
  e.text = std::move(value);
  return e;
}

Evidence AppEvidence(std::string what, int64_t value, EvidenceUnit unit) {
  Evidence e;
  e.kind = EvidenceKind::kApp;
  e.what = std::move(what);
  e.value = value;
  e.unit = unit;
  return e;
}

Finding StageRuleFinding(FindingKind kind, FindingSeverity severity, const char* rule,
                         const StringPool& pool, const StageAttempt& stage) {
  Finding f;
  f.kind = kind;
  f.severity = severity;
  f.rule = rule;
  f.target = FindingTarget::kStage;
  f.target_id = stage.stage_id;
  f.target_attempt = stage.attempt_id;
  f.name = std::string(pool.Get(stage.name));
  return f;
}

const StageAttempt* LatestStageAttempt(const AttemptModel& attempt, int32_t stage_id) {
  auto last = attempt.stage_rows.lower_bound({stage_id + 1, INT32_MIN});
  if (last == attempt.stage_rows.begin()) return nullptr;
  --last;
  return last->first.first == stage_id ? &attempt.stage(last->second) : nullptr;
}

int64_t ExecutionStagesMs(const AttemptModel& attempt, const SqlExecutionRow& execution) {
  int64_t total = 0;
  for (int32_t stage_id : execution.stages) {
    if (const StageAttempt* stage = LatestStageAttempt(attempt, stage_id)) {
      total += std::max<int64_t>(0, StageDurationMs(*stage));
    }
  }
  return total;
}

std::vector<int64_t> ExecutionsOfStage(const AttemptModel& attempt, int32_t stage_id) {
  std::vector<int64_t> ids;
  for (const auto& [id, execution] : attempt.sql.executions) {
    if (std::find(execution.stages.begin(), execution.stages.end(), stage_id) !=
        execution.stages.end()) {
      ids.push_back(id);
    }
  }
  return ids;
}

std::optional<std::string> NodeMetricText(const SqlExecutionRow& execution,
                                          const SqlPlanGraph& graph, const SqlPlanNode& node,
                                          const StringPool& pool, std::string_view metric_name) {
  for (const SqlPlanMetric& metric : graph.MetricsOf(node)) {
    std::string_view name = pool.Get(metric.name);
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    if (name == metric_name) return execution.MetricValue(metric.accumulator_id);
  }
  return std::nullopt;
}

int64_t NodeTimingMs(const SqlExecutionRow& execution, const SqlPlanGraph& graph,
                     const SqlPlanNode& node, const StringPool& pool, std::string_view metric_name) {
  std::optional<std::string> text = NodeMetricText(execution, graph, node, pool, metric_name);
  return text == std::nullopt ? -1 : ParseTimingMetric(*text);
}

std::string TrimmedNodeName(std::string_view name) {
  while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
  return std::string(name);
}

std::string Bytes(int64_t bytes) { return BytesToString(bytes < 0 ? 0 : bytes); }
std::string Duration(int64_t ms) { return MsDurationToString(ms < 0 ? 0 : ms); }

}  // namespace afterglow::rules
