// The view models as separate build steps, so that building all of them at the end of a load
// (over 150 ms on a 1 GB log) can be spread over several browser tasks with frames in between.
// RefreshModels (app_state.h) runs the steps at once; wasm/ runs a ModelBuildQueue one step per
// call of ag_load_finish_step. Steps read the session and the summaries, never change them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "core/analysis/diagnostics.h"
#include "ui/app/route.h"

namespace afterglow::ui {

struct AppState;

// In the order RefreshModels builds them: a timeline step reads the jobs model, so kJobs comes
// before kAppTimeline and kJobsTimeline. The executors' rows come before the timelines: their
// build holds the API's rows besides them for a while (a third of the model again with a million
// executors), and the heap, which never shrinks, then hands that space to the timelines' bars
// instead of growing past both.
enum class ModelStep : uint8_t {
  kRoute,               // the entity the route shows (PrepareRoute: a stage's tasks, a graph)
  kJobs,                // the Jobs tab's rows (also read by both timelines)
  kStages,              // the Stages tab's rows
  kSql,                 // the SQL tab's executions and the Streaming tab's runs
  kExecutors,           // the Executors tab's rows
  kAppTimeline,         // #/timeline
  kJobsTimeline,        // the Jobs tab's event timeline
  kExecutorsTimeline,   // the Executors tab's timeline
  kEnvironment,         // the Environment tab
  kStorage,             // the Storage tab
  kTime,                // where the time went: the overview's figures, both usage charts
  kOverview,            // the overview's totals and findings (only once the load is over)
  kCount
};
inline constexpr size_t kModelStepCount = static_cast<size_t>(ModelStep::kCount);

// "jobs", "overview", ...: how the page's load profile names the step.
const char* ModelStepName(ModelStep step);

// Whether the views of `section` (a SectionOf value) read the step's model. kRoute is wanted by
// every section: it builds whatever entity the route shows.
bool StepServesSection(ModelStep step, ViewId section);

// Builds the step's model from the session now, as a finished load shows it. The summaries must
// be current (RefreshModels and ModelBuildQueue::Start read them first) and non-empty.
void BuildModelStep(AppState& state, ModelStep step);

// The overview's findings, found over several calls: the stage-shape rules read every task of
// every stage, the one part of the final build that grows with the log.
class OverviewSteps {
 public:
  // Starts over for the selected attempt; Step then does the work. `now_ms` as OverviewModel.
  void Start(const AppState& state, int64_t now_ms);
  // Reads stages until about `task_budget` tasks are read (at least one stage), then returns;
  // true once the overview model is built.
  bool Step(AppState& state, size_t task_budget);

 private:
  DiagnosisSteps diagnosis_;
};

// The steps of a finished load's final build, the route's own first: the entity it shows, then
// the models of its section, then the rest in ModelStep order (kJobs before the timelines). The
// session must not change between Start and the last Step (the load is over; a new load or a
// reset begins again with Start or Clear).
class ModelBuildQueue {
 public:
  // Re-reads the summaries and orders the steps for the route on screen. With no application
  // found, there is nothing to build: Done() at once.
  void Start(AppState& state, int64_t now_ms);
  // Builds the next step, or a bounded part of it (the overview's findings and the time
  // analysis, `task_budget` tasks at a time). Returns true when every model is built.
  bool Step(AppState& state, size_t task_budget);
  // The route changed to another section mid-build: its models are built next.
  void PutSectionFirst(ViewId section);
  void Clear() { next_ = count_ = 0; }
  bool Done() const { return next_ >= count_; }
  // Which step comes next; for tests.
  ModelStep Next() const { return order_[next_]; }

 private:
  std::array<ModelStep, kModelStepCount> order_{};
  size_t next_ = 0;
  size_t count_ = 0;
  OverviewSteps overview_;
  bool time_started_ = false;  // kTime's analysis began (TimeModel::Start)
};

}  // namespace afterglow::ui
