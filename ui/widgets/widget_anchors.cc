#include "ui/widgets/widget_anchors.h"

#include <cstring>

namespace afterglow::ui {
namespace {

constexpr int kMaxAnchors = 24;
WidgetAnchor g_anchors[kMaxAnchors];
int g_count = 0;

}  // namespace

void ClearWidgetAnchors() { g_count = 0; }

namespace {

WidgetAnchor* NewAnchor(const char* name, ImVec2 min, ImVec2 max) {
  for (int i = 0; i < g_count; ++i) {
    if (std::strcmp(g_anchors[i].name, name) == 0) return nullptr;
  }
  if (g_count == kMaxAnchors) return nullptr;
  WidgetAnchor& anchor = g_anchors[g_count++];
  anchor.name = name;
  anchor.min = min;
  anchor.max = max;
  anchor.text[0] = '\0';
  return &anchor;
}

}  // namespace

void AnchorRect(const char* name, ImVec2 min, ImVec2 max) { NewAnchor(name, min, max); }

void AnchorLastItem(const char* name, const char* text) {
  WidgetAnchor* found = NewAnchor(name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  if (found == nullptr) return;
  WidgetAnchor& anchor = *found;
  if (text != nullptr) {
    std::strncpy(anchor.text, text, sizeof anchor.text - 1);
    anchor.text[sizeof anchor.text - 1] = '\0';
  }
}

const WidgetAnchor* WidgetAnchors(int* count) {
  *count = g_count;
  return g_anchors;
}

}  // namespace afterglow::ui
