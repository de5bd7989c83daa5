#include "ui/app_state.h"

#include <vector>

#include "ui/view_list.h"

namespace afterglow::ui {

void RefreshModels(AppState& state) {
  if (state.session == nullptr) {
    state.summaries.clear();
    state.jobs.Clear();
    return;
  }
  state.summaries = state.session->Summaries();
  // A file with no application in it (not an event log, or cut before ApplicationStart) has a
  // summary without an id; its bad lines still show in the problems list.
  std::erase_if(state.summaries, [](const AttemptSummary& app) { return app.app_id.empty(); });
  if (state.selected_app >= state.summaries.size()) state.selected_app = 0;
  // The jobs table is read once the load is over: mid-load the loading view shows counts only.
  if (state.status == LoadStatus::kReady && !state.summaries.empty()) {
    state.jobs.Build(*state.session, state.summaries[state.selected_app]);
  } else {
    state.jobs.Clear();
  }
}

bool ShowRoute(AppState& state, const char* route) {
  const ViewEntry* view = FindView(route);
  if (view == nullptr) return false;
  if (state.route != view->route) {
    state.route = view->route;
    if (state.hooks.route_changed != nullptr) state.hooks.route_changed(state.route);
  }
  return true;
}

}  // namespace afterglow::ui
