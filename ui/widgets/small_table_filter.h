// The line above a small table (a stage's summary metrics and its executors, the executors page's
// totals, a job's stages, the streaming runs): the search box and "Copy TSV" of the long tables'
// toolbar (sortable_table.h), and how many rows the filter shows. The view keeps the filter in
// its page's model, so the text survives a rebuild, and copies only the rows the filter shows.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string_view>

namespace afterglow::ui {

struct SmallTableFilter {
  char text[64] = "";

  // True when a row of these cells is shown: one of them holds the text, in any case.
  bool Shows(std::initializer_list<std::string_view> cells) const;
};

struct SmallTableClicks {
  bool filter_changed = false;  // the text changed: a model that keeps an index filters again
  bool copy = false;            // "Copy TSV" was clicked: the caller copies the rows shown
};

// Draws the search box (hint `hint`), "Copy TSV" and "`shown` of `total` `rows_noun`" on one line,
// under ImGui id `id`. The box takes '/' only while no main
// table's search box is in view (widgets.h SearchBox).
SmallTableClicks DrawSmallTableToolbar(const char* id, const char* hint,
                                       SmallTableFilter& filter,
                                       size_t shown, size_t total, const char* rows_noun);

}  // namespace afterglow::ui
