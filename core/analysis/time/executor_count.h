// How many executors and cores the application had, as the what-if scales them.
#pragma once

#include <cstdint>

#include "core/analysis/time/time_facts.h"

namespace afterglow::time_analysis {

struct ExecutorCount {
  int64_t max_concurrent = 1;      // the most executors alive at one moment, at least 1
  int32_t cores_per_executor = 1;  // see the two readings below
  int64_t total_cores() const { return max_concurrent * cores_per_executor; }
};

// Sparklens (AppContext.getMaxConcurrent, getExecutorCores): executors alive at once, counting an
// add before a removal at the same instant and an executor never removed as alive until the end;
// at least 1 (local mode logs may add none). Cores: Sparklens took the last executor of a hash
// map, an order we cannot reproduce; we take the most common core count (the same on any cluster
// whose executors are alike), 1 when there is no executor. Sparklens kept one span per executor
// id (the first add, the last removal); we count every add of an id as its own span, as the
// executor really left and came back.
ExecutorCount SparklensExecutorCount(const TimeFacts& facts);

}  // namespace afterglow::time_analysis
