// The view model of a "DAG Visualization": one stage's RDD operation graph, or a job's (each stage
// an outer "Stage N" box, skipped stages greyed, edges crossing from stage to stage), built from
// core/analysis/rdd_operation_graph.h and laid out once per route change. ImGui-free.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/analysis/rdd_operation_graph.h"
#include "ui/graph/graph_layout.h"
#include "ui/graph/graph_text_measure.h"

namespace afterglow::ui {

struct RddDagNode {
  int32_t rdd_id = 0;
  int32_t stage_id = 0;
  std::string label;     // "name [id]", plus " [Indeterminate]" / " [Unordered]" as Spark adds
  std::string box_label; // `label` as the box shows it (cut with "..." past kRddNodeMaxWidth)
  std::string callsite;  // the tooltip
  bool cached = false;   // drawn green, as Spark's "cached" RDDs
  bool barrier = false;
};

struct RddDagCluster {
  std::string label;     // "Stage 3", "Stage 3 (skipped)", or the operation scope's name
  int32_t stage_id = 0;  // the stage it belongs to
  bool is_stage = false; // the stage's outer box (a click opens the stage)
  bool skipped = false;  // the job skipped this stage (its name says "skipped")
  int32_t parent = -1;   // index of the enclosing cluster (a scope's stage or scope), -1: none
};

struct RddDagModel {
  int64_t built_for = -1;  // job or stage id the model shows; -1: nothing built
  std::vector<RddDagNode> nodes;        // layout.nodes has the same indices
  std::vector<RddDagCluster> clusters;  // layout.clusters has the same indices
  std::vector<std::pair<int32_t, int32_t>> edges;  // node indices, parent RDD -> child RDD
  GraphLayout layout;
  GraphViewport viewport;
  int32_t stage_count = 0;    // stage boxes
  int32_t skipped_stages = 0;

  void Clear() { *this = RddDagModel{}; }
};

// Node boxes are as wide as their label plus padding, within these bounds (layout units).
inline constexpr float kRddNodeWidth = 120.0f;
inline constexpr float kRddNodeMaxWidth = 420.0f;

// A job's DAG (AppStatusStore.operationGraphForJob): every stage of the job in id order. An edge
// into a stage from an RDD of another stage of the job is drawn from the latest earlier stage
// that holds that RDD. Leaves `out` cleared when the job is unknown.
// Boxes are sized from `measure` (the fonts the labels are drawn in).
void BuildJobDag(const AttemptModel& model, const StringPool& strings, int32_t job_id,
                 const TextMeasure& measure, RddDagModel& out);
// One stage's DAG (its internal edges only, as the stage page draws it).
void BuildStageDag(const AttemptModel& model, const StringPool& strings, int32_t stage_id,
                   const TextMeasure& measure, RddDagModel& out);

}  // namespace afterglow::ui
