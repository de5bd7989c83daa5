// Job gaps (Databricks' "job gaps" guide): stretches between jobs when no Spark job ran, so the
// executors sat idle while the driver worked alone (collect and Python between actions, planning,
// listing files, a person typing in a shell). One finding with the total and the largest gaps,
// each with the jobs around it.
#pragma once

#include <vector>

#include "core/analysis/rules/rule_context.h"

namespace afterglow::rules {

struct JobGap {
  int64_t start_ms = 0, end_ms = 0;
  int32_t job_before = -1, job_after = -1;
};

// Every stretch of at least `min_gap_ms` between the first job's submission and the last job's
// end during which no job was running, in time order.
std::vector<JobGap> FindJobGaps(const AttemptModel& attempt, int64_t min_gap_ms);

void AddJobGapFindings(const RuleContext& context, std::vector<Finding>& out);

}  // namespace afterglow::rules
