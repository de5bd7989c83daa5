// Decoded SQL-execution and Structured Streaming events, and the sink that receives them (the SQL
// listener, the counterpart of Spark's SQLAppStatusListener and StreamingQueryStatusListener).
// These events have no JsonProtocol case: Jackson writes their Scala field names ("executionId",
// "sparkPlanInfo", ...). Same conventions as events.h: strings are interned ids, vectors are
// scratch space the decoder reuses, references are valid only during the sink call.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/string_pool.h"
#include "core/decode/recent_strings.h"
#include "core/events/events.h"

namespace afterglow {

// One entry of a task's "Task Info" "Accumulables", reduced to what the SQL listener reads: the
// id and the "Update", whose text SQLAppStatusListener converts (`update.toString.toLong`) only
// for the accumulators of its plans' metrics. A task carries many more (its internal metrics), so
// the text is kept as it is and parsed by the listener (ParseJavaLong) when the id is a metric's.
struct TaskAccumUpdate {
  enum class Kind : uint8_t {
    kNone,     // no "Update" (or null): Spark's filter `update.isDefined` drops it
    kText,     // a string or a number: `text`, which parses as a Java long or not
    kInvalid,  // a boolean, array or object: never a Java long (toLong throws)
  };
  int64_t id = 0;
  Kind kind = Kind::kNone;
  std::string_view text;  // kText: the string's text or the number's token, valid during the call
};

// SQLPlanMetric / SQLMetricInfo: {"name", "accumulatorId", "metricType"}.
struct SqlPlanMetricEvent {
  StringId name = kEmptyString;
  int64_t accumulator_id = 0;
  StringId metric_type = kEmptyString;
};

// A SparkPlanInfo tree flattened in pre-order; node 0 is the root. Children are linked through
// first_child / next_sibling (-1 ends a list); a node's metrics are metrics[metrics_begin,
// metrics_end).
struct SparkPlanInfoNode {
  StringId node_name = kEmptyString;
  StringId simple_string = kEmptyString;
  int32_t first_child = -1;
  int32_t next_sibling = -1;
  uint32_t metrics_begin = 0;
  uint32_t metrics_end = 0;
};

struct SparkPlanInfoTree {
  std::vector<SparkPlanInfoNode> nodes;
  std::vector<SqlPlanMetricEvent> metrics;
  void Clear() {
    nodes.clear();
    metrics.clear();
  }
  bool empty() const { return nodes.empty(); }
};

// org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart
struct SqlExecutionStartEvent {
  int64_t execution_id = 0;
  OptString root_execution_id;  // Spark 3.4+: the text of the id, absent otherwise
  OptString description;
  OptString details;
  OptString physical_plan_description;
  SparkPlanInfoTree plan;
  int64_t time = kNoTime;
  std::vector<std::pair<StringId, StringId>> modified_configs;
};

// org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd
struct SqlExecutionEndEvent {
  int64_t execution_id = 0;
  int64_t time = kNoTime;
  OptString error_message;  // Spark 3.4+: "" on success, the failure otherwise; absent before
};

// ...SparkListenerSQLAdaptiveExecutionUpdate
struct SqlAdaptiveExecutionUpdateEvent {
  int64_t execution_id = 0;
  OptString physical_plan_description;
  SparkPlanInfoTree plan;
};

// ...SparkListenerSQLAdaptiveSQLMetricUpdates
struct SqlAdaptiveMetricUpdatesEvent {
  int64_t execution_id = 0;
  std::vector<SqlPlanMetricEvent> metrics;
};

// ...SparkListenerDriverAccumUpdates: "accumUpdates" is a list of [id, value] pairs.
struct SqlDriverAccumUpdatesEvent {
  int64_t execution_id = 0;
  std::vector<std::pair<int64_t, int64_t>> updates;
};

// Apache Gluten's GlutenPlanFallbackEvent (org.apache.gluten.events, io.glutenproject.events
// before 1.2), written by Jackson from the case class: which plan nodes of a query stayed on
// vanilla Spark (the JVM) instead of the native engine (Velox, ClickHouse), and why. Its
// "physicalPlanDescription" repeats the execution's plan text and is not kept.
struct GlutenPlanFallbackEvent {
  int64_t execution_id = 0;
  int32_t num_gluten_nodes = 0;
  int32_t num_fallback_nodes = 0;
  // "fallbackNodeToReason": "<operator id, 3 digits> <nodeName>" -> reason, in log order.
  std::vector<std::pair<StringId, StringId>> node_reasons;
};

// org.apache.spark.sql.streaming.StreamingQueryListener$QueryStartedEvent
struct StreamingQueryStartedEvent {
  StringId id = kEmptyString;      // the query id (a UUID), stable across restarts
  StringId run_id = kEmptyString;  // this run's id
  OptString name;
  StringId timestamp = kEmptyString;  // "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'" as written
};

// One source of a progress report (SourceProgress).
struct StreamingSourceProgressEvent {
  StringId description = kEmptyString;
  int64_t num_input_rows = 0;
  double input_rows_per_second = 0;      // NaN when the log says "NaN"
  double processed_rows_per_second = 0;
};

// ...$QueryProgressEvent "progress" (StreamingQueryProgress). The query-level numInputRows and
// rates are not written: Spark derives them from the sources (sums), and so do we.
struct StreamingQueryProgressEvent {
  StringId id = kEmptyString;
  StringId run_id = kEmptyString;
  OptString name;
  StringId timestamp = kEmptyString;
  int64_t batch_id = 0;
  int64_t batch_duration = 0;
  std::vector<std::pair<StringId, int64_t>> duration_ms;  // "durationMs", log order
  std::vector<StreamingSourceProgressEvent> sources;
  StringId sink_description = kEmptyString;
  int64_t sink_num_output_rows = -1;  // -1 when absent
  int32_t state_operators = 0;        // stateOperators' length
  int64_t state_rows_total = 0;       // sum of stateOperators[].numRowsTotal
  int64_t state_rows_updated = 0;     // sum of stateOperators[].numRowsUpdated
  int64_t state_memory_used_bytes = 0;          // sum of stateOperators[].memoryUsedBytes
  // sum of stateOperators[].numRowsDroppedByWatermark (Spark 3.1+; 3.0 wrote "numLateInputs",
  // which today's StateOperatorProgress does not read: Jackson leaves the long at 0)
  int64_t state_rows_dropped_by_watermark = 0;
  OptString watermark;  // eventTime["watermark"], as written
};

// ...$QueryTerminatedEvent
struct StreamingQueryTerminatedEvent {
  StringId id = kEmptyString;
  StringId run_id = kEmptyString;
  OptString exception;
};

// Receives the events above plus the core events the SQL listener follows. Separate from
// EventSink so the application-status listener and the SQL listener stay independent (Spark runs
// them as two listeners on the same replay).
class SqlEventSink {
 public:
  virtual ~SqlEventSink() = default;
  // Core events (also delivered to the EventSink).
  virtual void OnJobStart(const JobStartEvent& event) = 0;
  virtual void OnJobEnd(int32_t job_id, bool succeeded) = 0;
  virtual void OnStageSubmitted(const StageInfoEvent& info) = 0;
  // `accumulables` is empty unless WantsTaskAccumulables said yes for the task's stage attempt.
  virtual void OnTaskEnd(const TaskEndEvent& event,
                         const std::vector<TaskAccumUpdate>& accumulables) = 0;
  // Asked before a TaskEnd's "Task Info" is read: decoding task accumulables costs time, and
  // only tasks of tracked SQL stages need them.
  virtual bool WantsTaskAccumulables(int32_t stage_id, int32_t stage_attempt_id) const = 0;

  virtual void OnSqlExecutionStart(const SqlExecutionStartEvent& event) = 0;
  virtual void OnSqlExecutionEnd(const SqlExecutionEndEvent& event) = 0;
  virtual void OnSqlAdaptiveExecutionUpdate(const SqlAdaptiveExecutionUpdateEvent& event) = 0;
  virtual void OnSqlAdaptiveMetricUpdates(const SqlAdaptiveMetricUpdatesEvent& event) = 0;
  virtual void OnSqlDriverAccumUpdates(const SqlDriverAccumUpdatesEvent& event) = 0;

  virtual void OnStreamingQueryStarted(const StreamingQueryStartedEvent& event) = 0;
  virtual void OnStreamingQueryProgress(const StreamingQueryProgressEvent& event) = 0;
  virtual void OnStreamingQueryTerminated(const StreamingQueryTerminatedEvent& event) = 0;

  // An engine plugin's event: sinks that do not keep it need not say so.
  virtual void OnGlutenPlanFallback(const GlutenPlanFallbackEvent&) {}
};

// A plan's texts (node names, simple strings, metric names and types) in front of the pool: the
// same query's plans repeat them execution after execution, and hashing each text again cost
// more than decoding the plan tree around it. 1024 slots of 24 bytes.
using PlanStrings = RecentStringCache<10>;

// Scratch events the decoder reuses from line to line.
struct SqlDecodeScratch {
  // `pool` must outlive the scratch (plan_strings keeps views of its texts).
  explicit SqlDecodeScratch(StringPool* pool) : plan_strings(pool) {}
  PlanStrings plan_strings;
  SqlExecutionStartEvent start;
  SqlAdaptiveExecutionUpdateEvent adaptive;
  SqlAdaptiveMetricUpdatesEvent metric_updates;
  SqlDriverAccumUpdatesEvent driver_updates;
  StreamingQueryProgressEvent progress;
};

}  // namespace afterglow
