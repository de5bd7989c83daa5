// The one duration rule of stages and jobs (core/analysis/durations.h), Spark's UI rule.
#include "core/analysis/durations.h"

#include <gtest/gtest.h>

namespace afterglow {
namespace {

TEST(StageDuration, RunsFromTheFirstTaskLaunchToCompletion) {
  EXPECT_EQ(StageDurationMs(/*first_launch=*/2000, /*completion=*/3500, /*now=*/9000), 1500);
}

TEST(StageDuration, RunsToNowWhileTheStageRuns) {
  EXPECT_EQ(StageDurationMs(2000, kNoTime, 9000), 7000);
}

TEST(StageDuration, HasNoneBeforeATaskLaunched) {
  // Submission time is not a start: Spark shows no duration for a stage whose tasks never ran.
  EXPECT_EQ(StageDurationMs(INT64_MAX, 3500, 9000), kNoDuration);
  EXPECT_EQ(StageDurationMs(kNoTime, 3500, 9000), kNoDuration);
}

TEST(StageDuration, AnEndBeforeTheStartIsNoDuration) {
  EXPECT_EQ(StageDurationMs(5000, 4000, 9000), kNoDuration);
}

TEST(StageDuration, OfAStageAttemptUsesItsTimes) {
  StageAttempt stage;
  stage.submission_time = 1000;
  stage.first_launch_time = 1200;
  stage.completion_time = 1700;
  EXPECT_EQ(StageDurationMs(stage, 9000), 500);
  stage.first_launch_time = INT64_MAX;
  EXPECT_EQ(StageDurationMs(stage, 9000), kNoDuration);
}

TEST(JobDuration, RunsFromSubmissionToCompletionOrNow) {
  EXPECT_EQ(JobDurationMs(1000, 4000, 9000), 3000);
  EXPECT_EQ(JobDurationMs(1000, kNoTime, 9000), 8000);
  EXPECT_EQ(JobDurationMs(kNoTime, 4000, 9000), kNoDuration);
}

TEST(JobDuration, OfAJobUsesItsShownCompletion) {
  Job job;
  job.submission_time = 1000;
  job.live.completion_time = 2500;
  EXPECT_EQ(JobDurationMs(job, 9000), 1500);
  job.Write();
  job.live.completion_time = 5000;  // changed after the written row: the shown one stays
  EXPECT_EQ(JobDurationMs(job, 9000), 1500);
}

}  // namespace
}  // namespace afterglow
