// Keyboard control of a view's main table, shared so every table answers the same keys:
// Up/Down move the selection one row, Page Up/Down by a page, Home/End to the ends, Enter opens
// the selected row. Keys typed into a text box (a SearchBox) are left to it. Backspace and
// Alt+Left are the browser's (back).
//
// Use, in a view with a sorted/filtered row index (draw code; allocates nothing):
//   const int open = TableKeyboardSelection(&model.selected_row, model.RowCount());
//   if (open >= 0) Navigate(state, Route{ViewId::kJobDetail, model.IdAt(open)});
//   ... inside BeginTable, after the header row:
//   ScrollTableToRow(model.selected_row, row_height);  // only scrolls when the keys moved it
//   ... and highlight the row whose index equals model.selected_row.
#pragma once

namespace afterglow::ui {

// Moves *selected (a row position in display order, -1 for none) by this frame's keys and clamps
// it to [0, rows). Returns the row to open when Enter was pressed with a row selected, else -1.
// Only the first table of a frame that calls it takes the keys, so two tables never both move.
int TableKeyboardSelection(int* selected, int rows);

// True when the last TableKeyboardSelection call of this frame moved the selection.
bool TableSelectionMovedThisFrame();

// Scrolls the current window (the table's, when called between BeginTable and EndTable) so that
// row `row` of height `row_height` (pixels, header excluded) is visible, when the selection was
// moved by keys this frame. Rows start `header_height` below the top of the scroll area.
void ScrollTableToRow(int row, float row_height, float header_height = 0.0f);

}  // namespace afterglow::ui
