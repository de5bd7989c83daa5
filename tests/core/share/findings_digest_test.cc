// The digest (`afterglow findings --digest`): the application, its shape, each finding with its
// numbers, time at stake and fix, top stages, under 8 KiB, redacted. On
// rapids-tools/qualification/jdbc_eventlog.zstd, and on the same log with a user and a path in
// the application's name (made at test time), which must not reach the digest; and on
// rapids-tools/profiling/gpu_oom_eventlog.zstd, whose many findings must still fit in 8 KiB.
#include "core/share/findings_digest.h"

#include <gtest/gtest.h>

#include "tests/core/analysis/rules/rule_test_support.h"

namespace afterglow::rule_test {
namespace {

std::string DigestOf(const Diagnosed& d) {
  return share::FindingsDigest(d.model(), d.session->strings(), d.findings);
}

TEST(FindingsDigest, JdbcLogDigestHasTheShapeFindingsAndTopStages) {
  const Diagnosed d = DiagnoseCorpus("rapids-tools/qualification/jdbc_eventlog.zstd");
  const std::string digest = DigestOf(d);
  EXPECT_LE(digest.size(), share::kDigestMaxBytes);
  EXPECT_NE(digest.find("# Spark application Spark shell (app-20211019113801-0001)"), std::string::npos) << digest;
  EXPECT_NE(digest.find("2 jobs"), std::string::npos);
  EXPECT_NE(digest.find("one-task-stage"), std::string::npos);
  EXPECT_NE(digest.find("fix: Read the table in parallel"), std::string::npos);
  EXPECT_NE(digest.find("time at stake"), std::string::npos);
  EXPECT_NE(digest.find("## Top stages by duration"), std::string::npos);
  EXPECT_NE(digest.find("## Top SQL queries by duration"), std::string::npos);
  // The executor's host is an IP address: neither it nor any other address is printed.
  EXPECT_EQ(digest.find("192.192.192.2"), std::string::npos);
}

TEST(FindingsDigest, UsersAndPathsAreRedacted) {
  std::string log = Joined(CorpusLines("rapids-tools/qualification/jdbc_eventlog.zstd"));
  ReplaceIn(log, "\"App Name\":\"Spark shell\"",
            "\"App Name\":\"etl /home/alicia/jobs/nightly_load.py on worker-7.corp.example.com\"");
  ReplaceIn(log, "\"User\":\"", "\"User\":\"alicia");
  const Diagnosed d = DiagnoseText(log);
  const std::string digest = DigestOf(d);
  EXPECT_EQ(digest.find("alicia"), std::string::npos) << digest.substr(0, 400);
  EXPECT_EQ(digest.find("nightly_load"), std::string::npos) << digest.substr(0, 400);
  EXPECT_NE(digest.find("one-task-stage"), std::string::npos);
}

TEST(FindingsDigest, ManyFindingsStayUnderEightKilobytes) {
  const Diagnosed d = DiagnoseCorpus("rapids-tools/profiling/gpu_oom_eventlog.zstd");
  ASSERT_GT(d.findings.size(), 5u);
  const std::string digest = DigestOf(d);
  EXPECT_LE(digest.size(), share::kDigestMaxBytes);
  EXPECT_NE(digest.find("1. **"), std::string::npos);
  EXPECT_NE(digest.find("## Top stages by duration"), std::string::npos);
}

}  // namespace
}  // namespace afterglow::rule_test
