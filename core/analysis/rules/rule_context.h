// What every rule family of core/analysis/rules/ reads: the attempt, its strings, the thresholds,
// and the few application-wide numbers several rules need (the cluster's task slots, the
// application's duration, a Spark property), computed once per diagnosis.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/analysis/diagnostics.h"
#include "core/base/string_pool.h"
#include "core/model/app_model.h"

namespace afterglow::rules {

struct RuleContext {
  const AttemptModel& attempt;
  const StringPool& pool;
  const DiagnosticRules& rules;
  int64_t now_ms = 0;
  int64_t app_duration_ms = -1;  // -1 unknown
  // The most task slots (executor cores / spark.task.cpus) alive at once, at least 1: what a
  // perfectly parallel stage could have used.
  int64_t slots = 1;

  // A Spark property as the environment page lists it; `fallback` when unset.
  std::string Property(std::string_view key, std::string_view fallback = "") const;
};

RuleContext MakeRuleContext(const AttemptModel& attempt, const StringPool& pool,
                            const DiagnosticRules& rules, int64_t now_ms);

// The stage's duration as Spark's stage tables show it: completion minus the first task's launch
// (submission when no task launched); -1 while it has not completed.
int64_t StageDurationMs(const StageAttempt& stage);

// A finding about one stage attempt, with the stage's evidence first.
Finding StageRuleFinding(FindingKind kind, FindingSeverity severity, const char* rule,
                         const StringPool& pool, const StageAttempt& stage);

Evidence StageEvidence(const StageAttempt& stage, std::string what, int64_t value,
                       EvidenceUnit unit);
Evidence SqlEvidence(int64_t execution_id, std::string op, std::string what, int64_t value,
                     EvidenceUnit unit);
Evidence ConfigEvidence(std::string key, std::string value);
Evidence AppEvidence(std::string what, int64_t value, EvidenceUnit unit);

// The latest attempt of a stage (the one its pages show), or null.
const StageAttempt* LatestStageAttempt(const AttemptModel& attempt, int32_t stage_id);

// The summed duration of an execution's stages (latest attempts): the time its query ran on the
// cluster, one stage after another.
int64_t ExecutionStagesMs(const AttemptModel& attempt, const SqlExecutionRow& execution);

// The SQL executions whose stages include `stage_id`, by id.
std::vector<int64_t> ExecutionsOfStage(const AttemptModel& attempt, int32_t stage_id);

// The aggregated text of a plan node's metric ("size of files read"), as /sql shows it; nothing
// when the node has no such metric or it has no value.
std::optional<std::string> NodeMetricText(const SqlExecutionRow& execution,
                                          const SqlPlanGraph& graph, const SqlPlanNode& node,
                                          const StringPool& pool, std::string_view metric_name);

// The ms of a plan node's timing metric ("time to collect"), -1 when absent or not a duration.
int64_t NodeTimingMs(const SqlExecutionRow& execution, const SqlPlanGraph& graph,
                     const SqlPlanNode& node, const StringPool& pool, std::string_view metric_name);

// A node's name without the trailing spaces Spark leaves ("Scan parquet ").
std::string TrimmedNodeName(std::string_view name);

inline constexpr int64_t kMiB = int64_t{1} << 20;
inline constexpr int64_t kGiB = int64_t{1} << 30;

// "1.5 GiB", "2.3 min": Spark's own formats (Utils.bytesToString, UIUtils.formatDuration).
std::string Bytes(int64_t bytes);
std::string Duration(int64_t ms);

}  // namespace afterglow::rules
