// The draw functions, one per file (view_*.cc). Each draws into the current ImGui window from
// AppState only; none changes the session. ui/view_list.cc says which routed views exist.
#pragma once

#include "core/api/json_writer.h"
#include "ui/app_state.h"

namespace afterglow::ui {

// The whole page for one frame: the header bar, then the view for the status and route.
void DrawFrame(AppState& state);

// Routed views (listed in view_list.cc): each draws, and describes what it shows for
// window.afterglow.state() (see ViewEntry::describe).
void DrawOverviewView(AppState& state);
void DescribeOverviewView(const AppState& state, JsonWriter& out);
void DrawJobsView(AppState& state);
void DescribeJobsView(const AppState& state, JsonWriter& out);

// Views chosen by the load status rather than the route.
void DrawDropZoneView(AppState& state);
void DrawLoadingView(AppState& state);

}  // namespace afterglow::ui
