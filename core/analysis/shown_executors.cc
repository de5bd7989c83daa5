#include "core/analysis/shown_executors.h"

#include <algorithm>
#include <map>
#include <string_view>

#include "core/model/driver_id.h"

namespace afterglow {
namespace {

constexpr std::string_view kFallbackId = "fallback";  // FALLBACK_BLOCK_MANAGER_ID
constexpr size_t kTotalGcTimeIndex = 20;              // ExecutorMetricType "TotalGCTime"
static_assert(kExecutorMetricNames[kTotalGcTimeIndex] == "TotalGCTime");

}  // namespace

std::vector<const Executor*> ShownExecutors(const AttemptModel& attempt, const StringPool& pool,
                                            bool active_only) {
  // std::map over the id text: byte order, which is the KVStore's key order for these ids.
  std::map<std::string_view, const Executor*> latest;
  for (const Executor& executor : attempt.executors) latest[pool.Get(executor.executor_id)] = &executor;
  std::vector<const Executor*> shown;
  for (const auto& [id, executor] : latest) {
    if (id == kFallbackId || executor->evicted) continue;
    if (active_only && !executor->is_active) continue;
    shown.push_back(executor);
  }
  if (active_only) std::reverse(shown.begin(), shown.end());
  return shown;
}

int64_t ShownTotalDuration(const AttemptModel& attempt, const StringPool& pool,
                           const Executor& executor, int64_t now_ms) {
  if (pool.Get(executor.executor_id) != kDriverExecutorId || !attempt.app.has_start) {
    return executor.total_duration;
  }
  const AppInfo& app = attempt.app;
  if (app.end_time == 0) return executor.total_duration;
  if (app.end_time < 0) return now_ms - app.start_time;
  return app.end_time - app.start_time;
}

int64_t ShownTotalGcTime(const StringPool& pool, const Executor& executor) {
  if (pool.Get(executor.executor_id) == kDriverExecutorId &&
      executor.peak_executor_metrics.is_set()) {
    return executor.peak_executor_metrics.peaks[kTotalGcTimeIndex];
  }
  return executor.total_gc_time;
}

}  // namespace afterglow
