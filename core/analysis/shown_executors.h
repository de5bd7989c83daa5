// The executor rows the History Server shows for an attempt, in its order, and the driver's
// substituted numbers (docs/SPARK-SEMANTICS.md facts 64, 65, 73). Shared by the executors endpoints
// and the UI, so both show the same rows and numbers.
#pragma once

#include <cstdint>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"

namespace afterglow {

// `executors` (active only, id string descending) or `allexecutors` (id string ascending). Only
// each id's latest record is shown (the store is keyed by id); evicted dead records and the
// "fallback" block manager are left out.
std::vector<const Executor*> ShownExecutors(const AttemptModel& attempt, const StringPool& pool,
                                            bool active_only);

// totalDuration and totalGCTime as shown: for the driver the application's duration (now minus
// start while it runs) and the peak TotalGCTime when peak metrics exist.
int64_t ShownTotalDuration(const AttemptModel& attempt, const StringPool& pool,
                           const Executor& executor, int64_t now_ms);
int64_t ShownTotalGcTime(const StringPool& pool, const Executor& executor);

}  // namespace afterglow
