#include "core/compare/comparison.h"

#include <cstdint>

#include "core/analysis/durations.h"
#include "core/analysis/task_view.h"

namespace afterglow::compare {
namespace {

RunIdentity IdentityOf(const RunSide& side) {
  const AppInfo& app = side.model->app;
  RunIdentity id;
  if (app.app_id.present) id.id = std::string(side.pool->Get(app.app_id.id));
  if (app.attempt_id.present) id.attempt_id = std::string(side.pool->Get(app.attempt_id.id));
  id.name = std::string(side.pool->Get(app.name));
  return id;
}

void DiffPlansOfRows(Comparison& c) {
  for (const AlignedIndex& row : c.rows.sql) {
    if (row.a < 0 || row.b < 0) {
      c.sql_changes.emplace_back();
      continue;
    }
    c.sql_changes.push_back(DiffPlans(c.run_a.sql[static_cast<size_t>(row.a)].plan,
                                      c.run_b.sql[static_cast<size_t>(row.b)].plan));
  }
}

// The summed duration change of the top-level rows: the headline's target when the runs' own
// wall clocks are not both known, and for two chosen items.
int64_t SumOfTopLevelDeltas(const Comparison& c) {
  int64_t sum = 0;
  for (const AlignedIndex& row : c.rows.sql) {
    sum += RowDeltaMs(row.a >= 0 ? c.run_a.sql[static_cast<size_t>(row.a)].metrics.duration_ms : -1,
                      row.b >= 0 ? c.run_b.sql[static_cast<size_t>(row.b)].metrics.duration_ms : -1);
  }
  for (size_t r = 0; r < c.rows.jobs.size(); ++r) {
    if (c.rows.job_parent[r] >= 0) continue;
    const AlignedIndex row = c.rows.jobs[r];
    sum += RowDeltaMs(row.a >= 0 ? c.run_a.jobs[static_cast<size_t>(row.a)].metrics.duration_ms : -1,
                      row.b >= 0 ? c.run_b.jobs[static_cast<size_t>(row.b)].metrics.duration_ms : -1);
  }
  return sum;
}

}  // namespace

void ComparisonSteps::Start(const RunSide& a, const RunSide& b, ComparisonScope scope,
                            int64_t id_a, int64_t id_b, bool with_findings) {
  a_ = a;
  b_ = b;
  scope_ = scope;
  id_a_ = id_a;
  id_b_ = id_b;
  with_findings_ = with_findings && scope == ComparisonScope::kRuns;
  phase_ = Phase::kEntitiesA;
  phase_started_ = false;
  findings_a_.clear();
  findings_b_.clear();
  c_ = Comparison();
  result_.reset();
  error_.clear();
}

bool ComparisonSteps::Step(size_t task_budget) {
  switch (phase_) {
    case Phase::kEntitiesA:
    case Phase::kEntitiesB: {
      const bool side_a = phase_ == Phase::kEntitiesA;
      const RunSide& side = side_a ? a_ : b_;
      if (!phase_started_) {
        reader_.Start(*side.model, *side.pool);
        phase_started_ = true;
      }
      if (!reader_.Step(task_budget)) return false;
      (side_a ? c_.run_a : c_.run_b) = reader_.Take();
      phase_ = side_a ? Phase::kEntitiesB : with_findings_ ? Phase::kFindingsA : Phase::kFinish;
      phase_started_ = false;
      return false;
    }
    case Phase::kFindingsA:
    case Phase::kFindingsB: {
      const bool side_a = phase_ == Phase::kFindingsA;
      const RunSide& side = side_a ? a_ : b_;
      if (!phase_started_) {
        diagnosis_.Start(*side.model, *side.pool, TaskNow(*side.model));
        phase_started_ = true;
      }
      if (!diagnosis_.Step(task_budget)) return false;
      (side_a ? findings_a_ : findings_b_) = diagnosis_.TakeFindings();
      phase_ = side_a ? Phase::kFindingsB : Phase::kFinish;
      phase_started_ = false;
      return false;
    }
    case Phase::kFinish:
      Finish();
      phase_ = Phase::kDone;
      return true;
    case Phase::kDone:
      break;
  }
  return true;
}

void ComparisonSteps::Finish() {
  Comparison& c = c_;
  c.scope = scope_;
  c.a = IdentityOf(a_);
  c.b = IdentityOf(b_);
  switch (scope_) {
    case ComparisonScope::kRuns: {
      c.app = CompareAppMetrics(*a_.model, *a_.pool, *b_.model, *b_.pool);
      c.rows = AlignRuns(c.run_a, c.run_b);
      DiffPlansOfRows(c);
      c.config = DiffSparkProperties(*a_.model, *b_.model);
      c.executor_requests = ExecutorRequests(*a_.model, *b_.model);
      c.findings = DiffFindings(findings_a_, findings_b_);
      const int64_t wall_a = AppDurationMs(a_.model->app), wall_b = AppDurationMs(b_.model->app);
      c.items_delta_ms = SumOfTopLevelDeltas(c);
      c.wall_delta_ms = wall_a >= 0 && wall_b >= 0 ? wall_b - wall_a : c.items_delta_ms;
      break;
    }
    case ComparisonScope::kSqlExecutions: {
      const int ia = c.run_a.FindSql(id_a_), ib = c.run_b.FindSql(id_b_);
      if (ia < 0 || ib < 0) {
        error_ = "no SQL execution " + std::to_string(ia < 0 ? id_a_ : id_b_) + " in " +
                 (ia < 0 ? c.a.id : c.b.id);
        return;
      }
      c.rows = AlignChosenSql(c.run_a, ia, c.run_b, ib);
      DiffPlansOfRows(c);
      c.items_delta_ms = c.wall_delta_ms = SumOfTopLevelDeltas(c);
      break;
    }
    case ComparisonScope::kJobs: {
      const int ia = c.run_a.FindJob(static_cast<int32_t>(id_a_));
      const int ib = c.run_b.FindJob(static_cast<int32_t>(id_b_));
      if (ia < 0 || ib < 0) {
        error_ = "no job " + std::to_string(ia < 0 ? id_a_ : id_b_) + " in " + (ia < 0 ? c.a.id : c.b.id);
        return;
      }
      c.rows = AlignChosenJobs(c.run_a, ia, c.run_b, ib);
      c.items_delta_ms = c.wall_delta_ms = SumOfTopLevelDeltas(c);
      break;
    }
  }
  c.headline = PickHeadline(c.run_a, c.run_b, c.rows, c.wall_delta_ms);
  result_ = std::move(c_);
}

namespace {

std::optional<Comparison> InOneGo(const RunSide& a, const RunSide& b, ComparisonScope scope,
                                  int64_t id_a, int64_t id_b, std::string* error) {
  ComparisonSteps steps;
  steps.Start(a, b, scope, id_a, id_b);
  while (!steps.Step(SIZE_MAX)) {
  }
  if (error != nullptr) *error = steps.error();
  return steps.Take();
}

}  // namespace

Comparison CompareRuns(const RunSide& a, const RunSide& b) {
  return *InOneGo(a, b, ComparisonScope::kRuns, -1, -1, nullptr);
}

std::optional<Comparison> CompareSqlExecutions(const RunSide& a, int64_t execution_a,
                                               const RunSide& b, int64_t execution_b,
                                               std::string* error) {
  return InOneGo(a, b, ComparisonScope::kSqlExecutions, execution_a, execution_b, error);
}

std::optional<Comparison> CompareJobs(const RunSide& a, int32_t job_a, const RunSide& b,
                                      int32_t job_b, std::string* error) {
  return InOneGo(a, b, ComparisonScope::kJobs, job_a, job_b, error);
}

}  // namespace afterglow::compare
