#include "ui/pages/sql/sql_plan_graph_view.h"

#include <algorithm>

#include "ui/graph/graph_view.h"
#include "ui/widgets/theme.h"

namespace afterglow::ui {
namespace {

ImU32 PlanColorWithAlpha(const ImVec4& color, float alpha) {
  return ImGui::GetColorU32(ImVec4(color.x, color.y, color.z, alpha));
}

const LayoutRect& RectOf(const SqlPlanGraphModel& model, const SqlPlanGraphNode& node) {
  return node.is_cluster ? model.layout.clusters[static_cast<size_t>(node.layout_index)]
                         : model.layout.nodes[static_cast<size_t>(node.layout_index)];
}

// The "stages:" row of links below a node's rows, starting at layout y `y`; returns the index
// of the stage link under the pointer, -1 if none.
int32_t DrawStageLinks(const GraphCanvas& canvas, const SqlPlanGraphNode& node,
                       const LayoutRect& rect, float y, float row, const LayoutRect& clip) {
  int32_t hovered_link = -1;
  if (node.stages.empty()) return hovered_link;
  const float pad = row * kSqlNodePadRows;
  const ImU32 muted = ImGui::GetColorU32(colors::kMuted);
  DrawGraphText(canvas, Fonts().body, rect.x0 + pad, y, muted, kSqlStagesLabel, clip);
  const ImU32 link = ImGui::GetColorU32(colors::kRunning);
  for (size_t i = 0; i < node.stages.size(); ++i) {
    const SqlPlanStageLink& stage = node.stages[i];
    const LayoutRect hit{rect.x0 + stage.x0, y, rect.x0 + stage.x1, y + row};
    const bool hot = canvas.Hit(hit);
    DrawGraphText(canvas, Fonts().body, hit.x0, y, hot ? ImGui::GetColorU32(colors::kAccent) : link,
                  stage.text.c_str(), clip);
    const ImVec2 a = canvas.ToScreen(hit.x0, hit.y1 - 1.0f);
    const ImVec2 b = canvas.ToScreen(hit.x1, hit.y1 - 1.0f);
    canvas.draw->AddLine(a, b, hot ? ImGui::GetColorU32(colors::kAccent) : link);
    if (hot) hovered_link = static_cast<int32_t>(i);
  }
  return hovered_link;
}

// The node's rows (title, metric lines) from the top of `rect`, then its stage links; returns
// the index of the stage link under the pointer, -1 if none. A cluster's rows (its title and
// duration, which edges entering it run down through) go on chips of `cluster_fill` over the
// edges; an operator's box is drawn over the edges already.
int32_t DrawNodeText(const GraphCanvas& canvas, const SqlPlanGraphNode& node, const LayoutRect& rect,
                     float row, const LayoutRect& clip, ImU32 cluster_fill = 0) {
  const float pad = row * kSqlNodePadRows;
  float y = rect.y0 + pad;
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 muted = ImGui::GetColorU32(colors::kMuted);
  for (const SqlPlanGraphRow& line : node.rows) {
    ImFont* font = line.bold ? Fonts().bold : Fonts().body;
    const float x = rect.x0 + pad + (line.indent ? row : 0.0f);
    const ImU32 color = line.bold ? text : muted;
    if (node.is_cluster) {
      DrawGraphTitleOverEdges(canvas, font, x, y, color, line.text.c_str(), clip, &cluster_fill, 1);
    } else {
      DrawGraphText(canvas, font, x, y, color, line.text.c_str(), clip);
    }
    y += row;
  }
  return DrawStageLinks(canvas, node, rect, y, row, clip);
}

void DrawNodeTooltip(const SqlPlanGraphNode& node, int32_t hovered_link) {
  ImGui::BeginTooltip();
  if (hovered_link >= 0) {
    const SqlPlanStageLink& stage = node.stages[static_cast<size_t>(hovered_link)];
    ImGui::Text("Open stage %d (attempt %d)", stage.stage_id, stage.attempt_id);
    ImGui::EndTooltip();
    return;
  }
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40.0f);
  ImGui::PushFont(Fonts().bold);
  ImGui::TextUnformatted(node.title.c_str());
  ImGui::PopFont();
  ImGui::TextDisabled("node id %lld", static_cast<long long>(node.node_id));
  if (!node.description.empty() && node.description != node.title) {
    ImGui::TextUnformatted(node.description.c_str());
  }
  if (!node.metric_lines.empty()) ImGui::Separator();
  for (const std::string& line : node.metric_lines) ImGui::TextUnformatted(line.c_str());
  if (!node.stages.empty()) {
    ImGui::Separator();
    ImGui::TextColored(colors::kMuted, "The stages named by the metrics link to their pages.");
  }
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace

void PrepareSqlPlanGraph(AppState& state, int64_t execution_id) {
  const AttemptModel* model = state.SelectedModel();
  const StringPool* strings = state.Strings();
  if (model == nullptr || strings == nullptr) {
    state.sql_plan_graph.Clear();
    return;
  }
  const GraphViewport kept = state.sql_plan_graph.viewport;
  const bool same = state.sql_plan_graph.execution_id == execution_id;
  BuildSqlPlanGraphModel(*model, *strings, execution_id, GraphTextMeasure(), state.sql_plan_graph);
  if (same) state.sql_plan_graph.viewport = kept;
}

bool DrawSqlPlanGraph(AppState& state, int64_t execution_id, float height,
                      int64_t* selected_node_id) {
  SqlPlanGraphModel& model = state.sql_plan_graph;
  if (model.execution_id != execution_id || model.execution_id < 0) {
    ImGui::TextColored(colors::kMuted, "No plan graph is stored for query %lld.",
                       static_cast<long long>(execution_id));
    return false;
  }
  const int64_t selected = selected_node_id != nullptr ? *selected_node_id : -1;
  const float row = Fonts().body != nullptr ? Fonts().body->FontSize : ImGui::GetFontSize();
  GraphCanvas canvas;
  BeginGraphCanvas("##sql_plan_graph", height, model.layout.bounds, model.viewport, canvas);
  const ImU32 cluster_fill = PlanColorWithAlpha(colors::kRunning, 0.08f);
  const ImU32 cluster_border = PlanColorWithAlpha(colors::kRunning, 0.55f);
  const ImU32 node_fill = ImGui::GetColorU32(ImGuiCol_FrameBg);
  const ImU32 node_border = PlanColorWithAlpha(colors::kMuted, 0.9f);
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
    canvas.draw->AddRectFilled(canvas.ToScreen(rect.x0, rect.y0), canvas.ToScreen(rect.x1, rect.y1),
                               cluster_fill, rounding);
    canvas.draw->AddRect(canvas.ToScreen(rect.x0, rect.y0), canvas.ToScreen(rect.x1, rect.y1),
                         is_selected ? selected_border : cluster_border, rounding, 0,
                         is_selected ? 2.0f : 1.0f);
    if (canvas.Hit(rect)) hovered = static_cast<int32_t>(i);  // inner clusters come later
  }
  // model.edges and the layout's edges share indices (both skip edges touching a cluster).
  for (size_t e = 0; e < model.edges.size(); ++e) DrawGraphEdge(canvas, model.layout, e, edge_color);
  // Cluster titles over the edges that run down through them, on chips of the cluster's colour.
  for (size_t i = model.nodes.size(); i-- > 0;) {
    const SqlPlanGraphNode& node = model.nodes[i];
    if (!node.is_cluster) continue;
    const LayoutRect& rect = RectOf(model, node);
    if (canvas.Visible(rect)) DrawNodeText(canvas, node, rect, row, rect, cluster_fill);
  }
  int32_t hovered_link = -1;
  for (size_t i = 0; i < model.nodes.size(); ++i) {
    const SqlPlanGraphNode& node = model.nodes[i];
    if (node.is_cluster) continue;
    const LayoutRect& rect = RectOf(model, node);
    if (!canvas.Visible(rect)) continue;
    const bool is_selected = node.node_id == selected;
    canvas.draw->AddRectFilled(canvas.ToScreen(rect.x0, rect.y0), canvas.ToScreen(rect.x1, rect.y1),
                               node_fill, rounding);
    canvas.draw->AddRect(canvas.ToScreen(rect.x0, rect.y0), canvas.ToScreen(rect.x1, rect.y1),
                         is_selected ? selected_border : node_border, rounding, 0,
                         is_selected ? 2.5f : 1.0f);
    const int32_t link = DrawNodeText(canvas, node, rect, row, rect);
    if (canvas.Hit(rect)) {
      hovered = static_cast<int32_t>(i);
      hovered_link = link;
    }
  }
  bool changed = false;
  if (hovered >= 0) {
    const SqlPlanGraphNode& node = model.nodes[static_cast<size_t>(hovered)];
    DrawNodeTooltip(node, node.is_cluster ? -1 : hovered_link);
  }
  if (canvas.clicked && hovered >= 0 && hovered_link >= 0 &&
      !model.nodes[static_cast<size_t>(hovered)].is_cluster) {
    // A stage link: open the stage once the canvas is closed (Navigate rebuilds route models).
    const SqlPlanStageLink& stage =
        model.nodes[static_cast<size_t>(hovered)].stages[static_cast<size_t>(hovered_link)];
    const Route target{ViewId::kStage, stage.stage_id, stage.attempt_id};
    EndGraphCanvas(canvas);
    Navigate(state, target);
    return false;
  }
  if (canvas.clicked && selected_node_id != nullptr) {
    const int64_t now = hovered >= 0 ? model.nodes[static_cast<size_t>(hovered)].node_id : -1;
    changed = now != *selected_node_id;
    *selected_node_id = now;
  }
  EndGraphCanvas(canvas);
  return changed;
}

}  // namespace afterglow::ui
