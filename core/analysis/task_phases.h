// The phases of one task attempt as Spark's stage-page timeline splits its bar
// (StagePage.makeTimeline): the durations its tooltip shows and the share of the bar each fills,
// from the task API's values (ShownSchedulerDelay, ShownGettingResultTime, ShownTaskMetric).
// Computed here once; the timeline view only draws them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "core/model/app_model.h"

namespace afterglow {

// The phases in the order Spark's timeline draws them, left to right.
enum class TaskPhase : uint8_t {
  kSchedulerDelay,
  kDeserialization,
  kShuffleRead,
  kComputing,
  kShuffleWrite,
  kSerialization,
  kGettingResult,
};
inline constexpr size_t kTaskPhaseCount = 7;
// "Scheduler Delay", "Task Deserialization Time", ... as Spark's legend names them.
const char* TaskPhaseName(TaskPhase phase);

struct TaskPhases {
  int64_t launch_ms = 0;
  int64_t finish_ms = 0;  // launch + duration, or `now` for a task still running
  std::array<int64_t, kTaskPhaseCount> ms{};
  // Percent of the bar; computing takes what the others leave, so they sum to 100 (or all 0).
  std::array<double, kTaskPhaseCount> percent{};
  int64_t TotalMs() const { return finish_ms - launch_ms; }
};

// Task row `row` of `model`; `now` is where a running task's bar ends (the log's end).
TaskPhases ComputeTaskPhases(const AttemptModel& model, uint32_t row, int64_t now);

}  // namespace afterglow
