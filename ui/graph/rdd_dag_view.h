// Draws Spark's "DAG Visualization" of RDD operations: stages as outer boxes (skipped ones
// greyed), operation scopes as nested boxes, RDDs as nodes labelled "name [id]" (cached ones
// green, the call site in the tooltip), in a zoomable, pannable canvas (ui/graph/graph_view.h).
#pragma once

#include <cstdint>

#include "ui/app/app_state.h"
#include "ui/graph/rdd_dag_model.h"

namespace afterglow::ui {

// Draws `model` in a region `height` pixels tall (<= 0: the rest of the window). Returns the
// stage id of a stage box clicked this frame, -1 otherwise. Allocates nothing.
int32_t DrawRddDag(RddDagModel& model, const char* id, float height);

// The stage page's "DAG Visualization" section: a title, then state.stage_dag (which
// PrepareStageDag built for `stage_id`) `height` pixels tall (<= 0: as tall as the graph, within
// 120-380 pixels), or a note when the log lists no RDDs for the stage. For ui/pages/stages/view_stage.cc.
void DrawStageDag(AppState& state, int32_t stage_id, float height);
// Builds state.stage_dag for `stage_id` (keeps zoom and pan when it already shows that stage).
// Called by PrepareRoute for #/stages/<id>/<attempt>.
void PrepareStageDag(AppState& state, int32_t stage_id);

// The line height the DAG layouts are built for (the body font's size).
float DagLineHeight();
// The text measure the DAG layouts are built with (the fonts the labels are drawn in).
TextMeasure DagTextMeasure();

}  // namespace afterglow::ui
