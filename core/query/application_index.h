// The History Server's application listing over everything loaded: logs merged by app id, one
// attempt per log (a later log replaces an attempt with the same attempt id), attempts newest
// first, apps ordered by the head attempt's end time then app id, both descending (docs/SPARK-
// SEMANTICS.md facts 5-11).
// Everything here reads AttemptModel::listing, what the listing's prefix filter let through
// (docs/SPARK-SEMANTICS.md fact 4), never the full replay's AppInfo.
#pragma once

#include <string>
#include <vector>

#include <optional>
#include <string_view>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"

namespace afterglow {

struct ApplicationEntry {
  std::string_view id;    // views into the string pool
  std::string_view name;  // from the most recently merged log
  std::vector<const AttemptModel*> attempts;  // startTime descending
  bool running() const;
};

// `attempts`: every loaded log's model, in load order.
std::vector<ApplicationEntry> BuildApplicationIndex(const StringPool& pool,
                                                   const std::vector<const AttemptModel*>& attempts);

// Whether the listing shows the attempt as completed: its replay read an ApplicationEnd (for a
// ".inprogress" log, only one before the replay halted; core/listen/listing_listener.h).
bool ListedCompleted(const AttemptModel& attempt);
// Spark's attempt view: endTime -1 and duration 0 unless an ApplicationEnd was seen.
int64_t AttemptEndTime(const AttemptModel& attempt);
int64_t AttemptDuration(const AttemptModel& attempt);

// The attempt the UI shows for `app_id` with exactly `attempt_id` ("" = none), or null
// (docs/SPARK-SEMANTICS.md fact 16).
const AttemptModel* FindAttemptUi(const StringPool& pool,
                                  const std::vector<const AttemptModel*>& attempts,
                                  std::string_view app_id,
                                  const std::optional<std::string>& attempt_id);

}  // namespace afterglow
