// Sparklens' two recorded applications, rebuilt as event logs at test time from the facts their
// files hold (Sparklens' repository, src/test/): version-1.json, whose report lines are in
// compatibility-files/version-1.output, and the Spark 2.3 log local-1532512550423 with its
// .sparklens.json dump. Both are local-mode runs: one "driver" executor of 4 cores, two jobs of one
// stage of 4 tasks each. Task launch and finish times are set to the stage's span (Sparklens keeps
// only the span and each task's executorRunTime).
#include <gtest/gtest.h>

#include <cmath>

#include "tests/core/analysis/time/time_test_support.h"
#include "tests/support/timed_log.h"

namespace afterglow::time_analysis::test {
namespace {

using test_support::TimedLog;
using test_support::TimedStage;
using test_support::TimedTask;

// Four tasks of one stage spanning [launch, finish] (ms after the start), with `run_ms` each.
TimedStage FourTasks(int32_t stage, int64_t launch, int64_t finish, std::vector<int64_t> run_ms) {
  TimedStage s{stage, {}, {}};
  for (int64_t r : run_ms) s.tasks.push_back(TimedTask{launch, finish, r, "driver"});
  return s;
}

// version-1.json: application 1530689396017 to 1530689407138; driver added at 1530689397165;
// job 0 1530689402577-1530689403101 with stage 0 (tasks 1530689402820-1530689403087, 30 ms each);
// job 1 1530689404058-1530689404071 with stage 1 (1530689404064-1530689404070, 3 ms each).
std::string Version1Log() {
  const int64_t t0 = 1530689396017;
  return TimedLog(t0)
      .ExecutorAdded("driver", 4, 1530689397165 - t0)
      .Job(0, 1530689402577 - t0, 1530689403101 - t0,
           {FourTasks(0, 1530689402820 - t0, 1530689403087 - t0, {30, 30, 30, 30})})
      .Job(1, 1530689404058 - t0, 1530689404071 - t0,
           {FourTasks(1, 1530689404064 - t0, 1530689404070 - t0, {3, 3, 3, 3})})
      .End(1530689407138 - t0);
}

// The report lines of version-1.output, each checked at the precision it is printed with:
//   Driver WallClock Time    00m 10s   95.17%
//   Executor WallClock Time  00m 00s   4.83%
//   Minimum possible time for the app based on the critical path (with infinite resources)   00m 10s
//   Minimum possible time for the app with same executors, perfect parallelism and zero skew 00m 10s
//   Total cores available to the app 4
//   Executor OneCoreComputeHours used                       00h 00m        6.15%
//   OneCoreComputeHours wasted                              00h 00m        93.85%
//   OneCoreComputeHours wasted Driver               95.17%
//   Model Error       4%
//   Executor count     2  (200%) estimated time 00m 10s and estimated cluster utilization 0.16%
TEST(SparklensReports, Version1OutputLines) {
  auto r = Analyse(Version1Log());
  const SparklensFigures& s = r->a().sparklens;
  const double app = static_cast<double>(s.app_ms);
  EXPECT_EQ(s.app_ms, 11121);
  EXPECT_EQ(s.driver_ms, 10584);
  EXPECT_EQ(s.executor_ms, 537);
  EXPECT_NEAR(s.driver_ms * 100 / app, 95.17, 0.005);
  EXPECT_NEAR(s.executor_ms * 100 / app, 4.83, 0.005);
  EXPECT_EQ(s.critical_path_ms / 1000, 10);
  EXPECT_EQ(s.ideal_ms / 1000, 10);
  EXPECT_EQ(s.executors.total_cores(), 4);
  EXPECT_NEAR(s.cluster_utilization_pct, 6.15, 0.005);
  EXPECT_NEAR(100.0 - s.cluster_utilization_pct, 93.85, 0.005);
  // Model Error is printed as Long arithmetic: |real - estimate| * 100 / real.
  EXPECT_EQ(std::llabs(s.app_ms - r->sparklens_model_ms) * 100 / s.app_ms, 4);
  const WhatIfRow* doubled = RowAt(r->sparklens_rows, 200);
  ASSERT_NE(doubled, nullptr);
  EXPECT_EQ(doubled->executor_count, 2);
  EXPECT_EQ(doubled->estimated_ms / 1000, 10);
  EXPECT_NEAR(doubled->utilization_pct, 0.16, 0.005);
  // The exact values those lines round, from Sparklens' formulas over the same facts.
  EXPECT_EQ(s.critical_path_ms, 10584 + 30 + 3);
  EXPECT_EQ(s.ideal_ms, 10584 + 132 / 4);
  EXPECT_EQ(r->sparklens_model_ms, 10617);
  EXPECT_EQ(doubled->estimated_ms, 10617);
}

// local-1532512550423 (Spark 2.3): application 1532512549494 to 1532512565469; driver added at
// 1532512550459; job 0 1532512561759-1532512562228, stage 0 1532512561948-1532512562216 with
// tasks of 20, 21, 21, 21 ms; job 1 1532512563447-1532512563461, stage 1
// 1532512563452-1532512563460 with four tasks of 2 ms. Sparklens' suite checks only that the
// report from this log equals the report from its dump; the figures below follow from its
// formulas over that dump's numbers.
TEST(SparklensReports, SparkTwoThreeTestLog) {
  const int64_t t0 = 1532512549494;
  auto r = Analyse(TimedLog(t0)
                       .ExecutorAdded("driver", 4, 1532512550459 - t0)
                       .Job(0, 1532512561759 - t0, 1532512562228 - t0,
                            {FourTasks(0, 1532512561948 - t0, 1532512562216 - t0, {20, 21, 21, 21})})
                       .Job(1, 1532512563447 - t0, 1532512563461 - t0,
                            {FourTasks(1, 1532512563452 - t0, 1532512563460 - t0, {2, 2, 2, 2})})
                       .End(1532512565469 - t0));
  const SparklensFigures& s = r->a().sparklens;
  EXPECT_EQ(s.app_ms, 15975);
  EXPECT_EQ(s.executor_ms, 469 + 14);
  EXPECT_EQ(s.driver_ms, 15975 - 483);
  EXPECT_EQ(s.critical_path_ms, 15492 + 21 + 2);
  EXPECT_EQ(s.ideal_ms, 15492 + 91 / 4);
  EXPECT_NEAR(s.cluster_utilization_pct, 100.0 * 91 / (4 * 483), 1e-9);
  EXPECT_EQ(r->sparklens_model_ms, 15492 + 21 + 2);
  ASSERT_EQ(s.stages.size(), 2u);
  EXPECT_DOUBLE_EQ(s.stages[0].p_ratio, 1.0);
  EXPECT_DOUBLE_EQ(s.stages[0].task_skew, 1.0);  // max 21 / median 21 (element 2 of 20,21,21,21)
  EXPECT_EQ(s.stages[0].one_core_ms_available, 4 * 268);
  EXPECT_EQ(s.stages[0].one_core_ms_used, 83);
  EXPECT_EQ(s.stages[0].one_core_ms_wasted(), 4 * 268 - 83);
  EXPECT_EQ(s.stages[1].one_core_ms_available, 4 * 8);
  EXPECT_EQ(s.stages[1].one_core_ms_used, 8);
  const WhatIfRow* doubled = RowAt(r->sparklens_rows, 200);
  ASSERT_NE(doubled, nullptr);
  EXPECT_EQ(doubled->estimated_ms, 15515);
  EXPECT_NEAR(doubled->utilization_pct, 100.0 * 91 / (15515.0 * 8), 1e-9);
}

}  // namespace
}  // namespace afterglow::time_analysis::test
