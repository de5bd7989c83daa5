#include "ui/app/app_state.h"

#include <algorithm>
#include <vector>

#include "core/analysis/task_view.h"
#include "ui/app/model_steps.h"
#include "ui/app/view_list.h"
#include "ui/app/views.h"
#include "ui/graph/rdd_dag_view.h"
#include "ui/pages/sql/sql_plan_graph_view.h"

namespace afterglow::ui {

// Called on navigation and after loading steps, never from a draw function. Each detail view adds
// its case.
void PrepareRoute(AppState& state) {
  // The stage page's task timeline (ui/timeline/task_timeline.h), beside whatever its case builds.
  if (state.route.view == ViewId::kStage && state.SelectedModel() != nullptr) {
    state.task_timeline.Build(*state.SelectedModel(), *state.Strings(),
                              static_cast<int32_t>(state.route.id), state.route.attempt);
  }
  switch (state.route.view) {
    case ViewId::kJob:
      PrepareJobView(state);
      break;
    case ViewId::kStage:
      PrepareStageDag(state, static_cast<int32_t>(state.route.id));  // the stage's DAG
      if (state.session != nullptr && state.SelectedApp() != nullptr &&
          state.SelectedModel() != nullptr) {
        state.stage_page.Build(*state.SelectedModel(), *state.Strings(), state.route.id,
                               state.route.attempt);
      } else {
        state.stage_page.Clear();
      }
      break;
    case ViewId::kSqlQuery:
      PrepareSqlPlanGraph(state, state.route.id, state.route.attempt);
      if (state.session != nullptr && state.SelectedApp() != nullptr) {
        state.sql_query.Build(*state.session, *state.SelectedApp(), state.SelectedModel(),
                              state.Strings(), state.route.id, state.route.attempt);
      } else {
        state.sql_query.Clear();
      }
      break;
    case ViewId::kStreamingRun:
      state.streaming_run.Build(state.SelectedModel(), state.Strings(), state.route.key);
      break;
    case ViewId::kCompare:
      PrepareCompareView(state);
      break;
    case ViewId::kSqlServer:
      if (state.SelectedModel() != nullptr) {
        state.thrift_server.Build(*state.SelectedModel(), *state.Strings(),
                                  TaskNow(*state.SelectedModel()));
      } else {
        state.thrift_server.Clear();
      }
      break;
    case ViewId::kRdd:
      if (state.session != nullptr && state.SelectedApp() != nullptr) {
        state.rdd_page.Build(*state.session, *state.SelectedApp(), state.route.id);
      } else {
        state.rdd_page.Clear();
      }
      break;
    default:
      break;
  }
}

namespace {

// The models of the header's sections (RefreshModels' steps), not the route's entity.
void ClearSectionModels(AppState& state) {
  state.jobs.Clear();
  state.sql.Clear();
  state.stages.Clear();
  state.overview.Clear();
  state.time.Clear();
  state.executors.Clear();
  state.environment.Clear();
  state.storage.Clear();
}

// The route as the URL names it: with the selected application when several are open (a link then
// opens the same one), without it when one is, and without it on a comparison of the page's two
// runs, which is about both of them rather than the one selected.
Route WithSelectedApp(const AppState& state, Route route) {
  route.app_id.clear();
  route.app_attempt.clear();
  const AttemptSummary* app = state.SelectedApp();
  const bool both_runs = route.view == ViewId::kCompare && route.compare.items == CompareItems::kRuns;
  if (state.summaries.size() > 1 && app != nullptr && !both_runs) {
    route.app_id = app->app_id;
    route.app_attempt = app->attempt_id;
  }
  return route;
}

// Selects the application `app_id` / `attempt`, when it is open; true when the selection changed.
bool SelectApp(AppState& state, const std::string& app_id, const std::string& attempt) {
  for (size_t i = 0; i < state.summaries.size(); ++i) {
    const AttemptSummary& app = state.summaries[i];
    if (app.app_id != app_id || app.attempt_id != attempt) continue;
    if (i == state.selected_app) return false;
    state.selected_app = i;
    return true;
  }
  return false;
}

// Selects the application a route names; one that is not open yet waits for a load to bring it.
bool SelectRouteApp(AppState& state, const Route& route) {
  if (route.app_id.empty()) return false;
  const bool open = std::any_of(state.summaries.begin(), state.summaries.end(),
                                [&](const AttemptSummary& app) {
                                  return app.app_id == route.app_id &&
                                         app.attempt_id == route.app_attempt;
                                });
  state.pending_app_id = open ? "" : route.app_id;
  state.pending_app_attempt = open ? "" : route.app_attempt;
  return SelectApp(state, route.app_id, route.app_attempt);
}

void SetRoute(AppState& state, const Route& route) {
  state.route = route;
  state.route_text = FormatRoute(route);
  if (state.hooks.route_changed != nullptr) state.hooks.route_changed(state.route_text.c_str());
}

}  // namespace

bool StepTimeWhatIf(AppState& state, uint64_t budget) { return state.time.StepWhatIf(budget); }

const AttemptModel* AppState::SelectedModel() const {
  const AttemptSummary* app = SelectedApp();
  if (session == nullptr || app == nullptr) return nullptr;
  return session->model(app->model_index);
}

const StringPool* AppState::Strings() const {
  return session != nullptr ? &session->strings() : nullptr;
}

void RefreshSummaries(AppState& state) {
  state.summaries = state.session->Summaries();
  // A file with no application in it (not an event log, or cut before ApplicationStart) has a
  // summary without an id; its bad lines still show in the problems list.
  std::erase_if(state.summaries, [](const AttemptSummary& app) { return app.app_id.empty(); });
  if (state.selected_app >= state.summaries.size()) state.selected_app = 0;
  // A link's application, named before its log was loaded (also a saved comparison's baseline):
  // here, so the stepped build of a finished load selects it as a mid-load refresh does.
  if (!state.pending_app_id.empty() &&
      std::any_of(state.summaries.begin(), state.summaries.end(), [&](const AttemptSummary& app) {
        return app.app_id == state.pending_app_id && app.attempt_id == state.pending_app_attempt;
      })) {
    SelectApp(state, state.pending_app_id, state.pending_app_attempt);
    state.pending_app_id.clear();
    state.pending_app_attempt.clear();
  }
}

void RefreshModels(AppState& state) {
  if (state.session == nullptr) {
    state.summaries.clear();
    ClearSectionModels(state);
    return;
  }
  RefreshSummaries(state);
  // Mid-load too: the header lets the user browse partial results (wasm/ throttles the refreshes).
  if (state.status == LoadStatus::kEmpty || state.status == LoadStatus::kError ||
      state.summaries.empty()) {
    ClearSectionModels(state);
    PrepareRoute(state);
    return;
  }
  // While a log loads, RefreshModels runs every few hundred milliseconds: rebuilding every model
  // each time would cost the load time in proportion to the model, over and over. Mid-load only
  // the models of the section on screen are rebuilt, and the two that read every task of the
  // application not at all: the overview's findings (task quantiles of every stage) and the time
  // analysis (a sweep over every task's launch and finish, 60-120 ms of wasm in one block for
  // half a 1 GB log, which held frames off). Both describe a finished application; they are
  // built once the load is over.
  const bool loading = state.status == LoadStatus::kLoading;
  const ViewId section = SectionOf(state.route.view);
  for (size_t i = 0; i < kModelStepCount; ++i) {
    const auto step = static_cast<ModelStep>(i);
    if (step == ModelStep::kRoute) continue;  // last, below
    if (step == ModelStep::kOverview && loading) {
      state.overview.Clear();
    } else if (step == ModelStep::kTime && loading) {
      state.time.Clear();  // reads every task; the final build makes it, in slices
    } else if (!loading || StepServesSection(step, section)) {
      BuildModelStep(state, step);
    }
  }
  // Another application selected, or a second one opened: the URL names the one on screen.
  if (const Route named = WithSelectedApp(state, state.route); !(named == state.route)) {
    SetRoute(state, named);
  }
  PrepareRoute(state);
}

void Navigate(AppState& state, const Route& requested) {
  const bool app_changed = SelectRouteApp(state, requested);
  const Route route = WithSelectedApp(state, requested);
  const bool changed = app_changed || !(route == state.route) ||
                       state.route_text != FormatRoute(route);
  if (!changed) return;
  SetRoute(state, route);
  if (app_changed) {
    RefreshModels(state);  // the section models of the newly selected application, and the route's
  } else {
    PrepareRoute(state);
  }
}

bool ShowRoute(AppState& state, std::string_view text) {
  const std::optional<Route> route = ParseRoute(text);
  if (!route || FindView(route->view) == nullptr) return false;
  Navigate(state, *route);
  return true;
}

}  // namespace afterglow::ui
