#include "core/listen/sql_listener.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>

#include "core/decode/sql_event_decoder.h"
#include "core/listen/scala_order.h"
#include "core/listen/stage_metric_values.h"
#include "core/model/sql_metric_format.h"

namespace afterglow {

// LiveExecutionData: the execution as the listener tracks it until it is written for good.
struct SqlListener::LiveExecution {
  SqlExecutionRow row;  // row.metric_types is filled only when written
  // accumulator id -> type, shared with the execution's LiveStageMetrics (Spark shares one
  // mutable map, so metrics added by later AQE updates count for stages already tracked).
  std::shared_ptr<MetricTypes> metric_types = std::make_shared<MetricTypes>();
  // AddMetrics calls so far, and how many there had been at the last write: the stored row's
  // sorted copy of metric_types is rebuilt only when metrics were added since.
  uint64_t metric_additions = 0;
  uint64_t metric_additions_written = UINT64_MAX;
  std::unordered_set<int32_t> stage_set;
  std::vector<std::pair<int64_t, int64_t>> driver_updates;  // log order, repeats kept
  size_t end_events = 0;
  bool written = false;  // LiveEntity.lastWriteTime != -1: the first write checks retention
  bool live = false;     // still in live_
};

// LiveStageMetrics: per accumulator, one value per task index of the stage's latest attempt.
struct SqlListener::LiveStageMetrics {
  int32_t stage_id = 0;
  int32_t attempt_id = 0;
  int32_t num_tasks = 0;
  std::shared_ptr<MetricTypes> metric_types;
  // id -> value by task index, and (largest value, its task id) where one is kept
  StageMetricValues values{0};
  std::vector<bool> completed_indices;
};

namespace {

// SQLAppStatusListener.onExecutionStart: `rootExecutionId.getOrElse(executionId)`. The decoder
// keeps the field's text; a value that is not a Java long is read as absent.
int64_t RootExecutionIdOf(const SqlExecutionStartEvent& event, const StringPool& pool) {
  if (!event.root_execution_id.present) return event.execution_id;
  const std::string_view text = pool.Get(event.root_execution_id.id);
  int64_t root = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), root);
  if (ec != std::errc() || end != text.data() + text.size()) return event.execution_id;
  return root;
}

}  // namespace

SqlListener::SqlListener(StringPool* pool, AttemptModel* model) : pool_(pool), model_(model) {}
SqlListener::~SqlListener() = default;

// [SECTION] Live state helpers -------------------------------------------------------------------

std::shared_ptr<SqlListener::LiveExecution> SqlListener::FindLive(int64_t execution_id) const {
  auto it = live_.find(execution_id);
  return it == live_.end() ? nullptr : it->second;
}

void SqlListener::AddLive(const std::shared_ptr<LiveExecution>& exec) {
  exec->live = true;
  live_[exec->row.execution_id] = exec;
  for (int32_t stage : exec->row.stages) ++live_stage_refs_[stage];
}

SqlListener::LiveExecution& SqlListener::GetOrCreateExecution(int64_t execution_id) {
  if (auto exec = FindLive(execution_id)) return *exec;
  auto exec = std::make_shared<LiveExecution>();
  exec->row.execution_id = execution_id;
  AddLive(exec);
  return *exec;
}

void SqlListener::AddStage(LiveExecution& exec, int32_t stage_id) {
  if (!exec.stage_set.insert(stage_id).second) return;
  exec.row.stages.push_back(stage_id);
  if (exec.live) ++live_stage_refs_[stage_id];
}

bool SqlListener::IsSqlStage(int32_t stage_id) const {
  auto it = live_stage_refs_.find(stage_id);
  return it != live_stage_refs_.end() && it->second > 0;
}

void SqlListener::AddMetrics(LiveExecution& exec, const SqlPlanMetricEvent* begin,
                             const SqlPlanMetricEvent* end) {
  // A plan's metrics come at once: one rehash to their count instead of one at each doubling.
  exec.metric_types->reserve(exec.metric_types->size() + static_cast<size_t>(end - begin));
  for (const SqlPlanMetricEvent* m = begin; m != end; ++m) {
    exec.metric_types->Set(m->accumulator_id, m->metric_type);
  }
  ++exec.metric_additions;
}

// SQLAppStatusListener.update: an execution whose jobs and execution end have all arrived is
// written and dropped from live tracking; otherwise only a forced update writes (replay mode).
void SqlListener::Update(const std::shared_ptr<LiveExecution>& exec, bool force,
                         RowAfterUpdate after) {
  if (exec->end_events >= exec->row.jobs.size() + 1) {
    // The write comes last so it can hand the row over: nothing here reads the store, and a
    // later event of this execution finds it in the store, not live (a JobStart re-opens it).
    RemoveStaleMetricsData(*exec);
    const bool was_live = exec->live;
    if (was_live) {
      exec->live = false;
      live_.erase(exec->row.execution_id);
      // A stage no live execution lists leaves the map: it would otherwise keep an entry for
      // every SQL stage of the log.
      for (int32_t stage : exec->row.stages) {
        auto refs = live_stage_refs_.find(stage);
        if (refs != live_stage_refs_.end() && --refs->second <= 0) live_stage_refs_.erase(refs);
      }
    }
    Write(*exec, /*move=*/was_live && after == RowAfterUpdate::kUnused);
  } else if (force) {
    Write(*exec);
  }
}

void SqlListener::Write(LiveExecution& exec, bool move) {
  SqlExecutionRow& stored = model_->sql.executions[exec.row.execution_id];
  if (stored.completion_time >= 0) completed_.erase({stored.completion_time, stored.execution_id});
  // An execution is written at most of its events; its metric types seldom change between two.
  std::vector<std::pair<int64_t, StringId>> written_types = std::move(stored.metric_types);
  if (move) stored = std::move(exec.row);
  else stored = exec.row;
  if (stored.completion_time >= 0) completed_.insert({stored.completion_time, stored.execution_id});
  if (exec.metric_additions_written == exec.metric_additions &&
      written_types.size() == exec.metric_types->size()) {
    stored.metric_types = std::move(written_types);  // the same map, so the same sorted copy
  } else {
    stored.metric_types = exec.metric_types->Sorted();
    exec.metric_additions_written = exec.metric_additions;
  }
  if (!exec.written) {
    exec.written = true;
    CleanupExecutions();
  }
}

// cleanupExecutions: past the retention limit, delete the earliest-completed executions (the
// store's completionTime index from 0, ties by id). completed_ is that index, kept as rows are
// written, so a cleanup costs its deletions and not a sweep of every stored row.
void SqlListener::CleanupExecutions() {
  SqlModel& sql = model_->sql;
  if (sql.executions.size() <= kRetainedExecutions) return;
  size_t to_delete = sql.executions.size() - kRetainedExecutions;
  while (to_delete-- > 0 && !completed_.empty()) {
    const int64_t id = completed_.begin()->second;
    completed_.erase(completed_.begin());
    sql.executions.erase(id);
    sql.graphs.erase(id);
    sql.plan_history.erase(id);
    sql.replaced_graphs.erase(id);
  }
}

// removeStaleMetricsData: drop stage metrics no other live execution lists.
void SqlListener::RemoveStaleMetricsData(const LiveExecution& exec) {
  for (auto it = stage_metrics_.begin(); it != stage_metrics_.end();) {
    const int32_t stage = it->first;
    auto refs = live_stage_refs_.find(stage);
    int32_t others = refs == live_stage_refs_.end() ? 0 : refs->second;
    if (exec.live && exec.stage_set.count(stage) > 0) --others;
    if (others <= 0) it = stage_metrics_.erase(it);
    else ++it;
  }
}

// [SECTION] Metric aggregation (aggregateMetrics) ----------------------------------------------

std::vector<SqlMetricSummary> SqlListener::AggregateMetrics(const LiveExecution& exec) {
  const MetricTypes& types = *exec.metric_types;
  // The execution's stages, in its immutable Set's order (ties for the max go to the first).
  std::vector<const LiveStageMetrics*>& stages = aggregate_.stages;
  stages.clear();
  for (int32_t stage_id : ScalaImmutableIntOrder(exec.row.stages)) {
    auto it = stage_metrics_.find(stage_id);
    if (it != stage_metrics_.end()) stages.push_back(it->second.get());
  }
  // The driver's values of each metric, in log order (the stable sort keeps it within an id).
  std::vector<std::pair<int64_t, int64_t>>& driver_values = aggregate_.driver_values;
  driver_values.clear();
  for (const auto& [id, value] : exec.driver_updates) {
    if (types.Contains(id)) driver_values.emplace_back(id, value);
  }
  std::stable_sort(driver_values.begin(), driver_values.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<int64_t>& metric_ids = aggregate_.metric_ids;
  metric_ids.clear();
  for (const LiveStageMetrics* stage : stages) {
    for (const StageMetricValues::Metric& metric : stage->values.metrics()) {
      if (types.Contains(metric.id)) metric_ids.push_back(metric.id);
    }
  }
  for (const auto& [id, value] : driver_values) metric_ids.push_back(id);
  std::sort(metric_ids.begin(), metric_ids.end());
  metric_ids.erase(std::unique(metric_ids.begin(), metric_ids.end()), metric_ids.end());

  std::vector<SqlMetricSummary> out;
  out.reserve(metric_ids.size());
  std::vector<int64_t>& values = aggregate_.values;
  auto driver_begin = driver_values.begin();
  for (int64_t id : metric_ids) {
    const SqlMetricKind kind = SqlMetricKindOf(pool_->Get(*types.Find(id)));
    values.clear();
    // The values of every stage in order, and the largest task value: the first stage's, unless a
    // later stage's is strictly larger (ties go to the first).
    std::optional<SqlMetricMaxTask> max_task;
    for (const LiveStageMetrics* stage : stages) {
      const StageMetricValues::Metric* metric = stage->values.Find(id);
      if (metric == nullptr) continue;
      const std::span<const int64_t> stage_values = stage->values.Values(*metric);
      values.insert(values.end(), stage_values.begin(), stage_values.end());
      if (metric->has_max && (!max_task || metric->max_value > max_task->value)) {
        max_task = SqlMetricMaxTask{metric->max_value, stage->stage_id, stage->attempt_id,
                                    metric->max_task_id};
      }
    }
    // This metric's driver values: the run of `id` in driver_values (both walk ids upwards).
    while (driver_begin != driver_values.end() && driver_begin->first < id) ++driver_begin;
    auto driver_end = driver_begin;
    while (driver_end != driver_values.end() && driver_end->first == id) ++driver_end;
    // A driver value above every task value: the suffix becomes "(driver)".
    if (max_task && std::any_of(driver_begin, driver_end,
                                [&](const auto& d) { return d.second > max_task->value; })) {
      max_task.reset();
    }
    for (auto d = driver_begin; d != driver_end; ++d) values.push_back(d->second);
    driver_begin = driver_end;
    out.push_back(SummarizeSqlMetric(id, kind, values, max_task));
  }
  return out;
}

// [SECTION] Core events ------------------------------------------------------------------------

void SqlListener::OnJobStart(const JobStartEvent& event) {
  if (!event.properties.sql_execution_id.present) return;  // not a job created by SQL
  int64_t execution_id = 0;
  if (!ParseJavaLong(pool_->Get(event.properties.sql_execution_id.id), execution_id)) return;
  std::shared_ptr<LiveExecution> exec = FindLive(execution_id);
  if (exec == nullptr) {
    auto stored = model_->sql.executions.find(execution_id);
    exec = std::make_shared<LiveExecution>();
    if (stored != model_->sql.executions.end()) {
      // Re-open a finished execution from the store rather than overwrite it.
      exec->row = stored->second;
      exec->metric_types->reserve(stored->second.metric_types.size());
      for (const auto& [id, type] : stored->second.metric_types) {
        exec->metric_types->Insert(id, type);
      }
      exec->stage_set.insert(exec->row.stages.begin(), exec->row.stages.end());
      exec->end_events = exec->row.jobs.size() + 1;
    } else {
      exec->row.execution_id = execution_id;
    }
    AddLive(exec);
  }
  // Track the job's stages' accumulators, if the execution has any metrics yet.
  if (!exec->metric_types->empty()) {
    for (size_t i = 0; i < event.stage_info_count; ++i) {
      const StageInfoEvent& stage = event.stage_infos[i];
      auto metrics = std::make_unique<LiveStageMetrics>();
      metrics->stage_id = stage.stage_id;
      metrics->attempt_id = 0;
      metrics->num_tasks = stage.num_tasks;
      metrics->values = StageMetricValues(stage.num_tasks);
      metrics->metric_types = exec->metric_types;
      stage_metrics_[stage.stage_id] = std::move(metrics);
    }
  }
  bool found = false;
  for (auto& [job, status] : exec->row.jobs) {
    if (job == event.job_id) {
      status = SqlJobStatus::kRunning;
      found = true;
    }
  }
  if (!found) exec->row.jobs.emplace_back(event.job_id, SqlJobStatus::kRunning);
  for (int32_t stage : event.stage_ids) AddStage(*exec, stage);
  Update(exec, /*force=*/true);
}

void SqlListener::OnJobEnd(int32_t job_id, bool succeeded) {
  std::vector<int64_t> ids;
  for (const auto& [id, exec] : live_) ids.push_back(id);
  for (int64_t id : ids) {
    std::shared_ptr<LiveExecution> exec = FindLive(id);
    if (exec == nullptr) continue;
    bool has_job = false;
    for (auto& [job, status] : exec->row.jobs) {
      if (job == job_id) {
        status = succeeded ? SqlJobStatus::kSucceeded : SqlJobStatus::kFailed;
        has_job = true;
      }
    }
    if (!has_job) continue;
    ++exec->end_events;
    Update(exec, /*force=*/false);
  }
}

void SqlListener::OnStageSubmitted(const StageInfoEvent& info) {
  if (!IsSqlStage(info.stage_id)) return;
  auto it = stage_metrics_.find(info.stage_id);
  if (it == stage_metrics_.end() || it->second->attempt_id == info.attempt_id) return;
  // A new attempt: start its arrays afresh (only the latest attempt counts).
  auto fresh = std::make_unique<LiveStageMetrics>();
  fresh->stage_id = info.stage_id;
  fresh->attempt_id = info.attempt_id;
  fresh->num_tasks = it->second->num_tasks;
  fresh->values = StageMetricValues(fresh->num_tasks);
  fresh->metric_types = it->second->metric_types;
  it->second = std::move(fresh);
}

bool SqlListener::WantsTaskAccumulables(int32_t stage_id, int32_t stage_attempt_id) const {
  if (!IsSqlStage(stage_id)) return false;
  auto it = stage_metrics_.find(stage_id);
  return it != stage_metrics_.end() && it->second->attempt_id == stage_attempt_id;
}

// onTaskEnd -> LiveStageMetrics.updateTaskMetrics (docs/SPARK-SEMANTICS.md fact 91).
void SqlListener::OnTaskEnd(const TaskEndEvent& event,
                            const std::vector<TaskAccumUpdate>& accumulables) {
  if (!IsSqlStage(event.stage_id)) return;
  auto it = stage_metrics_.find(event.stage_id);
  if (it == stage_metrics_.end() || it->second->attempt_id != event.stage_attempt_id) return;
  LiveStageMetrics& stage = *it->second;
  const int32_t index = event.info.index;
  if (index >= 0 && static_cast<size_t>(index) < stage.completed_indices.size() &&
      stage.completed_indices[static_cast<size_t>(index)]) {
    return;  // that index already succeeded
  }
  // The stage's first values: room for as many metrics as this task reports of the plan's,
  // instead of growing at each doubling. Only those: each takes a value per task of the stage,
  // and a task lists several times as many internal accumulables, which would reserve a large
  // stage's values several times over.
  if (stage.values.empty()) {
    size_t plan_metrics = 0;
    for (const TaskAccumUpdate& acc : accumulables) {
      if (acc.kind != TaskAccumUpdate::Kind::kNone && stage.metric_types->Find(acc.id) != nullptr) {
        ++plan_metrics;
      }
    }
    stage.values.reserve(plan_metrics);
  }
  for (const TaskAccumUpdate& acc : accumulables) {
    if (acc.kind == TaskAccumUpdate::Kind::kNone) continue;
    const StringId* type = stage.metric_types->Find(acc.id);
    if (type == nullptr) continue;
    // Spark's toLong throws here, and the listener bus drops the rest of the event.
    int64_t value = 0;
    if (acc.kind != TaskAccumUpdate::Kind::kText || !ParseJavaLong(acc.text, value)) return;
    StageMetricValues::Metric& metric = stage.values.GetOrAdd(acc.id);
    if (index < 0 || index >= stage.num_tasks) return;  // ArrayIndexOutOfBounds: event dropped
    stage.values.Values(metric)[static_cast<size_t>(index)] = value;
    if (SqlMetricNeedsMax(pool_->Get(*type))) {
      if (!metric.has_max || value > metric.max_value) {
        metric.has_max = true;
        metric.max_value = value;
        metric.max_task_id = event.info.task_id;
      }
    }
  }
  const bool successful = event.info.finish_time != 0 && !event.info.failed && !event.info.killed;
  if (successful && index >= 0) {
    if (stage.completed_indices.size() <= static_cast<size_t>(index)) {
      stage.completed_indices.resize(static_cast<size_t>(index) + 1, false);
    }
    stage.completed_indices[static_cast<size_t>(index)] = true;
  }
}

// [SECTION] SQL events --------------------------------------------------------------------------

SqlListener::LiveExecution* SqlListener::RecordPlan(int64_t execution_id,
                                                    const SparkPlanInfoTree& plan,
                                                    const OptString& physical_plan_description) {
  SqlPlanGraph graph;
  if (!graph_builder_.Build(plan, *pool_, graph)) return nullptr;
  auto [stored, first] = model_->sql.graphs.try_emplace(execution_id);
  if (!first) {
    model_->sql.replaced_graphs[execution_id].push_back(PackedPlanGraph::Pack(stored->second));
  }
  stored->second = std::move(graph);
  if (physical_plan_description.present) {
    model_->sql.plan_history[execution_id].push_back(physical_plan_description.id);
  }
  LiveExecution& exec = GetOrCreateExecution(execution_id);
  exec.row.physical_plan_description = physical_plan_description;
  AddMetrics(exec, plan.metrics.data(), plan.metrics.data() + plan.metrics.size());
  return &exec;
}

void SqlListener::OnSqlExecutionStart(const SqlExecutionStartEvent& event) {
  LiveExecution* exec =
      RecordPlan(event.execution_id, event.plan, event.physical_plan_description);
  if (exec == nullptr) return;
  exec->row.root_execution_id = RootExecutionIdOf(event, *pool_);
  exec->row.description = event.description;
  exec->row.details = event.details;
  exec->row.modified_configs = event.modified_configs;
  exec->row.submission_time = event.time;
  Update(FindLive(event.execution_id), /*force=*/false);
}

void SqlListener::OnSqlAdaptiveExecutionUpdate(const SqlAdaptiveExecutionUpdateEvent& event) {
  if (RecordPlan(event.execution_id, event.plan, event.physical_plan_description) == nullptr) {
    return;
  }
  Update(FindLive(event.execution_id), /*force=*/false);
}

void SqlListener::OnSqlAdaptiveMetricUpdates(const SqlAdaptiveMetricUpdatesEvent& event) {
  LiveExecution& exec = GetOrCreateExecution(event.execution_id);
  AddMetrics(exec, event.metrics.data(), event.metrics.data() + event.metrics.size());
  Update(FindLive(event.execution_id), /*force=*/false);
}

void SqlListener::OnSqlExecutionEnd(const SqlExecutionEndEvent& event) {
  std::shared_ptr<LiveExecution> exec = FindLive(event.execution_id);
  if (exec == nullptr) return;
  exec->row.completion_time = event.time;
  exec->row.error_message = event.error_message;
  Update(exec, /*force=*/false, RowAfterUpdate::kRead);
  // The History Server replays with asynchronous tracking off, so this runs at once.
  if (!exec->row.has_metric_values) {
    exec->row.metric_values = AggregateMetrics(*exec);
    exec->row.has_metric_values = true;
  }
  RemoveStaleMetricsData(*exec);
  ++exec->end_events;
  Update(exec, /*force=*/true);
}

void SqlListener::OnSqlDriverAccumUpdates(const SqlDriverAccumUpdatesEvent& event) {
  std::shared_ptr<LiveExecution> exec = FindLive(event.execution_id);
  if (exec == nullptr) return;
  exec->driver_updates.insert(exec->driver_updates.end(), event.updates.begin(),
                              event.updates.end());
  Update(exec, /*force=*/false);
}

void SqlListener::OnGlutenPlanFallback(const GlutenPlanFallbackEvent& event) {
  // Under AQE Gluten posts one event per planned fragment (query stage), each with the nodes of
  // that fragment; without AQE one event holds the whole plan. The nodes are kept merged (a node
  // and reason already seen once are not repeated), the counts as the largest event gave them.
  GlutenFallback& fallback = model_->sql.gluten_fallbacks[event.execution_id];
  fallback.num_gluten_nodes = std::max(fallback.num_gluten_nodes, event.num_gluten_nodes);
  fallback.num_fallback_nodes = std::max(fallback.num_fallback_nodes, event.num_fallback_nodes);
  for (const auto& node_reason : event.node_reasons) {
    if (std::find(fallback.node_reasons.begin(), fallback.node_reasons.end(), node_reason) ==
        fallback.node_reasons.end()) {
      fallback.node_reasons.push_back(node_reason);
    }
  }
}

void SqlListener::Finish() {
  std::vector<std::shared_ptr<LiveExecution>> execs;
  for (const auto& [id, exec] : live_) execs.push_back(exec);
  for (const auto& exec : execs) {
    if (!exec->row.has_metric_values) {
      exec->row.metric_values = AggregateMetrics(*exec);
      exec->row.has_metric_values = true;
    }
    Write(*exec);
  }
}

// [SECTION] Structured Streaming (StreamingQueryStatusListener) --------------------------------

std::optional<int64_t> ParseProgressTimestamp(std::string_view text) {
  // yyyy-MM-dd'T'HH:mm:ss.SSS'Z'
  if (text.size() != 24 || text[4] != '-' || text[7] != '-' || text[10] != 'T' ||
      text[13] != ':' || text[16] != ':' || text[19] != '.' || text[23] != 'Z') {
    return std::nullopt;
  }
  auto number = [&](size_t pos, size_t len, int64_t& out) {
    out = 0;
    for (size_t i = pos; i < pos + len; ++i) {
      if (!std::isdigit(static_cast<unsigned char>(text[i]))) return false;
      out = out * 10 + (text[i] - '0');
    }
    return true;
  };
  int64_t y, mo, d, h, mi, s, ms;
  if (!number(0, 4, y) || !number(5, 2, mo) || !number(8, 2, d) || !number(11, 2, h) ||
      !number(14, 2, mi) || !number(17, 2, s) || !number(20, 3, ms)) {
    return std::nullopt;
  }
  // Days from civil (proleptic Gregorian), H. Hinnant's algorithm.
  const int64_t yy = y - (mo <= 2);
  const int64_t era = (yy >= 0 ? yy : yy - 399) / 400;
  const int64_t yoe = yy - era * 400;
  const int64_t doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  const int64_t days = era * 146097 + doe - 719468;
  return ((days * 24 + h) * 60 + mi) * 60000 + s * 1000 + ms;
}

void SqlListener::OnStreamingQueryStarted(const StreamingQueryStartedEvent& event) {
  const std::optional<int64_t> start = ParseProgressTimestamp(pool_->Get(event.timestamp));
  if (!start) return;
  StreamingQuery query;
  query.name = event.name;
  query.id = event.id;
  query.run_id = event.run_id;
  query.start_timestamp = *start;
  query.is_active = true;
  streaming_retention_.Started(event.run_id);
  for (StreamingQuery& existing : model_->streaming.queries) {
    if (existing.run_id == event.run_id) {
      existing = query;  // the store keys StreamingQueryData by run id
      return;
    }
  }
  model_->streaming.queries.push_back(query);
}

void SqlListener::OnStreamingQueryProgress(const StreamingQueryProgressEvent& event) {
  const std::string_view timestamp_text = pool_->Get(event.timestamp);
  const std::optional<int64_t> timestamp = ParseProgressTimestamp(timestamp_text);
  if (!timestamp) return;
  StreamingProgress progress;
  progress.timestamp = event.timestamp;
  progress.timestamp_ms = *timestamp;
  progress.batch_id = event.batch_id;
  progress.batch_duration = event.batch_duration;
  // StreamingQueryProgress derives the query's numbers from its sources.
  for (const StreamingSourceProgressEvent& source : event.sources) {
    progress.num_input_rows += source.num_input_rows;
    progress.input_rows_per_second += source.input_rows_per_second;
    progress.processed_rows_per_second += source.processed_rows_per_second;
  }
  progress.duration_ms = event.duration_ms;
  progress.sink_num_output_rows = event.sink_num_output_rows;
  progress.state_operators = event.state_operators;
  progress.state_rows_total = event.state_rows_total;
  progress.state_rows_updated = event.state_rows_updated;
  progress.state_memory_used_bytes = event.state_memory_used_bytes;
  progress.state_rows_dropped_by_watermark = event.state_rows_dropped_by_watermark;
  if (event.watermark.present) {
    const std::optional<int64_t> watermark = ParseProgressTimestamp(pool_->Get(event.watermark.id));
    progress.has_watermark = watermark.has_value();
    progress.watermark_ms = watermark.value_or(0);
  }
  const StringId timestamp_id = progress.timestamp;
  const int64_t batch_id = progress.batch_id;
  std::vector<StreamingProgress>& reports = model_->streaming.progress_by_run[event.run_id];
  // Read back sorted by the timestamp text, ties by the unique id "<runId>_<batchId>_<timestamp>"
  // (within a run: the batch id's text). Reports mostly arrive in order: this appends.
  auto before = [&](const StreamingProgress& a, const StreamingProgress& b) {
    const std::string_view ta = pool_->Get(a.timestamp);
    const std::string_view tb = pool_->Get(b.timestamp);
    if (ta != tb) return ta < tb;
    return std::to_string(a.batch_id) < std::to_string(b.batch_id);
  };
  auto [first, last] = std::equal_range(reports.begin(), reports.end(), progress, before);
  if (first != last) {
    *first = std::move(progress);  // the same unique id: the store replaces it
  } else {
    reports.insert(first, std::move(progress));
  }
  streaming_retention_.ProgressStored(event.run_id, timestamp_id, batch_id, reports);
}

void SqlListener::OnStreamingQueryTerminated(const StreamingQueryTerminatedEvent& event) {
  for (StreamingQuery& query : model_->streaming.queries) {
    if (query.run_id == event.run_id) {
      query.is_active = false;
      query.terminated_exception = event.exception;
      streaming_retention_.Terminated(event.run_id, model_->streaming);
      return;
    }
  }
  // No StreamingQueryData for that run: Spark's store.read throws and the event is dropped.
}

}  // namespace afterglow
