// The inputs of the executor what-if (schedule_simulation.h), in Sparklens' reading and in ours.
// Sparklens' stages index TimeFacts::run_ms, ours TimeFacts::slot_ms.
#pragma once

#include <cstdint>
#include <vector>

#include "core/analysis/time/job_groups.h"
#include "core/analysis/time/schedule_simulation.h"
#include "core/analysis/time/time_facts.h"

namespace afterglow::time_analysis {

// Sparklens (CompletionEstimator.estimateAppWallClockTimeWithJobLists): its job groups, each
// job's successfully completed stages, each task's executorRunTime, and the driver time
// (application time minus the groups' spans) added unchanged. A group none of whose jobs ran a
// stage takes the sum of its jobs' durations.
ScheduleInput SparklensScheduleInput(const TimeFacts& facts,
                                     const std::vector<std::vector<uint32_t>>& groups,
                                     int64_t driver_ms);

// Afterglow: the busy stretches of the job union (never counted twice), every stage that ran
// tasks (failed attempts held the cluster too), each task's launch-to-finish (the slot it held,
// deserialisation and result fetch included), and as fixed time the stretches with no job plus,
// inside each busy stretch, the time with no task running (the driver working between stages).
// So at 100% the estimate is the real run with its scheduling gaps between tasks squeezed out.
ScheduleInput AfterglowScheduleInput(const TimeFacts& facts, const JobActivity& activity,
                                     const std::vector<int64_t>& no_task_ms_in_busy);

}  // namespace afterglow::time_analysis
