// How two runs' SQL executions, jobs and stages are lined up. The rule, short enough for a
// tooltip:
//   Items are matched by what they are, not by id. SQL executions pair when their descriptions
//   agree (line numbers aside), preferring the same physical-plan shape (operators without ids
//   or metrics); jobs pair inside their paired SQL execution (or among jobs outside SQL) by call
//   site, in order; stages pair inside their paired job by name (call site), preferring the same
//   RDD lineage, in order. Anything left unpaired stands alone: a query only one run has, or the
//   second stage of a stage that became two.
// Two chosen items (two jobs or two SQL executions, of one run or of two) are paired as chosen,
// and what is inside them pairs in order, preferring the same call site and shape.
#pragma once

#include <vector>

#include "core/compare/ordered_alignment.h"
#include "core/compare/run_entities.h"

namespace afterglow::compare {

struct RunAlignment {
  // Rows of indices into each run's RunEntities vectors.
  std::vector<AlignedIndex> sql, jobs, stages;
  std::vector<int> job_parent;    // per jobs row: the sql row it sits in, -1 outside SQL
  std::vector<int> stage_parent;  // per stages row: the jobs row it sits in, -1 without a job
};

RunAlignment AlignRuns(const RunEntities& a, const RunEntities& b);

// `sql_a` of run A against `sql_b` of run B (indices into RunEntities::sql; A and B may be the
// same run).
RunAlignment AlignChosenSql(const RunEntities& a, int sql_a, const RunEntities& b, int sql_b);
// `job_a` against `job_b` (indices into RunEntities::jobs).
RunAlignment AlignChosenJobs(const RunEntities& a, int job_a, const RunEntities& b, int job_b);

}  // namespace afterglow::compare
