#include "core/analysis/time/core_usage.h"

#include <algorithm>
#include <utility>

namespace afterglow::time_analysis {
namespace {

int64_t Clip(int64_t t, const TimeFacts& facts) {
  return std::clamp(t, facts.app_start_ms, facts.app_end_ms);
}

// (time, change) pairs sorted by time.
using Changes = std::vector<std::pair<int64_t, int32_t>>;

void SortChanges(Changes& changes) {
  std::sort(changes.begin(), changes.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
}

}  // namespace

CoreUsage ComputeCoreUsage(const AttemptModel& attempt, const TimeFacts& facts) {
  CoreUsage usage;
  Changes offer;
  for (const ExecutorSpan& e : facts.executors) {
    const int64_t end = e.remove_ms == kNoTime ? facts.app_end_ms : e.remove_ms;
    const int64_t a = Clip(e.add_ms, facts), b = Clip(end, facts);
    if (b <= a) continue;
    offer.push_back({a, e.cores});
    offer.push_back({b, -e.cores});
  }
  SortChanges(offer);
  Changes busy;
  busy.reserve(attempt.tasks.size() * 2);
  const int32_t cpus = facts.cpus_per_task;
  for (size_t row = 0; row < attempt.tasks.size(); ++row) {
    const int64_t finish = attempt.tasks.finish_time[row];
    const int64_t a = Clip(attempt.tasks.launch_time[row], facts);
    const int64_t b = Clip(finish > 0 ? finish : facts.app_end_ms, facts);
    if (b <= a) continue;
    busy.push_back({a, cpus});
    busy.push_back({b, -cpus});
  }
  SortChanges(busy);

  // Merge the two change lists into steps.
  size_t i = 0, j = 0;
  int64_t offered = 0, running = 0;
  while (i < offer.size() || j < busy.size()) {
    const int64_t t = std::min(i < offer.size() ? offer[i].first : INT64_MAX,
                               j < busy.size() ? busy[j].first : INT64_MAX);
    while (i < offer.size() && offer[i].first == t) offered += offer[i++].second;
    while (j < busy.size() && busy[j].first == t) running += busy[j++].second;
    const CoreStep step{t, static_cast<int32_t>(std::max(offered, running)),
                        static_cast<int32_t>(running)};
    if (!usage.steps.empty() && usage.steps.back().offered_cores == step.offered_cores &&
        usage.steps.back().busy_cores == step.busy_cores) {
      continue;
    }
    usage.steps.push_back(step);
  }
  for (size_t k = 0; k < usage.steps.size(); ++k) {
    const CoreStep& s = usage.steps[k];
    const int64_t next = k + 1 < usage.steps.size() ? usage.steps[k + 1].time_ms : facts.app_end_ms;
    const int64_t span = next - s.time_ms;
    usage.app.available += span * s.offered_cores;
    usage.app.used += span * s.busy_cores;
    usage.peak_offered_cores = std::max<int64_t>(usage.peak_offered_cores, s.offered_cores);
  }
  // The raise: the effective offer minus what the executors offered, recomputed from `offer`.
  int64_t executor_core_ms = 0;
  for (size_t k = 0, live = 0; k < offer.size(); ++k) {
    live += offer[k].second;
    const int64_t next = k + 1 < offer.size() ? offer[k + 1].first : facts.app_end_ms;
    executor_core_ms += static_cast<int64_t>(live) * (next - offer[k].first);
  }
  usage.raised_core_ms = usage.app.available - executor_core_ms;
  return usage;
}

std::vector<CoreMs> CoreMsWithin(const CoreUsage& usage, const std::vector<Stretch>& stretches,
                                 int64_t end_ms) {
  // Cumulative sums at every stretch boundary, found by one walk over the steps.
  std::vector<std::pair<int64_t, size_t>> bounds;  // (time, 2*stretch + is_end)
  for (size_t k = 0; k < stretches.size(); ++k) {
    bounds.push_back({stretches[k].start_ms, 2 * k});
    bounds.push_back({stretches[k].end_ms, 2 * k + 1});
  }
  std::sort(bounds.begin(), bounds.end());
  std::vector<CoreMs> at(bounds.size() == 0 ? 0 : stretches.size() * 2);
  CoreMs sum;
  size_t step = 0;
  int64_t now = usage.steps.empty() ? 0 : usage.steps[0].time_ms;
  for (const auto& [t, slot] : bounds) {
    // Advance the sums to time t.
    while (step < usage.steps.size()) {
      const CoreStep& s = usage.steps[step];
      const int64_t next = step + 1 < usage.steps.size() ? usage.steps[step + 1].time_ms : end_ms;
      if (t < s.time_ms) break;
      const int64_t from = std::max(now, s.time_ms), to = std::min(t, next);
      if (to > from) {
        sum.available += (to - from) * s.offered_cores;
        sum.used += (to - from) * s.busy_cores;
        now = to;
      }
      if (t < next) break;
      ++step;
    }
    at[slot] = sum;
  }
  std::vector<CoreMs> out(stretches.size());
  for (size_t k = 0; k < stretches.size(); ++k) {
    out[k].available = at[2 * k + 1].available - at[2 * k].available;
    out[k].used = at[2 * k + 1].used - at[2 * k].used;
  }
  return out;
}

}  // namespace afterglow::time_analysis

namespace afterglow::time_analysis {

std::vector<StretchUsage> UsageWithinDisjoint(const CoreUsage& usage,
                                              const std::vector<Stretch>& stretches,
                                              int64_t end_ms) {
  std::vector<StretchUsage> out(stretches.size());
  size_t step = 0;
  for (size_t k = 0; k < stretches.size(); ++k) {
    const Stretch& w = stretches[k];
    StretchUsage& u = out[k];
    int64_t covered = 0;  // time of the stretch that some step describes
    // Steps are sorted; back up to the step in force at the stretch's start.
    if (step >= usage.steps.size()) step = usage.steps.empty() ? 0 : usage.steps.size() - 1;
    while (step > 0 && usage.steps[step].time_ms > w.start_ms) --step;
    for (; step < usage.steps.size(); ++step) {
      const CoreStep& s = usage.steps[step];
      const int64_t next = step + 1 < usage.steps.size() ? usage.steps[step + 1].time_ms : end_ms;
      if (s.time_ms >= w.end_ms) break;
      const int64_t from = std::max(w.start_ms, s.time_ms), to = std::min(w.end_ms, next);
      if (to <= from) continue;
      covered += to - from;
      u.cores.available += (to - from) * s.offered_cores;
      u.cores.used += (to - from) * s.busy_cores;
      if (s.busy_cores == 0) u.no_task_ms += to - from;
      u.peak_offered_cores = std::max(u.peak_offered_cores, s.offered_cores);
    }
    // Before the first step nothing was offered and nothing ran.
    u.no_task_ms += w.duration_ms() - covered;
  }
  return out;
}

}  // namespace afterglow::time_analysis
