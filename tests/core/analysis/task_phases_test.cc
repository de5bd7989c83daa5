// The task phases of the stage timeline (core/analysis/task_phases.h), as StagePage.makeTimeline
// splits a task's bar.
#include "core/analysis/task_phases.h"

#include <gtest/gtest.h>

#include <numeric>

#include "core/session_impl.h"
#include "tests/core/inline_log.h"
#include "tests/core/query/query_test_log.h"

namespace afterglow {
namespace {

int64_t Ms(const TaskPhases& phases, TaskPhase phase) {
  return phases.ms[static_cast<size_t>(phase)];
}

TEST(TaskPhases, AFinishedTaskSplitsItsDurationIntoSparksPhases) {
  const auto session = test_support::LoadInlineLog(query_test::TwoStageLog());
  const AttemptModel& model = *session->impl()->models()[0];
  const TaskPhases phases = ComputeTaskPhases(model, /*row=*/0, /*now=*/9000);
  EXPECT_EQ(phases.launch_ms, 2000);
  EXPECT_EQ(phases.finish_ms, 3000);
  EXPECT_EQ(Ms(phases, TaskPhase::kDeserialization), 100);
  EXPECT_EQ(Ms(phases, TaskPhase::kSerialization), 50);
  EXPECT_EQ(Ms(phases, TaskPhase::kShuffleWrite), 2);  // 2,000,000 ns
  EXPECT_EQ(Ms(phases, TaskPhase::kSchedulerDelay), 150);
  EXPECT_EQ(Ms(phases, TaskPhase::kGettingResult), 0);
  // Computing: what the duration leaves after the others, less shuffle read and write.
  EXPECT_EQ(Ms(phases, TaskPhase::kComputing), 1000 - 150 - 100 - 50 - 2);
  const double total = std::accumulate(phases.percent.begin(), phases.percent.end(), 0.0);
  EXPECT_NEAR(total, 100.0, 1e-9);
  EXPECT_NEAR(phases.percent[static_cast<size_t>(TaskPhase::kDeserialization)], 10.0, 1e-9);
}

TEST(TaskPhases, ARunningTaskReachesNowWithoutMetrics) {
  const auto session = test_support::LoadInlineLog(query_test::TwoStageLog());
  const AttemptModel& model = *session->impl()->models()[0];
  const TaskPhases phases = ComputeTaskPhases(model, /*row=*/2, /*now=*/9000);
  EXPECT_EQ(phases.launch_ms, 4000);
  EXPECT_EQ(phases.finish_ms, 9000);
  EXPECT_EQ(Ms(phases, TaskPhase::kDeserialization), 0);
  EXPECT_NEAR(phases.percent[static_cast<size_t>(TaskPhase::kComputing)] +
                  phases.percent[static_cast<size_t>(TaskPhase::kSchedulerDelay)],
              100.0, 1e-9);
}

TEST(TaskPhases, NamesAreSparksLegend) {
  EXPECT_STREQ(TaskPhaseName(TaskPhase::kSchedulerDelay), "Scheduler Delay");
  EXPECT_STREQ(TaskPhaseName(TaskPhase::kComputing), "Executor Computing Time");
  EXPECT_STREQ(TaskPhaseName(TaskPhase::kGettingResult), "Getting Result Time");
}

}  // namespace
}  // namespace afterglow
