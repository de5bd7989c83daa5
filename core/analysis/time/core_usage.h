// Cores offered by the executors against task slots busy, over the application's span, as a step
// series a chart can draw, with the core-milliseconds they add up to.
//
// Offered cores follow each executor from its ExecutorAdded to its ExecutorRemoved (or the end),
// so an application under dynamic allocation is charged for what it held at each moment; Sparklens
// charged the peak executor count for the whole run ("AutoScale Aware" was only a side line).
// A running task holds spark.task.cpus cores from its launch to its finish (a task still running
// when the log ends, until the end). Where tasks ran on more cores than the log's executors
// offered (a log that lost its ExecutorAdded events, local mode without one), the offer is raised
// to the busy count for that stretch and the excess is counted in raised_core_ms, so utilisation
// never passes 100%.
#pragma once

#include <cstdint>
#include <vector>

#include "core/analysis/time/job_groups.h"
#include "core/analysis/time/time_facts.h"
#include "core/model/app_model.h"

namespace afterglow::time_analysis {

// From time_ms until the next step's time (the last step until the application's end).
struct CoreStep {
  int64_t time_ms = 0;
  int32_t offered_cores = 0;  // after raising to busy_cores where needed
  int32_t busy_cores = 0;     // running tasks times spark.task.cpus
};

struct CoreMs {
  int64_t available = 0;
  int64_t used = 0;
  int64_t wasted() const { return available - used; }
  double UsedPct() const {
    return available > 0 ? 100.0 * static_cast<double>(used) / static_cast<double>(available) : 0.0;
  }
};

struct CoreUsage {
  std::vector<CoreStep> steps;  // time order; consecutive steps differ
  CoreMs app;                   // over the whole application
  int64_t raised_core_ms = 0;   // offer added where tasks outnumbered the executors' cores
  int64_t peak_offered_cores = 0;
};

CoreUsage ComputeCoreUsage(const AttemptModel& attempt, const TimeFacts& facts);

// Core-ms offered and used within each stretch (sorted or not, overlapping or not), in one sweep
// of the steps. `end_ms`: the application's end, where the last step stops.
std::vector<CoreMs> CoreMsWithin(const CoreUsage& usage, const std::vector<Stretch>& stretches,
                                 int64_t end_ms);

// What the cluster did within one of a list of disjoint stretches.
struct StretchUsage {
  CoreMs cores;
  int64_t no_task_ms = 0;        // time with no task running: the driver's work inside jobs
  int32_t peak_offered_cores = 0;
};
// `stretches` sorted and disjoint (JobActivity::busy).
std::vector<StretchUsage> UsageWithinDisjoint(const CoreUsage& usage,
                                              const std::vector<Stretch>& stretches,
                                              int64_t end_ms);

}  // namespace afterglow::time_analysis
