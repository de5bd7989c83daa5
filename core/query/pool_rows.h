// The scheduler's side of the jobs and stages pages: the scheduling mode the jobs page names and
// the fair scheduler pools the stages page lists when the mode is FAIR. Spark's pages read the
// mode from the environment's spark.scheduler.mode and the pools from the stages' schedulingPool
// (AppStatusListener's PoolData holds the ids of a pool's active stages). Rows point into the
// model and the pool: valid while both live unchanged.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/app_model.h"
#include "core/base/string_pool.h"

namespace afterglow {

// AllJobsPage's "Scheduling Mode": spark.scheduler.mode upper-cased ("FIFO", "FAIR"), or
// "Unknown" when the log's environment does not set it (or has no environment).
std::string SchedulingModeOf(const AttemptModel& attempt);

// StagesTab.isFairScheduler: the Spark properties hold spark.scheduler.mode=FAIR exactly.
bool IsFairScheduler(const AttemptModel& attempt);

struct PoolRow {
  std::string_view name;
  int32_t stages = 0;         // stage attempts the listed stages ran in this pool
  int32_t active_stages = 0;  // PoolData.stageIds: the pool's stages still running
  int64_t running_tasks = 0;  // active tasks of those stages
};

// One row per pool a listed stage attempt names, by name.
std::vector<PoolRow> PoolRows(const AttemptModel& attempt, const StringPool& pool);

}  // namespace afterglow
