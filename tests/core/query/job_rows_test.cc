// Job rows (core/query/job_rows.h) read straight from the model: the numbers v1.JobData shows.
#include "core/query/job_rows.h"

#include <gtest/gtest.h>

#include "core/session_impl.h"
#include "tests/core/inline_log.h"
#include "tests/core/query/query_test_log.h"

namespace afterglow {
namespace {

TEST(JobRows, ARunningJobShowsItsLiveCountersAndRunsToTheLogsEnd) {
  const auto session = test_support::LoadInlineLog(query_test::TwoStageLog());
  const AttemptModel& model = *session->impl()->models()[0];
  const StringPool& pool = session->impl()->strings();
  const std::vector<JobRow> rows = JobRows(model, pool);
  ASSERT_EQ(rows.size(), 1u);
  const JobRow& job = rows[0];
  EXPECT_EQ(job.job_id, 0);
  EXPECT_EQ(job.status, JobStatus::kRunning);
  EXPECT_STREQ(JobStatusName(job.status), "RUNNING");
  EXPECT_EQ(job.name, "collect at A.scala:2");
  ASSERT_TRUE(job.description.present);
  EXPECT_EQ(job.description.text, "my job");
  EXPECT_FALSE(job.job_group.present);
  EXPECT_EQ(job.submission_time, 1200);
  EXPECT_EQ(job.completion_time, kNoTime);
  ASSERT_EQ(job.stage_ids.size(), 2u);
  EXPECT_EQ(job.num_tasks, 3);
  EXPECT_EQ(job.completed_tasks, 1);
  EXPECT_EQ(job.failed_tasks, 1);
  EXPECT_EQ(job.active_tasks, 1);
  EXPECT_EQ(job.completed_stages, 1);
  EXPECT_EQ(job.active_stages, 1);
  ASSERT_NE(job.killed_summary, nullptr);
  EXPECT_TRUE(job.killed_summary->empty());
  EXPECT_EQ(job.duration_ms, 9000 - 1200);  // to the log's last event
}

TEST(JobRows, FindJobRowFindsListedJobsOnly) {
  const auto session = test_support::LoadInlineLog(query_test::TwoStageLog());
  const AttemptModel& model = *session->impl()->models()[0];
  const StringPool& pool = session->impl()->strings();
  EXPECT_TRUE(FindJobRow(model, pool, 0).has_value());
  EXPECT_FALSE(FindJobRow(model, pool, 7).has_value());
}

TEST(JobRows, StatusNamesAreTheApis) {
  EXPECT_STREQ(JobStatusName(JobStatus::kSucceeded), "SUCCEEDED");
  EXPECT_STREQ(JobStatusName(JobStatus::kFailed), "FAILED");
  EXPECT_STREQ(JobStatusName(JobStatus::kUnknown), "UNKNOWN");
}

}  // namespace
}  // namespace afterglow
