#include "ui/app/model_steps.h"

#include <algorithm>

#include "core/base/epoch_clock.h"
#include "ui/app/app_state.h"
#include "ui/timeline/app_timeline_model.h"
#include "ui/timeline/executors_timeline.h"
#include "ui/timeline/jobs_timeline.h"

namespace afterglow::ui {

const char* ModelStepName(ModelStep step) {
  switch (step) {
    case ModelStep::kRoute: return "route";
    case ModelStep::kJobs: return "jobs";
    case ModelStep::kStages: return "stages";
    case ModelStep::kSql: return "sql";
    case ModelStep::kAppTimeline: return "timeline";
    case ModelStep::kJobsTimeline: return "jobs timeline";
    case ModelStep::kExecutorsTimeline: return "executors timeline";
    case ModelStep::kExecutors: return "executors";
    case ModelStep::kEnvironment: return "environment";
    case ModelStep::kStorage: return "storage";
    case ModelStep::kTime: return "time";
    case ModelStep::kOverview: return "overview";
    case ModelStep::kCount: break;
  }
  return "";
}

bool StepServesSection(ModelStep step, ViewId section) {
  switch (step) {
    case ModelStep::kRoute:
      return true;
    case ModelStep::kJobs:
      return section == ViewId::kJobs || section == ViewId::kTimeline;
    case ModelStep::kStages:
      return section == ViewId::kStages;
    case ModelStep::kSql:
      return section == ViewId::kSql || section == ViewId::kStreaming;
    case ModelStep::kAppTimeline:
      return section == ViewId::kTimeline;
    case ModelStep::kJobsTimeline:
      return section == ViewId::kJobs;
    case ModelStep::kExecutorsTimeline:
    case ModelStep::kExecutors:
      return section == ViewId::kExecutors;
    case ModelStep::kEnvironment:
      return section == ViewId::kEnvironment;
    case ModelStep::kStorage:
      return section == ViewId::kStorage;
    case ModelStep::kTime:
      return section == ViewId::kOverview || section == ViewId::kTimeline;
    case ModelStep::kOverview:
      return section == ViewId::kOverview;
    case ModelStep::kCount:
      break;
  }
  return false;
}

void BuildModelStep(AppState& state, ModelStep step) {
  const AttemptSummary& app = state.summaries[state.selected_app];
  const AttemptModel* model = state.SelectedModel();
  switch (step) {
    case ModelStep::kRoute:
      PrepareRoute(state);
      break;
    case ModelStep::kJobs:
      if (model != nullptr) {
        state.jobs.Build(*model, *state.Strings());
      } else {
        state.jobs.Clear();
      }
      break;
    case ModelStep::kStages:
      if (model != nullptr) {
        state.stages.Build(*model, *state.Strings());
      } else {
        state.stages.Clear();
      }
      break;
    case ModelStep::kSql:
      state.sql.Build(*state.session, app, model, state.Strings());
      state.streaming.Build(model, state.Strings());
      break;
    case ModelStep::kAppTimeline:
      if (model != nullptr) BuildAppTimeline(*model, *state.Strings(), state.jobs, state.app_timeline);
      break;
    case ModelStep::kJobsTimeline:
      if (model != nullptr) BuildJobsTimeline(*model, *state.Strings(), state.jobs, state.jobs_timeline);
      break;
    case ModelStep::kExecutorsTimeline:
      if (model != nullptr) BuildExecutorsTimeline(*model, *state.Strings(), state.executors_timeline);
      break;
    case ModelStep::kExecutors:
      state.executors.Build(*state.session, app);
      break;
    case ModelStep::kEnvironment:
      state.environment.Build(*state.session, app);
      break;
    case ModelStep::kStorage:
      state.storage.Build(*state.session, app);
      break;
    case ModelStep::kTime:
      if (model != nullptr) {
        state.time.Build(*model);
      } else {
        state.time.Clear();
      }
      break;
    case ModelStep::kOverview:
      if (model != nullptr) {
        state.overview.Build(*model, *state.Strings(), NowEpochMs());
      } else {
        state.overview.Clear();
      }
      break;
    case ModelStep::kCount:
      break;
  }
}

void OverviewSteps::Start(const AppState& state, int64_t now_ms) {
  if (const AttemptModel* model = state.SelectedModel(); model != nullptr) {
    diagnosis_.Start(*model, *state.Strings(), now_ms);
  }
}

bool OverviewSteps::Step(AppState& state, size_t task_budget) {
  const AttemptModel* model = state.SelectedModel();
  if (model == nullptr) {
    state.overview.Clear();
    return true;
  }
  if (!diagnosis_.Step(task_budget)) return false;
  state.overview.Build(*model, *state.Strings(), diagnosis_.TakeFindings());
  return true;
}

void ModelBuildQueue::Start(AppState& state, int64_t now_ms) {
  RefreshSummaries(state);
  next_ = count_ = 0;
  if (state.session == nullptr || state.summaries.empty()) return;
  order_[count_++] = ModelStep::kRoute;
  for (size_t i = 0; i < kModelStepCount; ++i) {
    const auto step = static_cast<ModelStep>(i);
    if (step != ModelStep::kRoute) order_[count_++] = step;
  }
  PutSectionFirst(SectionOf(state.route.view));
  overview_.Start(state, now_ms);
  time_started_ = false;
}

void ModelBuildQueue::PutSectionFirst(ViewId section) {
  // Stable: among the steps moved forward, kJobs stays before the timelines that read it.
  std::stable_partition(order_.begin() + static_cast<std::ptrdiff_t>(next_),
                        order_.begin() + static_cast<std::ptrdiff_t>(count_),
                        [section](ModelStep step) { return StepServesSection(step, section); });
}

bool ModelBuildQueue::Step(AppState& state, size_t task_budget) {
  if (Done()) return true;
  const ModelStep step = order_[next_];
  if (step == ModelStep::kOverview) {
    if (!overview_.Step(state, task_budget)) return false;
  } else if (step == ModelStep::kTime) {
    // The time analysis reads every task a few times: in slices, like the findings.
    const AttemptModel* model = state.SelectedModel();
    if (model == nullptr) {
      state.time.Clear();
    } else {
      if (!time_started_) {
        state.time.Start(*model);
        time_started_ = true;
      }
      if (!state.time.Step(task_budget)) return false;
    }
  } else {
    BuildModelStep(state, step);
  }
  ++next_;
  return Done();
}

}  // namespace afterglow::ui
