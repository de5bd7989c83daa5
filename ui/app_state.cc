#include "ui/app_state.h"

#include <chrono>
#include <vector>

#include "core/session_impl.h"
#include "ui/app_timeline_model.h"
#include "ui/executors_timeline.h"
#include "ui/jobs_timeline.h"
#include "ui/rdd_dag_view.h"
#include "ui/sql_plan_graph_view.h"
#include "ui/view_list.h"
#include "ui/views.h"

namespace afterglow::ui {
namespace {

// Builds the model of the entity the route shows (a stage's tasks, a query's plan). Called on
// navigation and after loading steps, never from a draw function. Each detail view adds its case.
void PrepareRoute(AppState& state) {
  // The stage page's task timeline (ui/task_timeline.h), beside whatever its case builds.
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
        state.stage_page.Build(*state.session, *state.SelectedApp(), *state.SelectedModel(),
                               *state.Strings(), state.route.id, state.route.attempt);
      } else {
        state.stage_page.Clear();
      }
      break;
    case ViewId::kSqlQuery:
      PrepareSqlPlanGraph(state, state.route.id);
      if (state.session != nullptr && state.SelectedApp() != nullptr) {
        state.sql_query.Build(*state.session, *state.SelectedApp(), state.SelectedModel(),
                              state.Strings(), state.route.id);
      } else {
        state.sql_query.Clear();
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

// While a log loads, RefreshModels runs every few hundred milliseconds: rebuilding every list
// model each time would cost the load time in proportion to the model, over and over. Mid-load only
// the models of the section on screen are rebuilt; everything is built once the load is over.
bool WantedNow(const AppState& state, ViewId section) {
  return state.status != LoadStatus::kLoading || SectionOf(state.route.view) == section;
}

// The overview's totals and findings, the Executors, Environment and Storage tabs. The findings
// (task quantiles of every stage) are computed once the load is over, not on every mid-load
// refresh.
void BuildInsightModels(AppState& state) {
  const AttemptSummary& app = state.summaries[state.selected_app];
  if (WantedNow(state, ViewId::kExecutors)) state.executors.Build(*state.session, app);
  if (WantedNow(state, ViewId::kEnvironment)) state.environment.Build(*state.session, app);
  if (WantedNow(state, ViewId::kStorage)) state.storage.Build(*state.session, app);
  const AttemptModel* model = state.SelectedModel();
  if (state.status == LoadStatus::kReady && model != nullptr) {
    const int64_t now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
    state.overview.Build(*model, *state.Strings(), now_ms);
  } else {
    state.overview.Clear();
  }
}

void ClearInsightModels(AppState& state) {
  state.overview.Clear();
  state.executors.Clear();
  state.environment.Clear();
  state.storage.Clear();
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
    state.sql.Clear();
    state.stages.Clear();
    ClearInsightModels(state);
    return;
  }
  state.summaries = state.session->Summaries();
  // A file with no application in it (not an event log, or cut before ApplicationStart) has a
  // summary without an id; its bad lines still show in the problems list.
  std::erase_if(state.summaries, [](const AttemptSummary& app) { return app.app_id.empty(); });
  if (state.selected_app >= state.summaries.size()) state.selected_app = 0;
  // Mid-load too: the header lets the user browse partial results (wasm/ throttles the refreshes).
  if (state.status != LoadStatus::kEmpty && state.status != LoadStatus::kError &&
      !state.summaries.empty()) {
    const bool timeline = WantedNow(state, ViewId::kTimeline);
    const bool jobs = WantedNow(state, ViewId::kJobs);
    if (jobs || timeline) state.jobs.Build(*state.session, state.summaries[state.selected_app]);
    if (WantedNow(state, ViewId::kStages)) {
      state.stages.Build(*state.session, state.summaries[state.selected_app],
                         state.SelectedModel() != nullptr
                             ? state.SelectedModel()->app.last_event_time
                             : -1);
    }
    if (WantedNow(state, ViewId::kSql)) {
      state.sql.Build(*state.session, state.summaries[state.selected_app], state.SelectedModel(),
                      state.Strings());
    }
    if (const AttemptModel* model = state.SelectedModel(); model != nullptr) {
      if (timeline) BuildAppTimeline(*model, *state.Strings(), state.jobs, state.app_timeline);
      if (jobs) BuildJobsTimeline(*model, *state.Strings(), state.jobs, state.jobs_timeline);
      if (WantedNow(state, ViewId::kExecutors)) {
        BuildExecutorsTimeline(*model, *state.Strings(), state.executors_timeline);
      }
    }
    BuildInsightModels(state);
  } else {
    state.jobs.Clear();
    state.sql.Clear();
    state.stages.Clear();
    ClearInsightModels(state);
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
