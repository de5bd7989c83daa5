// The view model of one SQL execution (#/sql/<id>): its header as the REST API's /sql/<id>
// answers it, the jobs and stages it ran, every plan node with its metric strings exactly as
// /sql/<id>?details=true prints them (of the plan version the graph shows, #/sql/<id>/plan/<n>), the scans and what was pushed into them, the physical plan
// text of every plan version (AQE re-plans) and the modified configs. Built by PrepareRoute on
// navigation; drawing reads it and allocates nothing. ImGui-free.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "core/session.h"
#include "ui/pages/sql/sql_list_model.h"

namespace afterglow::ui {

// One metric of a plan node. `value` is the API's string; the parts split it for the table's
// columns without recomputing anything ("total (min, med, max (stageId: taskId))\n874 ms (0 ms,
// 0 ms, 54 ms (stage 38.0: task 12465))" -> total "874 ms", min "0 ms", med "0 ms", max "54 ms",
// max_task "stage 38.0: task 12465"). A metric with one value has only `total`.
struct SqlOperatorMetric {
  std::string name;   // trimmed, as the API prints it
  std::string value;  // as the API prints it (leading line break dropped)
  std::string total, min, med, max, max_task;
};

struct SqlOperatorNode {
  int64_t node_id = 0;         // the API's nodeId
  std::string name;            // trimmed node name
  std::string description;     // simpleString (the Spark UI's node tooltip)
  int64_t codegen_id = -1;     // the API's wholeStageCodegenId; -1 when not in a codegen stage
  bool is_cluster = false;     // a WholeStageCodegen (N) box
  uint32_t first_metric = 0;   // metrics[first_metric, first_metric + metric_count)
  uint32_t metric_count = 0;
};

// A file or table scan and what its plan says was pushed into it.
struct SqlScan {
  uint32_t node = 0;           // index into nodes
  std::string location;        // "InMemoryFileIndex[gs://...]" ("" when the plan does not say)
  std::string pushed_filters;  // "[IsNotNull(a), ...]"; "" when the plan has no such field
  std::string partition_filters;
  std::string data_filters;
  std::string files_read;      // the metric strings' totals: "number of files read", ...
  std::string bytes_read;      // "size of files read"
  std::string output_rows;     // "number of output rows"
  bool nothing_pushed = false;  // neither filters nor partition filters reached the scan
  bool large = false;           // reads many files or bytes (kManyFiles / kManyBytes)
  bool Flagged() const { return nothing_pushed && large; }
};

// What counts as a large scan for the pushdown warning.
inline constexpr int64_t kManyFiles = 100;
inline constexpr int64_t kManyBytes = int64_t{1} << 30;  // 1 GiB

struct SqlStageLink {
  int32_t stage_id = 0;
  int32_t attempt_id = 0;  // the attempt the History Server shows (the latest)
  StageStatus status = StageStatus::kPending;
};

struct SqlQueryModel {
  int64_t execution_id = -1;  // -1: nothing built
  bool found = false;         // the API knows the execution
  std::string error;          // the API's answer when it could not be read
  SqlRow header;              // id, description, submission, duration, status, jobs (the API's)
  std::string error_message;  // why the execution failed (Spark 3.4+ logs), "" otherwise
  // The execution page's "Parent Execution" (-1: none, the execution is its own root) and
  // "Sub Executions" (core/query/sql_sub_executions.h).
  int64_t parent_execution = -1;
  std::vector<int64_t> sub_executions;
  std::vector<SqlStageLink> stages;  // stages of the execution's jobs, by stage id

  // The plan version the operators (and scans) are of: the one the plan graph shows (0: the
  // initial plan) of `operators_version_count` (SqlModel::PlanVersionCount; 0: no stored graph).
  int32_t operators_version = 0;
  int32_t operators_version_count = 0;
  std::vector<SqlOperatorNode> nodes;  // by node id ascending: the root first
  std::vector<SqlOperatorMetric> metrics;
  // The operators table's rows: (node index, metric index or -1 for a node without metrics),
  // filtered by `filter` / `selected_node`.
  struct TableRow {
    uint32_t node;
    int32_t metric;
  };
  std::vector<TableRow> table;
  std::string filter;
  char search_text[96] = {};     // the view's search box; re-applied when it differs from filter
  int64_t selected_node = -1;  // a node picked in the graph: the table shows only its rows
  bool graph_drawn = false;    // the view drew the plan graph (for state())
  bool operators_drawn = false;  // the view drew the Operators tab (for state())

  std::vector<SqlScan> scans;
  uint32_t flagged_scans = 0;

  // Physical plan text of each version: the start's, then one per AQE update. The last is the
  // plan the API's planDescription shows.
  std::vector<std::string> plan_versions;
  int32_t shown_version = 0;  // the version the plan text box shows (the view changes it)
  std::vector<std::pair<std::string, std::string>> modified_configs;

  void Clear();
  // Builds everything for `execution_id` of the app, the operators and scans of plan version
  // `plan_version` (-1 or past the last: the final plan, the one the API answers with).
  // `model`/`strings` may be null (nothing beyond the API's header is built then).
  void Build(const Session& session, const AttemptSummary& app, const AttemptModel* model,
             const StringPool* strings, int64_t execution_id, int32_t plan_version = -1);
  // Re-filters the operators table: rows whose operator or metric name contains `text`
  // (case-insensitive), only the rows of `selected_node` when it is >= 0.
  void ApplyFilter(std::string_view text, int64_t node);
};

// Fills model.scans and flagged_scans from its nodes and metrics (Build calls it). For tests.
void BuildScans(SqlQueryModel& model);
// Splits a metric string of the API into its parts (see SqlOperatorMetric). Exposed for tests.
void SplitMetricValue(SqlOperatorMetric& metric);
// The first bracketed list after "<key>: " in a plan node's simpleString ("[a, b]"), "" when the
// key is absent; a list cut by Spark's truncation ends where the text does.
std::string PlanField(std::string_view description, std::string_view key);
// Reads a metric's leading number back with its unit ("1,234" -> 1234, "2.0 GiB" -> 2147483648),
// for thresholds only (never shown); -1 when it is not a number.
int64_t ParseMetricQuantity(std::string_view text);

}  // namespace afterglow::ui
