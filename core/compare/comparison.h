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

// A comparison built over several calls, so the page can build it between frames (the three
// functions above run it in one go): each side's entities, and for two runs each side's findings,
// a bounded number of tasks a step (their task summaries read every task); then the alignment,
// the plan and property differences and the headline in a last step. The models must outlive
// the steps; one that grows between them (a load under way) is read on where the last step
// stopped.
class ComparisonSteps {
 public:
  // kRuns compares the runs; kSqlExecutions and kJobs the items `id_a` of A and `id_b` of B.
  // Without findings (a load under way: they describe a finished run) they stay empty.
  void Start(const RunSide& a, const RunSide& b, ComparisonScope scope, int64_t id_a = -1,
             int64_t id_b = -1, bool with_findings = true);
  // Reads about `task_budget` tasks (at least one stage, or one last step); true once done.
  bool Step(size_t task_budget);
  bool Done() const { return phase_ == Phase::kDone; }
  // Once done: the comparison, or nullopt with error() naming the item that is not there.
  std::optional<Comparison> Take() { return std::move(result_); }
  const std::string& error() const { return error_; }

 private:
  enum class Phase : uint8_t { kEntitiesA, kEntitiesB, kFindingsA, kFindingsB, kFinish, kDone };
  void Finish();

  RunSide a_, b_;
  ComparisonScope scope_ = ComparisonScope::kRuns;
  int64_t id_a_ = -1, id_b_ = -1;
  bool with_findings_ = true;
  Phase phase_ = Phase::kDone;
  bool phase_started_ = false;
  RunEntitiesReader reader_;
  DiagnosisSteps diagnosis_;
  std::vector<Finding> findings_a_, findings_b_;
  Comparison c_;
  std::optional<Comparison> result_;
  std::string error_;
};

}  // namespace afterglow::compare
