// A task's "Task Info" "Accumulables", decoded once for its two readers: the entries the task
// API shows (non-internal, non-SQL; LiveEntityHelpers.newAccumulatorInfos) and, when asked, the
// SQL listener's id / update pairs. Texts are interned only for the entries the API shows, so
// the many internal metric accumulators of newer logs never reach the string pool.
#pragma once

#include <vector>

#include "core/base/string_pool.h"
#include "core/decode/raw_json_cursor.h"
#include "core/decode/sql_events.h"
#include "core/events/events.h"
#include "simdjson.h"

namespace afterglow {

// `shown` and `sql` may each be null; both are cleared first when given.
simdjson::error_code DecodeTaskAccumulables(simdjson::ondemand::value value, StringPool& pool,
                                            std::vector<AccumulableEvent>* shown,
                                            std::vector<TaskAccumUpdate>* sql);
// The same over the raw text when it has Spark's shape (raw_json_cursor.h); kNotCanonical
// otherwise, with `shown` and `sql` partly filled (the simdjson path clears them again).
simdjson::error_code DecodeTaskAccumulables(json::RawCursor& value, StringPool& pool,
                                            std::vector<AccumulableEvent>* shown,
                                            std::vector<TaskAccumUpdate>* sql);

}  // namespace afterglow
