// The view model of one SQL execution's plan graph (core/model/sql_model.h SqlPlanGraph), laid
// out once when the route changes so drawing it allocates nothing: node titles, the metric lines
// "name: value" exactly as the API's /sql/<id> answer prints them, and the layout. ImGui-free.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "ui/graph/graph_layout.h"
#include "ui/graph/graph_text_measure.h"

namespace afterglow::ui {

// One text row drawn in a node's box (or above a cluster's members), already cut to fit.
struct SqlPlanGraphRow {
  std::string text;
  bool bold = false;    // the title row
  bool indent = false;  // a metric value's continuation row (its min, med, max line)
};

// A stage the node's metrics name ("(stage 3.0: task 4)" in their max), shown as a link.
struct SqlPlanStageLink {
  int32_t stage_id = 0;
  int32_t attempt_id = 0;
  std::string text;      // "3.0"
  float x0 = 0, x1 = 0;  // its span on the links row, from the box's left side (layout units)
};

struct SqlPlanGraphNode {
  int64_t node_id = 0;       // SparkPlanGraph node id (the API's nodeId)
  bool is_cluster = false;   // WholeStageCodegen (N) box
  std::string title;         // trimmed node name
  std::string description;   // simpleString, for the tooltip
  // "name: value" per metric with a value, in the plan's metric order, as /sql/<id> prints them.
  std::vector<std::string> metric_lines;
  int32_t layout_index = -1;  // index in layout.nodes (operators) or layout.clusters (clusters)
  // What the box shows: the title, then every metric line ("name: total (min, med, max ...)" and
  // its values on an indented row), each cut to kSqlNodeMaxWidth; the tooltip has them whole.
  std::vector<SqlPlanGraphRow> rows;
  bool elided = false;  // some row was cut
  // The stages named by the metrics, in order of first mention, drawn as a last row of links.
  std::vector<SqlPlanStageLink> stages;
};

struct SqlPlanGraphModel {
  int64_t execution_id = -1;  // -1: nothing built (no such execution or no stored graph)
  std::vector<SqlPlanGraphNode> nodes;  // SqlPlanGraph::all_nodes order
  std::vector<std::pair<int32_t, int32_t>> edges;  // (child, parent) as indices in `nodes`
  GraphLayout layout;
  GraphViewport viewport;  // zoom and pan, kept across frames

  void Clear() { *this = SqlPlanGraphModel{}; }
};

// Node boxes are as wide as their widest row plus padding, within these bounds (layout units).
inline constexpr float kSqlNodeMinWidth = 150.0f;
inline constexpr float kSqlNodeMaxWidth = 460.0f;
// Room around the rows inside a box, in rows (half a row on each side).
inline constexpr float kSqlNodePadRows = 0.5f;
inline constexpr const char* kSqlStagesLabel = "stages:";

// Builds the model of `execution_id`'s last stored plan graph, sizing every box from its rows as
// `measure` measures them (the fonts they are drawn in). Leaves `out` cleared (execution_id -1)
// when the execution or its graph is unknown. Called from PrepareRoute (ViewId::kSqlQuery), never
// while drawing.
void BuildSqlPlanGraphModel(const AttemptModel& model, const StringPool& strings,
                            int64_t execution_id, const TextMeasure& measure,
                            SqlPlanGraphModel& out);

// The (stage, attempt) pairs "(stage S.A: task T)" names in `metric_line`, appended to `out`
// when not there yet. Spark 3.1+ writes them in the max of size and timing metrics.
void AppendMetricStages(std::string_view metric_line,
                        std::vector<std::pair<int32_t, int32_t>>& out);

}  // namespace afterglow::ui
