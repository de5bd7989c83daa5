#include "core/query/executor_rows.h"

#include "core/analysis/app_totals.h"
#include "core/analysis/diagnostics.h"
#include "core/analysis/shown_executors.h"

namespace afterglow {
namespace {

StringViewPairs ResolvePairs(const StringPool& pool, const StringPairs& pairs) {
  StringViewPairs out;
  out.reserve(pairs.size());
  for (const auto& [name, value] : pairs) out.emplace_back(pool.Get(name), pool.Get(value));
  return out;
}

ExecutorRow ReadExecutorRow(const AttemptModel& attempt, const StringPool& pool,
                            const Executor& e, int64_t now_ms) {
  ExecutorRow row;
  row.id = pool.Get(e.executor_id);
  row.host_port = pool.Get(e.host_port != kEmptyString ? e.host_port : e.host);
  row.is_active = e.is_active;
  row.is_excluded = e.is_excluded;
  row.rdd_blocks = e.rdd_blocks;
  row.memory_used = e.memory_used;
  row.disk_used = e.disk_used;
  row.total_cores = e.total_cores;
  row.max_tasks = e.max_tasks;
  row.active_tasks = e.active_tasks;
  row.failed_tasks = e.failed_tasks;
  row.completed_tasks = e.completed_tasks;
  row.total_tasks = e.total_tasks;
  row.total_duration_ms = ShownTotalDuration(attempt, pool, e, now_ms);
  row.total_gc_time_ms = ShownTotalGcTime(pool, e);
  row.total_input_bytes = e.total_input_bytes;
  row.total_shuffle_read = e.total_shuffle_read;
  row.total_shuffle_write = e.total_shuffle_write;
  row.max_memory = e.max_memory;
  row.add_time = e.add_time;
  if (!e.is_active && e.remove_time != kNoTime) {
    row.remove_time = e.remove_time;
    row.remove_reason = pool.Get(e.remove_reason);
    row.is_decommissioned = IsDecommissionReason(row.remove_reason);
  }
  if (e.has_memory_info()) {
    row.has_memory_metrics = true;
    row.used_on_heap_storage = e.used_on_heap;
    row.used_off_heap_storage = e.used_off_heap;
    row.total_on_heap_storage = e.total_on_heap;
    row.total_off_heap_storage = e.total_off_heap;
  }
  if (e.peak_executor_metrics.is_set()) row.peak_memory = &e.peak_executor_metrics.peaks;
  row.excluded_in_stages = e.excluded_in_stages;
  row.resource_profile_id = e.resource_profile_id;
  row.executor_logs = ResolvePairs(pool, e.executor_logs);
  row.attributes = ResolvePairs(pool, e.attributes);
  for (const ResourceInformation& resource : e.resources) {
    ExecutorResourceRow r{pool.Get(resource.key), pool.Get(resource.name), {}};
    for (StringId address : resource.addresses) r.addresses.push_back(pool.Get(address));
    row.resources.push_back(std::move(r));
  }
  row.gc_heavy = IsGcHeavy(row.total_gc_time_ms, row.total_duration_ms);
  return row;
}

}  // namespace

std::vector<ExecutorRow> ExecutorRows(const AttemptModel& attempt, const StringPool& pool,
                                      bool active_only, int64_t now_ms) {
  std::vector<ExecutorRow> rows;
  for (const Executor* executor : ShownExecutors(attempt, pool, active_only)) {
    rows.push_back(ReadExecutorRow(attempt, pool, *executor, now_ms));
  }
  return rows;
}

}  // namespace afterglow
