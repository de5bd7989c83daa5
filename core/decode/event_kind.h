// The "Event" names the decoder understands, as one enum to switch on.
#pragma once

#include <cstdint>
#include <string_view>

namespace afterglow {

enum class EventKind : uint8_t {
  kUnknown,  // not a Spark event we know of: skipped and counted, as Spark's replay skips it
  kIgnored,  // a Spark event the model does not use yet (SQL, storage, exclusion...): skipped
  kLogStart,
  kApplicationStart,
  kApplicationEnd,
  kEnvironmentUpdate,
  kJobStart,
  kJobEnd,
  kStageSubmitted,
  kStageCompleted,
  kTaskStart,
  kTaskEnd,
  kExecutorAdded,
  kExecutorRemoved,
  kBlockManagerAdded,
  kStageExecutorMetrics,
};

EventKind EventKindFromName(std::string_view event_name);

}  // namespace afterglow
