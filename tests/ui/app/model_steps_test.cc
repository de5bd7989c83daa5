// The view models built in steps at the end of a load (ui/app/model_steps.h): the steps build what
// RefreshModels builds at once, the route's own models come first, and a route change mid-build
// moves its section's models forward without putting a timeline before the jobs it reads.
#include "ui/app/model_steps.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "core/base/epoch_clock.h"
#include "tests/ui/headless_ui.h"
#include "ui/app/app_state.h"
#include "ui/app/route.h"

namespace afterglow::ui {
namespace model_steps_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;
const std::string kLog = kCorpus + "/rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd";
const char* const kSectionRoutes[] = {"#/overview", "#/jobs",    "#/stages",      "#/sql",
                                      "#/executors", "#/storage", "#/environment", "#/timeline"};

// The state as the page has it when ag_load_end starts the final build: every file read, no
// model built yet (the route's mid-load models are rebuilt by the steps anyway).
void EmptyModelsStillLoading(AppState& state) {
  state.status = LoadStatus::kEmpty;
  RefreshModels(state);  // clears every section's models but the timelines
  state.app_timeline.Clear();
  state.jobs_timeline.Clear();
  state.executors_timeline.Clear();
  state.status = LoadStatus::kLoading;
}

// The steps still to come, in the order they are built (the overview's takes several calls).
std::vector<ModelStep> StepOrder(AppState& state, ModelBuildQueue& queue) {
  std::vector<ModelStep> order;
  while (!queue.Done()) {
    const ModelStep step = queue.Next();
    order.push_back(step);
    while (!queue.Done() && queue.Next() == step) queue.Step(state, SIZE_MAX);
  }
  return order;
}

size_t PositionOf(const std::vector<ModelStep>& order, ModelStep step) {
  for (size_t i = 0; i < order.size(); ++i) {
    if (order[i] == step) return i;
  }
  return order.size();
}

TEST(ModelBuildQueue, BuildsWhatRefreshModelsBuildsAtOnce) {
  testing::HeadlessUi ui;  // one per test: each owns the ImGui context
  ASSERT_EQ(ui.Load(kLog), "");  // RefreshModels, as a finished load
  AppState& state = ui.state();
  std::vector<std::string> at_once;
  for (const char* route : kSectionRoutes) {
    ASSERT_TRUE(ShowRoute(state, route));
    at_once.push_back(ui.DescribeView());
  }
  const size_t findings = state.overview.findings.size();
  ASSERT_TRUE(ShowRoute(state, "#/overview"));
  EmptyModelsStillLoading(state);
  ModelBuildQueue queue;
  queue.Start(state, NowEpochMs());
  size_t steps = 1;
  while (!queue.Step(state, /*task_budget=*/1)) ++steps;  // every stage its own overview step
  EXPECT_GT(steps, kModelStepCount);
  state.status = LoadStatus::kReady;
  for (size_t i = 0; i < std::size(kSectionRoutes); ++i) {
    ASSERT_TRUE(ShowRoute(state, kSectionRoutes[i]));
    EXPECT_EQ(ui.DescribeView(), at_once[i]) << kSectionRoutes[i];
  }
  EXPECT_TRUE(state.overview.built);
  EXPECT_EQ(state.overview.findings.size(), findings);
}

TEST(ModelBuildQueue, TheRoutesSectionComesFirstAndJobsBeforeTheTimelines) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kLog), "");
  AppState& state = ui.state();
  ASSERT_TRUE(ShowRoute(state, "#/timeline"));
  EmptyModelsStillLoading(state);
  ModelBuildQueue queue;
  queue.Start(state, NowEpochMs());
  const std::vector<ModelStep> order = StepOrder(state, queue);
  ASSERT_EQ(order.size(), kModelStepCount);
  EXPECT_EQ(order[0], ModelStep::kRoute);
  EXPECT_EQ(order[1], ModelStep::kJobs);
  EXPECT_EQ(order[2], ModelStep::kAppTimeline);
  EXPECT_LT(PositionOf(order, ModelStep::kJobs), PositionOf(order, ModelStep::kJobsTimeline));
}

TEST(ModelBuildQueue, ARouteChangeMidBuildPutsItsSectionNext) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kLog), "");
  AppState& state = ui.state();
  ASSERT_TRUE(ShowRoute(state, "#/executors"));
  EmptyModelsStillLoading(state);
  ModelBuildQueue queue;
  queue.Start(state, NowEpochMs());
  EXPECT_EQ(queue.Next(), ModelStep::kRoute);
  queue.Step(state, SIZE_MAX);
  EXPECT_EQ(queue.Next(), ModelStep::kExecutors);
  queue.Step(state, SIZE_MAX);
  ASSERT_TRUE(ShowRoute(state, "#/jobs"));
  queue.PutSectionFirst(ViewId::kJobs);
  EXPECT_EQ(queue.Next(), ModelStep::kJobs);
  queue.Step(state, SIZE_MAX);
  EXPECT_EQ(queue.Next(), ModelStep::kJobsTimeline);
  const std::vector<ModelStep> rest = StepOrder(state, queue);
  EXPECT_EQ(rest.size(), kModelStepCount - 3);
  EXPECT_EQ(PositionOf(rest, ModelStep::kExecutors), rest.size()) << "built once";
  EXPECT_EQ(PositionOf(rest, ModelStep::kRoute), rest.size()) << "built once";
}

// Mid-load refreshes of the overview build neither of the models that read every task of the
// application (the findings, the time analysis): they would cost a block of the load per refresh.
TEST(RefreshModels, MidLoadOnTheOverviewBuildsNoFindingsAndNoTimeAnalysis) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kLog), "");
  AppState& state = ui.state();
  ASSERT_TRUE(state.time.built());  // a finished load builds it
  state.status = LoadStatus::kLoading;
  Navigate(state, *ParseRoute("#/overview"));
  RefreshModels(state);
  EXPECT_FALSE(state.time.built());
  EXPECT_FALSE(state.overview.built);
  state.status = LoadStatus::kReady;
  RefreshModels(state);
  EXPECT_TRUE(state.time.built());
  EXPECT_TRUE(state.overview.built);
}

TEST(ModelBuildQueue, NothingToBuildWithoutAnApplication) {
  Session session;
  AppState state;
  state.session = &session;
  state.status = LoadStatus::kLoading;
  ModelBuildQueue queue;
  queue.Start(state, NowEpochMs());
  EXPECT_TRUE(queue.Done());
  EXPECT_TRUE(queue.Step(state, SIZE_MAX));
}

}  // namespace model_steps_test
}  // namespace afterglow::ui
