// Spark's Environment page: Runtime Information, Spark Properties, Resource Profiles, Hadoop,
// System and Metrics Properties and Classpath Entries, each a collapsible section with its own
// Copy TSV. One search box filters keys and values across all sections and says how many rows
// match in each. Values are the API's, already redacted by the core as the History Server does.
#include <algorithm>
#include <cstdio>
#include <utility>

#include "ui/widgets/format.h"
#include "ui/widgets/theme.h"
#include "ui/app/views.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

// Sections Spark's page shows expanded; the long property lists start collapsed there too.
bool OpenByDefault(size_t index) { return index <= 2; }

// A value the History Server hid: drawn apart, with why it is hidden.
void DrawRedactedValue(const std::string& text) {
  ImGui::TextColored(colors::kAccent, "%s", text.c_str());
  if (ImGui::IsItemHovered()) {
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32);
    ImGui::SetTooltip(
        "Redacted: the name or the value matches spark.redaction.regex "
        "((?i)secret|password|token|access[.]?key), so the History Server's REST API and UI show "
        "this text instead of the value.");
    ImGui::PopTextWrapPos();
  }
}

void DrawCellText(const std::string& text) {
  ImGui::TextUnformatted(text.c_str());
  if (ImGui::IsItemHovered() && ImGui::CalcTextSize(text.c_str()).x > ImGui::GetColumnWidth()) {
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
    ImGui::SetTooltip("%s", text.c_str());
    ImGui::PopTextWrapPos();
  }
}

void DrawSection(EnvironmentTableModel& model, size_t index, bool filter_changed,
                 bool filtering) {
  const EnvironmentSection& section = model.sections[index];
  char label[128];
  if (filtering) {
    std::snprintf(label, sizeof label, "%s  (%zu of %zu match)###section%zu", section.title.c_str(),
                  section.visible.size(), section.rows.size(), index);
  } else {
    if (section.redacted > 0) {
      std::snprintf(label, sizeof label, "%s  (%zu, %zu redacted)###section%zu",
                    section.title.c_str(), section.rows.size(), section.redacted, index);
    } else {
      std::snprintf(label, sizeof label, "%s  (%zu)###section%zu", section.title.c_str(),
                    section.rows.size(), index);
    }
  }
  if (filter_changed) {
    // A search opens the sections it matches and closes the others; clearing it restores
    // Spark's default layout.
    ImGui::SetNextItemOpen(filtering ? !section.visible.empty() : OpenByDefault(index),
                           ImGuiCond_Always);
  } else {
    ImGui::SetNextItemOpen(OpenByDefault(index), ImGuiCond_FirstUseEver);
  }
  ImGui::PushFont(Fonts().bold);
  const bool open = ImGui::CollapsingHeader(label);
  ImGui::PopFont();
  if (!open) return;
  ImGui::PushID(static_cast<int>(index));
  if (section.rows.empty()) {
    ImGui::TextColored(colors::kMuted, "None in this log.");
    ImGui::PopID();
    return;
  }
  if (CopyTsvButton("section_tsv")) ImGui::SetClipboardText(model.SectionTsv(index).c_str());
  if (section.visible.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(colors::kMuted, "No row matches the filter.");
    ImGui::PopID();
    return;
  }
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                     ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_Resizable |
                                     ImGuiTableFlags_ScrollY | ImGuiTableFlags_PadOuterX;
  const float row_height = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
  const float rows_shown = std::min<float>(static_cast<float>(section.visible.size()), 18.0f);
  const float height = row_height * (rows_shown + 1) + 4;
  if (ImGui::BeginTable("rows", 2, kFlags, ImVec2(0, height))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(section.key_header.c_str(), ImGuiTableColumnFlags_WidthStretch, 2);
    ImGui::TableSetupColumn(section.value_header.c_str(), ImGuiTableColumnFlags_WidthStretch, 3);
    ImGui::PushFont(Fonts().bold);
    ImGui::TableHeadersRow();
    ImGui::PopFont();
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(section.visible.size()));
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        const auto& [key, value] = section.rows[section.visible[i]];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        DrawCellText(key);
        ImGui::TableNextColumn();
        if (IsRedactedValue(value)) {
          DrawRedactedValue(value);
        } else {
          DrawCellText(value);
        }
      }
    }
    ImGui::EndTable();
  }
  ImGui::PopID();
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.3f));
}

}  // namespace

void DrawEnvironmentView(AppState& state) {
  EnvironmentTableModel& model = state.environment;
  ImGui::PushFont(Fonts().title);
  ImGui::TextUnformatted("Environment");
  ImGui::PopFont();
  if (!model.error.empty()) {
    ImGui::TextColored(colors::kMuted, "%s", model.error.c_str());
    return;
  }
  const float em = ImGui::GetFontSize();
  const bool filter_changed = SearchBox("##environment_filter", "Filter names and values  /",
                                        model.filter_text, sizeof model.filter_text, em * 22) ||
                              std::exchange(model.filter_set_by_link, false);
  if (filter_changed) model.Filter(model.filter_text);
  const bool filtering = model.filter_text[0] != '\0';
  ImGui::SameLine();
  if (filtering) {
    ImGui::TextColored(model.matches > 0 ? colors::kMuted : colors::kAccent, "%zu matching rows",
                       model.matches);
  } else {
    ImGui::TextColored(colors::kMuted,
                       "%zu values redacted (names or values matching spark.redaction.regex), as "
                       "the History Server shows them.",
                       model.redacted);
  }
  ImGui::Dummy(ImVec2(0, em * 0.2f));
  for (size_t i = 0; i < model.sections.size(); ++i) DrawSection(model, i, filter_changed, filtering);
}

void DescribeEnvironmentView(const AppState& state, JsonWriter& out) {
  const EnvironmentTableModel& model = state.environment;
  out.Field("filter", model.filter_text);
  out.FieldInt("matches", static_cast<int64_t>(model.matches));
  out.FieldInt("redacted", static_cast<int64_t>(model.redacted));
  out.Key("sections");  // [{title, rows, visible}] in the page's order
  out.BeginArray();
  for (const EnvironmentSection& section : model.sections) {
    out.BeginObject();
    out.Field("title", section.title);
    out.FieldInt("rows", static_cast<int64_t>(section.rows.size()));
    out.FieldInt("visible", static_cast<int64_t>(section.visible.size()));
    out.FieldInt("redacted", static_cast<int64_t>(section.redacted));
    out.EndObject();
  }
  out.EndArray();
  if (!model.error.empty()) out.Field("error", model.error);
}

}  // namespace afterglow::ui
