// The one way a view begins its long, sortable table (the stages list, the stage page's tasks):
// the same flags, a frozen header row in the bold font whose headers may carry a tooltip, and the
// sort order handed back only when it must be applied again. The view keeps its rows and draws
// them between BeginSortableTable and EndSortableTable; its model sorts an index, never the rows.
//
// Each pixel is painted once: ImGui would paint the scrolling table's panel background under
// every row and blend the alternate rows' tint over it (1.5 fills a pixel, which software WebGL
// pays on the CPU). Here every row paints its own opaque background (the panel, or the panel with
// the tint composited onto it) and EndSortableTable paints the panel only where no row is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <span>

#include "imgui.h"
#include "ui/widgets/format.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {

struct SortableColumn {
  const char* name = "";
  float width_em = 5;  // ignored for a stretching column
  ImGuiTableColumnFlags flags = 0;  // DefaultSort, PreferSortDescending, Disabled, WidthStretch
  const char* tooltip = nullptr;    // shown when the header is hovered; null for none
};

// Begins table `id` with one column per entry of `columns` (their user ids are their positions),
// `height` pixels tall, scrolling, resizable and sortable, with `extra_flags` (e.g. ScrollX,
// Hideable) and the first `frozen_columns` columns frozen beside the header row. Draws the
// header row. False when the table is not visible: then, as ImGui's BeginTable, call nothing
// else of it (no EndSortableTable).
bool BeginSortableTable(const char* id, std::span<const SortableColumn> columns, float height,
                        ImGuiTableFlags extra_flags = 0, int frozen_columns = 0);
// Ends a table BeginSortableTable began (instead of ImGui::EndTable).
void EndSortableTable();

// The order the user chose, when the rows must be sorted again: the header was clicked, or the
// model was rebuilt (`model_sorted` false). Call once after BeginSortableTable.
struct SortRequest {
  bool apply = false;
  int column = 0;  // position in the `columns` given to BeginSortableTable
  bool ascending = true;
};
SortRequest TakeSortRequest(bool model_sorted);
// Sets the table's order to column `column` (a position in `columns`), largest first, as a click on
// its header would: the next TakeSortRequest hands it back. For a link that opens a table sorted.
// Call after BeginSortableTable and before TakeSortRequest.
void SetSortDescending(int column);

// The row of status filter chips above such a table: "All (12)", "Failed (1)", ... one per choice
// with rows (the first, "All", always), then on the same line. `counts[i]` are the rows of choice
// i, `name_of(i)` its name. True when a click changed *current (the caller filters again).
template <class NameOf>
bool FilterChipRow(std::span<const uint32_t> counts, size_t* current, NameOf name_of) {
  bool changed = false;
  char label[48];
  for (size_t i = 0; i < counts.size(); ++i) {
    if (i != 0 && counts[i] == 0) continue;  // nothing to pick
    std::snprintf(label, sizeof label, "%s (%u)", name_of(i), counts[i]);
    if (FilterChip(label, *current == i) && *current != i) {
      *current = i;
      changed = true;
    }
    ImGui::SameLine();
  }
  return changed;
}

// The toolbar above such a table, the same in every view that has one: the filter chips
// (FilterChipRow), a search box, "Copy TSV", and how many rows are shown ("12 of 40 stages").
struct TableToolbarSpec {
  const char* search_id = "##search";
  const char* search_hint = "";
  float search_width_em = 18;
  const char* copy_id = "tsv";
  const char* rows_noun = "rows";  // "stages", "task attempts"
};
struct TableToolbarClicks {
  bool filter_changed = false;  // a chip or the search text changed: the caller filters again
  bool copy = false;            // "Copy TSV" was clicked: the caller copies its shown rows
};
template <class NameOf>
TableToolbarClicks DrawTableToolbar(const TableToolbarSpec& spec,
                                    std::span<const uint32_t> counts, size_t* filter,
                                    NameOf name_of, char* search, size_t search_size,
                                    size_t shown_rows, size_t total_rows) {
  TableToolbarClicks clicks;
  clicks.filter_changed = FilterChipRow(counts, filter, name_of);
  const float em = ImGui::GetFontSize();
  ImGui::SameLine(0, em);
  if (SearchBox(spec.search_id, spec.search_hint, search, search_size,
                em * spec.search_width_em)) {
    clicks.filter_changed = true;
  }
  ImGui::SameLine(0, em);
  clicks.copy = CopyTsvButton(spec.copy_id);
  ImGui::SameLine(0, em);
  char shown[32], total[32];
  ImGui::TextColored(colors::kMuted, "%s of %s %s", FormatCount(shown_rows, shown, sizeof shown),
                     FormatCount(total_rows, total, sizeof total), spec.rows_noun);
  return clicks;
}

}  // namespace afterglow::ui
