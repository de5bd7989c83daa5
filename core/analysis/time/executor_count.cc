#include "core/analysis/time/executor_count.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

namespace afterglow::time_analysis {
namespace {

// The largest running count of (time, +1 at add, -1 at removal), adds first at a tie.
int64_t MaxConcurrent(const TimeFacts& facts) {
  std::vector<std::pair<int64_t, int64_t>> changes;
  for (const ExecutorSpan& e : facts.executors) {
    changes.push_back({e.add_ms, 1});
    changes.push_back({e.remove_ms == kNoTime ? facts.app_end_ms : e.remove_ms, -1});
  }
  std::sort(changes.begin(), changes.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first < b.first : a.second > b.second;
  });
  int64_t now = 0, most = 0;
  for (const auto& [time, delta] : changes) {
    now += delta;
    most = std::max(most, now);
  }
  return most;
}

}  // namespace

ExecutorCount SparklensExecutorCount(const TimeFacts& facts) {
  ExecutorCount count;
  count.max_concurrent = std::max<int64_t>(1, MaxConcurrent(facts));
  std::map<int32_t, int64_t> by_cores;
  for (const ExecutorSpan& e : facts.executors) ++by_cores[e.cores];
  int64_t best = 0;
  for (const auto& [cores, n] : by_cores) {
    if (n > best) {
      best = n;
      count.cores_per_executor = cores;
    }
  }
  return count;
}

}  // namespace afterglow::time_analysis
