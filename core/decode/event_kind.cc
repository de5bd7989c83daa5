#include "core/decode/event_kind.h"

#include <array>
#include <utility>

namespace afterglow {
namespace {

constexpr std::array<std::pair<std::string_view, EventKind>, 14> kModeled = {{
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
}};

// Spark's own events that this model does not read yet; they are not "unknown" to Spark.
constexpr std::array<std::string_view, 22> kKnownToSpark = {
    "SparkListenerTaskGettingResult",
    "SparkListenerExecutorMetricsUpdate",
    "SparkListenerBlockManagerRemoved",
    "SparkListenerUnpersistRDD",
    "SparkListenerBlockUpdated",
    "SparkListenerResourceProfileAdded",
    "SparkListenerSpeculativeTaskSubmitted",
    "SparkListenerUnschedulableTaskSetAdded",
    "SparkListenerUnschedulableTaskSetRemoved",
    "SparkListenerMiscellaneousProcessAdded",
    "SparkListenerExecutorBlacklisted",
    "SparkListenerExecutorExcluded",
    "SparkListenerExecutorUnblacklisted",
    "SparkListenerExecutorUnexcluded",
    "SparkListenerNodeBlacklisted",
    "SparkListenerNodeExcluded",
    "SparkListenerNodeUnblacklisted",
    "SparkListenerNodeUnexcluded",
    "SparkListenerExecutorBlacklistedForStage",
    "SparkListenerExecutorExcludedForStage",
    "SparkListenerNodeBlacklistedForStage",
    "SparkListenerNodeExcludedForStage",
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
  if (event_name.starts_with("org.apache.spark.sql.")) return EventKind::kIgnored;
  return EventKind::kUnknown;
}

}  // namespace afterglow
