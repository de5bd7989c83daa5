#include "ui/widgets/sortable_table.h"

#include <algorithm>

#include "imgui_internal.h"  // ImGuiTable: where the rows ended and the scrollbars are
#include "ui/widgets/theme.h"

namespace afterglow::ui {
namespace {

// The colours BeginSortableTable pushes (and EndSortableTable pops): the table's child window
// paints no background; even rows paint the panel, odd rows the panel with the alternate rows'
// tint composited onto it (the colour ImGui's blend would give), both opaque.
constexpr int kPushedColors = 3;
void PushOpaqueRowColors() {
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec4 panel = style.Colors[ImGuiCol_ChildBg];
  const ImVec4 tint = style.Colors[ImGuiCol_TableRowBgAlt];
  const ImVec4 tinted(panel.x + (tint.x - panel.x) * tint.w, panel.y + (tint.y - panel.y) * tint.w,
                      panel.z + (tint.z - panel.z) * tint.w, panel.w);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0, 0, 0, 0));
  ImGui::PushStyleColor(ImGuiCol_TableRowBg, panel);
  ImGui::PushStyleColor(ImGuiCol_TableRowBgAlt, tinted);
}

}  // namespace

bool BeginSortableTable(const char* id, std::span<const SortableColumn> columns, float height,
                        ImGuiTableFlags extra_flags, int frozen_columns) {
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                     ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_Resizable |
                                     ImGuiTableFlags_Sortable | ImGuiTableFlags_ScrollY |
                                     ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_PadOuterX;
  const int count = static_cast<int>(columns.size());
  PushOpaqueRowColors();
  if (!ImGui::BeginTable(id, count, kFlags | extra_flags, ImVec2(0, height))) {
    ImGui::PopStyleColor(kPushedColors);
    return false;
  }
  ImGui::TableSetupScrollFreeze(frozen_columns, 1);
  const float em = ImGui::GetFontSize();
  // A table that scrolls sideways has room for every header in full ("Shuffle Read Fetch Wait
  // Time"): its columns start at least as wide as their bold header and the sort arrow.
  const bool fit_headers = (extra_flags & ImGuiTableFlags_ScrollX) != 0;
  if (fit_headers) ImGui::PushFont(Fonts().bold);
  for (int i = 0; i < count; ++i) {
    const SortableColumn& column = columns[static_cast<size_t>(i)];
    const bool stretch = (column.flags & ImGuiTableColumnFlags_WidthStretch) != 0;
    float width = stretch ? 0.0f : em * column.width_em;
    if (fit_headers && !stretch) {
      width = std::max(width, ImGui::CalcTextSize(column.name).x + em * 1.2f);
    }
    ImGui::TableSetupColumn(column.name, column.flags, width, static_cast<ImGuiID>(i));
  }
  if (fit_headers) ImGui::PopFont();
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

void EndSortableTable() {
  ImGuiTable* table = ImGui::GetCurrentTable();
  ImGui::EndTable();
  ImGui::PopStyleColor(kPushedColors);
  // The panel where no row painted: the vertical scrollbar's track right of the rows, and below
  // the last row (the horizontal scrollbar's track, or what a short table leaves). Drawn in the
  // enclosing window, so the table's child (scrollbars, rows) draws over it. EndTable left the
  // table's rectangles and its last row's bottom (RowPosY2, screen y) in place.
  const ImRect outer = table->OuterRect;
  const ImRect inner = table->InnerRect;  // without the scrollbars
  const float rows_end = std::clamp(table->RowPosY2, outer.Min.y, inner.Max.y);
  const ImU32 panel = ImGui::GetColorU32(ImGuiCol_ChildBg);
  const float rounding = ImGui::GetStyle().ChildRounding;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  if (inner.Max.x < outer.Max.x && rows_end > outer.Min.y) {
    draw->AddRectFilled(ImVec2(inner.Max.x, outer.Min.y), ImVec2(outer.Max.x, rows_end), panel,
                        rounding, ImDrawFlags_RoundCornersTopRight);
  }
  if (rows_end < outer.Max.y) {
    draw->AddRectFilled(ImVec2(outer.Min.x, rows_end), outer.Max, panel, rounding,
                        ImDrawFlags_RoundCornersBottom);
  }
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

void SetSortDescending(int column) {
  ImGui::TableSetColumnSortDirection(column, ImGuiSortDirection_Descending, false);
}

}  // namespace afterglow::ui
