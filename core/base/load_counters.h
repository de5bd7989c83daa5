// The counters of one loaded log, as one table (name, severity, meaning), after Perfetto's stats
// table: the session fills them, `afterglow summary` prints them and the overview's Input section
// shows them, each from this list, so a new counter is one line here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace afterglow {

// kInfo: counted, nothing lost. kDataLoss: input Spark knows nothing of, skipped as Spark skips
// it. kError: damaged input; each such line is also listed among the load's problems.
enum class CounterSeverity { kInfo, kDataLoss, kError };

// X(name, severity, meaning)
#define AFTERGLOW_LOAD_COUNTERS(X)                                                               \
  X(events, kInfo, "events read into the model")                                                \
  X(ignored_events, kInfo,                                                                      \
    "Spark's own events that no page shows (task getting result, executor metrics updates, "    \
    "speculative and unschedulable task sets, block manager removals): skipped")               \
  X(unknown_events, kDataLoss,                                                                  \
    "events of a kind Spark does not know (another library's listener events): skipped, as "    \
    "Spark's replay skips them")                                                                \
  X(truncated_last_lines, kInfo,                                                                \
    "the last line of a log still being written, cut off mid-event: skipped, as Spark's replay " \
    "skips it")                                                                                 \
  X(bad_lines, kError,                                                                          \
    "lines that are not a JSON event Spark could read: skipped, and listed among the problems")

struct LoadCounters {
#define AFTERGLOW_LOAD_COUNTER_FIELD(name, severity, meaning) uint64_t name = 0;
  AFTERGLOW_LOAD_COUNTERS(AFTERGLOW_LOAD_COUNTER_FIELD)
#undef AFTERGLOW_LOAD_COUNTER_FIELD
};

struct LoadCounterInfo {
  std::string_view name;  // snake_case; shown with spaces for underscores
  CounterSeverity severity;
  std::string_view meaning;
  uint64_t LoadCounters::*value;
};

inline constexpr LoadCounterInfo kLoadCounterTable[] = {
#define AFTERGLOW_LOAD_COUNTER_ROW(name, severity, meaning) \
  {#name, CounterSeverity::severity, meaning, &LoadCounters::name},
    AFTERGLOW_LOAD_COUNTERS(AFTERGLOW_LOAD_COUNTER_ROW)
#undef AFTERGLOW_LOAD_COUNTER_ROW
};

// How a counter is shown to people: its name with spaces for underscores ("bad lines"), written
// into `out` (cut to fit `size`) so that a view drawing it every frame allocates nothing.
inline const char* LoadCounterLabel(const LoadCounterInfo& counter, char* out, size_t size) {
  size_t n = 0;
  for (; n + 1 < size && n < counter.name.size(); ++n) {
    out[n] = counter.name[n] == '_' ? ' ' : counter.name[n];
  }
  if (size > 0) out[n] = '\0';
  return out;
}

}  // namespace afterglow
