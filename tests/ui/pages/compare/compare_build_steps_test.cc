// The compare view's model built in steps, as the page builds it between frames: the tables after
// however many steps of one task equal the one-block build's; while a rebuild for the same
// comparison runs, the last build's rows stay shown; a mid-load refresh builds again only when a
// run grew or the findings are wanted (the finished load); a build whose load is gone is dropped.
#include <gtest/gtest.h>

#include <string>

#include "tests/ui/headless_ui.h"
#include "ui/pages/compare/compare_model.h"
#include "ui/pages/compare/compare_steps.h"

namespace afterglow::ui {
namespace compare_build_steps_test {
namespace {

const std::string kProfiling = std::string(AFTERGLOW_CORPUS_DIR) + "/rapids-tools/profiling/";

class CompareBuildSteps : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(ui_.Load(kProfiling + "eventlog_dsv1.zstd"), "");
    ASSERT_EQ(ui_.Load(kProfiling + "eventlog_dsv2.zstd"), "");
    ASSERT_TRUE(ShowRoute(ui_.state(), "#/compare"));
    ASSERT_TRUE(model().result.has_value()) << model().error;
  }
  CompareModel& model() { return ui_.state().compare; }
  compare::RunSide Side(size_t app) {
    const AppState& state = ui_.state();
    return {state.session->model(state.summaries[app].model_index), state.Strings()};
  }
  testing::HeadlessUi ui_;
};

TEST_F(CompareBuildSteps, StepsOfOneTaskEndWhereTheOneBlockBuildDoes) {
  const std::string whole = ui_.DescribeView();
  ASSERT_NE(whole.find("local-1624371544219"), std::string::npos) << "the runs are described";
  CompareModel::Freshness older = model().built_fresh;
  older.grown += 1;  // as if the runs had grown: the same comparison, built again
  model().StartBuild(Side(model().app_a), Side(model().app_b), CompareItems::kRuns, -1, -1,
                     model().built_for, older);
  size_t steps = 0;
  while (!model().StepBuild(1)) {
    ++steps;
    // The last build's rows stay on screen meanwhile.
    ASSERT_TRUE(model().result.has_value());
    ASSERT_EQ(model().table(AlignedKind::kSql).rows.size(), 9u);
  }
  const size_t stages = model().result->run_a.stages.size() + model().result->run_b.stages.size();
  EXPECT_GT(steps, stages) << "a step per stage attempt at least";
  EXPECT_FALSE(model().building);
  EXPECT_EQ(ui_.DescribeView(), whole);
}

TEST_F(CompareBuildSteps, AMidLoadRefreshBuildsAgainOnlyWhenARunGrew) {
  AppState& state = ui_.state();
  const uint32_t before = model().builds_started;
  state.status = LoadStatus::kLoading;
  PrepareRoute(state);  // mid-load: built again, without the findings
  EXPECT_EQ(model().builds_started, before + 1);
  EXPECT_FALSE(model().building);
  EXPECT_FALSE(model().built_fresh.with_findings);
  EXPECT_TRUE(model().result->findings.both.empty() && model().result->findings.only_a.empty() &&
              model().result->findings.only_b.empty());
  PrepareRoute(state);  // a refresh with nothing new
  PrepareRoute(state);
  EXPECT_EQ(model().builds_started, before + 1);
  state.summaries[model().app_b].finished_tasks += 1;  // B grew
  PrepareRoute(state);
  EXPECT_EQ(model().builds_started, before + 2);
  state.summaries[model().app_b].finished_tasks -= 1;
  state.status = LoadStatus::kReady;
  PrepareRoute(state);  // the finished load: with the findings again
  EXPECT_EQ(model().builds_started, before + 3);
  EXPECT_TRUE(model().built_fresh.with_findings);
  PrepareRoute(state);
  EXPECT_EQ(model().builds_started, before + 3);
}

TEST_F(CompareBuildSteps, ABuildWhoseLoadIsGoneIsDropped) {
  AppState& state = ui_.state();
  CompareModel::Freshness older = model().built_fresh;
  older.grown += 1;
  model().StartBuild(Side(model().app_a), Side(model().app_b), CompareItems::kRuns, -1, -1,
                     model().built_for, older);
  ASSERT_FALSE(model().StepBuild(1));
  state.progress.started_ms += 1000;  // another load began: the runs read are not the session's
  EXPECT_TRUE(StepCompareBuild(state, 1));
  EXPECT_FALSE(model().building);
  EXPECT_FALSE(model().result.has_value());
}

}  // namespace
}  // namespace compare_build_steps_test
}  // namespace afterglow::ui
