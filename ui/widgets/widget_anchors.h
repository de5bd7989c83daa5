// Where a few named widgets were drawn in the last frame (the theme toggle, the first Copy TSV
// button), so browser tests click the real widget instead of guessing coordinates. wasm/ puts them
// in window.afterglow.state().anchors. Fixed storage: recording allocates nothing.
#pragma once

#include "imgui.h"

namespace afterglow::ui {

struct WidgetAnchor {
  const char* name = nullptr;  // a string literal
  ImVec2 min, max;             // screen pixels (device pixels in the page)
  char text[64] = {};          // what the widget holds (a search box's text), cut to fit
};

// Forgets the anchors of the previous frame; DrawFrame calls it first.
void ClearWidgetAnchors();
// Records the last item's rectangle under `name` (a string literal), unless the frame already has
// an anchor of that name: the first one drawn wins. `text` (optional) is copied.
void AnchorLastItem(const char* name, const char* text = nullptr);
// The same for a rectangle drawn without an item (a box on a graph canvas).
void AnchorRect(const char* name, ImVec2 min, ImVec2 max);
// The anchors recorded in the last frame drawn; `count` receives how many.
const WidgetAnchor* WidgetAnchors(int* count);

}  // namespace afterglow::ui
