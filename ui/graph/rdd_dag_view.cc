#include "ui/graph/rdd_dag_view.h"

#include <algorithm>
#include <iterator>

#include "ui/graph/graph_view.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

ImU32 WithAlpha(const ImVec4& color, float alpha) {
  return ImGui::GetColorU32(ImVec4(color.x, color.y, color.z, color.w * alpha));
}

// A cluster box's translucent fill: stages grey, operation scopes blue, skipped ones fainter.
ImU32 ClusterFill(const RddDagCluster& cluster) {
  const float alpha = cluster.skipped ? 0.35f : 1.0f;
  return WithAlpha(cluster.is_stage ? colors::kMuted : colors::kRunning, 0.10f * alpha);
}

}  // namespace

float DagLineHeight() { return Fonts().body != nullptr ? Fonts().body->FontSize : 16.0f; }

TextMeasure DagTextMeasure() { return GraphTextMeasure(); }

int32_t DrawRddDag(RddDagModel& model, const char* id, float height) {
  GraphCanvas canvas;
  BeginGraphCanvas(id, height, model.layout.bounds, model.viewport, canvas);
  const float rounding = 3.0f * canvas.zoom;
  const float pad = 6.0f;
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 muted = ImGui::GetColorU32(colors::kMuted);
  int32_t hovered_stage = -1;
  int32_t hovered_node = -1;

  // Clusters in index order: a stage's box comes before its scopes, parents before children
  // (scopes are created outermost first), so inner boxes draw on top.
  for (size_t c = 0; c < model.clusters.size(); ++c) {
    const RddDagCluster& cluster = model.clusters[c];
    const LayoutRect& rect = model.layout.clusters[c];
    if (!canvas.Visible(rect)) continue;
    const ImVec2 lo = canvas.ToScreen(rect.x0, rect.y0);
    const ImVec2 hi = canvas.ToScreen(rect.x1, rect.y1);
    const float alpha = cluster.skipped ? 0.35f : 1.0f;
    canvas.draw->AddRectFilled(lo, hi, ClusterFill(cluster), rounding);
    if (cluster.is_stage) {
      const bool hot = canvas.Hit(rect);
      canvas.draw->AddRect(lo, hi, hot ? ImGui::GetColorU32(colors::kAccent)
                                       : WithAlpha(colors::kMuted, 0.8f * alpha),
                           rounding, 0, hot ? 2.0f : 1.0f);
      if (hot) hovered_stage = cluster.stage_id;
    } else {
      canvas.draw->AddRect(lo, hi, WithAlpha(colors::kRunning, 0.55f * alpha), rounding);
    }
  }
  const ImU32 edge = WithAlpha(colors::kMuted, 0.95f);
  for (size_t e = 0; e < model.edges.size(); ++e) DrawGraphEdge(canvas, model.layout, e, edge);
  // Titles over the edges that run down through their boxes, each on a chip of its box's colour.
  for (size_t c = 0; c < model.clusters.size(); ++c) {
    const RddDagCluster& cluster = model.clusters[c];
    const LayoutRect& rect = model.layout.clusters[c];
    if (!canvas.Visible(rect)) continue;
    // The fills behind the title, outermost first: the enclosing boxes' (a few levels at most),
    // then its own.
    ImU32 fills[8];
    size_t first_fill = std::size(fills);  // filled from the back: fills[first_fill..]
    for (int32_t k = static_cast<int32_t>(c); k >= 0 && first_fill > 0;
         k = model.clusters[static_cast<size_t>(k)].parent) {
      fills[--first_fill] = ClusterFill(model.clusters[static_cast<size_t>(k)]);
    }
    DrawGraphTitleOverEdges(canvas, cluster.is_stage ? Fonts().bold : Fonts().body,
                            rect.x0 + pad, rect.y0 + 3.0f,
                            cluster.skipped ? muted : (cluster.is_stage ? text : muted),
                            cluster.label.c_str(), rect, fills + first_fill,
                            std::size(fills) - first_fill);
  }
  for (size_t i = 0; i < model.nodes.size(); ++i) {
    const RddDagNode& node = model.nodes[i];
    const LayoutRect& rect = model.layout.nodes[i];
    if (!canvas.Visible(rect)) continue;
    const ImVec2 lo = canvas.ToScreen(rect.x0, rect.y0);
    const ImVec2 hi = canvas.ToScreen(rect.x1, rect.y1);
    // Spark fills cached RDDs green; the others take the panel's frame colour.
    const ImU32 fill = node.cached ? WithAlpha(colors::kSucceeded, 0.45f)
                                   : ImGui::GetColorU32(ImGuiCol_FrameBg);
    canvas.draw->AddRectFilled(lo, hi, fill, rounding);
    canvas.draw->AddRect(lo, hi, node.barrier ? ImGui::GetColorU32(colors::kAccent)
                                              : WithAlpha(colors::kMuted, 0.9f),
                         rounding);
    // 8: the inset BuildJobDag sized the box for.
    DrawGraphText(canvas, Fonts().body, rect.x0 + 8.0f, rect.y0 + (rect.Height() - DagLineHeight()) * 0.5f,
                  text, node.box_label.c_str(), rect);
    if (canvas.Hit(rect)) hovered_node = static_cast<int32_t>(i);
  }
  if (hovered_node >= 0) {
    const RddDagNode& node = model.nodes[static_cast<size_t>(hovered_node)];
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40.0f);
    ImGui::PushFont(Fonts().bold);
    ImGui::TextUnformatted(node.label.c_str());
    ImGui::PopFont();
    ImGui::Text("RDD %d in stage %d%s%s", node.rdd_id, node.stage_id,
                node.cached ? "   cached" : "   not cached", node.barrier ? "   barrier" : "");
    if (!node.callsite.empty()) {
      ImGui::TextColored(colors::kMuted, "call site");
      ImGui::TextUnformatted(node.callsite.c_str());
    }
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  } else if (hovered_stage >= 0) {
    ImGui::SetTooltip("Stage %d: click to open", hovered_stage);
  }
  const int32_t clicked = canvas.clicked ? hovered_stage : -1;
  EndGraphCanvas(canvas);
  return clicked;
}

void DrawStageDag(AppState& state, int32_t stage_id, float height) {
  RddDagModel& dag = state.stage_dag;
  SectionTitle("DAG Visualization");
  if (dag.built_for != stage_id || dag.nodes.empty()) {
    ImGui::TextColored(colors::kMuted, "The log lists no RDD operations for stage %d.", stage_id);
  } else {
    // As tall as the fitted graph (with the canvas's toolbar row), within reason; the rest is
    // reached by scrolling the graph.
    if (height <= 0) height = std::clamp(GraphCanvasFitHeight(dag.layout.bounds), 120.0f, 380.0f);
    DrawRddDag(dag, "##stage_dag", height);
  }
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.8f));
}

void PrepareStageDag(AppState& state, int32_t stage_id) {
  const AttemptModel* model = state.SelectedModel();
  const StringPool* strings = state.Strings();
  if (model == nullptr || strings == nullptr) {
    state.stage_dag.Clear();
    return;
  }
  const bool same = state.stage_dag.built_for == stage_id;
  const GraphViewport kept = state.stage_dag.viewport;
  BuildStageDag(*model, *strings, stage_id, DagTextMeasure(), state.stage_dag);
  if (same) state.stage_dag.viewport = kept;
}

}  // namespace afterglow::ui
