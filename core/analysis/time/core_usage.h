// Cores offered by the executors against task slots busy, over the application's span: the
// core-milliseconds they add up to (exact), and a series of equal time buckets a chart can draw.
//
// Offered cores follow each executor from its ExecutorAdded to its ExecutorRemoved (or the end),
// so an application under dynamic allocation is charged for what it held at each moment; Sparklens
// charged the peak executor count for the whole run ("AutoScale Aware" was only a side line).
// A running task holds spark.task.cpus cores from its launch to its finish (a task still running
// when the log ends, until the end). Where tasks ran on more cores than the log's executors
// offered (a log that lost its ExecutorAdded events, local mode without one), the offer is raised
// to the busy count for that stretch and the excess is counted in raised_core_ms, so utilisation
// never passes 100%.
//
// Memory: the series has at most kUsageBuckets buckets whatever the task count, each bucket's
// core-ms exact and its peaks kept (a burst shorter than a bucket still shows); when the
// application is shorter than kUsageBuckets ms, a bucket is one millisecond and the series is
// the exact step function. The sweep that builds it (CoreUsageSweep) orders the tasks' launch and
// finish times by a counting sort into those buckets, a quarter of the buckets at a time (a pass
// over the tasks each): 2 bytes a task while it runs, nothing after.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/analysis/time/job_groups.h"
#include "core/analysis/time/time_facts.h"
#include "core/model/app_model.h"

namespace afterglow::time_analysis {

inline constexpr uint32_t kUsageBuckets = 16384;

struct CoreMs {
  int64_t available = 0;
  int64_t used = 0;
  int64_t wasted() const { return available - used; }
  double UsedPct() const {
    return available > 0 ? 100.0 * static_cast<double>(used) / static_cast<double>(available) : 0.0;
  }
};

// The cores in force over [from_ms, to_ms).
struct CoreSegment {
  int64_t from_ms = 0, to_ms = 0;
  int32_t offered_cores = 0;  // after raising to busy_cores where needed
  int32_t busy_cores = 0;     // running tasks times spark.task.cpus
};

// One bucket of the series: the peaks within it and the core-ms it holds.
struct UsageBucket {
  int32_t max_offered_cores = 0;
  int32_t max_busy_cores = 0;
  int64_t offered_core_ms = 0;
  int64_t busy_core_ms = 0;
};

// The cores the executors themselves offered from time_ms until the next step (before any
// raise): a few steps, one per executor added or removed, for a chart's exact offer line.
struct OfferStep {
  int64_t time_ms = 0;
  int32_t cores = 0;
};

struct CoreUsage {
  std::vector<OfferStep> executor_offer;  // time order, inside the application; the last is 0
  int64_t start_ms = 0;   // the application's start: where bucket 0 begins
  int64_t end_ms = 0;     // its end: where the last bucket stops
  int64_t bucket_ms = 1;  // each bucket's width (the last one cut at end_ms)
  std::vector<UsageBucket> buckets;
  CoreMs app;                  // over the whole application
  int64_t raised_core_ms = 0;  // offer added where tasks outnumbered the executors' cores
  int64_t peak_offered_cores = 0;

  int64_t bucket_start(size_t k) const { return start_ms + static_cast<int64_t>(k) * bucket_ms; }
  int64_t bucket_end(size_t k) const { return std::min(end_ms, bucket_start(k + 1)); }
};

// The executors' offer over the application's span (clipped to it), changes at one instant merged.
std::vector<OfferStep> ExecutorOfferSteps(const TimeFacts& facts);

// The empty series over [start_ms, end_ms): min(kUsageBuckets, its length in ms) buckets.
CoreUsage EmptyCoreUsage(int64_t start_ms, int64_t end_ms);
// Adds a segment (inside [start_ms, end_ms), in any order) to the buckets, totals and peak.
void AddCoreSegment(CoreUsage& usage, const CoreSegment& segment);

// What the cluster did within one of a list of disjoint stretches.
struct StretchUsage {
  CoreMs cores;
  int64_t no_task_ms = 0;        // time with no task running: the driver's work inside jobs
  int32_t peak_offered_cores = 0;
};

// The usage of an attempt, in bounded steps: Step reads about `task_budget` tasks (or sorts and
// sweeps about that many launch and finish times) and returns true once done. Besides the series
// it sums the core-ms within two lists of stretches in the same sweep: `disjoint` (sorted, not
// overlapping: the busy stretches of JobActivity) and `spans` (any: the stages' spans). The
// attempt and the facts must outlive the sweep and not change.
class CoreUsageSweep {
 public:
  void Start(const AttemptModel& attempt, const TimeFacts& facts, std::vector<Stretch> disjoint,
             std::vector<Stretch> spans);
  bool Step(size_t task_budget);
  bool done() const { return phase_ == Phase::kDone; }

  CoreUsage usage;
  std::vector<StretchUsage> in_disjoint;  // one per `disjoint` stretch
  std::vector<CoreMs> in_spans;           // one per `spans` stretch

 private:
  enum class Phase : uint8_t { kCount, kPlace, kSweep, kDone };
  static constexpr uint32_t kChunks = 4;  // passes over the tasks, each placing a quarter
  // The task's clipped [launch, finish), or an empty pair when it held no time.
  std::pair<int64_t, int64_t> TaskStretch(size_t row) const;
  size_t BucketOf(int64_t t) const;
  void AdvanceTo(int64_t t);  // emits the segments up to t, applying the executors' changes
  // A span's bound reached with `swept` core-ms summed up to it: subtracted from the span at its
  // start, added at its end, so the span ends holding what lies between without a second array
  // of sums (a log of one-task jobs has as many spans as tasks).
  void AddBound(uint32_t bound, const CoreMs& swept);
  void Emit(int64_t to);
  void Finish();

  const AttemptModel* attempt_ = nullptr;
  const TimeFacts* facts_ = nullptr;
  Phase phase_ = Phase::kDone;
  size_t cursor_ = 0;  // task row, or bucket, by phase
  std::vector<uint32_t> place_;   // per bucket: its first event, then the next free place
  std::vector<size_t> chunk_end_;  // the buckets of chunk c end at chunk_end_[c]
  size_t chunk_ = 0;               // the chunk being placed or swept
  uint32_t chunk_base_ = 0;        // the chunk's first event, in place_'s numbering
  // The chunk's launches and finishes: offset in its bucket << 1 | is_finish.
  std::vector<uint32_t> events_;
  std::vector<std::pair<int64_t, int32_t>> offer_;  // (time, change of cores), time order
  size_t next_offer_ = 0;
  int64_t now_ = 0;
  int64_t offered_ = 0, running_ = 0;
  std::vector<Stretch> disjoint_;
  size_t next_disjoint_ = 0;
  std::vector<std::pair<int64_t, uint32_t>> bounds_;  // (time, 2 * span + is_end), time order
  size_t next_bound_ = 0;
  CoreMs swept_;  // core-ms from the start to now_
};

}  // namespace afterglow::time_analysis
