// Hand-made logs where every figure is known by construction (times in ms after the start).
#include <gtest/gtest.h>

#include "tests/core/analysis/time/time_test_support.h"
#include "tests/support/timed_log.h"

namespace afterglow::time_analysis::test {
namespace {

using test_support::TimedLog;
using test_support::TimedStage;
using test_support::TimedTask;

// One executor of 2 cores from 0. Job 0 from 100 to 1000: stage 0 (tasks 100-400 and 100-300),
// then stage 1 reading it (one task 500-900). The application ends at 1100.
std::string TwoStagesInSequence() {
  return TimedLog()
      .ExecutorAdded("1", 2, 0)
      .Job(0, 100, 1000,
           {TimedStage{0, {}, {TimedTask{100, 400}, TimedTask{100, 300}}},
            TimedStage{1, {0}, {TimedTask{500, 900}}}})
      .End(1100);
}

TEST(TimeHandMade, TwoStagesInSequence) {
  auto r = Analyse(TwoStagesInSequence());
  const AfterglowTimeFigures& a = r->a().afterglow;
  EXPECT_EQ(a.wall_clock_ms, 1100);
  EXPECT_EQ(a.driver_ms, 200);  // 0-100 and 1000-1100
  ASSERT_EQ(a.jobs.idle.size(), 2u);
  EXPECT_EQ(a.jobs.idle[1].duration_ms(), 100);
  EXPECT_EQ(a.job_ms, 900);
  EXPECT_EQ(a.driver_in_jobs_ms, 200);       // 400-500 and 900-1000: no task running
  EXPECT_EQ(a.critical_path_ms, 200 + 200 + 300 + 400);
  EXPECT_EQ(a.ideal_ms, 200 + 200 + 900 / 2);
  EXPECT_EQ(a.usage.app.available, 2 * 1100);
  EXPECT_EQ(a.usage.app.used, 300 + 200 + 400);
  EXPECT_EQ(a.in_jobs.available, 2 * 900);
  EXPECT_EQ(a.in_jobs.used, 900);
  EXPECT_EQ(r->afterglow_model_ms, 1100);  // the same slots replay the same run

  const SparklensFigures& s = r->a().sparklens;
  EXPECT_EQ(s.executor_ms, 900);
  EXPECT_EQ(s.driver_ms, 200);
  EXPECT_EQ(s.executors.total_cores(), 2);
  EXPECT_EQ(s.critical_path_ms, 200 + 300 + 400);
  EXPECT_EQ(s.ideal_ms, 200 + 900 / 2);
  EXPECT_DOUBLE_EQ(s.cluster_utilization_pct, 50.0);  // 900 of 2 cores x 900 ms
  EXPECT_EQ(r->sparklens_model_ms, 200 + 300 + 400);
  ASSERT_EQ(s.stages.size(), 2u);
  EXPECT_DOUBLE_EQ(s.stages[0].p_ratio, 1.0);
  EXPECT_DOUBLE_EQ(s.stages[0].task_skew, 1.0);  // max 300 / median (element 1 of [200, 300])
  EXPECT_EQ(s.stages[0].one_core_ms_available, 2 * 300);
  EXPECT_EQ(s.stages[0].one_core_ms_used, 500);
  EXPECT_EQ(s.stages[0].one_core_ms_wasted(), 100);
  EXPECT_DOUBLE_EQ(s.stages[1].p_ratio, 0.5);
  EXPECT_EQ(s.stages[1].one_core_ms_available, 2 * 400);
  // One executor: 10% to 80% round to none and are left out; 200% doubles the slots.
  EXPECT_EQ(RowAt(r->sparklens_rows, 80), nullptr);
  ASSERT_NE(RowAt(r->sparklens_rows, 200), nullptr);
  EXPECT_EQ(RowAt(r->sparklens_rows, 200)->executor_count, 2);
  EXPECT_EQ(RowAt(r->sparklens_rows, 200)->estimated_ms, 900);  // no stage has more than 2 tasks
  EXPECT_EQ(r->sparklens_rows.size(), 8u);  // 100, 110, 120, 150, 200, 300, 400, 500
}

// Stages 0 and 1 run side by side, stage 2 reads both; 2 cores; no driver time.
TEST(TimeHandMade, TwoStagesInParallel) {
  auto r = Analyse(TimedLog()
                       .ExecutorAdded("1", 2, 0)
                       .Job(0, 0, 1000,
                            {TimedStage{0, {}, {TimedTask{0, 500}}},
                             TimedStage{1, {}, {TimedTask{0, 300}}},
                             TimedStage{2, {0, 1}, {TimedTask{500, 1000}}}})
                       .End(1000));
  const AfterglowTimeFigures& a = r->a().afterglow;
  EXPECT_EQ(a.driver_ms, 0);
  EXPECT_EQ(a.driver_in_jobs_ms, 0);
  EXPECT_EQ(a.critical_path_ms, 500 + 500);  // stage 0 then stage 2; stage 1 is off the path
  EXPECT_EQ(a.ideal_ms, (500 + 300 + 500) / 2);
  EXPECT_EQ(r->afterglow_model_ms, 1000);
  EXPECT_EQ(r->a().sparklens.critical_path_ms, 1000);
  EXPECT_EQ(r->sparklens_model_ms, 1000);
  // Executors alone: at 500% (10 slots) the parallel stages already overlap, nothing gains.
  EXPECT_EQ(RowAt(r->afterglow_rows, 500)->estimated_ms, 1000);
}

// Four tasks on four cores, one of them ten times the others.
TEST(TimeHandMade, OneStragglerTask) {
  auto r = Analyse(TimedLog()
                       .ExecutorAdded("1", 4, 0)
                       .Job(0, 0, 1000,
                            {TimedStage{0, {},
                                        {TimedTask{0, 100}, TimedTask{0, 100}, TimedTask{0, 100},
                                         TimedTask{0, 1000}}}})
                       .End(1000));
  ASSERT_EQ(r->a().sparklens.stages.size(), 1u);
  EXPECT_DOUBLE_EQ(r->a().sparklens.stages[0].task_skew, 10.0);
  ASSERT_EQ(r->a().afterglow.stages.size(), 1u);
  EXPECT_DOUBLE_EQ(r->a().afterglow.stages[0].task_skew, 10.0);
  EXPECT_DOUBLE_EQ(r->a().afterglow.stages[0].p_ratio, 1.0);
  EXPECT_EQ(r->a().afterglow.critical_path_ms, 1000);       // the straggler alone
  EXPECT_EQ(r->a().afterglow.ideal_ms, 1300 / 4);           // without skew
  EXPECT_EQ(r->a().afterglow.stages[0].cores.available, 4000);
  EXPECT_EQ(r->a().afterglow.stages[0].cores.used, 1300);
  EXPECT_DOUBLE_EQ(r->a().afterglow.stages[0].wall_clock_share_pct, 100.0);
  EXPECT_DOUBLE_EQ(r->a().afterglow.stages[0].core_ms_share_pct, 100.0);
}

// Job 0 runs 0-200 and job 1 700-900; the application ends at 1000: 600 ms with no job.
TEST(TimeHandMade, GapWithNoJob) {
  auto r = Analyse(TimedLog()
                       .ExecutorAdded("1", 1, 0)
                       .Job(0, 0, 200, {TimedStage{0, {}, {TimedTask{0, 200}}}})
                       .Job(1, 700, 900, {TimedStage{1, {}, {TimedTask{700, 900}}}})
                       .End(1000));
  const AfterglowTimeFigures& a = r->a().afterglow;
  ASSERT_EQ(a.jobs.idle.size(), 2u);
  EXPECT_EQ(a.jobs.idle[0].start_ms - r->a().facts.app_start_ms, 200);
  EXPECT_EQ(a.jobs.idle[0].duration_ms(), 500);
  EXPECT_EQ(a.driver_ms, 600);
  EXPECT_EQ(r->a().sparklens.driver_ms, 600);
  EXPECT_EQ(r->afterglow_model_ms, 1000);
  EXPECT_EQ(r->sparklens_model_ms, 1000);
}

// Two jobs without a SQL execution overlap (a thread pool): Sparklens counts the overlap twice
// and its driver time goes negative; the job union does not.
TEST(TimeHandMade, OverlappingJobsKeepDriverTimePositive) {
  auto r = Analyse(TimedLog()
                       .ExecutorAdded("1", 2, 0)
                       .Job(0, 0, 900, {TimedStage{0, {}, {TimedTask{0, 900}}}})
                       .Job(1, 50, 950, {TimedStage{1, {}, {TimedTask{50, 950}}}})
                       .End(1000));
  EXPECT_EQ(r->a().sparklens.executor_ms, 900 + 900);
  EXPECT_EQ(r->a().sparklens.driver_ms, 1000 - 1800);
  EXPECT_EQ(r->a().afterglow.driver_ms, 50);
  EXPECT_EQ(r->a().afterglow.job_ms, 950);
  EXPECT_LE(r->a().afterglow.critical_path_ms, 1000);
}

// Jobs of one SQL execution that overlap form one Sparklens group.
TEST(TimeHandMade, JobsOfOneSqlExecutionShareAGroup) {
  auto r = Analyse(TimedLog()
                       .ExecutorAdded("1", 2, 0)
                       .Job(0, 0, 900, {TimedStage{0, {}, {TimedTask{0, 900}}}}, 7)
                       .Job(1, 50, 950, {TimedStage{1, {}, {TimedTask{50, 950}}}}, 7)
                       .End(1000));
  EXPECT_EQ(r->a().sparklens.executor_ms, 950);
  EXPECT_EQ(r->a().sparklens.driver_ms, 50);
}

// Executor 1 (2 cores) for the whole run; executor 2 (2 cores) from 500 to 800. One task on
// executor 1 from 100 to 900. The application ends at 1000.
TEST(TimeHandMade, ExecutorsAddedMidRun) {
  auto r = Analyse(TimedLog()
                       .ExecutorAdded("1", 2, 0)
                       .Job(0, 100, 900, {TimedStage{0, {}, {TimedTask{100, 900}}}})
                       .ExecutorAdded("2", 2, 500)
                       .ExecutorRemoved("2", 800)
                       .End(1000));
  const CoreUsage& u = r->a().afterglow.usage;
  EXPECT_EQ(u.app.available, 2 * 1000 + 2 * 300);
  EXPECT_EQ(u.app.used, 800);
  EXPECT_EQ(u.raised_core_ms, 0);
  EXPECT_EQ(u.peak_offered_cores, 4);
  // The executors' own offer, for the chart's line: 2, 4 from 500, 2 from 800, none at the end.
  const int64_t t0 = r->a().facts.app_start_ms;
  ASSERT_EQ(u.executor_offer.size(), 4u);
  const int64_t times[] = {t0, t0 + 500, t0 + 800, t0 + 1000};
  const int32_t cores[] = {2, 4, 2, 0};
  for (size_t k = 0; k < 4; ++k) {
    EXPECT_EQ(u.executor_offer[k].time_ms, times[k]) << k;
    EXPECT_EQ(u.executor_offer[k].cores, cores[k]) << k;
  }
  // Shorter than kUsageBuckets ms: one bucket a millisecond, the exact cores at each instant.
  ASSERT_EQ(u.bucket_ms, 1);
  ASSERT_EQ(u.buckets.size(), 1000u);
  struct Expected {
    int64_t from, to;
    int32_t offered, busy;
  };
  for (const Expected& e : {Expected{0, 100, 2, 0}, Expected{100, 500, 2, 1},
                            Expected{500, 800, 4, 1}, Expected{800, 900, 2, 1},
                            Expected{900, 1000, 2, 0}}) {
    for (int64_t t = e.from; t < e.to; ++t) {
      const UsageBucket& b = u.buckets[t];
      ASSERT_EQ(b.max_offered_cores, e.offered) << t;
      ASSERT_EQ(b.max_busy_cores, e.busy) << t;
      ASSERT_EQ(b.offered_core_ms, e.offered) << t;
      ASSERT_EQ(b.busy_core_ms, e.busy) << t;
    }
  }
  // Sparklens charges the peak (2 executors x 2 cores) for the whole job.
  EXPECT_EQ(r->a().sparklens.executors.max_concurrent, 2);
  EXPECT_DOUBLE_EQ(r->a().sparklens.cluster_utilization_pct, 100.0 * 800 / (4 * 800));
  EXPECT_NEAR(u.app.UsedPct(), 100.0 * 800 / 2600, 1e-9);
}

// Tasks on an executor the log never added: the offer is raised to what ran.
TEST(TimeHandMade, TasksBeyondTheExecutorsRaiseTheOffer) {
  auto r = Analyse(TimedLog()
                       .ExecutorAdded("1", 1, 0)
                       .Job(0, 0, 1000,
                            {TimedStage{0, {}, {TimedTask{0, 1000}, TimedTask{0, 1000, -1, "9"}}}})
                       .End(1000));
  const CoreUsage& u = r->a().afterglow.usage;
  EXPECT_EQ(u.app.used, 2000);
  EXPECT_EQ(u.app.available, 2000);
  EXPECT_EQ(u.raised_core_ms, 1000);
}

}  // namespace
}  // namespace afterglow::time_analysis::test
