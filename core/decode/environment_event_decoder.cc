#include "core/decode/environment_event_decoder.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/decode/json_fields.h"

namespace afterglow {
namespace {

namespace od = simdjson::ondemand;
using json::ForEachElement;
using json::ForEachField;
using json::ForEachObjectField;
using json::ReadBool;
using json::ReadInt32;
using json::ReadInt64;
using json::ReadOptText;
using json::ReadString;
using simdjson::error_code;
using simdjson::SUCCESS;

// A property block of EnvironmentUpdate into a sorted map. Values are strings in every log we
// know; other scalars are kept as their JSON text, nulls are dropped.
error_code DecodePropertyMap(od::value value, StringPool& pool,
                             std::map<std::string, std::string>& out) {
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    std::string owned_key(key);
    OptString text;
    AG_JSON_TRY(ReadOptText(v, pool, text));
    if (text.present) out[std::move(owned_key)] = std::string(pool.Get(text.id));
    return SUCCESS;
  });
}

error_code ReadOwnedString(od::value value, std::string& out) {
  od::json_type type;
  AG_JSON_TRY(value.type().get(type));
  if (type == od::json_type::null) {
    bool is_null = false;
    out.clear();
    return value.is_null().get(is_null);
  }
  std::string_view text;
  AG_JSON_TRY(value.get_string().get(text));
  out.assign(text);
  return SUCCESS;
}

error_code ReadDouble(od::value value, double& out) { return value.get_double().get(out); }

error_code DecodeEnvironment(od::object& event, StringPool& pool, EnvironmentInfo& env,
                             OptString& task_cpus) {
  env.Clear();
  return ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    if (key == "JVM Information") {
      return ForEachField(v, [&](std::string_view jk, od::value jv) -> error_code {
        std::optional<std::string>* target = nullptr;
        if (jk == "Java Version") target = &env.java_version;
        else if (jk == "Java Home") target = &env.java_home;
        else if (jk == "Scala Version") target = &env.scala_version;
        if (target == nullptr) return SUCCESS;
        OptString text;
        AG_JSON_TRY(ReadOptText(jv, pool, text));
        if (text.present) *target = std::string(pool.Get(text.id));
        else target->reset();
        return SUCCESS;
      });
    }
    if (key == "Spark Properties") {
      AG_JSON_TRY(DecodePropertyMap(v, pool, env.spark_properties));
      auto cpus = env.spark_properties.find("spark.task.cpus");
      if (cpus != env.spark_properties.end()) task_cpus = {true, pool.Intern(cpus->second)};
      return SUCCESS;
    }
    if (key == "Hadoop Properties") return DecodePropertyMap(v, pool, env.hadoop_properties);
    if (key == "System Properties") return DecodePropertyMap(v, pool, env.system_properties);
    if (key == "Metrics Properties") return DecodePropertyMap(v, pool, env.metrics_properties);
    if (key == "Classpath Entries") return DecodePropertyMap(v, pool, env.classpath_entries);
    return SUCCESS;
  });
}

// JsonProtocol.resourceProfileAddedFromJson: executor and task request maps.
error_code DecodeResourceProfile(od::object& event, ResourceProfileInfo& profile) {
  return ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    if (key == "Resource Profile Id") return ReadInt32(v, profile.id);
    if (key == "Executor Resource Requests") {
      return ForEachField(v, [&](std::string_view name, od::value rv) -> error_code {
        ExecutorResourceRequest request;
        request.key.assign(name);
        AG_JSON_TRY(ForEachField(rv, [&](std::string_view rk, od::value f) -> error_code {
          if (rk == "Resource Name") return ReadOwnedString(f, request.resource_name);
          if (rk == "Amount") return ReadInt64(f, request.amount);
          if (rk == "Discovery Script") return ReadOwnedString(f, request.discovery_script);
          if (rk == "Vendor") return ReadOwnedString(f, request.vendor);
          return SUCCESS;
        }));
        for (ExecutorResourceRequest& known : profile.executor_resources) {
          if (known.key == request.key) {
            known = std::move(request);
            return SUCCESS;
          }
        }
        profile.executor_resources.push_back(std::move(request));
        return SUCCESS;
      });
    }
    if (key == "Task Resource Requests") {
      return ForEachField(v, [&](std::string_view name, od::value rv) -> error_code {
        TaskResourceRequest request;
        request.key.assign(name);
        AG_JSON_TRY(ForEachField(rv, [&](std::string_view rk, od::value f) -> error_code {
          if (rk == "Resource Name") return ReadOwnedString(f, request.resource_name);
          if (rk == "Amount") return ReadDouble(f, request.amount);
          return SUCCESS;
        }));
        for (TaskResourceRequest& known : profile.task_resources) {
          if (known.key == request.key) {
            known = std::move(request);
            return SUCCESS;
          }
        }
        profile.task_resources.push_back(std::move(request));
        return SUCCESS;
      });
    }
    return SUCCESS;
  });
}

}  // namespace

error_code DecodeEnvironmentUpdate(od::object& event, const EventTargets& targets,
                                   EnvironmentInfo& environment) {
  OptString task_cpus;
  AG_JSON_TRY(DecodeEnvironment(event, *targets.pool, environment, task_cpus));
  targets.sink->OnEnvironmentUpdate(task_cpus);
  targets.sink->OnEnvironmentDetails(environment);
  return SUCCESS;
}

error_code DecodeResourceProfileAdded(od::object& event, const EventTargets& targets) {
  ResourceProfileInfo profile;
  AG_JSON_TRY(DecodeResourceProfile(event, profile));
  targets.sink->OnResourceProfileAdded(profile);
  return SUCCESS;
}

}  // namespace afterglow
