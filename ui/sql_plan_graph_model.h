// The view model of one SQL execution's plan graph (core/model/sql_model.h SqlPlanGraph), laid
// out once when the route changes so drawing it allocates nothing: node titles, the metric lines
// "name: value" exactly as the API's /sql/<id> answer prints them, and the layout. ImGui-free.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/model/app_model.h"
#include "core/model/string_pool.h"
#include "ui/graph_layout.h"

namespace afterglow::ui {

struct SqlPlanGraphNode {
  int64_t node_id = 0;       // SparkPlanGraph node id (the API's nodeId)
  bool is_cluster = false;   // WholeStageCodegen (N) box
  std::string title;         // trimmed node name
  std::string description;   // simpleString, for the tooltip
  // "name: value" per metric with a value, in the plan's metric order, as /sql/<id> prints them.
  std::vector<std::string> metric_lines;
  int32_t layout_index = -1;  // index in layout.nodes (operators) or layout.clusters (clusters)
};

struct SqlPlanGraphModel {
  int64_t execution_id = -1;  // -1: nothing built (no such execution or no stored graph)
  std::vector<SqlPlanGraphNode> nodes;  // SqlPlanGraph::all_nodes order
  std::vector<std::pair<int32_t, int32_t>> edges;  // (child, parent) as indices in `nodes`
  GraphLayout layout;
  GraphViewport viewport;  // zoom and pan, kept across frames

  void Clear() { *this = SqlPlanGraphModel{}; }
};

// Node boxes are at least this wide and show at most this many metric lines (the tooltip has all).
inline constexpr float kSqlNodeWidth = 240.0f;
inline constexpr int kSqlNodeMetricLines = 3;

// Builds the model of `execution_id`'s last stored plan graph; `line_height` is the drawn text
// height (layout units). Leaves `out` cleared (execution_id -1) when the execution or its graph
// is unknown. Called from PrepareRoute (ViewId::kSqlQuery), never while drawing.
void BuildSqlPlanGraphModel(const AttemptModel& model, const StringPool& strings,
                            int64_t execution_id, float line_height, SqlPlanGraphModel& out);

}  // namespace afterglow::ui
