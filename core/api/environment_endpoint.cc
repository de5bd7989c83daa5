// applications/{id}[/{attempt}]/environment (v1.ApplicationEnvironmentInfo; SPARK-SEMANTICS.md
// facts 79-82) and allmiscellaneousprocess (v1.ProcessSummary; fact 83), written from
// core/query/environment_rows.h.
#include <optional>
#include <string>

#include "core/api/dates.h"
#include "core/api/endpoints.h"
#include "core/api/json_writer.h"
#include "core/query/environment_rows.h"

namespace afterglow {
namespace {

void WriteProperties(JsonWriter& w, std::string_view key, const PropertyRows& properties) {
  w.Key(key);
  w.BeginArray();
  for (const auto& [name, value] : properties) {
    w.BeginArray();
    w.String(name);
    w.String(value);
    w.EndArray();
  }
  w.EndArray();
}

// The app id (and attempt) as the request named them, for withUI's 404 message.
std::string AppKey(const ApiRequest& request, std::string_view endpoint) {
  const std::vector<std::string>& s = request.segments;
  if (s.size() < 4) return "";
  std::string key = s[3];
  if (s.size() > 5 && s[4] != endpoint) key += "/" + s[4];
  return key;
}

}  // namespace

ApiResponse EnvironmentEndpoint(const ApiData& data, const AttemptModel& attempt,
                                const std::vector<std::string>& rest, const ApiRequest& request) {
  if (!rest.empty()) return NotFound("");
  // No EnvironmentUpdate: the store read fails inside withUI, which answers "no such app".
  const std::optional<EnvironmentRows> env = ReadEnvironmentRows(attempt);
  if (!env) return NotFound("no such app: " + AppKey(request, "environment"));
  JsonWriter w;
  w.BeginObject();
  w.Key("runtime");
  w.BeginObject();
  if (env->java_version) w.Field("javaVersion", *env->java_version);
  if (env->java_home) w.Field("javaHome", *env->java_home);
  if (env->scala_version) w.Field("scalaVersion", *env->scala_version);
  w.EndObject();
  WriteProperties(w, "sparkProperties", env->spark_properties);
  WriteProperties(w, "hadoopProperties", env->hadoop_properties);
  WriteProperties(w, "systemProperties", env->system_properties);
  WriteProperties(w, "metricsProperties", env->metrics_properties);
  WriteProperties(w, "classpathEntries", env->classpath_entries);
  w.Key("resourceProfiles");
  w.BeginArray();
  for (const ResourceProfileInfo* profile : env->resource_profiles) {
    w.BeginObject();
    w.FieldInt("id", profile->id);
    w.Key("executorResources");
    w.BeginObject();
    for (const ExecutorResourceRequest& r : profile->executor_resources) {
      w.Key(r.key);
      w.BeginObject();
      w.Field("resourceName", r.resource_name);
      w.FieldInt("amount", r.amount);
      w.Field("discoveryScript", r.discovery_script);
      w.Field("vendor", r.vendor);
      w.EndObject();
    }
    w.EndObject();
    w.Key("taskResources");
    w.BeginObject();
    for (const TaskResourceRequest& r : profile->task_resources) {
      w.Key(r.key);
      w.BeginObject();
      w.Field("resourceName", r.resource_name);
      w.Key("amount");
      w.Double(r.amount);
      w.EndObject();
    }
    w.EndObject();
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return {200, w.Take()};
}

ApiResponse MiscellaneousProcessEndpoint(const ApiData& data, const AttemptModel& attempt,
                                         const std::vector<std::string>& rest,
                                         const ApiRequest& request) {
  if (!rest.empty()) return NotFound("");
  JsonWriter w;
  w.BeginArray();
  for (const MiscProcessRow& p : MiscProcessRows(attempt, *data.pool)) {
    w.BeginObject();
    w.Field("id", p.id);
    w.Field("hostPort", p.host_port);
    w.FieldBool("isActive", true);
    w.FieldInt("totalCores", p.total_cores);
    w.Field("addTime", FormatSparkDate(p.add_time));
    w.Key("processLogs");
    w.BeginObject();
    for (const auto& [name, value] : p.process_logs) w.Field(name, value);
    w.EndObject();
    w.EndObject();
  }
  w.EndArray();
  return {200, w.Take()};
}

}  // namespace afterglow
