#include "core/query/environment_rows.h"

#include <algorithm>
#include <map>
#include <string>

#include "core/query/property_redaction.h"

namespace afterglow {
namespace {

PropertyRows ReadProperties(const std::map<std::string, std::string>& properties, bool redact) {
  PropertyRows rows;
  rows.reserve(properties.size());
  for (const auto& [name, value] : properties) {
    rows.emplace_back(name, redact ? ShownPropertyValue(name, value) : std::string_view(value));
  }
  return rows;
}

}  // namespace

bool IsRedactedProperty(std::string_view name, std::string_view value) {
  return MatchesDefaultRedaction(name) || MatchesDefaultRedaction(value);
}

std::optional<EnvironmentRows> ReadEnvironmentRows(const AttemptModel& attempt) {
  if (!attempt.environment) return std::nullopt;
  const EnvironmentInfo& env = *attempt.environment;
  EnvironmentRows rows;
  if (env.java_version) rows.java_version = *env.java_version;
  if (env.java_home) rows.java_home = *env.java_home;
  if (env.scala_version) rows.scala_version = *env.scala_version;
  rows.spark_properties = ReadProperties(env.spark_properties, true);
  rows.hadoop_properties = ReadProperties(env.hadoop_properties, true);
  rows.system_properties = ReadProperties(env.system_properties, true);
  rows.metrics_properties = ReadProperties(env.metrics_properties, true);
  rows.classpath_entries = ReadProperties(env.classpath_entries, false);
  for (const auto& [id, profile] : attempt.resource_profiles) rows.resource_profiles.push_back(&profile);
  return rows;
}

std::vector<MiscProcessRow> MiscProcessRows(const AttemptModel& attempt, const StringPool& pool) {
  std::vector<MiscProcessRow> rows;
  for (const MiscProcess& p : attempt.misc_processes) {
    MiscProcessRow row{pool.Get(p.process_id), pool.Get(p.host_port), p.total_cores, p.add_time, {}};
    for (const auto& [name, value] : p.process_logs) {
      row.process_logs.emplace_back(pool.Get(name), pool.Get(value));
    }
    rows.push_back(std::move(row));
  }
  std::stable_sort(rows.begin(), rows.end(),
            [](const MiscProcessRow& a, const MiscProcessRow& b) { return a.id < b.id; });
  return rows;
}

}  // namespace afterglow
