// "Compare with…" on a job's page and a query's page: a button opening a list of the open
// application's other jobs (or SQL executions); picking one opens #/compare/jobs/<this>/<that>
// (or #/compare/sql/...), the two compared in the compare view, as two runs are. On the Jobs and
// SQL lists, "Compare two jobs…" (queries) picks both from one popup: A, then B.
#pragma once

#include <cstdint>

#include "ui/app/app_state.h"

namespace afterglow::ui {

void DrawCompareWithJob(AppState& state, int64_t job_id);
void DrawCompareWithSql(AppState& state, int64_t execution_id);
// On the toolbar's line, after its last item; nothing when the list has fewer than two items.
void DrawCompareTwoJobs(AppState& state);
void DrawCompareTwoSql(AppState& state);

}  // namespace afterglow::ui
