// The time model of a real corpus log: built by the load's model steps, its what-if stepped in
// small slices ends with the same estimates as one run to the end, its usage buckets are cached
// per range and width, and the views describe the engine's figures unchanged.
#include "ui/time/time_model.h"

#include <gtest/gtest.h>

#include <string>

#include "simdjson.h"
#include "tests/ui/headless_ui.h"
#include "ui/app/route.h"

namespace afterglow::ui {
namespace {

const std::string kLog =
    std::string(AFTERGLOW_CORPUS_DIR) + "/rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd";

TEST(TimeModel, WhatIfInSlicesEqualsOneRunToTheEnd) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kLog), "");
  const TimeModel& model = ui.state().time;
  ASSERT_TRUE(model.built());
  ASSERT_NE(model.analysis(), nullptr) << model.problem();
  EXPECT_FALSE(model.what_if_done());
  int slices = 0;
  while (!StepTimeWhatIf(ui.state(), 64)) ++slices;
  EXPECT_GT(slices, 0) << "a small budget takes several slices";

  time_analysis::WhatIfRun at_once = model.analysis()->AfterglowWhatIf();
  while (!at_once.Step(1u << 30)) {
  }
  ASSERT_EQ(model.what_if_rows().size(), at_once.rows().size());
  ASSERT_FALSE(at_once.rows().empty());
  for (size_t i = 0; i < at_once.rows().size(); ++i) {
    EXPECT_EQ(model.what_if_rows()[i].executor_count, at_once.rows()[i].executor_count);
    EXPECT_EQ(model.what_if_rows()[i].estimated_ms, at_once.rows()[i].estimated_ms);
    EXPECT_DOUBLE_EQ(model.what_if_series().estimated_ms[i],
                     static_cast<double>(at_once.rows()[i].estimated_ms));
  }
  EXPECT_EQ(model.model_estimate_ms(), at_once.model_estimate_ms());
}

TEST(TimeModel, UsageBucketsAreCachedPerRangeAndWidth) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kLog), "");
  const TimeModel& model = ui.state().time;
  ASSERT_NE(model.analysis(), nullptr);
  const int64_t start = model.analysis()->facts.app_start_ms;
  const int64_t end = model.analysis()->facts.app_end_ms;
  CoreUsageSeries cache;
  const CoreUsageSeries& first = model.UsageFor(cache, start, end, 300);
  ASSERT_EQ(first.busy_mean.size(), 300u);
  EXPECT_EQ(first.edges.size(), 301u);
  const double* data = first.busy_mean.data();
  EXPECT_EQ(model.UsageFor(cache, start, end, 300).busy_mean.data(), data) << "not rebucketed";
  EXPECT_EQ(model.UsageFor(cache, start, end, 120).busy_mean.size(), 120u);
  for (size_t i = 0; i < cache.busy_mean.size(); ++i) {
    EXPECT_LE(cache.busy_mean[i], cache.busy_max[i] + 1e-9);
    EXPECT_LE(cache.busy_max[i], cache.peak_cores);
  }
  // The offer line: the executors' own steps across the whole range, within the axis.
  ASSERT_FALSE(cache.offer_cores.empty());
  ASSERT_EQ(cache.offer_edges.size(), cache.offer_cores.size() + 1);
  EXPECT_GE(cache.offer_edges.front(), static_cast<double>(start));
  EXPECT_LE(cache.offer_edges.back(), static_cast<double>(end));
  for (size_t i = 0; i < cache.offer_cores.size(); ++i) {
    EXPECT_LE(cache.offer_cores[i], cache.peak_cores);
    EXPECT_LT(cache.offer_edges[i], cache.offer_edges[i + 1]);
  }
  EXPECT_GT(cache.peak_cores, 0);
}

TEST(TimeModel, OverviewAndTimelineDescribeTheEnginesFigures) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kLog), "");
  while (!StepTimeWhatIf(ui.state(), 1u << 20)) {
  }
  const time_analysis::AfterglowTimeFigures& a = ui.state().time.analysis()->afterglow;
  simdjson::dom::parser parser;
  for (const char* route : {"#/overview", "#/timeline"}) {
    SCOPED_TRACE(route);
    ASSERT_TRUE(ShowRoute(ui.state(), route));
    ui.Draw();
    ui.MouseAt(800, 500);  // hover readouts draw too
    ui.Draw(2);
    const std::string described = ui.DescribeView();
    simdjson::dom::element view;
    ASSERT_EQ(parser.parse(described).get(view), simdjson::SUCCESS) << described;
    simdjson::dom::element time;
    ASSERT_EQ(view["time"].get(time), simdjson::SUCCESS) << described;
    auto number = [&](const char* key) {
      int64_t value = -1;
      EXPECT_EQ(time[key].get(value), simdjson::SUCCESS) << key;
      return value;
    };
    EXPECT_EQ(number("criticalPathAppTimeMs"), a.critical_path_ms);
    EXPECT_EQ(number("idealAppTimeMs"), a.ideal_ms);
    EXPECT_EQ(number("driverWallClockMs"), a.driver_ms);
    EXPECT_EQ(number("wallClockMs"), a.wall_clock_ms);
    bool done = false;
    EXPECT_EQ(time["whatIf"]["done"].get(done), simdjson::SUCCESS);
    EXPECT_TRUE(done);
    simdjson::dom::array estimates;
    ASSERT_EQ(time["whatIf"]["estimates"].get(estimates), simdjson::SUCCESS);
    EXPECT_EQ(estimates.size(), ui.state().time.what_if_rows().size());
  }
}

}  // namespace
}  // namespace afterglow::ui
