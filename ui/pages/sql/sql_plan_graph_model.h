// The view model of one SQL execution's plan graph (core/model/sql_model.h SqlPlanGraph), one of
// its plan versions (the start's and each AQE update's), laid out once when the route changes so
// drawing it allocates nothing: compact boxes (the operator's name and one key figure, as Spark
// 4's UI draws them), each node's metric lines "name: value" exactly as the API's /sql/<id>
// answer prints them for the side panel, the row count each edge carries (as Spark 4.2 labels its
// edges), what AQE changed from the previous version, the search over node names and ids, and the
// layout. ImGui-free.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/string_pool.h"
#include "core/compare/plan_versions.h"
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
  std::string text;  // "3.0"
};

struct SqlPlanGraphNode {
  int64_t node_id = 0;       // SparkPlanGraph node id (the API's nodeId)
  bool is_cluster = false;   // WholeStageCodegen (N) box
  std::string title;         // trimmed node name
  std::string description;   // simpleString, for the tooltip
  // "name: value" per metric with a value, in the plan's metric order, as /sql/<id> prints them.
  std::vector<std::string> metric_lines;
  int32_t layout_index = -1;  // index in layout.nodes (operators) or layout.clusters (clusters)
  // The one figure the box shows beside its name (SqlPlanKeyFigure), "" when none.
  std::string key_figure;
  // What the box shows, each row cut to kSqlNodeMaxWidth: an operator's title, then its key
  // figure; a cluster's title and key figure on one row. The side panel has everything whole.
  std::vector<SqlPlanGraphRow> rows;
  bool elided = false;  // some row was cut
  // An operator the previous plan version lacks (core/compare/plan_versions.h new_node_ids).
  bool is_new = false;
  // The stages named by the metrics, in order of first mention, linked from the side panel.
  std::vector<SqlPlanStageLink> stages;
};

// The node search of the plan graph: the text typed, the nodes it matches and the one Enter
// last stepped to.
struct SqlPlanSearch {
  char text[96] = {};           // the view's search box
  std::string applied;          // the text `matches` is for
  std::vector<int32_t> matches;  // indices in nodes, by node id (the plan's pre-order)
  int32_t cursor = -1;          // index in matches of the node last stepped to, -1: none yet
};

struct SqlPlanGraphModel {
  int64_t execution_id = -1;  // -1: nothing built (no such execution or no stored graph)
  // The plan version shown (0: the initial plan) of `version_count` (SqlModel::PlanVersionCount).
  int32_t version = 0;
  int32_t version_count = 0;
  std::vector<SqlPlanGraphNode> nodes;  // SqlPlanGraph::all_nodes order
  std::vector<std::pair<int32_t, int32_t>> edges;  // (child, parent) as indices in `nodes`
  // Per edge (same indices): the rows the child output (core/analysis/plan_edge_rows.h, -1:
  // unknown) and the label chip drawn on the edge ("1,204", "" when unknown), with its width and
  // its centre (SqlEdgeLabelPoint) in layout units.
  std::vector<int64_t> edge_rows;
  std::vector<std::string> edge_labels;
  std::vector<float> edge_label_widths;
  std::vector<LayoutPoint> edge_label_points;
  GraphLayout layout;
  GraphViewport viewport;  // zoom and pan, kept across frames
  // What AQE changed: from the previous version and from the initial one to this (valid only
  // when there is such a version).
  compare::PlanVersionChanges from_previous;
  compare::PlanVersionChanges from_initial;
  std::string from_previous_text;  // DescribePlanChanges of each, "" when not valid
  std::string from_initial_text;
  SqlPlanSearch search;
  // The view's choices, kept across rebuilds of one execution: the initial plan drawn beside
  // this one, and whether the selected node is one of the initial plan's.
  bool side_by_side = false;
  bool selected_in_initial = false;

  void Clear() { *this = SqlPlanGraphModel{}; }
  // The index in nodes of node id `node_id`, -1 when the plan has none.
  int32_t IndexOfNode(int64_t node_id) const;
};

// Node boxes are as wide as their widest row plus padding, within these bounds (layout units).
inline constexpr float kSqlNodeMinWidth = 110.0f;
inline constexpr float kSqlNodeMaxWidth = 300.0f;
// The vertical gap between layers of boxes (layout units); edge labels sit in it.
inline constexpr float kSqlLayerGap = 30.0f;
// Room around the rows inside a box, in rows (half a row on each side).
inline constexpr float kSqlNodePadRows = 0.5f;
inline constexpr const char* kSqlKeyFigureSeparator = "  \xc2\xb7  ";  // a cluster's "title · figure"

// Builds the model of plan version `version` of `execution_id` (-1 or past the last: the last,
// the graph the API answers with), sizing every box from its rows as `measure` measures them (the
// fonts they are drawn in), with what changed from the previous and the initial version. Leaves
// `out` cleared (execution_id -1) when the execution or its graph is unknown. Called from
// PrepareRoute (ViewId::kSqlQuery), never while drawing.
void BuildSqlPlanGraphModel(const AttemptModel& model, const StringPool& strings,
                            int64_t execution_id, const TextMeasure& measure,
                            SqlPlanGraphModel& out, int32_t version = -1);

// The figure a compact box shows beside the node's name, from its metric lines (the API's
// strings, not recomputed): an operator's "number of output rows" total ("1,204 rows"), a
// WholeStageCodegen cluster's "duration" total ("9.3 s"); "" when the node has neither.
std::string SqlPlanKeyFigure(bool is_cluster, const std::vector<std::string>& metric_lines);

// Where edge `edge` of `input`'s layout puts its label: on its route, in the middle of the free
// gap below its `from` box, which starts under the clusters the edge leaves (their bottom
// padding) and ends at the first of the clusters it enters or one layer gap on, so the chip
// touches neither box, cluster border nor title.
LayoutPoint SqlEdgeLabelPoint(const LayoutInput& input, const GraphLayout& layout, size_t edge);

// One line saying what changed ("replaced SortMergeJoin by BroadcastHashJoin; added
// ShuffleQueryStage; PushedFilters of Scan parquet t: [] -> [IsNotNull(a)]"), "no operator
// changed" when nothing did.
std::string DescribePlanChanges(const compare::PlanChanges& changes);

// Re-runs the search when `search.text` differs from what was applied: the nodes whose title
// contains the text (case-insensitive) or whose id it is ("12" or "#12"), by node id. The cursor
// goes back to before the first match.
void UpdateSqlPlanSearch(SqlPlanGraphModel& model);
// Steps the search to the next match (wrapping; `backwards`: the previous) and returns its node
// id, -1 when nothing matches.
int64_t StepSqlPlanSearch(SqlPlanGraphModel& model, bool backwards = false);

// The (stage, attempt) pairs "(stage S.A: task T)" names in `metric_line`, appended to `out`
// when not there yet. Spark 3.1+ writes them in the max of size and timing metrics.
void AppendMetricStages(std::string_view metric_line,
                        std::vector<std::pair<int32_t, int32_t>>& out);

}  // namespace afterglow::ui
