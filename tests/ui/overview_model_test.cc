// The overview's findings lines and links: each finding links to the entity it concerns, the
// numbers appear formatted in its line, and the overview describes its findings to state().
#include "ui/overview_model.h"

#include <gtest/gtest.h>

#include <string>

#include "simdjson.h"
#include "tests/ui/headless_ui.h"

namespace afterglow::ui {
namespace {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

TEST(OverviewModel, FindingLinesCarryTheNumbers) {
  Finding skew;
  skew.kind = FindingKind::kDurationSkew;
  skew.target = FindingTarget::kStage;
  skew.target_id = 3;
  skew.target_attempt = 0;
  skew.value_a = 18'601;
  skew.value_b = 3'098;
  skew.value_c = 30;
  EXPECT_EQ(FindingText(skew),
            "Stage 3.0 is skewed: slowest task 18.6 s vs a median of 3.1 s (6x) over 30 tasks");
  Finding input;
  input.kind = FindingKind::kInputSkew;
  input.target_id = 34;
  input.target_attempt = 0;
  input.value_a = 1536;
  input.value_b = 0;  // no ratio against a zero median
  input.value_c = 76;
  EXPECT_EQ(FindingText(input),
            "Stage 34.0 has skewed input: largest 1.5 KiB vs a median of 0 B over 76 tasks");
  Finding gc;
  gc.kind = FindingKind::kGcHeavyExecutor;
  gc.executor_id = "7";
  gc.value_a = 2200;
  gc.value_b = 16679;
  EXPECT_EQ(FindingText(gc),
            "Executor 7 spent 13% of its task time in GC (2.2 s of 16.7 s; Spark marks over 10%)");
}

TEST(OverviewModel, FindingsLinkToTheirEntityAndAreDescribed) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd"), "");
  const OverviewModel& overview = ui.state().overview;
  ASSERT_TRUE(overview.built);
  int gc_heavy = 0, skewed = 0;
  for (const FindingLine& line : overview.findings) {
    if (line.finding.kind == FindingKind::kGcHeavyExecutor) {
      ++gc_heavy;
      EXPECT_EQ(line.route.view, ViewId::kExecutors);
    }
    if (line.finding.kind == FindingKind::kDurationSkew) {
      ++skewed;
      EXPECT_EQ(FormatRoute(line.route), "#/stages/" + std::to_string(line.finding.target_id) + "/" +
                                             std::to_string(line.finding.target_attempt));
    }
  }
  EXPECT_EQ(gc_heavy, 4);  // executors 1, 4, 5 and 6 (over 10 % GC in /allexecutors)
  EXPECT_EQ(skewed, 1);    // stage 3.0

  Navigate(ui.state(), {ViewId::kOverview});
  ui.Draw();
  const std::string described = ui.DescribeView();
  simdjson::dom::parser parser;
  simdjson::dom::element state;
  ASSERT_EQ(parser.parse(described).get(state), simdjson::SUCCESS) << described;
  simdjson::dom::array findings;
  ASSERT_EQ(state["findings"].get_array().get(findings), simdjson::SUCCESS);
  EXPECT_EQ(findings.size(), overview.findings.size());
  int64_t task_time = -1;
  ASSERT_EQ(state["totals"]["taskTimeMs"].get_int64().get(task_time), simdjson::SUCCESS);
  EXPECT_EQ(task_time, overview.totals.executor_run_time_ms);
  EXPECT_GT(task_time, 0);
}

}  // namespace
}  // namespace afterglow::ui
