// The rows of the Environment page and of /environment (v1.ApplicationEnvironmentInfo) and
// /allmiscellaneousprocess (v1.ProcessSummary): property lists sorted by name with the History
// Server's default redaction applied, resource profiles, and miscellaneous processes. Strings
// are views into the model and the session's string pool, valid while the session lives.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "core/model/storage_model.h"

namespace afterglow {

using PropertyRows = std::vector<std::pair<std::string_view, std::string_view>>;

struct EnvironmentRows {
  std::optional<std::string_view> java_version, java_home, scala_version;
  // (name, value) sorted by name; values the redaction rule hides read "*********(redacted)".
  PropertyRows spark_properties, hadoop_properties, system_properties, metrics_properties;
  PropertyRows classpath_entries;  // never redacted
  std::vector<const ResourceProfileInfo*> resource_profiles;  // by id
};

// nullopt when the log has no EnvironmentUpdate (the API then answers "no such app").
std::optional<EnvironmentRows> ReadEnvironmentRows(const AttemptModel& attempt);

// Utils.redact with the History Server's default spark.redaction.regex: true when the value of
// a property named `name` holding `value` is hidden.
bool IsRedactedProperty(std::string_view name, std::string_view value);

struct MiscProcessRow {
  std::string_view id;
  std::string_view host_port;
  int64_t total_cores = 0;
  int64_t add_time = 0;  // epoch ms
  std::vector<std::pair<std::string_view, std::string_view>> process_logs;
};

// allmiscellaneousprocess: by process id text.
std::vector<MiscProcessRow> MiscProcessRows(const AttemptModel& attempt, const StringPool& pool);

}  // namespace afterglow
