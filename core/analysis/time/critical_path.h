// The critical path of a job: the least time its stages could take with unlimited executors,
// each stage taking as long as its longest task and starting when its parents have finished
// (Sparklens' JobTimeSpan.computeCriticalTimeForJob). Sparklens walks back from the job's
// highest stage id through "Parent IDs"; parents the job did not run (skipped stages, stages of
// other jobs) add nothing.
#pragma once

#include <cstdint>
#include <vector>

#include "core/analysis/time/time_facts.h"

namespace afterglow::time_analysis {

// How long a stage takes on the critical path.
enum class StageLength : uint8_t {
  kLongestRunTime,  // Sparklens: the largest executorRunTime of its tasks
  kLongestSlot,     // Afterglow: the longest launch-to-finish of its tasks (what the job waited)
};

// `stages`: the job's stages (indices into facts.stages); the critical path runs back from the
// one with the highest id. Memoised, so a diamond-shaped graph costs one visit per stage.
int64_t CriticalPathMs(const TimeFacts& facts, const std::vector<uint32_t>& stages,
                       StageLength length);

}  // namespace afterglow::time_analysis
