// The first thing a visitor sees: what Afterglow is, where to drop logs, and the open button.
// After a failed load it also says why, above the drop zone.
#include <algorithm>

#include "ui/widgets/theme.h"
#include "ui/app/views.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {

void DrawDropZoneView(AppState& state) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float font = ImGui::GetFontSize();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float width = std::min(avail.x, font * 40);
  const float height = font * 16;
  ImGui::SetCursorPos(ImVec2(ImGui::GetCursorPosX() + (avail.x - width) * 0.5f,
                             ImGui::GetCursorPosY() + std::max(0.0f, (avail.y - height) * 0.4f)));

  if (ImGui::BeginChild("drop-zone", ImVec2(width, height), false, ImGuiWindowFlags_NoScrollbar)) {
    // A dashed-looking border: the web page's drop target is the whole window, this only says so.
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 min = ImGui::GetWindowPos();
    const ImVec2 max(min.x + width, min.y + height);
    const float inset = std::max(1.0f, font * 0.05f);
    draw->AddRect(
        ImVec2(min.x + inset, min.y + inset), ImVec2(max.x - inset, max.y - inset),
        ImGui::GetColorU32(ImVec4(colors::kAccent.x, colors::kAccent.y, colors::kAccent.z, 0.45f)),
        style.ChildRounding, 0, std::max(1.0f, font * 0.1f));

    ImGui::SetCursorPosY(height * 0.16f);
    CenteredText("Afterglow", Fonts().title, colors::kAccent);
    CenteredText("A viewer for Apache Spark event logs", nullptr, colors::kMuted);
    ImGui::Dummy(ImVec2(0, font));
    CenteredText("Drop event logs or a log folder anywhere on this page", Fonts().bold);
    ImGui::Dummy(ImVec2(0, font * 0.3f));
    const char* label = "Open event logs\xe2\x80\xa6";
    const char* folder_label = "Open a folder\xe2\x80\xa6";
    const float button_width = ImGui::CalcTextSize(label).x + style.FramePadding.x * 4;
    const float folder_width = ImGui::CalcTextSize(folder_label).x + style.FramePadding.x * 4;
    ImGui::SetCursorPosX((width - button_width - style.ItemSpacing.x - folder_width) * 0.5f);
    ImGui::PushStyleColor(ImGuiCol_Button,
                          ImVec4(colors::kAccent.x, colors::kAccent.y, colors::kAccent.z, 0.85f));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, colors::kAccent);
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.08f, 0.08f, 0.09f, 1.0f));
    if (ImGui::Button(label, ImVec2(button_width, ImGui::GetFrameHeight() * 1.2f)) &&
        state.hooks.open_file_picker != nullptr) {
      state.hooks.open_file_picker();
    }
    ImGui::PopStyleColor(3);
    ImGui::SameLine();
    if (ImGui::Button(folder_label, ImVec2(folder_width, ImGui::GetFrameHeight() * 1.2f)) &&
        state.hooks.open_folder_picker != nullptr) {
      state.hooks.open_folder_picker();
    }
    ImGui::Dummy(ImVec2(0, font * 0.6f));
    CenteredText(
        "Logs, log folders or History Server zips, read inside this page: nothing is uploaded.",
        nullptr, colors::kMuted);
  }
  ImGui::EndChild();

  if (state.status == LoadStatus::kError) {
    ImGui::Dummy(ImVec2(0, font * 0.5f));
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + (avail.x - width) * 0.5f);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
    ImGui::TextColored(colors::kFailed, "Could not load the logs: %s", state.error.c_str());
    ImGui::PopTextWrapPos();
  }
}

}  // namespace afterglow::ui
