#include "ui/sql_plan_graph_view.h"

#include <algorithm>

#include "ui/graph_view.h"
#include "ui/theme.h"

namespace afterglow::ui {
namespace {

ImU32 WithAlpha(const ImVec4& color, float alpha) {
  return ImGui::GetColorU32(ImVec4(color.x, color.y, color.z, alpha));
}

const LayoutRect& RectOf(const SqlPlanGraphModel& model, const SqlPlanGraphNode& node) {
  return node.is_cluster ? model.layout.clusters[static_cast<size_t>(node.layout_index)]
                         : model.layout.nodes[static_cast<size_t>(node.layout_index)];
}

// Title, then the first `max_lines` metric lines, one text row each (values may span rows).
void DrawNodeText(const GraphCanvas& canvas, const SqlPlanGraphNode& node, const LayoutRect& rect,
                  float pad, int max_lines, const LayoutRect& clip) {
  const float row = Fonts().body != nullptr ? Fonts().body->FontSize : ImGui::GetFontSize();
  float y = rect.y0 + pad * 0.5f;
  DrawGraphText(canvas, Fonts().bold, rect.x0 + pad, y, ImGui::GetColorU32(ImGuiCol_Text),
                node.title.c_str(), clip);
  y += row;
  const int shown = std::min<int>(max_lines, static_cast<int>(node.metric_lines.size()));
  for (int i = 0; i < shown; ++i) {
    const std::string& line = node.metric_lines[static_cast<size_t>(i)];
    DrawGraphText(canvas, Fonts().body, rect.x0 + pad, y, ImGui::GetColorU32(colors::kMuted),
                  line.c_str(), clip);
    y += row * static_cast<float>(1 + std::count(line.begin(), line.end(), '\n'));
  }
}

void DrawNodeTooltip(const SqlPlanGraphNode& node) {
  ImGui::BeginTooltip();
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
  const float line_height = Fonts().body != nullptr ? Fonts().body->FontSize : 16.0f;
  BuildSqlPlanGraphModel(*model, *strings, execution_id, line_height, state.sql_plan_graph);
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
  const float pad = (Fonts().body != nullptr ? Fonts().body->FontSize : ImGui::GetFontSize()) * 0.5f;
  GraphCanvas canvas;
  BeginGraphCanvas("##sql_plan_graph", height, model.layout.bounds, model.viewport, canvas);
  const ImU32 cluster_fill = WithAlpha(colors::kRunning, 0.08f);
  const ImU32 cluster_border = WithAlpha(colors::kRunning, 0.55f);
  const ImU32 node_fill = ImGui::GetColorU32(ImGuiCol_FrameBg);
  const ImU32 node_border = WithAlpha(colors::kMuted, 0.9f);
  const ImU32 selected_border = ImGui::GetColorU32(colors::kAccent);
  const ImU32 edge_color = WithAlpha(colors::kMuted, 0.9f);
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
    DrawNodeText(canvas, node, rect, pad, 1, rect);
    if (canvas.Hit(rect)) hovered = static_cast<int32_t>(i);  // inner clusters come later
  }
  for (const auto& [child, parent] : model.edges) {
    DrawGraphEdge(canvas, RectOf(model, model.nodes[static_cast<size_t>(child)]),
                  RectOf(model, model.nodes[static_cast<size_t>(parent)]), edge_color);
  }
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
    DrawNodeText(canvas, node, rect, pad, kSqlNodeMetricLines, rect);
    if (canvas.Hit(rect)) hovered = static_cast<int32_t>(i);
  }
  bool changed = false;
  if (hovered >= 0) DrawNodeTooltip(model.nodes[static_cast<size_t>(hovered)]);
  if (canvas.clicked && selected_node_id != nullptr) {
    const int64_t now = hovered >= 0 ? model.nodes[static_cast<size_t>(hovered)].node_id : -1;
    changed = now != *selected_node_id;
    *selected_node_id = now;
  }
  EndGraphCanvas(canvas);
  return changed;
}

}  // namespace afterglow::ui
