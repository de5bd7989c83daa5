#include "core/analysis/task_phases.h"

#include <algorithm>

#include "core/analysis/task_view.h"

namespace afterglow {
namespace {

double PercentOfTotal(int64_t part, int64_t total) {
  return total > 0 ? static_cast<double>(part) * 100.0 / static_cast<double>(total) : 0.0;
}

}  // namespace

const char* TaskPhaseName(TaskPhase phase) {
  switch (phase) {
    case TaskPhase::kSchedulerDelay:
      return "Scheduler Delay";
    case TaskPhase::kDeserialization:
      return "Task Deserialization Time";
    case TaskPhase::kShuffleRead:
      return "Shuffle Read Time";
    case TaskPhase::kComputing:
      return "Executor Computing Time";
    case TaskPhase::kShuffleWrite:
      return "Shuffle Write Time";
    case TaskPhase::kSerialization:
      return "Result Serialization Time";
    case TaskPhase::kGettingResult:
      return "Getting Result Time";
  }
  return "";
}

TaskPhases ComputeTaskPhases(const AttemptModel& model, uint32_t row, int64_t now) {
  TaskPhases phases;
  const TaskApiStatus status = TaskStatusOf(model, row);
  const int64_t launch = model.tasks.launch_time[row];
  const int64_t duration = TaskStoredDuration(model, row, now);
  // StagePage takes launch + duration when the API has a duration (> 0), else "now". A finished
  // task of 0 ms ends at its launch here rather than stretching to the log's end.
  const bool has_duration = duration > 0;
  phases.launch_ms = launch;
  phases.finish_ms = has_duration ? launch + duration
                                  : (model.tasks.finish_time[row] != 0 ? launch : std::max(now, launch));
  const int64_t total = phases.TotalMs();
  const bool has_metrics = TaskHasMetrics(model, row);
  auto metric = [&](TaskMetric m) {
    return has_metrics ? ShownTaskMetric(model, row, m, status) : int64_t{0};
  };
  using P = TaskPhase;
  auto at = [&](P p) -> int64_t& { return phases.ms[static_cast<size_t>(p)]; };
  at(P::kShuffleRead) = metric(TaskMetric::kShuffleFetchWaitTime);
  // Spark records the write time in nanoseconds; the timeline shows whole milliseconds.
  at(P::kShuffleWrite) =
      static_cast<int64_t>(static_cast<double>(metric(TaskMetric::kShuffleWriteTime)) / 1e6);
  at(P::kSerialization) = metric(TaskMetric::kResultSerializationTime);
  at(P::kDeserialization) = metric(TaskMetric::kExecutorDeserializeTime);
  at(P::kGettingResult) = ShownGettingResultTime(model, row, now);
  at(P::kSchedulerDelay) = ShownSchedulerDelay(model, row, status, now);
  const int64_t overhead = at(P::kSerialization) + at(P::kDeserialization);
  const int64_t rest =
      std::max<int64_t>(total - overhead - at(P::kGettingResult) - at(P::kSchedulerDelay), 0);
  const int64_t run_time =
      has_duration ? rest : (has_metrics ? metric(TaskMetric::kExecutorRunTime) : rest);
  at(P::kComputing) = run_time - at(P::kShuffleRead) - at(P::kShuffleWrite);
  double others = 0;
  for (size_t p = 0; p < kTaskPhaseCount; ++p) {
    if (static_cast<P>(p) == P::kComputing) continue;
    phases.percent[p] = PercentOfTotal(phases.ms[p], total);
    others += phases.percent[p];
  }
  phases.percent[static_cast<size_t>(P::kComputing)] = total > 0 ? std::max(100.0 - others, 0.0) : 0;
  return phases;
}

}  // namespace afterglow
