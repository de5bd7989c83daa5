// Shown while the page streams files into the engine: a progress bar, what has been read so far
// and a Cancel button, also on Esc. The chunk pump checks AppState::cancel_requested between
// chunks.
#include <algorithm>
#include <cstdio>

#include "ui/widgets/format.h"
#include "ui/widgets/theme.h"
#include "ui/app/views.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {

void DrawLoadingView(AppState& state) {
  const float font = ImGui::GetFontSize();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float width = std::min(avail.x, font * 36);
  const float left = ImGui::GetCursorPosX() + (avail.x - width) * 0.5f;
  ImGui::SetCursorPosY(ImGui::GetCursorPosY() + std::max(0.0f, avail.y * 0.3f));
  const LoadProgress& progress = state.progress;

  ImGui::SetCursorPosX(left);
  ImGui::PushFont(Fonts().title);
  ImGui::TextUnformatted("Loading event logs");
  ImGui::PopFont();
  ImGui::SetCursorPosX(left);
  ImGui::PushTextWrapPos(left + width);
  ImGui::TextColored(colors::kMuted, "%s", progress.current_file.c_str());
  ImGui::PopTextWrapPos();

  char done[32], total[32], overlay[32];
  std::snprintf(overlay, sizeof overlay, "%.0f%%", progress.Fraction() * 100.0);
  ImGui::SetCursorPosX(left);
  ImGui::ProgressBar(static_cast<float>(progress.Fraction()), ImVec2(width, 0), overlay);
  ImGui::SetCursorPosX(left);
  ImGui::Text("%s of %s  \xc2\xb7  file %u of %u",
              FormatBytes(progress.bytes_done, done, sizeof done),
              FormatBytes(progress.bytes_total, total, sizeof total),
              std::min(progress.files_done + 1, progress.files_total), progress.files_total);

  // Partial results: the summaries are refreshed between chunks, never per frame.
  if (const AttemptSummary* app = state.SelectedApp()) {
    char jobs[32], tasks[32];
    ImGui::SetCursorPosX(left);
    ImGui::TextColored(colors::kMuted, "So far: %s jobs, %s finished tasks",
                       FormatCount(app->jobs, jobs, sizeof jobs),
                       FormatCount(app->finished_tasks, tasks, sizeof tasks));
  }
  ImGui::Dummy(ImVec2(0, font * 0.5f));
  ImGui::SetCursorPosX(left);
  ImGui::BeginDisabled(state.cancel_requested);
  if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) {
    state.cancel_requested = true;
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(colors::kMuted,
                     state.cancel_requested ? "Cancelling\xe2\x80\xa6" : "or press Esc");
}

}  // namespace afterglow::ui
