// The Spark properties two runs set differently, and the executors each run asked for. Values
// are shown as /environment shows them (secrets redacted). Properties that name the run itself
// (its id, start time, driver port) differ between any two runs; they are listed but flagged,
// so a reader can set them aside.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/model/app_model.h"

namespace afterglow::compare {

struct PropertyDifference {
  std::string key;
  std::optional<std::string> a, b;  // nullopt: not set in that run
  bool names_the_run = false;       // spark.app.id, spark.app.startTime, spark.driver.port, ...
};

// Every Spark property whose value differs (or is set in one run only), by key.
std::vector<PropertyDifference> DiffSparkProperties(const AttemptModel& a, const AttemptModel& b);

// The properties that say how many executors of what size a run asked for
// (spark.executor.instances, .cores, .memory, dynamic allocation's bounds, ...), for both runs,
// whether they differ or not; only keys at least one run sets.
std::vector<PropertyDifference> ExecutorRequests(const AttemptModel& a, const AttemptModel& b);

}  // namespace afterglow::compare
