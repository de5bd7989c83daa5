#include "core/model/app_model.h"

#include <utility>

#include "core/model/driver_id.h"

namespace afterglow {

void AddKilled(KilledSummary& summary, StringId reason) {
  for (auto& [known, count] : summary) {
    if (known == reason) {
      ++count;
      return;
    }
  }
  summary.emplace_back(reason, 1);
}

StageObjectFacts FactsOf(StageAttempt&& stage) {
  return {stage.stage_id, stage.attempt_id, stage.status, stage.failure_reason.present,
          stage.completion_time != kNoTime, std::move(stage.parent_ids)};
}

size_t TaskColumns::bytes() const {
  return task_id.bytes() + stage_id.bytes() + stage_attempt_id.bytes() + index.bytes() +
         attempt.bytes() + launch_time.bytes() + finish_time.bytes() + executor_id.bytes() +
         status.bytes();
}

void TaskColumns::Compact() {
  task_id.Compact();
  stage_id.Compact();
  stage_attempt_id.Compact();
  index.Compact();
  attempt.Compact();
  launch_time.Compact();
  finish_time.Compact();
  executor_id.Compact();
  status.Compact();
}

void AttemptModel::CompactTasks() {
  tasks.Compact();
  task_details.Compact();
  for (auto& [key, rows] : stage_task_rows) rows.shrink_to_fit();
}

uint64_t AttemptModel::non_driver_executors(const StringPool& pool) const {
  uint64_t count = 0;
  for (const Executor& e : executors) {
    if (!IsDriverId(pool.Get(e.executor_id))) ++count;
  }
  return count;
}

}  // namespace afterglow
