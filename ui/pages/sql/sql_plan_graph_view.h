// The SQL plan graph as Spark 4's SQL query page draws it: compact operator boxes (the name and
// one key figure), WholeStageCodegen (N) boxes around the operators they fuse, edges from child
// to parent with the scans on top and the root at the bottom; the selected node's metrics,
// description and stages in a side panel; a search over node names and ids; and, for an
// execution AQE re-planned, every plan version with what changed from the previous one and the
// initial plan beside the shown one. For the #/sql/<id> page (ui/pages/sql/view_sql_query.cc).
#pragma once

#include <cstdint>

#include "ui/app/app_state.h"

namespace afterglow::ui {

// Draws the plan graph tab of `execution_id` into the rest of the current window: the toolbar
// (plan versions, side by side, search), what changed, the graph(s) scrolled and zoomed as
// ui/graph/graph_view.h says, and the side panel. Clicking a node selects it; Enter in the
// search box steps to the next match (Shift+Enter the previous), selects it and brings it into
// view. A version picked goes to #/sql/<id>/plan/<n> (Navigate), so back and forward step back.
//
// Reads state.sql_plan_graph (and state.sql_plan_graph_initial beside it), which PrepareRoute
// builds for route #/sql/<execution_id>; draws a short note when that model is for another
// execution or the execution has no stored graph. `selected_node_id` (may be null) is the
// caller's selection: it is highlighted, set to the clicked node's id (the API's nodeId,
// SqlPlanNode::id) on a click, and set to -1 by a click on empty space. Returns true in the frame
// the selection changed. Allocates nothing per frame.
bool DrawSqlPlanGraph(AppState& state, int64_t execution_id, float height,
                      int64_t* selected_node_id);

// Builds state.sql_plan_graph for plan version `version` of `execution_id` (-1: the last) and the
// initial plan beside it, keeping the zoom, pan, search and side-by-side choice when it already
// shows that execution (mid-load refreshes and version steps rebuild it). Called by PrepareRoute
// for #/sql/<id>[/plan/<n>].
void PrepareSqlPlanGraph(AppState& state, int64_t execution_id, int32_t version = -1);

}  // namespace afterglow::ui
