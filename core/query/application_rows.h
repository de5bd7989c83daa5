// The rows of /applications, /applications/{id} and /applications/{id}/{attempt}
// (v1.ApplicationInfo and ApplicationAttemptInfo): the History Server's listing over every loaded
// log (core/query/application_index.h), with its status, date and limit filters. Strings are
// views into the session's string pool.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"

namespace afterglow {

struct AttemptRow {
  std::optional<std::string_view> attempt_id;  // none for logs without one
  int64_t start_time = kNoTime;                 // epoch ms
  int64_t end_time = -1;                        // -1 unless the listing saw an ApplicationEnd
  // The latest event time (or the start): the History Server's file time is not in the log.
  int64_t last_updated = kNoTime;
  int64_t duration_ms = 0;  // 0 unless completed
  std::string_view spark_user;
  bool completed = false;
  std::string_view app_spark_version;
};

struct ApplicationRow {
  std::string_view id;
  std::string_view name;            // from the most recently loaded log
  std::vector<AttemptRow> attempts;  // newest start first
  bool running = false;              // the newest attempt is not completed
};

// ApplicationListResource's filters; the defaults keep everything.
struct ApplicationFilter {
  bool include_completed = true;
  bool include_running = true;
  // An application passes when one attempt starts within [min_start, max_start] and ends within
  // [min_end, max_end] (a running one also passes when max_end is after now_ms).
  int64_t min_start = std::numeric_limits<int64_t>::min();
  int64_t max_start = std::numeric_limits<int64_t>::max();
  int64_t min_end = std::numeric_limits<int64_t>::min();
  int64_t max_end = std::numeric_limits<int64_t>::max();
  int64_t limit = std::numeric_limits<int64_t>::max();
  int64_t now_ms = 0;
};

// `attempts`: every loaded log's model, in load order. Applications in the listing's order.
std::vector<ApplicationRow> ApplicationRows(const StringPool& pool,
                                            const std::vector<const AttemptModel*>& attempts,
                                            const ApplicationFilter& filter = ApplicationFilter());

}  // namespace afterglow
