#include "core/compare/config_diff.h"

#include <set>
#include <string_view>

#include "core/query/property_redaction.h"

namespace afterglow::compare {
namespace {

constexpr std::string_view kRunIdentityKeys[] = {
    "spark.app.id",        "spark.app.startTime", "spark.app.submitTime", "spark.driver.port",
    "spark.ui.port",       "spark.app.attempt.id", "spark.driver.appUIAddress",
    "spark.blockManager.port", "spark.driver.blockManager.port", "spark.repl.class.outputDir",
    "spark.repl.class.uri",
};

constexpr std::string_view kExecutorRequestKeys[] = {
    "spark.executor.instances",
    "spark.executor.cores",
    "spark.executor.memory",
    "spark.executor.memoryOverhead",
    "spark.executor.resource.gpu.amount",
    "spark.task.cpus",
    "spark.cores.max",
    "spark.dynamicAllocation.enabled",
    "spark.dynamicAllocation.minExecutors",
    "spark.dynamicAllocation.initialExecutors",
    "spark.dynamicAllocation.maxExecutors",
    "spark.master",
};

bool NamesTheRun(std::string_view key) {
  for (std::string_view k : kRunIdentityKeys) {
    if (k == key) return true;
  }
  return false;
}

std::optional<std::string> Shown(const AttemptModel& run, const std::string& key) {
  if (!run.environment) return std::nullopt;
  auto it = run.environment->spark_properties.find(key);
  if (it == run.environment->spark_properties.end()) return std::nullopt;
  return std::string(ShownPropertyValue(it->first, it->second));
}

}  // namespace

std::vector<PropertyDifference> DiffSparkProperties(const AttemptModel& a, const AttemptModel& b) {
  std::set<std::string> keys;
  for (const AttemptModel* run : {&a, &b}) {
    if (!run->environment) continue;
    for (const auto& [key, value] : run->environment->spark_properties) keys.insert(key);
  }
  std::vector<PropertyDifference> out;
  for (const std::string& key : keys) {
    auto va = Shown(a, key), vb = Shown(b, key);
    // Two redacted values cannot be told apart; nor can a reader, so they count as equal.
    if (va == vb) continue;
    out.push_back({key, std::move(va), std::move(vb), NamesTheRun(key)});
  }
  return out;
}

std::vector<PropertyDifference> ExecutorRequests(const AttemptModel& a, const AttemptModel& b) {
  std::vector<PropertyDifference> out;
  for (std::string_view key : kExecutorRequestKeys) {
    auto va = Shown(a, std::string(key)), vb = Shown(b, std::string(key));
    if (!va && !vb) continue;
    out.push_back({std::string(key), std::move(va), std::move(vb), false});
  }
  return out;
}

}  // namespace afterglow::compare
