// The rows of the SQL page and of /sql and /sql/{id} (v1.ExecutionData): one row per execution,
// by execution id, and on request its plan graph's nodes (with their metric values) and edges.
// Strings are views into the session's string pool and the model, valid while the session lives.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "core/model/sql_model.h"

namespace afterglow {

// SQLExecutionUIData.executionStatus (docs/SPARK-SEMANTICS.md fact 85).
enum class SqlExecutionStatus : uint8_t { kRunning, kCompleted, kFailed };
// "RUNNING", "COMPLETED", "FAILED", as the API writes them.
const char* SqlExecutionStatusName(SqlExecutionStatus status);

struct SqlExecutionListRow {
  int64_t id = 0;
  int64_t root_execution_id = 0;  // SqlExecutionRow::root_execution_id (not in the REST answer)
  SqlExecutionStatus status = SqlExecutionStatus::kRunning;
  bool has_description = false;  // executions known only from a JobStart have none
  std::string_view description;
  bool has_plan_description = false;
  std::string_view plan_description;  // the physical plan's text
  int64_t submission_time = -1;       // epoch ms
  int64_t duration_ms = 0;            // to the end, or to `now` while running
  // Job ids by status, in the order Spark's immutable map iterates them (docs/SPARK-
  // SEMANTICS.md fact 87).
  std::vector<int32_t> running_job_ids, success_job_ids, failed_job_ids;
  bool has_graph = false;  // a plan graph was stored (SqlPlanRowsOf has nodes to give)
};

struct SqlPlanMetricRow {
  std::string_view name;  // trimmed
  std::string value;      // the aggregated text, a leading newline dropped (written on request)
};

struct SqlPlanNodeRow {
  int64_t node_id = 0;
  std::string_view node_name;    // trimmed
  std::string_view description;  // the operator's simpleString, as logged
  bool is_cluster = false;       // a WholeStageCodegen cluster, not an operator
  std::optional<int64_t> whole_stage_codegen_id;  // N of the "WholeStageCodegen (N)" holding it
  std::optional<int64_t> cluster_codegen_id;      // a cluster's own N
  std::vector<SqlPlanMetricRow> metrics;          // only metrics that have a value
};

struct SqlPlanEdgeRow {
  int64_t from_id = 0;  // the child
  int64_t to_id = 0;    // the parent
};

struct SqlPlanRows {
  std::vector<SqlPlanNodeRow> nodes;  // every node and cluster, by node id descending
  std::vector<SqlPlanEdgeRow> edges;  // creation order
};

// Visits the executions from `offset` (by id), at most `length` of them (<= 0: all), as
// executionsList(offset, length) lists them. `now_ms` ends a running execution's duration.
void ForEachSqlExecutionRow(const AttemptModel& attempt, const StringPool& pool, int64_t offset,
                            int64_t length, int64_t now_ms,
                            const std::function<void(const SqlExecutionListRow&)>& visit);
std::optional<SqlExecutionListRow> FindSqlExecutionRow(const AttemptModel& attempt,
                                                       const StringPool& pool,
                                                       int64_t execution_id, int64_t now_ms);
// The stored plan graph of one execution; empty when none was stored.
SqlPlanRows SqlPlanRowsOf(const AttemptModel& attempt, const StringPool& pool,
                          int64_t execution_id);
// The same rows for plan version `version` of the execution (SqlModel::PlanVersion: 0 the initial
// plan, the last the graph above), its nodes' metrics from the execution's aggregated values;
// empty when there is no such version. Not part of the History Server's answers.
SqlPlanRows SqlPlanRowsOf(const AttemptModel& attempt, const StringPool& pool,
                          int64_t execution_id, size_t version);

}  // namespace afterglow
