// How jobs share the application's wall-clock time, in two readings:
//  - Sparklens' (JobOverlapHelper.makeJobLists): jobs of one SQL execution form a group, every
//    other job is its own group, and a group is cut wherever a job starts after the previously
//    started job ended. Its "executor wall-clock" is the sum of each group's span, so two groups
//    that overlap in time (jobs submitted from a thread pool) are counted twice, and its driver
//    time (application time minus that sum) can go negative.
//  - Afterglow's: the union of the jobs' spans. The stretches with no job running are the driver's
//    time (they never overlap, so it is never negative); each busy stretch lists its jobs.
#pragma once

#include <cstdint>
#include <vector>

#include "core/analysis/time/time_facts.h"

namespace afterglow::time_analysis {

struct Stretch {
  int64_t start_ms = 0;
  int64_t end_ms = 0;
  int64_t duration_ms() const { return end_ms - start_ms; }
};

// A job's span as an analysis reads it: a job still running when the log ends runs until its
// last task finished, or the application's end when it ran none (QuboleJobListener's
// onApplicationEnd).
Stretch JobSpan(const TimeFacts& facts, uint32_t job);

// Sparklens' job groups over the jobs inside the application's span (AppContext
// filterByStartAndEndTime): lists of indices into facts.jobs.
std::vector<std::vector<uint32_t>> SparklensJobGroups(const TimeFacts& facts);
// JobOverlapHelper.estimatedTimeSpentInJobs: the sum over groups of (last end - first start).
int64_t SparklensTimeInJobsMs(const TimeFacts& facts,
                              const std::vector<std::vector<uint32_t>>& groups);

struct JobActivity {
  std::vector<Stretch> busy;                    // merged job spans, in time order
  std::vector<std::vector<uint32_t>> busy_jobs;  // the jobs of each busy stretch
  std::vector<Stretch> idle;                    // no job running: the driver's stretches
  int64_t busy_ms = 0;
  int64_t idle_ms = 0;  // busy_ms + idle_ms == the application's wall-clock time
};
// The union of job spans, clipped to the application's span.
JobActivity ComputeJobActivity(const TimeFacts& facts);

}  // namespace afterglow::time_analysis
