#include "ui/widgets/widgets.h"

#include <algorithm>

#include "imgui_internal.h"  // GetActiveID/ClearActiveID: Esc in the search box
#include "ui/widgets/theme.h"
#include "ui/widgets/widget_anchors.h"

namespace afterglow::ui {

bool NavTab(const char* label, bool active) {
  const ImVec2 text_size = ImGui::CalcTextSize(label);
  const ImVec2 padding = ImGui::GetStyle().FramePadding;
  const ImVec2 size(text_size.x + padding.x * 2, ImGui::GetFrameHeight());
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  const bool clicked = ImGui::InvisibleButton(label, size);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  if (hovered && !active) {
    draw->AddRectFilled(pos, ImVec2(pos.x + size.x, pos.y + size.y),
                        ImGui::GetColorU32(ImGuiCol_ButtonHovered),
                        ImGui::GetStyle().FrameRounding);
  }
  const ImVec4 text_color =
      active || hovered ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : colors::kMuted;
  draw->AddText(ImVec2(pos.x + padding.x, pos.y + (size.y - text_size.y) * 0.5f),
                ImGui::GetColorU32(text_color), label);
  if (active) {
    const float thickness = std::max(2.0f, ImGui::GetFontSize() * 0.14f);
    draw->AddRectFilled(ImVec2(pos.x + padding.x * 0.5f, pos.y + size.y - thickness),
                        ImVec2(pos.x + size.x - padding.x * 0.5f, pos.y + size.y),
                        ImGui::GetColorU32(colors::kAccent));
  }
  return clicked;
}

void StatCard(const char* caption, const char* value, float width) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float height = ImGui::GetTextLineHeight() + Fonts().title->FontSize +
                       style.WindowPadding.y * 2 + style.ItemSpacing.y * 0.5f;
  ImGui::PushID(caption);
  if (ImGui::BeginChild("card", ImVec2(width, height), true, ImGuiWindowFlags_NoScrollbar)) {
    ImGui::TextColored(colors::kMuted, "%s", caption);
    ImGui::PushFont(Fonts().title);
    ImGui::TextUnformatted(value);
    ImGui::PopFont();
  }
  ImGui::EndChild();
  ImGui::PopID();
}

void ProgressCell(uint32_t done, uint32_t total, uint32_t failed, const char* overlay) {
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = ImGui::GetTextLineHeight() + 2.0f;
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(width, height));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float rounding = height * 0.25f;
  draw->AddRectFilled(pos, ImVec2(pos.x + width, pos.y + height),
                      ImGui::GetColorU32(ImGuiCol_FrameBg), rounding);
  if (total > 0) {
    const float done_x =
        width * std::min(1.0f, static_cast<float>(done) / static_cast<float>(total));
    const float failed_x =
        width * std::min(1.0f, static_cast<float>(done + failed) / static_cast<float>(total));
    // Only the bar's outer ends are rounded, so the segments join cleanly.
    const ImDrawFlags done_corners =
        done_x >= width ? ImDrawFlags_RoundCornersAll : ImDrawFlags_RoundCornersLeft;
    const ImDrawFlags failed_corners = (done_x <= 0 ? ImDrawFlags_RoundCornersLeft : 0) |
                                       (failed_x >= width ? ImDrawFlags_RoundCornersRight : 0);
    if (failed_x > done_x) {
      draw->AddRectFilled(ImVec2(pos.x + done_x, pos.y), ImVec2(pos.x + failed_x, pos.y + height),
                          ImGui::GetColorU32(colors::kFailed), failed_corners ? rounding : 0,
                          failed_corners);
    }
    if (done_x > 0) {
      const ImVec4 fill(colors::kSucceeded.x, colors::kSucceeded.y, colors::kSucceeded.z, 0.55f);
      draw->AddRectFilled(pos, ImVec2(pos.x + done_x, pos.y + height), ImGui::GetColorU32(fill),
                          rounding, done_corners);
    }
  }
  const ImVec2 text_size = ImGui::CalcTextSize(overlay);
  draw->AddText(ImVec2(pos.x + (width - text_size.x) * 0.5f, pos.y + (height - text_size.y) * 0.5f),
                ImGui::GetColorU32(ImGuiCol_Text), overlay);
}

void SectionTitle(const char* text) {
  ImGui::PushFont(Fonts().bold);
  ImGui::TextUnformatted(text);
  ImGui::PopFont();
  ImGui::Separator();
}

void CenteredText(const char* text, ImFont* font, ImVec4 color) {
  if (font != nullptr) ImGui::PushFont(font);
  const float width = ImGui::CalcTextSize(text).x;
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() +
                       std::max(0.0f, (ImGui::GetContentRegionAvail().x - width) * 0.5f));
  if (color.w > 0) {
    ImGui::TextColored(color, "%s", text);
  } else {
    ImGui::TextUnformatted(text);
  }
  if (font != nullptr) ImGui::PopFont();
}

}  // namespace afterglow::ui

namespace afterglow::ui {

bool CopyTsvButton(const char* id) {
  ImGui::PushID(id);
  const bool clicked = ImGui::SmallButton("Copy TSV");
  AnchorLastItem("copyTsv");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Copy every row of this table, tab-separated");
  ImGui::PopID();
  return clicked;
}

bool SearchBox(const char* id, const char* hint, char* buffer, size_t size, float width,
               SearchBoxRole role) {
  // The first search box in view takes '/' (ImGui counts frames), a small table's only when no
  // main table's box was in view in the last frame: the page's main table keeps '/' while it
  // shows, and a page with several tables gives it to the one the user has scrolled to.
  static int claimed_frame = -1;
  static int main_box_frame = -1;  // the last frame a main table's box was in view
  const int frame = ImGui::GetFrameCount();
  const bool in_view = ImGui::IsRectVisible(ImVec2(width, ImGui::GetFrameHeight()));
  if (in_view && role == SearchBoxRole::kMainTable) main_box_frame = frame;
  const bool may_claim = role == SearchBoxRole::kMainTable || main_box_frame < frame - 1;
  if (claimed_frame != frame && in_view && may_claim) {
    claimed_frame = frame;
    // ImGui 1.86 has no named key for '/': look for the typed character instead, and take it out
    // of the queue so the box that gains focus does not type it.
    ImGuiIO& io = ImGui::GetIO();
    if (!io.WantTextInput) {
      for (ImWchar& c : io.InputQueueCharacters) {
        if (c == '/') {
          io.InputQueueCharacters.erase(&c);
          ImGui::SetKeyboardFocusHere();
          break;
        }
      }
    }
  }
  ImGui::SetNextItemWidth(width);
  // Esc leaves the box keeping its text (ImGui 1.86's own Esc reverts the edit): ending the edit
  // before the box runs leaves it nothing to revert.
  if (ImGui::GetActiveID() == ImGui::GetID(id) &&
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) {
    ImGui::ClearActiveID();
  }
  const bool changed = ImGui::InputTextWithHint(id, hint, buffer, size);
  AnchorLastItem("search", buffer);
  return changed;
}

bool LinkText(const char* text) {
  ImGui::TextColored(colors::kRunning, "%s", text);
  const bool hovered = ImGui::IsItemHovered();
  if (hovered) {
    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    ImGui::GetWindowDrawList()->AddLine(ImVec2(min.x, max.y), max,
                                        ImGui::GetColorU32(colors::kRunning));
  }
  return hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left);
}

bool FilterChip(const char* label, bool active) {
  if (active) {
    const ImVec4 fill(colors::kAccent.x, colors::kAccent.y, colors::kAccent.z, 0.35f);
    ImGui::PushStyleColor(ImGuiCol_Button, fill);
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, fill);
  }
  const bool clicked = ImGui::SmallButton(label);
  if (active) ImGui::PopStyleColor(2);
  return clicked;
}

}  // namespace afterglow::ui
