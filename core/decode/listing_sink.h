// Where the events of the History Server's listing go: it replays only lines that begin with its
// exact prefixes (FsHistoryProvider's eventsFilter; docs/SPARK-SEMANTICS.md fact 4).
#pragma once

#include <cstdint>

#include "core/base/string_pool.h"
#include "core/events/events.h"

namespace afterglow {

class ListingSink {
 public:
  virtual ~ListingSink() = default;
  virtual void OnListedLogStart(StringId spark_version) = 0;
  virtual void OnListedApplicationStart(const ApplicationStartEvent& event) = 0;
  virtual void OnListedApplicationEnd(int64_t time) = 0;
  // An EnvironmentUpdate whose line begins with {"Event":"SparkListenerEnvironmentUpdate", (the
  // filter's fourth prefix, comma included): the listing's halt point.
  virtual void OnListedEnvironmentUpdate() = 0;
};

}  // namespace afterglow
