#include "core/listen/streaming_retention.h"

#include <algorithm>

namespace afterglow {

void StreamingRetention::Started(StringId run_id) {
  ended_.erase(std::remove(ended_.begin(), ended_.end(), run_id), ended_.end());
}

void StreamingRetention::ProgressStored(StringId run_id, StringId timestamp, int64_t batch_id,
                                        std::vector<StreamingProgress>& reports) {
  // Spark queues every arrival, a repeated id too, and deletes by id what leaves the queue: the
  // report that replaced an earlier one with its id goes when that earlier arrival does.
  std::deque<ReportId>& arrivals = arrivals_[run_id];
  arrivals.push_back({timestamp, batch_id});
  while (arrivals.size() > limits_.progress_per_run) {
    const ReportId oldest = arrivals.front();
    arrivals.pop_front();
    // The oldest arrival is nearly always at the front of the timestamp-ordered reports.
    const auto found = std::find_if(reports.begin(), reports.end(), [&](const StreamingProgress& p) {
      return p.timestamp == oldest.timestamp && p.batch_id == oldest.batch_id;
    });
    if (found != reports.end()) reports.erase(found);
  }
}

void StreamingRetention::Terminated(StringId run_id, StreamingModel& streaming) {
  arrivals_.erase(run_id);
  Started(run_id);  // ended again: it moves to the back
  ended_.push_back(run_id);
  // Spark orders the ended runs by the wall-clock time their end was replayed at, which is the
  // order of their QueryTerminatedEvents in the log.
  while (ended_.size() > limits_.inactive_queries) {
    const StringId oldest = ended_.front();
    ended_.pop_front();
    std::erase_if(streaming.queries, [&](const StreamingQuery& q) { return q.run_id == oldest; });
    streaming.progress_by_run.erase(oldest);
  }
}

}  // namespace afterglow
