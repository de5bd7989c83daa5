// The retention limits the History Server applies while it replays a log (docs/SPARK-SEMANTICS.md
// fact 109): its own spark.ui.retainedJobs, spark.ui.retainedStages and spark.ui.retainedTasks, not
// the application's. Spark checks them only when a row is written with checkTriggers (ASL
// `update(..., last = true)`; ElementTrackingStore.write), and the SHS runs the cleanup on the
// replaying thread (FsHistoryProvider.rebuildAppStore sets ASYNC_TRACKING_ENABLED=false), so the
// outcome is deterministic. The listener applies them in retention_updates.cc.
#pragma once

#include <cstdint>

namespace afterglow {

struct RetentionLimits {
  int64_t jobs = 1000;              // spark.ui.retainedJobs
  int64_t stages = 1000;            // spark.ui.retainedStages
  int64_t tasks_per_stage = 100000;  // spark.ui.retainedTasks, per stage attempt
};

// ASL calculateNumberToRemove: at least a tenth of the limit, so cleanups are not run per row.
inline int64_t NumberToRemove(int64_t size, int64_t retained) {
  if (size <= retained) return 0;
  const int64_t tenth = retained / 10;
  return size - retained > tenth ? size - retained : tenth;
}

}  // namespace afterglow
