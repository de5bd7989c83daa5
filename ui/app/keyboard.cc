#include "ui/app/keyboard.h"

#include <algorithm>

#include "imgui.h"
#include "imgui_internal.h"

namespace afterglow::ui {
namespace {

// ImGui counts frames; these remember which frame took the keys, with no other state of ours.
int g_claimed_frame = -1;
int g_moved_frame = -1;

bool Pressed(ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), true); }

TableKey KeyThisFrame() {
  // One key a frame; Home/End win over the others, as they say where to go outright.
  if (Pressed(ImGuiKey_Home)) return TableKey::kHome;
  if (Pressed(ImGuiKey_End)) return TableKey::kEnd;
  if (Pressed(ImGuiKey_PageDown)) return TableKey::kPageDown;
  if (Pressed(ImGuiKey_PageUp)) return TableKey::kPageUp;
  if (Pressed(ImGuiKey_DownArrow)) return TableKey::kDown;
  if (Pressed(ImGuiKey_UpArrow)) return TableKey::kUp;
  return TableKey::kNone;
}

}  // namespace

int MoveTableSelection(int selected, int rows, TableKey key, int page_rows) {
  if (rows <= 0) return -1;
  selected = std::min(selected, rows - 1);
  const int page = std::max(1, page_rows);
  int target = selected;
  switch (key) {
    case TableKey::kNone: break;
    case TableKey::kDown: target = selected < 0 ? 0 : selected + 1; break;
    case TableKey::kUp: target = selected < 0 ? 0 : selected - 1; break;
    case TableKey::kPageDown: target = std::max(0, selected) + page; break;
    case TableKey::kPageUp: target = std::max(0, selected) - page; break;
    case TableKey::kHome: target = 0; break;
    case TableKey::kEnd: target = rows - 1; break;
  }
  if (target == selected) return selected;  // kNone keeps "no selection" as it is
  return std::clamp(target, 0, rows - 1);
}

int TableKeyboardSelection(int* selected, int rows) {
  const int frame = ImGui::GetFrameCount();
  if (g_claimed_frame == frame) return -1;
  g_claimed_frame = frame;
  if (rows <= 0) {
    *selected = -1;
    return -1;
  }
  if (*selected >= rows) *selected = rows - 1;
  // A text box being edited, or any widget held by the mouse, keeps its keys.
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || ImGui::IsAnyItemActive() || io.KeyCtrl || io.KeyAlt || io.KeySuper) {
    return -1;
  }
  // A page is what fits in the display; rows are about one line plus cell padding tall.
  const float row_height = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
  const int page = std::max(1, static_cast<int>(io.DisplaySize.y / row_height) - 4);
  const int target = MoveTableSelection(*selected, rows, KeyThisFrame(), page);
  if (target != *selected) {
    *selected = target;
    g_moved_frame = frame;
  }
  const bool enter = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
                     ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false);
  return enter && *selected >= 0 ? *selected : -1;
}

bool TableSelectionMovedThisFrame() { return g_moved_frame == ImGui::GetFrameCount(); }

void MarkTableSelectionMoved() { g_moved_frame = ImGui::GetFrameCount(); }

void ForceSelectedRowDrawn(ImGuiListClipper& clipper, int selected) {
  if (selected >= 0 && TableSelectionMovedThisFrame()) {
    clipper.ForceDisplayRangeByIndices(selected, selected + 1);
  }
}

void ScrollToSelectedRow() {
  if (!TableSelectionMovedThisFrame()) return;
  // The clip rectangle of the current cell is the part of the window rows show in: below a
  // frozen header row, inside the page when the table does not scroll by itself.
  const ImRect visible = ImGui::GetCurrentWindow()->ClipRect;
  const float top = ImGui::GetItemRectMin().y;
  const float bottom = ImGui::GetItemRectMax().y;
  const float scroll = ImGui::GetScrollY();
  if (top < visible.Min.y) {
    ImGui::SetScrollY(scroll - (visible.Min.y - top));
  } else if (bottom > visible.Max.y) {
    ImGui::SetScrollY(scroll + (bottom - visible.Max.y));
  }
}

}  // namespace afterglow::ui
