// Spark's SQLAppStatusListener and StreamingQueryStatusListener, replayed (History Server mode,
// live = false): SQL executions with their plan graphs and aggregated metric values, and
// Structured Streaming queries with their progress, into AttemptModel::sql and ::streaming.
// docs/SPARK-SEMANTICS.md section 10 (facts 84-95) says what is computed; the comments below say
// which Spark method each step follows.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/base/flat_ordered.h"
#include "core/base/string_pool.h"
#include "core/decode/sql_events.h"
#include "core/listen/accumulator_types.h"
#include "core/listen/sql_plan_graph.h"
#include "core/listen/streaming_retention.h"
#include "core/model/app_model.h"

namespace afterglow {

class SqlListener : public SqlEventSink {
 public:
  // `pool` and `model` must outlive the listener.
  SqlListener(StringPool* pool, AttemptModel* model);
  ~SqlListener() override;

  void OnJobStart(const JobStartEvent& event) override;
  void OnJobEnd(int32_t job_id, bool succeeded) override;
  void OnStageSubmitted(const StageInfoEvent& info) override;
  void OnTaskEnd(const TaskEndEvent& event,
                 const std::vector<TaskAccumUpdate>& accumulables) override;
  bool WantsTaskAccumulables(int32_t stage_id, int32_t stage_attempt_id) const override;

  void OnSqlExecutionStart(const SqlExecutionStartEvent& event) override;
  void OnSqlExecutionEnd(const SqlExecutionEndEvent& event) override;
  void OnSqlAdaptiveExecutionUpdate(const SqlAdaptiveExecutionUpdateEvent& event) override;
  void OnSqlAdaptiveMetricUpdates(const SqlAdaptiveMetricUpdatesEvent& event) override;
  void OnSqlDriverAccumUpdates(const SqlDriverAccumUpdatesEvent& event) override;
  void OnGlutenPlanFallback(const GlutenPlanFallbackEvent& event) override;

  void OnStreamingQueryStarted(const StreamingQueryStartedEvent& event) override;
  void OnStreamingQueryProgress(const StreamingQueryProgressEvent& event) override;
  void OnStreamingQueryTerminated(const StreamingQueryTerminatedEvent& event) override;

  // End of replay (kvstore.onFlush): aggregates and writes every execution still live.
  void Finish();

  // spark.sql.ui.retainedExecutions, as the History Server applies it.
  static constexpr size_t kRetainedExecutions = 1000;

 private:
  using MetricTypes = AccumulatorTypes;
  struct LiveExecution;
  struct LiveStageMetrics;

  LiveExecution& GetOrCreateExecution(int64_t execution_id);
  // A plan, the first or one adaptive execution re-planned (SQLAppStatusListener's
  // onExecutionStart and onAdaptiveExecutionUpdate): its graph replaces the last (kept in
  // replaced_graphs), its description
  // joins the plan history and its metrics are added. Null, with nothing changed, when the plan
  // does not build a graph (the event is then dropped).
  LiveExecution* RecordPlan(int64_t execution_id, const SparkPlanInfoTree& plan,
                            const OptString& physical_plan_description);
  std::shared_ptr<LiveExecution> FindLive(int64_t execution_id) const;
  void AddLive(const std::shared_ptr<LiveExecution>& exec);
  void AddStage(LiveExecution& exec, int32_t stage_id);
  // Whether the caller reads the execution's row after an Update: when not, the write that ends
  // the execution's live tracking moves the row into the store instead of copying it.
  enum class RowAfterUpdate { kUnused, kRead };
  void Update(const std::shared_ptr<LiveExecution>& exec, bool force,
              RowAfterUpdate after = RowAfterUpdate::kUnused);
  // Copies the row into the store, or moves it when `move` (the row is then gone from `exec`).
  void Write(LiveExecution& exec, bool move = false);
  void RemoveStaleMetricsData(const LiveExecution& exec);
  void CleanupExecutions();
  bool IsSqlStage(int32_t stage_id) const;
  static void AddMetrics(LiveExecution& exec, const SqlPlanMetricEvent* begin,
                         const SqlPlanMetricEvent* end);
  std::vector<SqlMetricSummary> AggregateMetrics(const LiveExecution& exec);

  StringPool* pool_;
  AttemptModel* model_;
  std::map<int64_t, std::shared_ptr<LiveExecution>> live_;
  std::unordered_map<int32_t, std::unique_ptr<LiveStageMetrics>> stage_metrics_;
  std::unordered_map<int32_t, int32_t> live_stage_refs_;  // stage id -> live executions listing it
  // (completion time, id) of every stored execution that has one (>= 0): cleanupExecutions' order.
  FlatOrderedSet<std::pair<int64_t, int64_t>> completed_;
  StreamingRetention streaming_retention_;
  SparkPlanGraphBuilder graph_builder_;
  // AggregateMetrics' working arrays, kept between executions.
  struct AggregateScratch {
    std::vector<const LiveStageMetrics*> stages;
    std::vector<std::pair<int64_t, int64_t>> driver_values;  // (id, value), by id, log order
    std::vector<int64_t> metric_ids;
    std::vector<int64_t> values;
  };
  AggregateScratch aggregate_;
};

// "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'" in UTC (streaming UIUtils.parseProgressTimestamp) to epoch ms.
std::optional<int64_t> ParseProgressTimestamp(std::string_view text);

}  // namespace afterglow
