// The header's "A <name> Swap B <name>" while #/compare compares two runs, drawn by ui/app/frame.cc
// in place of the application picker (which of the two is "open" does not matter there): both
// names, and the swap button.
#pragma once

#include "ui/app/app_state.h"

namespace afterglow::ui {

bool CompareHeaderShown(const AppState& state);
float CompareHeaderWidth();  // pixels, at the current font
void DrawCompareHeader(AppState& state);

// Swaps A and B (two runs: the remembered runs; two items: the route's ids) and rebuilds.
void SwapComparedSides(AppState& state);

}  // namespace afterglow::ui
