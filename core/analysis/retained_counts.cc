#include "core/analysis/retained_counts.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace afterglow {

namespace {

template <typename T>
void SortUnique(std::vector<T>& values) {
  if (!std::is_sorted(values.begin(), values.end())) std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
}

}  // namespace

RetainedCounts CountRetained(const AttemptModel& attempt) {
  // A job or stage attempt may have several objects (one re-created after its row was deleted),
  // so the log's entities are counted by id: sorted vectors, not sets (a log of one-task jobs has
  // a hundred thousand of each, and the tree's nodes cost 40 ms to build).
  std::vector<int32_t> job_ids;
  job_ids.reserve(attempt.jobs.size());
  for (uint32_t i = 0; i < attempt.jobs.size(); ++i) job_ids.push_back(attempt.job_id(i));
  std::vector<std::pair<int32_t, int32_t>> stage_keys;
  stage_keys.reserve(attempt.stages.size());
  for (uint32_t i = 0; i < attempt.stages.size(); ++i) {
    const StageAttempt* stage = attempt.stages.find(i);
    const int32_t stage_id = stage ? stage->stage_id : attempt.stages.kept(i).stage_id;
    const int32_t attempt_id = stage ? stage->attempt_id : attempt.stages.kept(i).attempt_id;
    stage_keys.emplace_back(stage_id, attempt_id);
  }
  SortUnique(job_ids);
  SortUnique(stage_keys);
  RetainedCounts counts;
  counts.jobs_in_log = static_cast<int64_t>(job_ids.size());
  counts.jobs_retained = static_cast<int64_t>(attempt.job_rows.size());
  counts.stage_attempts_in_log = static_cast<int64_t>(stage_keys.size());
  counts.stage_attempts_retained = static_cast<int64_t>(attempt.stage_rows.size());
  return counts;
}

}  // namespace afterglow
