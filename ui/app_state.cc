#include "ui/app_state.h"

#include <vector>

#include "core/session_impl.h"
#include "ui/view_list.h"

namespace afterglow::ui {
namespace {

// Builds the model of the entity the route shows (a stage's tasks, a query's plan). Called on
// navigation and after loading steps, never from a draw function. Each detail view adds its case.
void PrepareRoute(AppState& state) {
  switch (state.route.view) {
    default:
      break;
  }
}

}  // namespace

const AttemptModel* AppState::SelectedModel() const {
  const AttemptSummary* app = SelectedApp();
  if (session == nullptr || app == nullptr || session->impl() == nullptr) return nullptr;
  const auto& models = session->impl()->models();
  return app->model_index < models.size() ? models[app->model_index].get() : nullptr;
}

const StringPool* AppState::Strings() const {
  return session != nullptr && session->impl() != nullptr ? &session->impl()->strings() : nullptr;
}

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
  PrepareRoute(state);
}

void Navigate(AppState& state, const Route& route) {
  const std::string text = FormatRoute(route);
  const bool changed = !(route == state.route) || state.route_text != text;
  state.route = route;
  state.route_text = text;
  if (!changed) return;
  if (state.hooks.route_changed != nullptr) state.hooks.route_changed(state.route_text.c_str());
  PrepareRoute(state);
}

bool ShowRoute(AppState& state, std::string_view text) {
  const std::optional<Route> route = ParseRoute(text);
  if (!route || FindView(route->view) == nullptr) return false;
  Navigate(state, *route);
  return true;
}

}  // namespace afterglow::ui
