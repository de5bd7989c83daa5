// applications/{id}[/{attempt}]/environment (v1.ApplicationEnvironmentInfo; SPARK-SEMANTICS.md
// facts 79-82) and allmiscellaneousprocess (v1.ProcessSummary; fact 83).
#include <algorithm>
#include <cctype>
#include <map>
#include <string>

#include "core/api/dates.h"
#include "core/api/endpoints.h"
#include "core/api/json_writer.h"
#include "core/api/property_redaction.h"

namespace afterglow {
namespace {

// Utils.redact: a value is replaced when its key or the value itself matches.
void WriteProperties(JsonWriter& w, std::string_view key,
                     const std::map<std::string, std::string>& properties, bool redact) {
  w.Key(key);
  w.BeginArray();
  for (const auto& [name, value] : properties) {
    w.BeginArray();
    w.String(name);
    w.String(redact ? ShownPropertyValue(name, value) : std::string_view(value));
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
  if (!attempt.environment) return NotFound("no such app: " + AppKey(request, "environment"));
  const EnvironmentInfo& env = *attempt.environment;
  JsonWriter w;
  w.BeginObject();
  w.Key("runtime");
  w.BeginObject();
  if (env.java_version) w.Field("javaVersion", *env.java_version);
  if (env.java_home) w.Field("javaHome", *env.java_home);
  if (env.scala_version) w.Field("scalaVersion", *env.scala_version);
  w.EndObject();
  WriteProperties(w, "sparkProperties", env.spark_properties, true);
  WriteProperties(w, "hadoopProperties", env.hadoop_properties, true);
  WriteProperties(w, "systemProperties", env.system_properties, true);
  WriteProperties(w, "metricsProperties", env.metrics_properties, true);
  WriteProperties(w, "classpathEntries", env.classpath_entries, false);
  w.Key("resourceProfiles");
  w.BeginArray();
  for (const auto& [id, profile] : attempt.resource_profiles) {
    w.BeginObject();
    w.FieldInt("id", profile.id);
    w.Key("executorResources");
    w.BeginObject();
    for (const ExecutorResourceRequest& r : profile.executor_resources) {
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
    for (const TaskResourceRequest& r : profile.task_resources) {
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
  const StringPool& pool = *data.pool;
  std::vector<const MiscProcess*> processes;
  for (const MiscProcess& process : attempt.misc_processes) processes.push_back(&process);
  std::sort(processes.begin(), processes.end(), [&](const MiscProcess* a, const MiscProcess* b) {
    return pool.Get(a->process_id) < pool.Get(b->process_id);
  });
  JsonWriter w;
  w.BeginArray();
  for (const MiscProcess* p : processes) {
    w.BeginObject();
    w.Field("id", pool.Get(p->process_id));
    w.Field("hostPort", pool.Get(p->host_port));
    w.FieldBool("isActive", true);
    w.FieldInt("totalCores", p->total_cores);
    w.Field("addTime", FormatSparkDate(p->add_time));
    w.Key("processLogs");
    w.BeginObject();
    for (const auto& [name, value] : p->process_logs) w.Field(pool.Get(name), pool.Get(value));
    w.EndObject();
    w.EndObject();
  }
  w.EndArray();
  return {200, w.Take()};
}

}  // namespace afterglow
