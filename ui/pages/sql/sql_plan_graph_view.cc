#include "ui/pages/sql/sql_plan_graph_view.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "ui/graph/graph_view.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/widget_anchors.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

ImU32 PlanColorWithAlpha(const ImVec4& color, float alpha) {
  return ImGui::GetColorU32(ImVec4(color.x, color.y, color.z, alpha));
}

const LayoutRect& RectOf(const SqlPlanGraphModel& model, const SqlPlanGraphNode& node) {
  return node.is_cluster ? model.layout.clusters[static_cast<size_t>(node.layout_index)]
                         : model.layout.nodes[static_cast<size_t>(node.layout_index)];
}

bool IsMatch(const SqlPlanGraphModel& model, int32_t index) {
  const std::vector<int32_t>& matches = model.search.matches;
  return std::find(matches.begin(), matches.end(), index) != matches.end();
}

// The node's rows from the top of `rect`. A cluster's row (its title and duration, which edges
// entering it run down through) goes on a chip of `cluster_fill` over the edges; an operator's
// box is drawn over the edges already.
void DrawNodeText(const GraphCanvas& canvas, const SqlPlanGraphNode& node, const LayoutRect& rect,
                  float row, ImU32 cluster_fill = 0) {
  const float pad = row * kSqlNodePadRows;
  float y = rect.y0 + pad;
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 muted = ImGui::GetColorU32(colors::kMuted);
  for (const SqlPlanGraphRow& line : node.rows) {
    ImFont* font = line.bold ? Fonts().bold : Fonts().body;
    const float x = rect.x0 + pad;
    const ImU32 color = line.bold ? text : muted;
    if (node.is_cluster) {
      DrawGraphTitleOverEdges(canvas, font, x, y, color, line.text.c_str(), rect, &cluster_fill, 1);
    } else {
      DrawGraphText(canvas, font, x, y, color, line.text.c_str(), rect);
    }
    y += row;
  }
}

// The whole name when the box cut it; the side panel has the rest.
void DrawNodeTooltip(const SqlPlanGraphNode& node) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40.0f);
  ImGui::PushFont(Fonts().bold);
  ImGui::TextUnformatted(node.title.c_str());
  ImGui::PopFont();
  ImGui::TextDisabled("node id %lld%s", static_cast<long long>(node.node_id),
                      node.is_new ? "  (new in this plan version)" : "");
  if (!node.key_figure.empty()) ImGui::TextUnformatted(node.key_figure.c_str());
  ImGui::TextColored(colors::kMuted, "Click for its metrics in the side panel.");
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

// One plan graph on a canvas `height` pixels tall. `selected` is the node id highlighted (-1:
// none); a click sets *clicked to the node's id (-1 on empty space) and returns true.
bool DrawPlanCanvas(const char* id, SqlPlanGraphModel& model, float height, int64_t selected,
                    int64_t* clicked) {
  const float row = Fonts().body != nullptr ? Fonts().body->FontSize : ImGui::GetFontSize();
  GraphCanvas canvas;
  BeginGraphCanvas(id, height, model.layout.bounds, model.viewport, canvas);
  const ImU32 cluster_fill = PlanColorWithAlpha(colors::kRunning, 0.08f);
  const ImU32 cluster_border = PlanColorWithAlpha(colors::kRunning, 0.55f);
  const ImU32 node_fill = ImGui::GetColorU32(ImGuiCol_FrameBg);
  const ImU32 match_fill = PlanColorWithAlpha(colors::kAccent, 0.22f);
  const ImU32 node_border = PlanColorWithAlpha(colors::kMuted, 0.9f);
  const ImU32 new_border = ImGui::GetColorU32(colors::kSucceeded);
  const ImU32 selected_border = ImGui::GetColorU32(colors::kAccent);
  const ImU32 edge_color = PlanColorWithAlpha(colors::kMuted, 0.9f);
  const float rounding = 4.0f * canvas.zoom;

  // Clusters first (behind their operators), outermost first: all_nodes lists a cluster after
  // its members, so walking backwards draws parents before children.
  int32_t hovered = -1;
  for (size_t i = model.nodes.size(); i-- > 0;) {
    const SqlPlanGraphNode& node = model.nodes[i];
    if (!node.is_cluster) continue;
    const LayoutRect& rect = RectOf(model, node);
    if (!canvas.Visible(rect)) continue;
    const bool is_selected = node.node_id == selected;
    const bool match = IsMatch(model, static_cast<int32_t>(i));
    canvas.draw->AddRectFilled(canvas.ToScreen(rect.x0, rect.y0), canvas.ToScreen(rect.x1, rect.y1),
                               match ? match_fill : cluster_fill, rounding);
    canvas.draw->AddRect(canvas.ToScreen(rect.x0, rect.y0), canvas.ToScreen(rect.x1, rect.y1),
                         is_selected ? selected_border : cluster_border, rounding, 0,
                         is_selected ? 2.0f : 1.0f);
    if (canvas.Hit(rect)) hovered = static_cast<int32_t>(i);  // inner clusters come later
  }
  // model.edges and the layout's edges share indices (both skip edges touching a cluster).
  for (size_t e = 0; e < model.edges.size(); ++e) DrawGraphEdge(canvas, model.layout, e, edge_color);
  for (size_t i = model.nodes.size(); i-- > 0;) {
    const SqlPlanGraphNode& node = model.nodes[i];
    if (!node.is_cluster) continue;
    const LayoutRect& rect = RectOf(model, node);
    if (canvas.Visible(rect)) DrawNodeText(canvas, node, rect, row, cluster_fill);
  }
  // Each edge's row count on a chip, over the edges and cluster titles (they only touch where an
  // edge enters a cluster from above).
  const ImU32 chip_fill = ImGui::GetColorU32(colors::kPanel);
  const ImU32 chip_border = PlanColorWithAlpha(colors::kMuted, 0.55f);
  const ImU32 chip_text = ImGui::GetColorU32(colors::kMuted);
  for (size_t e = 0; e < model.edges.size(); ++e) {
    const std::string& label = model.edge_labels[e];
    if (label.empty()) continue;
    DrawGraphEdgeLabel(canvas, model.edge_label_points[e], Fonts().body, label.c_str(),
                       model.edge_label_widths[e], chip_fill, chip_border, chip_text);
  }
  bool anchored = false;
  for (size_t i = 0; i < model.nodes.size(); ++i) {
    const SqlPlanGraphNode& node = model.nodes[i];
    if (node.is_cluster) continue;
    const LayoutRect& rect = RectOf(model, node);
    if (!canvas.Visible(rect)) continue;
    const bool is_selected = node.node_id == selected;
    const ImVec2 a = canvas.ToScreen(rect.x0, rect.y0);
    const ImVec2 b = canvas.ToScreen(rect.x1, rect.y1);
    canvas.draw->AddRectFilled(a, b, node_fill, rounding);
    if (IsMatch(model, static_cast<int32_t>(i))) canvas.draw->AddRectFilled(a, b, match_fill, rounding);
    const ImU32 border = is_selected ? selected_border : node.is_new ? new_border : node_border;
    canvas.draw->AddRect(a, b, border, rounding, 0, is_selected ? 2.5f : node.is_new ? 2.0f : 1.0f);
    DrawNodeText(canvas, node, rect, row);
    if (!anchored && !node.metric_lines.empty() && a.y >= canvas.region_min.y &&
        b.y <= canvas.region_max.y) {
      AnchorRect("planNode", a, b);  // the first operator with metrics in view, for the tests
      anchored = true;
    }
    if (canvas.Hit(rect)) hovered = static_cast<int32_t>(i);
  }
  if (hovered >= 0) DrawNodeTooltip(model.nodes[static_cast<size_t>(hovered)]);
  const bool was_clicked = canvas.clicked;
  if (was_clicked) *clicked = hovered >= 0 ? model.nodes[static_cast<size_t>(hovered)].node_id : -1;
  EndGraphCanvas(canvas);
  return was_clicked;
}

// Centres the node `node_id` of `model` in its canvas on the next draw.
void BringIntoView(SqlPlanGraphModel& model, int64_t node_id) {
  const int32_t index = model.IndexOfNode(node_id);
  if (index < 0) return;
  const LayoutRect& rect = RectOf(model, model.nodes[static_cast<size_t>(index)]);
  model.viewport.CenterOn(rect.CenterX(), (rect.y0 + rect.y1) * 0.5f);
}

// The plan versions row: Previous / Next, a combo of every version, the side-by-side choice.
// Returns the version picked (-1: none); the caller navigates.
int32_t DrawVersionPicker(SqlPlanGraphModel& model) {
  const int32_t count = model.version_count;
  int32_t picked = -1;
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(colors::kMuted, "AQE re-planned this query: plan");
  ImGui::SameLine();
  ImGui::BeginDisabled(model.version == 0);
  if (ImGui::ArrowButton("##planprevious", ImGuiDir_Left)) picked = model.version - 1;
  AnchorLastItem("planPrevious");
  ImGui::EndDisabled();
  ImGui::SameLine();
  char label[48];
  auto name = [&](int32_t v) {
    if (v == 0) std::snprintf(label, sizeof label, "1 (initial)");
    else if (v == count - 1) std::snprintf(label, sizeof label, "%d (final)", v + 1);
    else std::snprintf(label, sizeof label, "%d", v + 1);
    return label;
  };
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.5f);
  if (ImGui::BeginCombo("##planversion", name(model.version))) {
    for (int32_t v = 0; v < count; ++v) {
      if (ImGui::Selectable(name(v), v == model.version)) picked = v;
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::TextColored(colors::kMuted, "of %d", count);
  ImGui::SameLine();
  ImGui::BeginDisabled(model.version == count - 1);
  if (ImGui::ArrowButton("##plannext", ImGuiDir_Right)) picked = model.version + 1;
  AnchorLastItem("planNext");
  ImGui::EndDisabled();
  if (model.version > 0) {
    ImGui::SameLine(0, ImGui::GetFontSize());
    if (ImGui::Checkbox("Initial plan beside it", &model.side_by_side) && !model.side_by_side) {
      model.selected_in_initial = false;  // the initial plan's node is no longer drawn
    }
    AnchorLastItem("planSideBySide");
  }
  return picked;
}

// "What changed" lines under the toolbar, wrapped.
void DrawChanges(const SqlPlanGraphModel& model) {
  if (model.version == 0 || !model.from_previous.valid) return;
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(colors::kMuted, "From plan %d:", model.version);
  ImGui::SameLine();
  ImGui::TextUnformatted(model.from_previous_text.c_str());
  if (model.version > 1 && model.from_initial.valid) {
    ImGui::TextColored(colors::kMuted, "From the initial plan:");
    ImGui::SameLine();
    ImGui::TextUnformatted(model.from_initial_text.c_str());
  }
  ImGui::PopTextWrapPos();
  if (!model.from_previous.new_node_ids.empty()) {
    ImGui::TextColored(colors::kSucceeded, "Green borders:");
    ImGui::SameLine();
    ImGui::TextColored(colors::kMuted, "operators plan %d lacked.", model.version);
  }
}

// The selected node's name, id, key figure, every metric as the API prints it, its stages as
// links and its description. True when a stage link was clicked (its route in *open).
bool DrawSidePanel(const SqlPlanGraphModel& model, bool in_initial, int64_t selected,
                   float width, float height, Route* open) {
  ImGui::BeginChild("##plan_side_panel", ImVec2(width, height), true);
  const int32_t index = selected >= 0 ? model.IndexOfNode(selected) : -1;
  bool follow = false;
  if (index < 0) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(colors::kMuted,
                       "Click a node (or find one above) to see its metrics, stages and details "
                       "here.");
    ImGui::PopTextWrapPos();
    ImGui::EndChild();
    return false;
  }
  const SqlPlanGraphNode& node = model.nodes[static_cast<size_t>(index)];
  const float em = ImGui::GetFontSize();
  ImGui::PushTextWrapPos(0);
  ImGui::PushFont(Fonts().bold);
  ImGui::TextUnformatted(node.title.c_str());
  ImGui::PopFont();
  ImGui::TextColored(colors::kMuted, "node id %lld%s%s", static_cast<long long>(node.node_id),
                     in_initial ? ", initial plan" : "",
                     node.is_new ? ", new in this plan version" : "");
  ImGui::PopTextWrapPos();
  if (node.metric_lines.empty()) {
    ImGui::TextColored(colors::kMuted, "No metrics with a value.");
  } else if (ImGui::BeginTable("##plan_metrics", 2,
                               ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                                   ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("Metric", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("total (min, med, max)", ImGuiTableColumnFlags_WidthStretch,
                            1.4f);
    ImGui::PushFont(Fonts().bold);
    ImGui::TableHeadersRow();
    ImGui::PopFont();
    for (const std::string& line : node.metric_lines) {
      const size_t colon = line.find(": ");
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushTextWrapPos(0);
      ImGui::TextUnformatted(line.c_str(), line.c_str() + std::min(colon, line.size()));
      ImGui::TableNextColumn();
      // "total (min, med, max ...)\n<values>": the legend is the table's header; the values here.
      if (colon != std::string::npos) {
        const char* value = line.c_str() + colon + 2;
        const char* values = std::strchr(value, '\n');
        ImGui::TextUnformatted(values != nullptr ? values + 1 : value);
      }
      ImGui::PopTextWrapPos();
    }
    ImGui::EndTable();
  }
  if (!node.stages.empty()) {
    ImGui::TextColored(colors::kMuted, "Stages");
    for (const SqlPlanStageLink& stage : node.stages) {
      ImGui::SameLine();
      if (LinkText(stage.text.c_str()) && !follow) {
        *open = Route{ViewId::kStage, stage.stage_id, stage.attempt_id};
        follow = true;
      }
    }
  }
  if (!node.description.empty() && node.description != node.title) {
    ImGui::Dummy(ImVec2(0, em * 0.3f));
    ImGui::TextColored(colors::kMuted, "Details");
    ImGui::PushTextWrapPos(0);
    if (Fonts().mono != nullptr) ImGui::PushFont(Fonts().mono);
    ImGui::TextUnformatted(node.description.c_str());
    if (Fonts().mono != nullptr) ImGui::PopFont();
    ImGui::PopTextWrapPos();
  }
  ImGui::EndChild();
  return follow;
}

}  // namespace

void PrepareSqlPlanGraph(AppState& state, int64_t execution_id, int32_t version) {
  const AttemptModel* model = state.SelectedModel();
  const StringPool* strings = state.Strings();
  if (model == nullptr || strings == nullptr) {
    state.sql_plan_graph.Clear();
    state.sql_plan_graph_initial.Clear();
    return;
  }
  SqlPlanGraphModel& shown = state.sql_plan_graph;
  const bool same = shown.execution_id == execution_id;
  const bool same_version = same && (version < 0 ? shown.version == shown.version_count - 1
                                                 : shown.version == version);
  const GraphViewport kept = shown.viewport;
  SqlPlanSearch search;
  std::snprintf(search.text, sizeof search.text, "%s", shown.search.text);
  const bool side_by_side = shown.side_by_side;
  BuildSqlPlanGraphModel(*model, *strings, execution_id, GraphTextMeasure(), shown, version);
  if (same) {
    // Another version keeps the zoom but starts at its top (its layout differs).
    shown.viewport = kept;
    if (!same_version) shown.viewport.fitted = false;
    shown.search = search;
    shown.side_by_side = side_by_side;
  }
  UpdateSqlPlanSearch(shown);
  SqlPlanGraphModel& initial = state.sql_plan_graph_initial;
  const GraphViewport initial_view = initial.viewport;
  const bool initial_same = initial.execution_id == execution_id;
  if (shown.version > 0) {
    BuildSqlPlanGraphModel(*model, *strings, execution_id, GraphTextMeasure(), initial, 0);
    if (initial_same) initial.viewport = initial_view;
  } else {
    initial.Clear();
  }
}

bool DrawSqlPlanGraph(AppState& state, int64_t execution_id, float height,
                      int64_t* selected_node_id) {
  SqlPlanGraphModel& model = state.sql_plan_graph;
  if (model.execution_id != execution_id || model.execution_id < 0) {
    ImGui::TextColored(colors::kMuted, "No plan graph is stored for query %lld.",
                       static_cast<long long>(execution_id));
    return false;
  }
  const float em = ImGui::GetFontSize();
  int64_t selected = selected_node_id != nullptr ? *selected_node_id : -1;
  bool changed = false;

  // Toolbar: the versions (when AQE re-planned), then the search.
  int32_t picked = -1;
  if (model.version_count > 1) {
    picked = DrawVersionPicker(model);
    ImGui::SameLine(0, em * 1.5f);
  }
  SearchBox("##plansearch", "Find a node by name or id  ( / )", model.search.text,
            sizeof model.search.text, em * 16);
  // Enter steps: the one that ends typing in the box, and each one after it while no other
  // text box has the keyboard.
  const bool enter = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false);
  const bool stepped = enter && (ImGui::IsItemDeactivated() || !ImGui::GetIO().WantTextInput);
  UpdateSqlPlanSearch(model);
  if (stepped) {
    const int64_t found = StepSqlPlanSearch(model, ImGui::GetIO().KeyShift);
    if (found >= 0) {
      BringIntoView(model, found);
      changed = found != selected || model.selected_in_initial;
      selected = found;
      model.selected_in_initial = false;
    }
  }
  if (!model.search.applied.empty()) {
    ImGui::SameLine();
    if (model.search.matches.empty()) {
      ImGui::TextColored(colors::kFailed, "no node matches");
    } else {
      ImGui::TextColored(colors::kMuted, "%d of %zu (Enter: next)",
                         model.search.cursor < 0 ? 0 : model.search.cursor + 1,
                         model.search.matches.size());
    }
  }
  DrawChanges(model);

  // The graph(s) and the side panel beside them.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float graph_height = height > 0 ? height : std::max(avail.y, 50.0f);
  const float panel_width = std::clamp(avail.x * 0.26f, em * 16, em * 26);
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float graphs_width = std::max(avail.x - panel_width - spacing, 50.0f);
  const bool beside = model.side_by_side && model.version > 0 &&
                      state.sql_plan_graph_initial.execution_id == execution_id;
  int64_t clicked = -1;
  ImGui::BeginGroup();
  if (beside) {
    const float half = (graphs_width - spacing) * 0.5f;
    ImGui::BeginChild("##plan_initial", ImVec2(half, graph_height), false,
                      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::TextColored(colors::kMuted, "Initial plan (1)");
    if (DrawPlanCanvas("##sql_plan_graph_initial", state.sql_plan_graph_initial, 0,
                       model.selected_in_initial ? selected : -1, &clicked)) {
      changed = clicked != selected || !model.selected_in_initial;
      selected = clicked;
      model.selected_in_initial = clicked >= 0;
    }
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##plan_shown", ImVec2(half, graph_height), false,
                      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::TextColored(colors::kMuted, "Plan %d%s", model.version + 1,
                       model.version == model.version_count - 1 ? " (final)" : "");
  } else {
    ImGui::BeginChild("##plan_shown", ImVec2(graphs_width, graph_height), false,
                      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  }
  if (DrawPlanCanvas("##sql_plan_graph", model, 0, model.selected_in_initial ? -1 : selected,
                     &clicked)) {
    changed = clicked != selected || model.selected_in_initial;
    selected = clicked;
    model.selected_in_initial = false;
  }
  ImGui::EndChild();
  ImGui::EndGroup();
  ImGui::SameLine();
  Route open;
  const bool in_initial = model.selected_in_initial && beside;
  const bool follow = DrawSidePanel(in_initial ? state.sql_plan_graph_initial : model, in_initial,
                                    selected, panel_width, graph_height, &open);
  if (selected_node_id != nullptr) *selected_node_id = selected;
  if (follow) {
    Navigate(state, open);
    return false;
  }
  if (picked >= 0 && picked != model.version) {
    Route route = state.route;
    route.attempt = picked == model.version_count - 1 ? -1 : picked;
    Navigate(state, route);
    return false;
  }
  return changed;
}

}  // namespace afterglow::ui
