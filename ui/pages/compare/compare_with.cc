#include "ui/pages/compare/compare_with.h"

#include <cstdio>

#include "ui/widgets/theme.h"
#include "ui/widgets/widget_anchors.h"

namespace afterglow::ui {
namespace {

const char* Noun(CompareItems items) { return items == CompareItems::kJobs ? "job" : "query"; }

void OpenComparison(AppState& state, CompareItems items, int64_t a, int64_t b) {
  Route route{ViewId::kCompare, a};
  route.compare.items = items;
  route.compare.other = b;
  ImGui::CloseCurrentPopup();
  Navigate(state, route);
}

// The choices of a popup, clipped: `label_of(i)` names the i-th of `count` and `id_of(i)` is its
// id; `disabled` (or -1) is shown but cannot be picked. Returns the picked id, or -1. The first
// choice that can be picked is anchored for tests.
template <class IdOf, class LabelOf>
int64_t DrawChoices(size_t count, int64_t disabled, IdOf id_of, LabelOf label_of) {
  int64_t picked = -1;
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
        if (ImGui::Selectable(label, false, id == disabled ? ImGuiSelectableFlags_Disabled : 0)) picked = id;
        if (id != disabled) AnchorLastItem("compareWithChoice");
        ImGui::PopID();
      }
    }
  }
  ImGui::EndChild();
  return picked;
}

// On an item's page: the item is A; the popup picks B.
template <class IdOf, class LabelOf>
void CompareWithButton(AppState& state, CompareItems items, int64_t self, size_t count, IdOf id_of,
                       LabelOf label_of) {
  const char* noun = Noun(items);
  if (ImGui::SmallButton("Compare with\xe2\x80\xa6")) ImGui::OpenPopup("compare_with");
  AnchorLastItem("compareWith");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Compare this %s with another %s of this application, aligned stage by stage", noun, noun);
  }
  if (!ImGui::BeginPopup("compare_with")) return;
  ImGui::TextColored(colors::kMuted, "Compare %s %lld (A) with (B):", noun, static_cast<long long>(self));
  const int64_t picked = DrawChoices(count, self, id_of, label_of);
  if (picked >= 0) OpenComparison(state, items, self, picked);
  ImGui::EndPopup();
}

// On a list: the popup picks A, then B. A is kept in the list window's ImGui storage (as two
// 32-bit halves) while the popup is open; opening it starts over.
template <class IdOf, class LabelOf>
void CompareTwoButton(AppState& state, CompareItems items, size_t count, IdOf id_of, LabelOf label_of) {
  const char* noun = Noun(items);
  ImGui::SameLine(0, ImGui::GetFontSize());  // on the list's toolbar line
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID picked_key = ImGui::GetID("compare_two_picked");
  const ImGuiID low_key = ImGui::GetID("compare_two_a_low");
  const ImGuiID high_key = ImGui::GetID("compare_two_a_high");
  if (ImGui::SmallButton(items == CompareItems::kJobs ? "Compare two jobs\xe2\x80\xa6"
                                                      : "Compare two queries\xe2\x80\xa6")) {
    storage->SetBool(picked_key, false);
    ImGui::OpenPopup("compare_two");
  }
  AnchorLastItem("compareTwo");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Pick two %ss of this application: the first is A, the second B; the compare "
                      "view aligns them stage by stage", noun);
  }
  if (!ImGui::BeginPopup("compare_two")) return;
  const bool has_a = storage->GetBool(picked_key, false);
  const int64_t a = has_a ? (static_cast<int64_t>(storage->GetInt(high_key)) << 32) |
                                static_cast<uint32_t>(storage->GetInt(low_key))
                          : -1;
  if (!has_a) {
    ImGui::TextColored(colors::kMuted, "Compare which %s (A)?", noun);
  } else {
    ImGui::TextColored(colors::kMuted, "Compare %s %lld (A) with (B):", noun, static_cast<long long>(a));
    ImGui::SameLine();
    if (ImGui::SmallButton("Back")) storage->SetBool(picked_key, false);
  }
  const int64_t picked = DrawChoices(count, a, id_of, label_of);
  if (picked >= 0 && !has_a) {
    storage->SetBool(picked_key, true);
    storage->SetInt(high_key, static_cast<int>(picked >> 32));
    storage->SetInt(low_key, static_cast<int>(static_cast<uint32_t>(picked)));
  } else if (picked >= 0) {
    OpenComparison(state, items, a, picked);
  }
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

void DrawCompareTwoJobs(AppState& state) {
  const JobsTableModel& jobs = state.jobs;
  if (jobs.rows.size() < 2) return;
  CompareTwoButton(
      state, CompareItems::kJobs, jobs.rows.size(), [&](size_t i) { return jobs.rows[i].job_id; },
      [&](size_t i) { return jobs.rows[i].description.c_str(); });
}

void DrawCompareTwoSql(AppState& state) {
  const SqlListModel& sql = state.sql;
  if (sql.rows.size() < 2) return;
  CompareTwoButton(
      state, CompareItems::kSql, sql.rows.size(), [&](size_t i) { return sql.rows[i].execution_id; },
      [&](size_t i) { return sql.rows[i].summary.c_str(); });
}

}  // namespace afterglow::ui
