// Keyboard control of a view's tables, shared so every table answers the same keys:
// Up/Down move the selection one row, Page Up/Down by a page, Home/End to the ends, Enter opens
// the selected row. Keys typed into a text box (a SearchBox) are left to it. Backspace and
// Alt+Left are the browser's (back).
//
// Use, in a view with a sorted/filtered row index (draw code; allocates nothing):
//   const int open = TableKeyboardSelection(&model.selected_row, model.RowCount());
//   if (open >= 0) Navigate(state, Route{ViewId::kJobDetail, model.IdAt(open)});
//   ... inside BeginTable, after the header row:
//   ImGuiListClipper clipper;
//   clipper.Begin(rows);
//   ForceSelectedRowDrawn(clipper, model.selected_row);  // before the first Step()
//   ... in the row loop, after the row's first item (a Selectable spanning all columns, selected
//   when i == model.selected_row):
//   if (i == model.selected_row) ScrollToSelectedRow();  // only scrolls when the keys moved it
#pragma once

#include <cstdint>

struct ImGuiListClipper;

namespace afterglow::ui {

// The keys a table answers, decoded from the frame's input.
enum class TableKey : uint8_t { kNone, kUp, kDown, kPageUp, kPageDown, kHome, kEnd };

// The selection after `key`, as a pure function: `selected` is a row position in display order
// (-1 for none), `rows` the rows shown, `page_rows` the rows a page holds (>= 1). The first Up or
// Down selects the first row; the result is clamped to [0, rows), and -1 when there are no rows.
int MoveTableSelection(int selected, int rows, TableKey key, int page_rows);

// Moves *selected by this frame's keys (MoveTableSelection) and clamps it to [0, rows). Returns
// the row to open when Enter was pressed with a row selected, else -1. Only the first table of a
// frame that calls it takes the keys, so two tables never both move.
int TableKeyboardSelection(int* selected, int rows);

// True when the last TableKeyboardSelection call of this frame moved the selection (or
// MarkTableSelectionMoved was called this frame).
bool TableSelectionMovedThisFrame();
// Makes the selection count as moved this frame, so the table scrolls to it: for a selection set
// by a link (a task's executor) rather than by keys.
void MarkTableSelectionMoved();

// Makes `clipper` draw row `selected` this frame when the selection moved, so the row exists to
// scroll to. Call after clipper.Begin and before the first Step().
void ForceSelectedRowDrawn(ImGuiListClipper& clipper, int selected);
// Call right after the selected row's first item: when the selection moved this frame and the
// row is not fully visible, scrolls the window holding it (the table's, or the page's for a table
// without its own scrolling) so it is.
void ScrollToSelectedRow();

}  // namespace afterglow::ui
