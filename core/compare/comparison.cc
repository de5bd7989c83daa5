#include "core/compare/comparison.h"

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

Comparison Start(const RunSide& a, const RunSide& b, ComparisonScope scope) {
  Comparison c;
  c.scope = scope;
  c.a = IdentityOf(a);
  c.b = IdentityOf(b);
  c.run_a = ReadRunEntities(*a.model, *a.pool);
  c.run_b = ReadRunEntities(*b.model, *b.pool);
  return c;
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

Comparison CompareRuns(const RunSide& a, const RunSide& b) {
  Comparison c = Start(a, b, ComparisonScope::kRuns);
  c.app = CompareAppMetrics(*a.model, *a.pool, *b.model, *b.pool);
  c.rows = AlignRuns(c.run_a, c.run_b);
  DiffPlansOfRows(c);
  c.config = DiffSparkProperties(*a.model, *b.model);
  c.executor_requests = ExecutorRequests(*a.model, *b.model);
  c.findings = DiffFindings(Diagnose(*a.model, *a.pool, TaskNow(*a.model)),
                            Diagnose(*b.model, *b.pool, TaskNow(*b.model)));
  const int64_t wall_a = AppDurationMs(a.model->app), wall_b = AppDurationMs(b.model->app);
  c.items_delta_ms = SumOfTopLevelDeltas(c);
  c.wall_delta_ms = wall_a >= 0 && wall_b >= 0 ? wall_b - wall_a : c.items_delta_ms;
  c.headline = PickHeadline(c.run_a, c.run_b, c.rows, c.wall_delta_ms);
  return c;
}

std::optional<Comparison> CompareSqlExecutions(const RunSide& a, int64_t execution_a,
                                               const RunSide& b, int64_t execution_b,
                                               std::string* error) {
  Comparison c = Start(a, b, ComparisonScope::kSqlExecutions);
  const int ia = c.run_a.FindSql(execution_a), ib = c.run_b.FindSql(execution_b);
  if (ia < 0 || ib < 0) {
    *error = "no SQL execution " + std::to_string(ia < 0 ? execution_a : execution_b) + " in " +
             (ia < 0 ? c.a.id : c.b.id);
    return std::nullopt;
  }
  c.rows = AlignChosenSql(c.run_a, ia, c.run_b, ib);
  DiffPlansOfRows(c);
  c.items_delta_ms = c.wall_delta_ms = SumOfTopLevelDeltas(c);
  c.headline = PickHeadline(c.run_a, c.run_b, c.rows, c.wall_delta_ms);
  return c;
}

std::optional<Comparison> CompareJobs(const RunSide& a, int32_t job_a, const RunSide& b,
                                      int32_t job_b, std::string* error) {
  Comparison c = Start(a, b, ComparisonScope::kJobs);
  const int ia = c.run_a.FindJob(job_a), ib = c.run_b.FindJob(job_b);
  if (ia < 0 || ib < 0) {
    *error = "no job " + std::to_string(ia < 0 ? job_a : job_b) + " in " + (ia < 0 ? c.a.id : c.b.id);
    return std::nullopt;
  }
  c.rows = AlignChosenJobs(c.run_a, ia, c.run_b, ib);
  c.items_delta_ms = c.wall_delta_ms = SumOfTopLevelDeltas(c);
  c.headline = PickHeadline(c.run_a, c.run_b, c.rows, c.wall_delta_ms);
  return c;
}

}  // namespace afterglow::compare
