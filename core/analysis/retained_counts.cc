#include "core/analysis/retained_counts.h"

#include <set>
#include <utility>

namespace afterglow {

RetainedCounts CountRetained(const AttemptModel& attempt) {
  // A job or stage attempt may have several objects (one re-created after its row was deleted),
  // so the log's entities are counted by id.
  std::set<int32_t> job_ids;
  for (uint32_t i = 0; i < attempt.jobs.size(); ++i) job_ids.insert(attempt.job_id(i));
  std::set<std::pair<int32_t, int32_t>> stage_keys;
  for (uint32_t i = 0; i < attempt.stages.size(); ++i) {
    const StageAttempt* stage = attempt.stages.find(i);
    const int32_t stage_id = stage ? stage->stage_id : attempt.stages.kept(i).stage_id;
    const int32_t attempt_id = stage ? stage->attempt_id : attempt.stages.kept(i).attempt_id;
    stage_keys.emplace(stage_id, attempt_id);
  }
  RetainedCounts counts;
  counts.jobs_in_log = static_cast<int64_t>(job_ids.size());
  counts.jobs_retained = static_cast<int64_t>(attempt.job_rows.size());
  counts.stage_attempts_in_log = static_cast<int64_t>(stage_keys.size());
  counts.stage_attempts_retained = static_cast<int64_t>(attempt.stage_rows.size());
  return counts;
}

}  // namespace afterglow
