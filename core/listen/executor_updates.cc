// AppStatusListener's handling of executors beyond task counters, resource profiles, the
// environment and miscellaneous processes (docs/SPARK-SEMANTICS.md facts 65-73, 79-83; ASL
// onApplicationStart, onExecutorAdded, onBlockManagerAdded, onExecutorRemoved, the exclusion
// handlers, onResourceProfileAdded, onEnvironmentUpdate, onMiscellaneousProcessAdded).
#include <algorithm>
#include <string_view>

#include "core/listen/app_status_listener.h"
#include "core/model/driver_id.h"

namespace afterglow {
namespace {

// LiveExecutor.hostname: the ExecutorAdded host, else the host part of the block manager's
// host:port (Utils.parseHostPort).
std::string_view HostName(const StringPool& pool, const Executor& executor) {
  if (executor.host != kEmptyString) return pool.Get(executor.host);
  const std::string_view host_port = pool.Get(executor.host_port);
  const size_t colon = host_port.rfind(':');
  return colon == std::string_view::npos ? host_port : host_port.substr(0, colon);
}

void AddExcludedStage(Executor& executor, int32_t stage_id) {
  auto at = std::lower_bound(executor.excluded_in_stages.begin(),
                             executor.excluded_in_stages.end(), stage_id);
  if (at == executor.excluded_in_stages.end() || *at != stage_id) {
    executor.excluded_in_stages.insert(at, stage_id);
  }
}

// Integer.parseInt: an optional sign, then decimal digits that fit an int.
bool IsJavaInt(std::string_view text) {
  const bool negative = !text.empty() && text[0] == '-';
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
  if (text.empty() || text.size() > 10) return false;
  int64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + (c - '0');
  }
  return value <= (negative ? 2147483648LL : 2147483647LL);
}

void AddUniqueId(std::vector<StringId>& ids, StringId id) {
  if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
}

}  // namespace

void AppStatusListener::ApplyDriverLogs(const ApplicationStartEvent& event) {
  // The driver's block manager registers before ApplicationStart is posted; the logs apply only
  // if it already exists.
  if (!event.has_driver_logs) return;
  auto driver = model_->live_executors.find(pool_->Intern(kDriverExecutorId));
  if (driver == model_->live_executors.end()) return;
  Executor& executor = model_->executors[driver->second];
  executor.executor_logs = event.driver_logs;
  executor.attributes = event.driver_attributes;
}

void AppStatusListener::ApplyExecutorInfo(const ExecutorAddedEvent& event, Executor& executor) {
  // cpusPerTask: the profile's integer "cpus" task amount, else spark.task.cpus. The profile's
  // own maxTasksPerExecutor never applies in a replay (docs/SPARK-SEMANTICS.md fact 67).
  int32_t cpus_per_task = std::max(1, model_->app.default_cpus_per_task);
  auto profile = model_->resource_profiles.find(event.resource_profile_id);
  if (profile != model_->resource_profiles.end()) {
    for (const TaskResourceRequest& request : profile->second.task_resources) {
      if (request.key == "cpus") cpus_per_task = static_cast<int32_t>(request.amount);
    }
  }
  // Spark's integer division throws for a profile asking for less than one cpu; the listener
  // then drops the rest of the event.
  if (cpus_per_task <= 0) return;
  executor.max_tasks = event.total_cores / cpus_per_task;
  executor.executor_logs = event.log_urls;
  executor.resources = event.resources;
  executor.attributes = event.attributes;
  executor.resource_profile_id = event.resource_profile_id;
}

void AppStatusListener::ApplyBlockManagerMemory(const BlockManagerAddedEvent& event,
                                                Executor& executor) {
  if (event.max_on_heap < 0) return;  // logs before Spark 2.3 have no on/off-heap split
  executor.total_on_heap = event.max_on_heap;
  executor.total_off_heap = std::max<int64_t>(0, event.max_off_heap);
  // SPARK-30594: a (re-)registered block manager reports all its blocks again.
  executor.used_on_heap = 0;
  executor.used_off_heap = 0;
}

bool AppStatusListener::ActiveForLiveStages(const Executor& executor) const {
  for (const auto& [key, index] : live_stages_) {
    const int64_t submitted = model_->stages[index].submission_time;
    if ((submitted == kNoTime ? 0 : submitted) < executor.remove_time) return true;
  }
  return false;
}

void AppStatusListener::AfterExecutorRemoved(uint32_t executor_index) {
  Executor& executor = model_->executors[executor_index];
  RemoveExecutorFromRdds(executor);
  if (ActiveForLiveStages(executor)) dead_executors_[executor.executor_id] = executor_index;
  EvictDeadExecutors();
}

void AppStatusListener::EvictDeadExecutors() {
  // spark.ui.retainedDeadExecutors (100): past it, max(10, dead - 100) dead rows go, lowest id
  // first (ASL cleanupExecutors over the "active" index). Only each id's latest record counts.
  constexpr size_t kRetainedDeadExecutors = 100;
  // Records not live bound the dead count from above; most logs stop here.
  if (model_->executors.size() - model_->live_executors.size() <= kRetainedDeadExecutors) return;
  std::map<std::string_view, uint32_t> latest;
  for (uint32_t i = 0; i < model_->executors.size(); ++i) {
    latest[pool_->Get(model_->executors[i].executor_id)] = i;
  }
  std::vector<uint32_t> dead;
  for (const auto& [id, index] : latest) {
    const Executor& e = model_->executors[index];
    if (!e.is_active && !e.evicted) dead.push_back(index);
  }
  if (dead.size() <= kRetainedDeadExecutors) return;
  const size_t to_delete =
      std::max(kRetainedDeadExecutors / 10, dead.size() - kRetainedDeadExecutors);
  for (size_t i = 0; i < to_delete && i < dead.size(); ++i) model_->executors[dead[i]].evicted = true;
}

void AppStatusListener::AfterStageCompleted(const StageAttempt& stage) {
  for (StringId executor_id : stage.excluded_executors) {
    auto live = model_->live_executors.find(executor_id);
    if (live == model_->live_executors.end()) continue;
    std::vector<int32_t>& stages = model_->executors[live->second].excluded_in_stages;
    stages.erase(std::remove(stages.begin(), stages.end(), stage.stage_id), stages.end());
  }
  for (auto it = dead_executors_.begin(); it != dead_executors_.end();) {
    if (ActiveForLiveStages(model_->executors[it->second])) ++it;
    else it = dead_executors_.erase(it);
  }
}

Executor* AppStatusListener::ExecutorForStageMetrics(StringId executor_id) {
  auto live = model_->live_executors.find(executor_id);
  if (live != model_->live_executors.end()) return &model_->executors[live->second];
  auto dead = dead_executors_.find(executor_id);
  if (dead != dead_executors_.end()) return &model_->executors[dead->second];
  return nullptr;
}

void AppStatusListener::OnExclusion(const ExclusionEvent& event) {
  SeeTime(event.time);
  const bool node = event.target == ExclusionEvent::Target::kNode;
  if (!event.for_stage) {
    if (!node) {
      auto live = model_->live_executors.find(event.id);
      if (live != model_->live_executors.end()) {
        model_->executors[live->second].is_excluded = event.excluded;
      }
      return;
    }
    // Every executor on the host, but never the driver (docs/SPARK-SEMANTICS.md fact 71).
    const std::string_view host = pool_->Get(event.id);
    for (const auto& [id, index] : model_->live_executors) {
      Executor& executor = model_->executors[index];
      if (pool_->Get(id) == kDriverExecutorId) continue;
      if (HostName(*pool_, executor) == host) executor.is_excluded = event.excluded;
    }
    return;
  }
  auto stage = live_stages_.find({event.stage_id, event.stage_attempt_id});
  if (!node) {
    if (stage != live_stages_.end()) {
      AddUniqueId(model_->stages[stage->second].excluded_executors, event.id);
    }
    auto live = model_->live_executors.find(event.id);
    if (live != model_->live_executors.end()) {
      AddExcludedStage(model_->executors[live->second], event.stage_id);
    }
    return;
  }
  const std::string_view host = pool_->Get(event.id);
  if (stage != live_stages_.end()) {
    // The stage's executor summaries match the ExecutorAdded host only (LiveExecutor.host).
    for (const auto& [id, index] : model_->live_executors) {
      if (model_->executors[index].host == event.id) {
        AddUniqueId(model_->stages[stage->second].excluded_executors, id);
      }
    }
  }
  for (const auto& [id, index] : model_->live_executors) {
    Executor& executor = model_->executors[index];
    if (HostName(*pool_, executor) == host) AddExcludedStage(executor, event.stage_id);
  }
}

void AppStatusListener::OnResourceProfileAdded(const ResourceProfileInfo& profile) {
  model_->resource_profiles[profile.id] = profile;
}

void AppStatusListener::OnEnvironmentDetails(const EnvironmentInfo& environment) {
  // ASL parses spark.task.cpus with toInt before it writes the environment: a value that is not
  // an Int throws, and that EnvironmentUpdate is never stored.
  auto cpus = environment.spark_properties.find("spark.task.cpus");
  if (cpus != environment.spark_properties.end() && !IsJavaInt(cpus->second)) return;
  model_->environment = environment;  // the last EnvironmentUpdate wins
}

void AppStatusListener::OnMiscellaneousProcessAdded(const MiscProcessAddedEvent& event) {
  SeeTime(event.time);
  MiscProcess* process = nullptr;
  for (MiscProcess& known : model_->misc_processes) {
    if (known.process_id == event.process_id) process = &known;
  }
  if (process == nullptr) {
    process = &model_->misc_processes.emplace_back();
    process->process_id = event.process_id;
    process->add_time = event.time;
  }
  process->process_logs = event.log_urls;
  process->host_port = event.host_port;
  process->total_cores = event.cores;
}

}  // namespace afterglow
