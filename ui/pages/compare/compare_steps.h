// The comparison's build between frames: PrepareCompareView (view_compare.cc) starts it when the
// route or the runs change, and builds a small comparison at once; the page then calls
// StepCompareBuild before frames until it returns true, as it steps the time model's what-if.
#pragma once

#include <cstddef>

#include "ui/app/app_state.h"

namespace afterglow::ui {

// Reads about `task_budget` more tasks of the build under way; true when none is (left). A build
// whose runs are gone (a reset, a new load) is dropped.
bool StepCompareBuild(AppState& state, size_t task_budget);

}  // namespace afterglow::ui
