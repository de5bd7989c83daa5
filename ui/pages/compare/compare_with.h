// "Compare with…" on a job's page and a query's page: a button opening a list of the open
// application's other jobs (or SQL executions); picking one opens #/compare/jobs/<this>/<that>
// (or #/compare/sql/...), the two compared in the compare view, as two runs are.
#pragma once

#include <cstdint>

#include "ui/app/app_state.h"

namespace afterglow::ui {

void DrawCompareWithJob(AppState& state, int64_t job_id);
void DrawCompareWithSql(AppState& state, int64_t execution_id);

}  // namespace afterglow::ui
