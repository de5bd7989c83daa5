// The Structured Streaming tab's rows (#/streaming): one row per query run, as Spark's
// StreamingQueryPage lists them (docs/SPARK-SEMANTICS.md facts 113 and 114), and the run page's
// headline (fact 115). Strings are views into the session's
// string pool, valid while the session lives.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/model/sql_model.h"
#include "core/base/string_pool.h"

namespace afterglow {

struct StreamingQueryRow {
  std::string_view name;    // "<no name>" when the query has none (UIUtils.getQueryName)
  std::string_view status;  // "RUNNING", "FAILED" or "FINISHED" (UIUtils.getQueryStatus)
  bool active = true;       // listed under "Active Streaming Queries"
  std::string_view id;
  std::string_view run_id;
  int64_t start_ms = 0;
  // "Duration": running: to `now_ms`; ended: the last report's timestamp minus the start (0
  // without reports). Spark's "now" is its wall clock; a log's is its last event
  // (DurationNowMs), so a run the log never ended runs to the application's end (fact 120).
  int64_t duration_ms = 0;
  double avg_input_per_s = 0;    // StreamingModel::AverageInputRate (NaN without reports)
  double avg_process_per_s = 0;  // StreamingModel::AverageProcessRate
  std::optional<int64_t> latest_batch;  // the last report's batchId; none without reports
  size_t progress_reports = 0;
  // The QueryTerminatedEvent's exception. Spark's page shows "-" in its Error column (its listener
  // keeps the start's empty exception); we show what the log says.
  std::optional<std::string_view> exception;
};

// Active runs first, then ended ones; each group newest start first (the page's default sort,
// "Start Time" descending), ties by run id.
std::vector<StreamingQueryRow> StreamingQueryRows(const StreamingModel& streaming,
                                                  const StringPool& pool, int64_t now_ms);
std::optional<StreamingQueryRow> FindStreamingQueryRow(const StreamingModel& streaming,
                                                       const StringPool& pool,
                                                       std::string_view run_id, int64_t now_ms);

// The run page's "Running batches for <duration>": running: to `now_ms` (DurationNowMs of the
// run's log, fact 120); ended: from the first report's timestamp to the last one's; none (Spark
// prints "-") for an ended run without reports.
std::optional<int64_t> StreamingRunBatchesDuration(const StreamingModel& streaming,
                                                   StringId run_id, int64_t now_ms);

}  // namespace afterglow
