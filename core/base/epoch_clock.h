// The wall clock, in the unit of every time in an event log: what the History Server's answers
// compare with for "now" (a running application's duration, an executor's active time).
#pragma once

#include <chrono>
#include <cstdint>

namespace afterglow {

// Milliseconds since the Unix epoch (System.currentTimeMillis).
inline int64_t NowEpochMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace afterglow
