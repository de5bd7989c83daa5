// What the History Server's StreamingQueryStatusListener keeps of a log's Structured Streaming
// queries (docs/SPARK-SEMANTICS.md fact 121): per run, the last
// spark.sql.streaming.ui.retainedProgressUpdates progress reports in arrival order, and of the
// ended runs the last spark.sql.streaming.ui.retainedQueries to end. The limits are the History
// Server's own settings, not the application's (as fact 109's), so a log's environment does not
// change them. SqlListener tells this class each event after storing it; it deletes what Spark's
// store would delete from AttemptModel::streaming.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/sql_model.h"

namespace afterglow {

struct StreamingRetentionLimits {
  size_t progress_per_run = 100;  // spark.sql.streaming.ui.retainedProgressUpdates (StaticSQLConf)
  size_t inactive_queries = 100;  // spark.sql.streaming.ui.retainedQueries (StaticSQLConf)
};

class StreamingRetention {
 public:
  explicit StreamingRetention(StreamingRetentionLimits limits = {}) : limits_(limits) {}

  // A QueryStartedEvent wrote run `run_id` as active (a run started again is no longer ended).
  void Started(StringId run_id);
  // A report (`timestamp` as written, `batch_id`) of run `run_id` was stored in `reports`, new or
  // replacing one with the same unique id: the oldest arrivals past the limit leave `reports`.
  void ProgressStored(StringId run_id, StringId timestamp, int64_t batch_id,
                      std::vector<StreamingProgress>& reports);
  // A QueryTerminatedEvent ended run `run_id`: its arrival queue is dropped (later reports start a
  // new one), and the runs that ended first, past the limit, leave `streaming` with their reports.
  void Terminated(StringId run_id, StreamingModel& streaming);

 private:
  struct ReportId {
    StringId timestamp = kEmptyString;
    int64_t batch_id = 0;
  };

  StreamingRetentionLimits limits_;
  std::map<StringId, std::deque<ReportId>> arrivals_;  // per run still counting its reports
  std::deque<StringId> ended_;                          // runs ended, first to end first
};

}  // namespace afterglow
