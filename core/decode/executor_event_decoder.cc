#include "core/decode/executor_event_decoder.h"

#include "core/decode/json_fields.h"
#include "core/decode/task_metrics_decoder.h"

namespace afterglow {
namespace {

namespace od = simdjson::ondemand;
using json::ForEachObjectField;
using json::ForEachField;
using json::ReadInt32;
using json::ReadInt64;
using json::ReadString;
using json::ForEachElement;
using json::ForEachObjectField;
using json::ReadOptText;
using simdjson::error_code;
using simdjson::SUCCESS;

error_code ReadExclusion(od::object& event, StringPool& pool, ExclusionEvent& out) {
  return ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    if (key == "time") return ReadInt64(v, out.time);
    if (key == "executorId" || key == "hostId") return ReadString(v, pool, out.id);
    if (key == "stageId") return ReadInt32(v, out.stage_id);
    if (key == "stageAttemptId") return ReadInt32(v, out.stage_attempt_id);
    return SUCCESS;
  });
}


error_code ReadMiscProcess(od::object& event, StringPool& pool, MiscProcessAddedEvent& out) {
  return ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    if (key == "time") return ReadInt64(v, out.time);
    if (key == "processId") return ReadString(v, pool, out.process_id);
    if (key == "info") {
      return ForEachField(v, [&](std::string_view ik, od::value iv) -> error_code {
        if (ik == "hostPort") return ReadString(iv, pool, out.host_port);
        if (ik == "cores") return ReadInt32(iv, out.cores);
        if (ik == "logUrlInfo") return DecodeStringPairs(iv, pool, out.log_urls);
        return SUCCESS;
      });
    }
    return SUCCESS;
  });
}

}  // namespace

error_code DecodeExecutorAdded(od::object& event, const EventTargets& targets) {
  StringPool& pool = *targets.pool;
  ExecutorAddedEvent added;
  AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    if (json::SameText(key, "Timestamp")) return ReadInt64(v, added.time);
    if (json::SameText(key, "Executor ID")) return ReadString(v, pool, added.executor_id);
    if (json::SameText(key, "Executor Info")) {
      return ForEachField(v, [&](std::string_view ik, od::value iv) -> error_code {
        if (ik == "Host") return ReadString(iv, pool, added.host);
        if (ik == "Total Cores") return ReadInt32(iv, added.total_cores);
        if (ik == "Resource Profile Id") return ReadInt32(iv, added.resource_profile_id);
        if (ik == "Log Urls") return DecodeStringPairs(iv, pool, added.log_urls);
        if (ik == "Attributes") return DecodeStringPairs(iv, pool, added.attributes);
        if (ik == "Resources") return DecodeResources(iv, pool, added.resources);
        return SUCCESS;
      });
    }
    return SUCCESS;
  }));
  targets.sink->OnExecutorAdded(added);
  return SUCCESS;
}

error_code DecodeExecutorRemoved(od::object& event, const EventTargets& targets) {
  StringPool& pool = *targets.pool;
  int64_t time = kNoTime;
  StringId executor_id = kEmptyString;
  StringId reason = kEmptyString;
  AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    if (json::SameText(key, "Timestamp")) return ReadInt64(v, time);
    if (json::SameText(key, "Executor ID")) return ReadString(v, pool, executor_id);
    if (json::SameText(key, "Removed Reason")) return ReadString(v, pool, reason);
    return SUCCESS;
  }));
  targets.sink->OnExecutorRemoved(time, executor_id, reason);
  return SUCCESS;
}

error_code DecodeBlockManagerAdded(od::object& event, const EventTargets& targets) {
  StringPool& pool = *targets.pool;
  BlockManagerAddedEvent added;
  AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    if (json::SameText(key, "Timestamp")) return ReadInt64(v, added.time);
    if (json::SameText(key, "Maximum Memory")) return ReadInt64(v, added.max_memory);
    if (json::SameText(key, "Maximum Onheap Memory")) return ReadInt64(v, added.max_on_heap);
    if (json::SameText(key, "Maximum Offheap Memory")) return ReadInt64(v, added.max_off_heap);
    if (json::SameText(key, "Block Manager ID")) {
      return ForEachField(v, [&](std::string_view bk, od::value bv) -> error_code {
        if (bk == "Executor ID") return ReadString(bv, pool, added.executor_id);
        if (bk == "Host") return ReadString(bv, pool, added.host);
        if (bk == "Port") return ReadInt32(bv, added.port);
        return SUCCESS;
      });
    }
    return SUCCESS;
  }));
  targets.sink->OnBlockManagerAdded(added);
  return SUCCESS;
}

error_code DecodeStageExecutorMetrics(od::object& event, const EventTargets& targets) {
  StringPool& pool = *targets.pool;
  StringId executor_id = kEmptyString;
  int32_t stage_id = 0;
  int32_t stage_attempt_id = 0;
  ExecutorMetricValues metrics;
  AG_JSON_TRY(ForEachObjectField(event, [&](std::string_view key, od::value v) -> error_code {
    if (json::SameText(key, "Executor ID")) return ReadString(v, pool, executor_id);
    if (json::SameText(key, "Stage ID")) return ReadInt32(v, stage_id);
    if (json::SameText(key, "Stage Attempt ID")) return ReadInt32(v, stage_attempt_id);
    if (json::SameText(key, "Executor Metrics")) return json::DecodeExecutorMetrics(v, metrics);
    return SUCCESS;
  }));
  targets.sink->OnStageExecutorMetrics(executor_id, stage_id, stage_attempt_id, metrics);
  return SUCCESS;
}

error_code DecodeExclusion(EventKind kind, od::object& event, const EventTargets& targets) {
  ExclusionEvent exclusion;
  const bool node = kind == EventKind::kNodeExcluded || kind == EventKind::kNodeUnexcluded ||
                    kind == EventKind::kNodeExcludedForStage;
  exclusion.target = node ? ExclusionEvent::Target::kNode : ExclusionEvent::Target::kExecutor;
  exclusion.excluded = kind != EventKind::kExecutorUnexcluded && kind != EventKind::kNodeUnexcluded;
  exclusion.for_stage =
      kind == EventKind::kExecutorExcludedForStage || kind == EventKind::kNodeExcludedForStage;
  AG_JSON_TRY(ReadExclusion(event, *targets.pool, exclusion));
  targets.sink->OnExclusion(exclusion);
  return SUCCESS;
}

error_code DecodeMiscellaneousProcessAdded(od::object& event, const EventTargets& targets) {
  MiscProcessAddedEvent added;
  AG_JSON_TRY(ReadMiscProcess(event, *targets.pool, added));
  targets.sink->OnMiscellaneousProcessAdded(added);
  return SUCCESS;
}

error_code DecodeStringPairs(od::value value, StringPool& pool, StringPairs& out) {
  out.clear();
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    const StringId key_id = pool.Intern(key);
    OptString text;
    AG_JSON_TRY(ReadOptText(v, pool, text));
    SetPair(out, key_id, text.present ? text.id : kEmptyString);
    return SUCCESS;
  });
}

error_code DecodeResources(od::value value, StringPool& pool,
                           std::vector<ResourceInformation>& out) {
  out.clear();
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    ResourceInformation info;
    info.key = pool.Intern(key);
    AG_JSON_TRY(ForEachField(v, [&](std::string_view rk, od::value rv) -> error_code {
      if (rk == "name") return ReadString(rv, pool, info.name);
      if (rk == "addresses") {
        return ForEachElement(rv, [&](od::value address) -> error_code {
          return ReadString(address, pool, info.addresses.emplace_back());
        });
      }
      return SUCCESS;
    }));
    for (ResourceInformation& known : out) {
      if (known.key == info.key) {
        known = std::move(info);
        return SUCCESS;
      }
    }
    out.push_back(std::move(info));
    return SUCCESS;
  });
}

}  // namespace afterglow
