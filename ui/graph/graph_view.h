// A zoomable, scrollable canvas that shows a GraphLayout (ui/graph/graph_layout.h), shared by the RDD
// operation graphs (ui/graph/rdd_dag_view.h) and the SQL plan graph (ui/pages/sql/sql_plan_graph_view.h). The
// caller draws its boxes and labels through the canvas's transform; the canvas handles input: the
// wheel scrolls (shift+wheel sideways), ctrl+wheel (or a pinch) zooms around the pointer, dragging
// pans, a double click or the toolbar's "Fit" fits the graph's width again (never below a
// readable zoom, so a tall graph starts at its top and is scrolled), and the toolbar shows the zoom.
#pragma once

#include "imgui.h"
#include "ui/graph/graph_layout.h"
#include "ui/graph/graph_text_measure.h"

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

// Fitting never zooms out below this (text stays readable) nor enlarges past 1.
inline constexpr float kGraphMinFitZoom = 0.7f;

// Opens a child region `height` pixels tall (<= 0: the rest of the window) for a graph of
// `bounds`: a toolbar row (Fit, zoom out/in, the zoom in percent, a hint), then the canvas.
// Applies this frame's input to `viewport` (fitting the graph on first use) and fills `canvas`.
// Always pair with EndGraphCanvas().
void BeginGraphCanvas(const char* id, float height, const LayoutRect& bounds,
                      GraphViewport& viewport, GraphCanvas& canvas);
// Closes the region.
void EndGraphCanvas(const GraphCanvas& canvas);

// The `height` to give BeginGraphCanvas so a graph of `bounds` shows whole, with nothing to
// scroll, at the zoom "Fit" picks for the current content width: the region's padding, the
// toolbar row, the graph and its margins. Callers clamp it to what the page can spare.
float GraphCanvasFitHeight(const LayoutRect& bounds);

// Draws edge `edge` of `layout` along its route (ui/graph/graph_layout.h): straight vertical runs, and
// S-curves across the gaps between layers, with an arrow head at its `to` end.
void DrawGraphEdge(const GraphCanvas& canvas, const GraphLayout& layout, size_t edge, ImU32 color);

// A label on a graph's edge: `text` (one line, `text_width` layout units wide in `font` at zoom
// 1) on a rounded chip of `fill` edged with `border`, centred on layout point `center` (on the
// edge's route: EdgeRoutePointAtY). Nothing when the text would be too small to read.
void DrawGraphEdgeLabel(const GraphCanvas& canvas, LayoutPoint center, ImFont* font,
                        const char* text, float text_width, ImU32 fill, ImU32 border, ImU32 color);

// Measures text in the fonts the graphs are drawn in (Fonts().body and Fonts().bold, at zoom 1),
// for building the graph view models.
TextMeasure GraphTextMeasure();

// A cluster's title drawn over the edges that pass under it: an opaque chip the size of the text
// (plus a small margin), filled with the panel colour and then `fills` (the translucent fills of
// the cluster and the clusters around it, outermost first, so the chip matches the box behind
// it), then `text` in `font` at layout point (x, y), all clipped to `clip`. Edges cross a title
// band only straight down (ui/graph/graph_layout.h), so the chip hides a short run, never an arrow head.
void DrawGraphTitleOverEdges(const GraphCanvas& canvas, ImFont* font, float x, float y,
                             ImU32 color, const char* text, const LayoutRect& clip,
                             const ImU32* fills, size_t fill_count);

// `text` in `font` scaled by the zoom at layout point (x, y), clipped to `clip` (layout units).
// Nothing is drawn when the scaled text would be too small to read.
void DrawGraphText(const GraphCanvas& canvas, ImFont* font, float x, float y, ImU32 color,
                   const char* text, const LayoutRect& clip);

}  // namespace afterglow::ui
