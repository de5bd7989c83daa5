// The job-gaps rule. Real log: rapids-tools/qualification/jdbc_eventlog.zstd, a spark-shell
// session where no job ran for 86.1 s between job 0 and job 1 (info: in a shell a gap is often a
// person typing). Made log: the same application renamed out of the shell with job 1 submitted
// exactly 80 s after job 0 ended (job 1 still ends at its logged time, 7.8 s later), so the time at stake is known by construction. Silent: job 1
// submitted a second after job 0, and application_1553914137147_0018.
#include "core/analysis/rules/job_gaps.h"

#include <gtest/gtest.h>

#include "tests/core/analysis/rules/rule_test_support.h"

namespace afterglow::rule_test {
namespace {

constexpr int64_t kJob0End = 1634669139955;
const char* kJob1Submission = "\"Submission Time\":1634669226057";

TEST(JobGaps, ShellSessionGapIsInfoWithTheJobsAround) {
  const Diagnosed d = DiagnoseCorpus(kJdbcLog);
  const std::vector<const Finding*> found = d.Of("job-gaps");
  ASSERT_EQ(found.size(), 1u);
  const Finding& f = *found[0];
  EXPECT_EQ(f.severity, FindingSeverity::kInfo);
  EXPECT_EQ(f.time_at_stake_ms, 1634669226057 - kJob0End);
  const Evidence* after = EvidenceOf(f, EvidenceKind::kJob, "gap after this job");
  const Evidence* before = EvidenceOf(f, EvidenceKind::kJob, "gap before this job");
  ASSERT_NE(after, nullptr);
  ASSERT_NE(before, nullptr);
  EXPECT_EQ(after->id, 0);
  EXPECT_EQ(before->id, 1);
  EXPECT_NE(f.title.find("interactive shell"), std::string::npos);
}

TEST(JobGaps, BatchApplicationGapIsAWarningWithItsLengthAtStake) {
  std::string log = Joined(CorpusLines(kJdbcLog));
  ReplaceIn(log, "\"App Name\":\"Spark shell\"", "\"App Name\":\"nightly-etl\"");
  ReplaceIn(log, kJob1Submission, "\"Submission Time\":" + std::to_string(kJob0End + 80'000));
  const Diagnosed d = DiagnoseText(log);
  const std::vector<const Finding*> found = d.Of("job-gaps");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->severity, FindingSeverity::kWarning);
  EXPECT_EQ(found[0]->time_at_stake_ms, 80'000);
  EXPECT_FALSE(found[0]->fix.empty());
  const std::vector<rules::JobGap> gaps = rules::FindJobGaps(d.model(), 5'000);
  ASSERT_EQ(gaps.size(), 1u);
  EXPECT_EQ(gaps[0].start_ms, kJob0End);
  EXPECT_EQ(gaps[0].end_ms, kJob0End + 80'000);
}

TEST(JobGaps, BackToBackJobsAreSilent) {
  std::string log = Joined(CorpusLines(kJdbcLog));
  ReplaceIn(log, kJob1Submission, "\"Submission Time\":" + std::to_string(kJob0End + 1'000));
  EXPECT_TRUE(DiagnoseText(log).Of("job-gaps").empty());
  EXPECT_TRUE(DiagnoseCorpus("spark/spark-events/application_1553914137147_0018").Of("job-gaps").empty());
}

}  // namespace
}  // namespace afterglow::rule_test
