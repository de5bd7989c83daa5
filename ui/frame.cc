// The page's single full-window ImGui window: a header bar (brand, navigation, the open
// application, "Open logs"), then the view chosen by the load status and the route.
#include <cstdio>

#include "ui/theme.h"
#include "ui/view_list.h"
#include "ui/views.h"
#include "ui/widgets.h"

namespace afterglow::ui {
namespace {

// "app-1234", or "application_1234_0001 / 2" for a numbered attempt.
const char* AppLabel(const AttemptSummary& app, char* out, size_t size) {
  if (app.attempt_id.empty()) {
    std::snprintf(out, size, "%s", app.app_id.c_str());
  } else {
    std::snprintf(out, size, "%s / %s", app.app_id.c_str(), app.attempt_id.c_str());
  }
  return out;
}

void DrawAppPicker(AppState& state) {
  if (state.summaries.size() < 2) return;
  const AttemptSummary* current = state.SelectedApp();
  size_t chosen = state.selected_app;
  char label[160];
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 18);
  if (ImGui::BeginCombo("##app", current ? AppLabel(*current, label, sizeof label) : "")) {
    for (size_t i = 0; i < state.summaries.size(); ++i) {
      const AttemptSummary& app = state.summaries[i];
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::Selectable(AppLabel(app, label, sizeof label), i == state.selected_app))
        chosen = i;
      if (!app.name.empty()) {
        ImGui::SameLine();
        ImGui::TextColored(colors::kMuted, "%s", app.name.c_str());
      }
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  // Applied after the loop: RefreshModels replaces the summaries the loop was reading.
  if (chosen != state.selected_app) {
    state.selected_app = chosen;
    RefreshModels(state);  // a user action, not an idle frame
  }
  ImGui::SameLine();
}

void DrawHeader(AppState& state) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float height = ImGui::GetFrameHeight() + style.WindowPadding.y * 1.2f;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, style.Colors[ImGuiCol_MenuBarBg]);
  ImGui::PushStyleVar(ImGuiStyleVar_ChildRounding, 0);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding,
                      ImVec2(style.WindowPadding.x, style.WindowPadding.y * 0.6f));
  if (ImGui::BeginChild("header", ImVec2(0, height), false,
                        ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_AlwaysUseWindowPadding)) {
    ImGui::PushFont(Fonts().title);
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(colors::kAccent, "Afterglow");
    ImGui::PopFont();
    ImGui::SameLine(0, style.ItemSpacing.x * 3);
    const bool navigable = state.status == LoadStatus::kReady;
    const ViewId section = SectionOf(state.route.view);
    for (const ViewEntry& view : RoutedViews()) {
      if (!view.tab) continue;
      ImGui::BeginDisabled(!navigable);
      if (NavTab(view.title, navigable && section == view.view)) Navigate(state, Route{view.view});
      ImGui::EndDisabled();
      ImGui::SameLine(0, style.ItemSpacing.x * 0.5f);
    }

    // Right-aligned: the application picker (several apps loaded) and the open button.
    const char* open_label = "Open logs\xe2\x80\xa6";  // an ellipsis
    const float open_width = ImGui::CalcTextSize(open_label).x + style.FramePadding.x * 2;
    float right = open_width;
    if (state.summaries.size() >= 2) right += ImGui::GetFontSize() * 18 + style.ItemSpacing.x;
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - right);
    DrawAppPicker(state);
    ImGui::BeginDisabled(state.status == LoadStatus::kLoading);
    if (ImGui::Button(open_label) && state.hooks.open_file_picker != nullptr)
      state.hooks.open_file_picker();
    ImGui::EndDisabled();
  }
  ImGui::EndChild();
  ImGui::PopStyleVar(2);
  ImGui::PopStyleColor();
}

}  // namespace

void DrawFrame(AppState& state) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->WorkPos);
  ImGui::SetNextWindowSize(viewport->WorkSize);
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                      ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0));
  const bool open = ImGui::Begin("Afterglow", nullptr, kFlags);
  ImGui::PopStyleVar(2);
  if (open) {
    DrawHeader(state);
    // The content area takes the window's colour: panels inside it use ChildBg.
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_WindowBg));
    const bool content_open =
        ImGui::BeginChild("content", ImVec2(0, 0), false, ImGuiWindowFlags_AlwaysUseWindowPadding);
    ImGui::PopStyleColor();
    if (content_open) {
      switch (state.status) {
        case LoadStatus::kEmpty:
        case LoadStatus::kError:
          DrawDropZoneView(state);
          break;
        case LoadStatus::kLoading:
          DrawLoadingView(state);
          break;
        case LoadStatus::kReady:
          if (const ViewEntry* view = FindView(state.route.view)) view->draw(state);
          break;
      }
    }
    ImGui::EndChild();
  }
  ImGui::End();
}

}  // namespace afterglow::ui
