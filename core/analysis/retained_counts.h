// How much of a log the History Server's answers still cover after its retention cleanups
// (spark.ui.retainedJobs, spark.ui.retainedStages; core/listen/retention.h). /jobs and /stages
// list only the rows the cleanups kept, so every total summed over them (core/analysis/
// app_totals.h) is a total over the retained jobs or stage attempts, not over the whole log: the
// overview says so whenever any row was deleted, as the Spark UI's "only showing" does.
#pragma once

#include <cstdint>

#include "core/model/app_model.h"

namespace afterglow {

struct RetainedCounts {
  int64_t jobs_in_log = 0;             // distinct job ids the log started
  int64_t jobs_retained = 0;           // the rows /jobs lists
  int64_t stage_attempts_in_log = 0;   // distinct (stage, attempt) the log created
  int64_t stage_attempts_retained = 0; // the rows /stages lists

  bool JobsDropped() const { return jobs_retained < jobs_in_log; }
  bool StagesDropped() const { return stage_attempts_retained < stage_attempts_in_log; }
};

RetainedCounts CountRetained(const AttemptModel& attempt);

}  // namespace afterglow
