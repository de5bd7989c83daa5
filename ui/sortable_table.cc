#include "ui/sortable_table.h"

#include "ui/theme.h"

namespace afterglow::ui {

bool BeginSortableTable(const char* id, std::span<const SortableColumn> columns, float height,
                        ImGuiTableFlags extra_flags, int frozen_columns) {
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                     ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_Resizable |
                                     ImGuiTableFlags_Sortable | ImGuiTableFlags_ScrollY |
                                     ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_PadOuterX;
  const int count = static_cast<int>(columns.size());
  if (!ImGui::BeginTable(id, count, kFlags | extra_flags, ImVec2(0, height))) return false;
  ImGui::TableSetupScrollFreeze(frozen_columns, 1);
  const float em = ImGui::GetFontSize();
  for (int i = 0; i < count; ++i) {
    const SortableColumn& column = columns[static_cast<size_t>(i)];
    const bool stretch = (column.flags & ImGuiTableColumnFlags_WidthStretch) != 0;
    ImGui::TableSetupColumn(column.name, column.flags, stretch ? 0.0f : em * column.width_em,
                            static_cast<ImGuiID>(i));
  }
  // Headers one by one, so those with a tooltip show it.
  ImGui::PushFont(Fonts().bold);
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int i = 0; i < count; ++i) {
    if (!ImGui::TableSetColumnIndex(i)) continue;
    ImGui::TableHeader(ImGui::TableGetColumnName(i));
    const char* tooltip = columns[static_cast<size_t>(i)].tooltip;
    if (tooltip != nullptr && ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
      ImGui::TextUnformatted(tooltip);
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
  }
  ImGui::PopFont();
  return true;
}

SortRequest TakeSortRequest(bool model_sorted) {
  SortRequest request;
  ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs();
  if (specs == nullptr || (!specs->SpecsDirty && model_sorted)) return request;
  if (specs->SpecsCount > 0) {
    const ImGuiTableColumnSortSpecs& spec = specs->Specs[0];
    request.apply = true;
    request.column = static_cast<int>(spec.ColumnUserID);
    request.ascending = spec.SortDirection == ImGuiSortDirection_Ascending;
  }
  specs->SpecsDirty = false;
  return request;
}

}  // namespace afterglow::ui
