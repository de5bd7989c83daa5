#include "ui/keyboard.h"

#include <algorithm>

#include "imgui.h"

namespace afterglow::ui {
namespace {

// ImGui counts frames; these remember which frame took the keys, with no other state of ours.
int g_claimed_frame = -1;
int g_moved_frame = -1;

bool Pressed(ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), true); }

}  // namespace

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
  int target = *selected;
  if (Pressed(ImGuiKey_DownArrow)) target = *selected < 0 ? 0 : *selected + 1;
  if (Pressed(ImGuiKey_UpArrow)) target = *selected < 0 ? 0 : *selected - 1;
  if (Pressed(ImGuiKey_PageDown)) target = std::max(0, *selected) + page;
  if (Pressed(ImGuiKey_PageUp)) target = std::max(0, *selected) - page;
  if (Pressed(ImGuiKey_Home)) target = 0;
  if (Pressed(ImGuiKey_End)) target = rows - 1;
  target = std::clamp(target, -1, rows - 1);
  if (target != *selected && target >= 0) {
    *selected = target;
    g_moved_frame = frame;
  }
  const bool enter = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
                     ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false);
  return enter && *selected >= 0 ? *selected : -1;
}

bool TableSelectionMovedThisFrame() { return g_moved_frame == ImGui::GetFrameCount(); }

void ScrollTableToRow(int row, float row_height, float header_height) {
  if (row < 0 || !TableSelectionMovedThisFrame()) return;
  // Content y of the row; with a frozen header row the rows scroll under it, so the visible rows
  // span [scroll + header_height, scroll + window height).
  const float top = header_height + row_height * static_cast<float>(row);
  const float bottom = top + row_height;
  const float scroll = ImGui::GetScrollY();
  const float height = ImGui::GetWindowHeight();
  if (top < scroll + header_height) {
    ImGui::SetScrollY(top - header_height);
  } else if (bottom > scroll + height) {
    ImGui::SetScrollY(bottom - height);
  }
}

}  // namespace afterglow::ui
