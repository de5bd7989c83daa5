// The comparison of two runs, or of two jobs or two SQL executions (of one run or two): the
// applications' metrics side by side, the aligned SQL executions, jobs and stages
// (align_runs.h) with what changed in each, the properties that differ, the findings that
// disappeared, appeared or stayed, and the headline. Built once from the two models; the CLI
// (core/cli/compare_command.h), the JSON (comparison_json.h) and the page read it.
// The folder sits beside core/analysis/ rather than in it: every analysis there reads one model,
// this reads two and calls those analyses (totals, durations, findings) for each, never the
// reverse.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/analysis/diagnostics.h"
#include "core/base/string_pool.h"
#include "core/compare/align_runs.h"
#include "core/compare/app_metrics.h"
#include "core/compare/config_diff.h"
#include "core/compare/findings_diff.h"
#include "core/compare/headline.h"
#include "core/compare/plan_diff.h"
#include "core/compare/run_entities.h"
#include "core/model/app_model.h"

namespace afterglow::compare {

// One side: a loaded application attempt and the pool its strings live in. Both must outlive
// the comparison only while it is being built.
struct RunSide {
  const AttemptModel* model = nullptr;
  const StringPool* pool = nullptr;
};

struct RunIdentity {
  std::string id;          // the application id, "" when the log has none
  std::string attempt_id;  // "" when none
  std::string name;
};

// What is compared: two whole runs, or two chosen items (the app rows, config and findings are
// then left empty, as the two items share or do not share them by choice).
enum class ComparisonScope : uint8_t { kRuns, kSqlExecutions, kJobs };

struct Comparison {
  ComparisonScope scope = ComparisonScope::kRuns;
  RunIdentity a, b;
  std::vector<AppMetricRow> app;
  RunEntities run_a, run_b;
  RunAlignment rows;
  std::vector<PlanChanges> sql_changes;  // per rows.sql entry; empty for a one-sided row
  std::vector<PropertyDifference> config;
  std::vector<PropertyDifference> executor_requests;
  FindingsDiff findings;
  std::vector<HeadlineItem> headline;
  // B's wall-clock duration minus A's (the chosen items' for two items), and the part of it the
  // SQL executions and the jobs outside SQL account for; the rest is driver work or idle time
  // between actions (a notebook waiting on its user).
  int64_t wall_delta_ms = 0;
  int64_t items_delta_ms = 0;
};

Comparison CompareRuns(const RunSide& a, const RunSide& b);

// SQL execution `execution_a` of A against `execution_b` of B (A and B may be one run: the
// same filter written two ways in one application). nullopt with `error` set when either id is
// unknown.
std::optional<Comparison> CompareSqlExecutions(const RunSide& a, int64_t execution_a,
                                               const RunSide& b, int64_t execution_b,
                                               std::string* error);
std::optional<Comparison> CompareJobs(const RunSide& a, int32_t job_a, const RunSide& b,
                                      int32_t job_b, std::string* error);

}  // namespace afterglow::compare
