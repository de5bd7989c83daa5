#include "ui/widgets/widget_anchors.h"

#include <cstring>

namespace afterglow::ui {
namespace {

constexpr int kMaxAnchors = 24;
WidgetAnchor g_anchors[kMaxAnchors];
int g_count = 0;

}  // namespace

void ClearWidgetAnchors() { g_count = 0; }

void AnchorLastItem(const char* name, const char* text) {
  for (int i = 0; i < g_count; ++i) {
    if (std::strcmp(g_anchors[i].name, name) == 0) return;
  }
  if (g_count == kMaxAnchors) return;
  WidgetAnchor& anchor = g_anchors[g_count++];
  anchor.name = name;
  anchor.min = ImGui::GetItemRectMin();
  anchor.max = ImGui::GetItemRectMax();
  anchor.text[0] = '\0';
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
