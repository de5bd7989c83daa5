// A zoomable, pannable canvas that shows a GraphLayout (ui/graph_layout.h), shared by the RDD
// operation graphs (ui/rdd_dag_view.h) and the SQL plan graph (ui/sql_plan_graph_view.h). The
// caller draws its boxes and labels through the canvas's transform; the canvas handles input:
// the wheel zooms around the pointer, dragging pans, a double click fits the graph again.
#pragma once

#include "imgui.h"
#include "ui/graph_layout.h"

namespace afterglow::ui {

struct GraphCanvas {
  ImDrawList* draw = nullptr;
  ImVec2 origin;           // screen position of layout point (0, 0)
  float zoom = 1.0f;       // screen pixels per layout unit
  ImVec2 region_min, region_max;  // the canvas on screen
  bool hovered = false;    // the pointer is over the canvas
  bool clicked = false;    // a click (press and release without dragging) ended this frame
  ImVec2 mouse;            // pointer in screen pixels

  ImVec2 ToScreen(float x, float y) const {
    return ImVec2(origin.x + x * zoom, origin.y + y * zoom);
  }
  // True when the pointer is over `rect` (layout units) and over the canvas.
  bool Hit(const LayoutRect& rect) const {
    return hovered && mouse.x >= origin.x + rect.x0 * zoom && mouse.x < origin.x + rect.x1 * zoom &&
           mouse.y >= origin.y + rect.y0 * zoom && mouse.y < origin.y + rect.y1 * zoom;
  }
  // False when `rect` is entirely off the canvas (skip drawing it).
  bool Visible(const LayoutRect& rect) const {
    return origin.x + rect.x1 * zoom >= region_min.x && origin.x + rect.x0 * zoom <= region_max.x &&
           origin.y + rect.y1 * zoom >= region_min.y && origin.y + rect.y0 * zoom <= region_max.y;
  }
};

// Opens a child region `height` pixels tall (<= 0: the rest of the window) for a graph of
// `bounds`, applies this frame's zoom/pan input to `viewport` (fitting the graph on first use or
// on double click) and fills `canvas`. Always pair with EndGraphCanvas().
void BeginGraphCanvas(const char* id, float height, const LayoutRect& bounds,
                      GraphViewport& viewport, GraphCanvas& canvas);
// Draws the zoom hint and closes the region.
void EndGraphCanvas(const GraphCanvas& canvas);

// An edge from the bottom of `from` to the top of `to` (from the top of `from` when `to` sits
// above it), as a curve with an arrow head at `to`.
void DrawGraphEdge(const GraphCanvas& canvas, const LayoutRect& from, const LayoutRect& to,
                   ImU32 color);

// `text` in `font` scaled by the zoom at layout point (x, y), clipped to `clip` (layout units).
// Nothing is drawn when the scaled text would be too small to read.
void DrawGraphText(const GraphCanvas& canvas, ImFont* font, float x, float y, ImU32 color,
                   const char* text, const LayoutRect& clip);

}  // namespace afterglow::ui
