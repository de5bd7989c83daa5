// How one task end counts in the completed, failed and killed totals of its stage, job, executor
// and stage summary (AppStatusListener.onTaskEnd): a success is completed, TaskKilled and
// TaskCommitDenied are killed, every other reason is a failure.
#pragma once

#include "core/events/events.h"

namespace afterglow {

struct TaskEndCounts {
  int completed = 0;
  int failed = 0;
  int killed = 0;
};

inline TaskEndCounts CountTaskEnd(TaskEndReasonKind reason) {
  switch (reason) {
    case TaskEndReasonKind::kSuccess: return {1, 0, 0};
    case TaskEndReasonKind::kTaskKilled:
    case TaskEndReasonKind::kTaskCommitDenied: return {0, 0, 1};
    default: return {0, 1, 0};
  }
}

}  // namespace afterglow
