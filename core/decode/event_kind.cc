#include "core/decode/event_kind.h"

#include <array>
#include <utility>

#include "core/decode/sql_event_decoder.h"
#include "core/decode/thrift_server_event_decoder.h"

namespace afterglow {
namespace {

constexpr std::array<std::pair<std::string_view, EventKind>, 30> kModeled = {{
    {"SparkListenerLogStart", EventKind::kLogStart},
    {"SparkListenerApplicationStart", EventKind::kApplicationStart},
    {"SparkListenerApplicationEnd", EventKind::kApplicationEnd},
    {"SparkListenerEnvironmentUpdate", EventKind::kEnvironmentUpdate},
    {"SparkListenerJobStart", EventKind::kJobStart},
    {"SparkListenerJobEnd", EventKind::kJobEnd},
    {"SparkListenerStageSubmitted", EventKind::kStageSubmitted},
    {"SparkListenerStageCompleted", EventKind::kStageCompleted},
    {"SparkListenerTaskStart", EventKind::kTaskStart},
    {"SparkListenerTaskEnd", EventKind::kTaskEnd},
    {"SparkListenerExecutorAdded", EventKind::kExecutorAdded},
    {"SparkListenerExecutorRemoved", EventKind::kExecutorRemoved},
    {"SparkListenerBlockManagerAdded", EventKind::kBlockManagerAdded},
    {"SparkListenerStageExecutorMetrics", EventKind::kStageExecutorMetrics},
    {"SparkListenerResourceProfileAdded", EventKind::kResourceProfileAdded},
    {"SparkListenerMiscellaneousProcessAdded", EventKind::kMiscellaneousProcessAdded},
    {"SparkListenerBlockUpdated", EventKind::kBlockUpdated},
    {"SparkListenerUnpersistRDD", EventKind::kUnpersistRdd},
    {"SparkListenerExecutorBlacklisted", EventKind::kExecutorExcluded},
    {"SparkListenerExecutorExcluded", EventKind::kExecutorExcluded},
    {"SparkListenerExecutorUnblacklisted", EventKind::kExecutorUnexcluded},
    {"SparkListenerExecutorUnexcluded", EventKind::kExecutorUnexcluded},
    {"SparkListenerNodeBlacklisted", EventKind::kNodeExcluded},
    {"SparkListenerNodeExcluded", EventKind::kNodeExcluded},
    {"SparkListenerNodeUnblacklisted", EventKind::kNodeUnexcluded},
    {"SparkListenerNodeUnexcluded", EventKind::kNodeUnexcluded},
    {"SparkListenerExecutorBlacklistedForStage", EventKind::kExecutorExcludedForStage},
    {"SparkListenerExecutorExcludedForStage", EventKind::kExecutorExcludedForStage},
    {"SparkListenerNodeBlacklistedForStage", EventKind::kNodeExcludedForStage},
    {"SparkListenerNodeExcludedForStage", EventKind::kNodeExcludedForStage},
}};

// Spark's own events that this model does not read yet; they are not "unknown" to Spark.
constexpr std::array<std::string_view, 6> kKnownToSpark = {
    "SparkListenerTaskGettingResult",
    "SparkListenerExecutorMetricsUpdate",
    "SparkListenerBlockManagerRemoved",
    "SparkListenerSpeculativeTaskSubmitted",
    "SparkListenerUnschedulableTaskSetAdded",
    "SparkListenerUnschedulableTaskSetRemoved",
};

}  // namespace

EventKind EventKindFromName(std::string_view event_name) {
  // Events without a JsonProtocol case are written by class name; Spark's own scheduler events
  // (exclusion, miscellaneous processes) then carry the package prefix.
  constexpr std::string_view kSchedulerPackage = "org.apache.spark.scheduler.";
  if (event_name.starts_with(kSchedulerPackage)) event_name.remove_prefix(kSchedulerPackage.size());
  for (const auto& [name, kind] : kModeled) {
    if (name == event_name) return kind;
  }
  for (std::string_view name : kKnownToSpark) {
    if (name == event_name) return EventKind::kIgnored;
  }
  // SQL and Structured Streaming events use class names; the SHS loads these classes.
  if (event_name.starts_with("org.apache.spark.sql.hive.thriftserver.")) {
    return ThriftServerEventKindFromName(event_name);
  }
  if (event_name.starts_with("org.apache.spark.sql.")) return SqlEventKindFromName(event_name);
  // Apache Gluten posts its plan fallbacks as its own event class (renamed with its package in
  // Gluten 1.2); Spark writes it by class name like any listener event it has no case for.
  if (event_name == "org.apache.gluten.events.GlutenPlanFallbackEvent" ||
      event_name == "io.glutenproject.events.GlutenPlanFallbackEvent") {
    return EventKind::kGlutenPlanFallback;
  }
  return EventKind::kUnknown;
}

}  // namespace afterglow
