#include "ui/pages/compare/compare_with.h"

#include <cstdio>

#include "ui/widgets/theme.h"
#include "ui/widgets/widget_anchors.h"

namespace afterglow::ui {
namespace {

// The button and its popup; `label_of(i)` names the i-th of `count` choices and `id_of(i)` is
// its id. The item itself is left out of the list.
template <class IdOf, class LabelOf>
void CompareWithButton(AppState& state, CompareItems items, int64_t self, size_t count, IdOf id_of,
                       LabelOf label_of) {
  const char* noun = items == CompareItems::kJobs ? "job" : "query";
  if (ImGui::SmallButton("Compare with\xe2\x80\xa6")) ImGui::OpenPopup("compare_with");
  AnchorLastItem("compareWith");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Compare this %s with another %s of this application, aligned stage by stage", noun, noun);
  }
  if (!ImGui::BeginPopup("compare_with")) return;
  ImGui::TextColored(colors::kMuted, "Compare %s %lld (A) with (B):", noun, static_cast<long long>(self));
  const float em = ImGui::GetFontSize();
  if (ImGui::BeginChild("choices", ImVec2(em * 34, em * 18))) {
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(count));
    char label[160];
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        const int64_t id = id_of(static_cast<size_t>(i));
        ImGui::PushID(i);
        std::snprintf(label, sizeof label, "%lld  %s", static_cast<long long>(id), label_of(static_cast<size_t>(i)));
        if (ImGui::Selectable(label, false, id == self ? ImGuiSelectableFlags_Disabled : 0)) {
          Route route{ViewId::kCompare, self};
          route.compare.items = items;
          route.compare.other = id;
          ImGui::CloseCurrentPopup();
          Navigate(state, route);
        }
        ImGui::PopID();
      }
    }
  }
  ImGui::EndChild();
  ImGui::EndPopup();
}

}  // namespace

void DrawCompareWithJob(AppState& state, int64_t job_id) {
  const JobsTableModel& jobs = state.jobs;
  CompareWithButton(
      state, CompareItems::kJobs, job_id, jobs.rows.size(),
      [&](size_t i) { return jobs.rows[i].job_id; },
      [&](size_t i) { return jobs.rows[i].description.c_str(); });
}

void DrawCompareWithSql(AppState& state, int64_t execution_id) {
  const SqlListModel& sql = state.sql;
  CompareWithButton(
      state, CompareItems::kSql, execution_id, sql.rows.size(),
      [&](size_t i) { return sql.rows[i].execution_id; },
      [&](size_t i) { return sql.rows[i].summary.c_str(); });
}

}  // namespace afterglow::ui
