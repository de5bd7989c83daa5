// The SQL plan graph as Spark's SQL query page draws it: operators as boxes with their metrics,
// WholeStageCodegen (N) boxes around the operators they fuse, edges from child to parent with the
// scans on top and the root at the bottom. For the #/sql/<id> page (ui/pages/sql/view_sql_query.cc).
#pragma once

#include <cstdint>

#include "ui/app/app_state.h"

namespace afterglow::ui {

// Draws the plan graph of `execution_id` into a child region of the current window, `height`
// pixels tall (<= 0: the rest of the window) and as wide as the content region, scrolled and
// zoomed as ui/graph/graph_view.h says; hovering a node shows all its metrics; clicking a node selects
// it; clicking one of its stage links (the stages its metrics name) opens that stage.
//
// Reads state.sql_plan_graph, which PrepareRoute builds for route #/sql/<execution_id>; draws a
// short note when that model is for another execution or the execution has no stored graph.
// `selected_node_id` (may be null) is the caller's selection: it is highlighted, set to the
// clicked node's id (the API's nodeId, SqlPlanNode::id) on a click, and set to -1 by a click on
// empty space. Returns true in the frame the selection changed. Allocates nothing per frame.
bool DrawSqlPlanGraph(AppState& state, int64_t execution_id, float height,
                      int64_t* selected_node_id);

// Builds state.sql_plan_graph for `execution_id` (keeping the zoom and pan when it already shows
// that execution, as mid-load refreshes rebuild it). Called by PrepareRoute for #/sql/<id>.
void PrepareSqlPlanGraph(AppState& state, int64_t execution_id);

}  // namespace afterglow::ui
