// SQL executions and Structured Streaming queries of one application attempt, as the History
// Server's store holds them after a replay: what SQLAppStatusListener last wrote
// (SQLExecutionUIData, SparkPlanGraphWrapper) and what StreamingQueryStatusListener wrote
// (StreamingQueryData, StreamingQueryProgressWrapper). Built by core/listen/sql_listener.cc.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/base/string_pool.h"
#include "core/events/events.h"
#include "core/model/sql_metric_format.h"
#include "core/model/packed_plan_graph.h"

namespace afterglow {

// SQLPlanMetric.
struct SqlPlanMetric {
  StringId name = kEmptyString;  // untrimmed, as logged
  int64_t accumulator_id = 0;
  StringId metric_type = kEmptyString;  // "sum", "size", "timing", "nsTiming", "average", ...
};

// A node of SparkPlanGraph; WholeStageCodegen clusters are nodes too. Its metrics are a range of
// its graph's `metrics` (SqlPlanGraph::MetricsOf): a streaming query's thousands of executions
// would otherwise hold an allocation per plan node.
struct SqlPlanNode {
  int64_t id = 0;                 // pre-order DFS id (docs/SPARK-SEMANTICS.md fact 88)
  StringId name = kEmptyString;   // nodeName, untrimmed
  StringId desc = kEmptyString;   // simpleString
  uint32_t metrics_begin = 0;     // [metrics_begin, metrics_end) in SqlPlanGraph::metrics
  uint32_t metrics_end = 0;
  bool is_cluster = false;
  int32_t cluster = -1;  // index in all_nodes of the cluster that holds this node, -1 if none
};

// SparkPlanGraph, kept as its allNodes: every top-level node in creation order, a cluster's
// nodes listed just before the cluster itself.
struct SqlPlanGraph {
  std::vector<SqlPlanNode> all_nodes;
  std::vector<SqlPlanMetric> metrics;  // every node's metrics, each node's in its plan's order
  std::vector<std::pair<int64_t, int64_t>> edges;  // (fromId = child, toId = parent), creation order

  std::span<const SqlPlanMetric> MetricsOf(const SqlPlanNode& node) const {
    return std::span<const SqlPlanMetric>(metrics).subspan(node.metrics_begin,
                                                           node.metrics_end - node.metrics_begin);
  }
};

enum class SqlJobStatus : uint8_t { kRunning, kSucceeded, kFailed };

// SQLExecutionUIData as last written to the store.
struct SqlExecutionRow {
  int64_t execution_id = 0;
  // The execution that started this one (Spark 3.4+ ExecutionStart "rootExecutionId"; its own id
  // when the start has none). 0 for an execution known only from a JobStart: Spark's
  // LiveExecutionData leaves the field at the JVM default (docs/SPARK-SEMANTICS.md fact 111).
  int64_t root_execution_id = 0;
  OptString description;  // null (omitted) for executions known only from a JobStart
  OptString details;
  OptString physical_plan_description;
  std::vector<std::pair<StringId, StringId>> modified_configs;
  // accumulator id -> metric type of every plan version and AQE metric update (latest wins);
  // kept so an execution re-opened by a later JobStart aggregates as Spark does.
  std::vector<std::pair<int64_t, StringId>> metric_types;
  int64_t submission_time = -1;
  int64_t completion_time = kNoTime;  // kNoTime: no ExecutionEnd
  OptString error_message;            // Spark 3.4+ only
  // Jobs in insertion order; Spark's immutable Map iterates them in ScalaImmutableIntOrder.
  std::vector<std::pair<int32_t, SqlJobStatus>> jobs;
  std::vector<int32_t> stages;  // insertion order, distinct
  // Aggregated metric values by accumulator id, sorted by id; absent until aggregated. Kept
  // summarized: MetricValue writes a value's text when it is asked for.
  bool has_metric_values = false;
  std::vector<SqlMetricSummary> metric_values;

  // "COMPLETED" / "FAILED" / "RUNNING" (SQLExecutionUIData.executionStatus, docs/SPARK-SEMANTICS.md
  // fact 85).
  const char* Status() const;
  // The aggregated value's text of an accumulator (the History Server's metricValues entry), or
  // nothing.
  std::optional<std::string> MetricValue(int64_t accumulator_id) const;
};

// What Apache Gluten's GlutenPlanFallbackEvents for an execution said (one per AQE fragment, or
// one for the whole plan): how many plan nodes ran natively, how many stayed on vanilla Spark
// (the largest counts one event gave), and which nodes and why (merged over the events).
struct GlutenFallback {
  int32_t num_gluten_nodes = 0;
  int32_t num_fallback_nodes = 0;
  // "<operator id> <nodeName>" ("003 Project") -> the reason Gluten gave, in log order.
  std::vector<std::pair<StringId, StringId>> node_reasons;
};

struct SqlModel {
  std::map<int64_t, SqlExecutionRow> executions;  // by execution id (the API's order)
  std::map<int64_t, SqlPlanGraph> graphs;         // the last graph stored for each execution
  // Every physicalPlanDescription an execution had, in order (start, then each AQE update):
  // the plan-change history the UI can show. Not part of the History Server's answers.
  std::map<int64_t, std::vector<StringId>> plan_history;
  // The graphs an AQE update replaced, oldest first (the start's, then each update's but the
  // last, which is `graphs`): with it, every plan version the execution had. Not part of the
  // History Server's answers (its store keeps only the last graph). Packed: they are read only
  // when a version is shown.
  std::map<int64_t, std::vector<PackedPlanGraph>> replaced_graphs;
  // Plan versions of an execution: 0 when it has no stored graph, else replaced_graphs + 1.
  size_t PlanVersionCount(int64_t execution_id) const;
  // Version `version` (0: the initial plan, PlanVersionCount - 1: the final, `graphs`' one), a
  // copy, or nothing when there is no such version.
  std::optional<SqlPlanGraph> PlanVersion(int64_t execution_id, size_t version) const;
  // Gluten's plan fallbacks by execution id (also for ids whose ExecutionStart is missing: Gluten
  // may post the event first). Not part of the History Server's answers.
  std::map<int64_t, GlutenFallback> gluten_fallbacks;
};

// ---- Structured Streaming ----------------------------------------------------------------------

// StreamingQueryProgress, reduced to what the streaming pages show.
struct StreamingProgress {
  StringId timestamp = kEmptyString;  // as written
  int64_t timestamp_ms = 0;           // parsed (UTC)
  int64_t batch_id = 0;
  int64_t batch_duration = 0;
  int64_t num_input_rows = 0;              // sum over sources
  double input_rows_per_second = 0;        // sum over sources (NaN if any source's is NaN)
  double processed_rows_per_second = 0;    // sum over sources
  std::vector<std::pair<StringId, int64_t>> duration_ms;
  int64_t sink_num_output_rows = -1;
  int32_t state_operators = 0;  // how many stateful operators reported
  int64_t state_rows_total = 0;  // the sums over them
  int64_t state_rows_updated = 0;
  int64_t state_memory_used_bytes = 0;
  int64_t state_rows_dropped_by_watermark = 0;
  bool has_watermark = false;  // eventTime had a "watermark" that parses as a progress timestamp
  int64_t watermark_ms = 0;    // epoch ms (UTC)
};

// StreamingQueryData, plus the progress reports the store retains for its run.
struct StreamingQuery {
  OptString name;
  StringId id = kEmptyString;
  StringId run_id = kEmptyString;
  int64_t start_timestamp = 0;
  bool is_active = true;
  // What the QueryTerminatedEvent said; the History Server drops it (it keeps the start's None).
  OptString terminated_exception;
};

struct StreamingModel {
  std::vector<StreamingQuery> queries;  // StreamingQueryData rows, first-written order
  // Retained progress reports by run id, ordered by timestamp (the store's "timestamp" index).
  std::map<StringId, std::vector<StreamingProgress>> progress_by_run;

  const StreamingQuery* FindRun(StringId run_id) const;
  const std::vector<StreamingProgress>* Progress(StringId run_id) const;
  // The streaming page's "Avg Input /sec" and "Avg Process /sec": the mean over the retained
  // reports, NaN and infinite rates counted as 0 (StreamingQueryPage). NaN with no reports.
  double AverageInputRate(StringId run_id) const;
  double AverageProcessRate(StringId run_id) const;
  // "N completed batches": the last report's batch id + 1, 0 without reports.
  int64_t CompletedBatches(StringId run_id) const;
};

}  // namespace afterglow
