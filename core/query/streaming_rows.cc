#include "core/query/streaming_rows.h"

#include <algorithm>

namespace afterglow {
namespace {

StreamingQueryRow StreamingQueryRowOf(const StreamingModel& streaming, const StringPool& pool,
                        const StreamingQuery& query, int64_t now_ms) {
  StreamingQueryRow row;
  const std::string_view name = query.name.present ? pool.Get(query.name.id) : std::string_view();
  row.name = name.empty() ? std::string_view("<no name>") : name;
  row.active = query.is_active;
  // The store's StreamingQueryData keeps the start's exception (none) after a QueryTerminated,
  // so an ended run is FINISHED in the History Server whatever the event said.
  row.status = query.is_active ? "RUNNING" : "FINISHED";
  row.id = pool.Get(query.id);
  row.run_id = pool.Get(query.run_id);
  row.start_ms = query.start_timestamp;
  const std::vector<StreamingProgress>* progress = streaming.Progress(query.run_id);
  const bool has_progress = progress != nullptr && !progress->empty();
  if (query.is_active) {
    row.duration_ms = now_ms - query.start_timestamp;
  } else {
    row.duration_ms = has_progress ? progress->back().timestamp_ms - query.start_timestamp : 0;
  }
  row.avg_input_per_s = streaming.AverageInputRate(query.run_id);
  row.avg_process_per_s = streaming.AverageProcessRate(query.run_id);
  if (has_progress) row.latest_batch = progress->back().batch_id;
  row.progress_reports = progress == nullptr ? 0 : progress->size();
  if (query.terminated_exception.present) {
    row.exception = pool.Get(query.terminated_exception.id);
  }
  return row;
}

}  // namespace

std::vector<StreamingQueryRow> StreamingQueryRows(const StreamingModel& streaming,
                                                  const StringPool& pool, int64_t now_ms) {
  std::vector<StreamingQueryRow> rows;
  rows.reserve(streaming.queries.size());
  for (const StreamingQuery& query : streaming.queries) {
    rows.push_back(StreamingQueryRowOf(streaming, pool, query, now_ms));
  }
  std::stable_sort(rows.begin(), rows.end(),
                   [](const StreamingQueryRow& a, const StreamingQueryRow& b) {
                     if (a.active != b.active) return a.active;
                     if (a.start_ms != b.start_ms) return a.start_ms > b.start_ms;
                     return a.run_id < b.run_id;
                   });
  return rows;
}

std::optional<StreamingQueryRow> FindStreamingQueryRow(const StreamingModel& streaming,
                                                       const StringPool& pool,
                                                       std::string_view run_id, int64_t now_ms) {
  for (const StreamingQuery& query : streaming.queries) {
    if (pool.Get(query.run_id) == run_id) return StreamingQueryRowOf(streaming, pool, query, now_ms);
  }
  return std::nullopt;
}

std::optional<int64_t> StreamingRunBatchesDuration(const StreamingModel& streaming,
                                                   StringId run_id, int64_t now_ms) {
  const StreamingQuery* query = streaming.FindRun(run_id);
  if (query == nullptr) return std::nullopt;
  if (query->is_active) return now_ms - query->start_timestamp;
  const std::vector<StreamingProgress>* progress = streaming.Progress(run_id);
  if (progress == nullptr || progress->empty()) return std::nullopt;
  return progress->back().timestamp_ms - progress->front().timestamp_ms;
}

}  // namespace afterglow
