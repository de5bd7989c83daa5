// The page's single full-window ImGui window: a header bar (brand, navigation, the load's
// progress, the open application, the theme toggle, "Open logs"), then the view chosen by the
// load status and the route.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ui/pages/compare/compare_header.h"
#include "ui/widgets/format.h"
#include "ui/widgets/theme.h"
#include "ui/app/view_list.h"
#include "ui/app/views.h"
#include "ui/widgets/widget_anchors.h"
#include "ui/widgets/widgets.h"

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
  if (CompareHeaderShown(state)) return DrawCompareHeader(state);
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

// Set by the header's toggle; the switch happens at the start of the next frame.
bool g_theme_switch_requested = false;

// A sun (in the dark theme: switch to light) or a moon (in the light theme), drawn with the draw
// list so it needs no icon font. A click flips the theme from the next frame on.
void DrawThemeToggle() {
  const float size = ImGui::GetFrameHeight();
  const bool dark = CurrentThemeMode() == ThemeMode::kDark;
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  const bool clicked = ImGui::InvisibleButton("theme", ImVec2(size, size));
  AnchorLastItem("themeToggle");
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  if (hovered) {
    draw->AddRectFilled(pos, ImVec2(pos.x + size, pos.y + size),
                        ImGui::GetColorU32(ImGuiCol_ButtonHovered),
                        ImGui::GetStyle().FrameRounding);
    ImGui::SetTooltip(dark ? "Switch to the light theme" : "Switch to the dark theme");
  }
  const ImVec2 center(pos.x + size * 0.5f, pos.y + size * 0.5f);
  const ImU32 ink =
      ImGui::GetColorU32(hovered ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : colors::kMuted);
  if (dark) {
    const float r = size * 0.17f;
    draw->AddCircleFilled(center, r, ink, 16);
    for (int i = 0; i < 8; ++i) {
      const float angle = static_cast<float>(i) * 3.14159265f / 4.0f;
      const ImVec2 dir(std::cos(angle), std::sin(angle));
      draw->AddLine(ImVec2(center.x + dir.x * r * 1.6f, center.y + dir.y * r * 1.6f),
                    ImVec2(center.x + dir.x * r * 2.3f, center.y + dir.y * r * 2.3f), ink,
                    std::max(1.0f, size * 0.06f));
    }
  } else {
    // A crescent: a disc with a disc of the header's colour bitten out of it.
    const float r = size * 0.28f;
    draw->AddCircleFilled(center, r, ink, 24);
    const ImU32 behind = ImGui::GetColorU32(hovered ? ImGuiCol_ButtonHovered : ImGuiCol_MenuBarBg);
    draw->AddCircleFilled(ImVec2(center.x + r * 0.55f, center.y - r * 0.45f), r * 0.85f, behind,
                          24);
  }
  if (clicked) g_theme_switch_requested = true;
}

// Applies a theme switch asked for in the previous frame. Never mid-frame: PopStyleColor would put
// back colours of the old theme pushed before the switch.
void ApplyRequestedThemeSwitch(AppState& state) {
  if (!g_theme_switch_requested) return;
  g_theme_switch_requested = false;
  const ThemeMode next =
      CurrentThemeMode() == ThemeMode::kDark ? ThemeMode::kLight : ThemeMode::kDark;
  SetThemeMode(next);
  if (state.hooks.theme_changed != nullptr) state.hooks.theme_changed(next == ThemeMode::kLight);
}

// While loading: a compact progress bar with the bytes read, and Cancel once the user has left
// the loading view to browse the partial results.
float LoadProgressWidth() { return ImGui::GetFontSize() * 16; }

void DrawLoadProgress(AppState& state) {
  const LoadProgress& progress = state.progress;
  char done[32], total[32], overlay[96];
  std::snprintf(overlay, sizeof overlay, "Loading %.0f%%  \xc2\xb7  %s of %s",
                progress.Fraction() * 100.0, FormatBytes(progress.bytes_done, done, sizeof done),
                FormatBytes(progress.bytes_total, total, sizeof total));
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram,
                        ImVec4(colors::kAccent.x, colors::kAccent.y, colors::kAccent.z, 0.45f));
  ImGui::ProgressBar(static_cast<float>(progress.Fraction()),
                     ImVec2(LoadProgressWidth(), ImGui::GetFrameHeight()), overlay);
  ImGui::PopStyleColor();
  AnchorLastItem("loadProgress");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", progress.current_file.c_str());
}

// "Saved analysis" (and "redacted") left of the header's buttons when the page opened the logs
// embedded in a saved analysis, so whoever opens the file knows what they are looking at.
const char* SavedAnalysisLabel(const SavedAnalysisInfo& saved) {
  return saved.redacted ? "Saved analysis \xc2\xb7 redacted" : "Saved analysis";
}

void DrawSavedAnalysisLabel(const SavedAnalysisInfo& saved) {
  const char* label = SavedAnalysisLabel(saved);
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(colors::kAccent, "%s", label);
  AnchorLastItem("savedAnalysis", label);
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
  ImGui::TextUnformatted("This page is a saved analysis: the event logs it shows are inside the "
                         "file, and nothing was uploaded.");
  if (saved.redacted) {
    ImGui::TextUnformatted("They were redacted when saved: host names, IP addresses, user names, "
                           "paths and secrets are placeholders (host-1, ip-1, user-1, ...).");
  }
  if (!saved.saved_at.empty()) ImGui::Text("Saved %s.", saved.saved_at.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
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
    // While loading the tabs stay usable: they show the partial results read so far.
    const bool loading = state.status == LoadStatus::kLoading;
    const bool navigable = state.status == LoadStatus::kReady || loading;
    const bool views_shown = state.status == LoadStatus::kReady || state.views_while_loading;
    const ViewId section = SectionOf(state.route.view);
    for (const ViewEntry& view : RoutedViews()) {
      if (!view.tab || (view.available != nullptr && !view.available(state))) continue;
      // As Spark adds its Structured Streaming tab: only for a log with streaming queries.
      if (view.view == ViewId::kStreaming && state.streaming.rows.empty()) continue;
      ImGui::BeginDisabled(!navigable);
      const bool clicked = NavTab(view.title, navigable && views_shown && section == view.view);
      AnchorLastItem(view.title);
      if (clicked) {
        if (loading) state.views_while_loading = true;
        Navigate(state, Route{view.view});
      }
      ImGui::EndDisabled();
      ImGui::SameLine(0, style.ItemSpacing.x * 0.5f);
    }

    // Right-aligned: the load's progress, the application picker (several apps loaded), the theme
    // toggle and the open button.
    const char* open_label = "Open logs\xe2\x80\xa6";  // an ellipsis
    const float open_width = ImGui::CalcTextSize(open_label).x + style.FramePadding.x * 2;
    const char* cancel_label = "Cancel";
    const bool show_cancel = loading && state.views_while_loading;
    float right = open_width + ImGui::GetFrameHeight() + style.ItemSpacing.x;
    if (state.summaries.size() >= 2) {
      right += (CompareHeaderShown(state) ? CompareHeaderWidth() : ImGui::GetFontSize() * 18) +
               style.ItemSpacing.x;
    }
    // "Save analysis..." once something is loaded: one HTML file with the viewer and the logs.
    const char* save_label = "Save analysis\xe2\x80\xa6";
    const bool show_save = state.status == LoadStatus::kReady;
    if (show_save) {
      right += ImGui::CalcTextSize(save_label).x + style.FramePadding.x * 2 + style.ItemSpacing.x;
    }
    if (loading) right += LoadProgressWidth() + style.ItemSpacing.x;
    if (state.saved_analysis.is_saved_analysis) {
      right += ImGui::CalcTextSize(SavedAnalysisLabel(state.saved_analysis)).x +
               style.ItemSpacing.x * 3;
    }
    if (show_cancel) {
      right += ImGui::CalcTextSize(cancel_label).x + style.FramePadding.x * 2 + style.ItemSpacing.x;
    }
    ImGui::SameLine(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - right));
    if (state.saved_analysis.is_saved_analysis) {
      DrawSavedAnalysisLabel(state.saved_analysis);
      ImGui::SameLine(0, style.ItemSpacing.x * 3);
    }
    if (loading) {
      DrawLoadProgress(state);
      ImGui::SameLine();
      if (show_cancel) {
        ImGui::BeginDisabled(state.cancel_requested);
        if (ImGui::Button(cancel_label)) state.cancel_requested = true;
        AnchorLastItem("cancel");
        ImGui::EndDisabled();
        ImGui::SameLine();
      }
    }
    DrawAppPicker(state);
    DrawThemeToggle();
    ImGui::SameLine();
    if (show_save) {
      if (ImGui::Button(save_label) && state.hooks.save_analysis != nullptr)
        state.hooks.save_analysis();
      AnchorLastItem("saveAnalysis");
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("One HTML file with the viewer and these logs, opening offline at this view");
      ImGui::SameLine();
    }
    ImGui::BeginDisabled(loading);
    if (ImGui::Button(open_label) && state.hooks.open_file_picker != nullptr)
      state.hooks.open_file_picker();
    AnchorLastItem("openLogs");
    ImGui::EndDisabled();
  }
  ImGui::EndChild();
  ImGui::PopStyleVar(2);
  ImGui::PopStyleColor();
}

}  // namespace

void DrawFrame(AppState& state) {
  ApplyRequestedThemeSwitch(state);
  ClearWidgetAnchors();
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->WorkPos);
  ImGui::SetNextWindowSize(viewport->WorkSize);
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                      ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoBringToFrontOnFocus |
                                      // The page clears the canvas to WindowBg every frame
                                      // (wasm/main_loop.cc): a full-screen background quad would
                                      // paint it again, the largest fill SwiftShader does.
                                      ImGuiWindowFlags_NoBackground;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0));
  const bool open = ImGui::Begin("Afterglow", nullptr, kFlags);
  ImGui::PopStyleVar(2);
  if (open) {
    DrawHeader(state);
    // The content area shows the window's colour (the cleared canvas) through: no background of
    // its own; panels inside it use ChildBg.
    const bool content_open =
        ImGui::BeginChild("content", ImVec2(0, 0), false,
                          ImGuiWindowFlags_AlwaysUseWindowPadding | ImGuiWindowFlags_NoBackground);
    if (content_open) {
      // One scrolling region holds every view: a new route starts at the top of its page (a view
      // may scroll further in the same frame, e.g. to the row a link opened).
      static Route drawn_route;
      if (!(state.route == drawn_route)) ImGui::SetScrollY(0);
      drawn_route = state.route;
      switch (state.status) {
        case LoadStatus::kEmpty:
        case LoadStatus::kError:
          DrawDropZoneView(state);
          break;
        case LoadStatus::kLoading:
          if (!state.views_while_loading) {
            DrawLoadingView(state);
          } else if (const ViewEntry* view = FindView(state.route.view)) {
            view->draw(state);
          }
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
