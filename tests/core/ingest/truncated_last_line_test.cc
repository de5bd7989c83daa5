// Spark's replay forgives a line that fails to parse only when it is the last line of a log that
// may be truncated (ReplayListenerBus maybeTruncated, docs/SPARK-SEMANTICS.md fact 106): the last
// line of an in-progress log. Anywhere else it is a bad line, reported with the file and the line
// number.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/session.h"
#include "tests/core/inline_log.h"

namespace afterglow {
namespace truncated_last_line_test {

using test_support::LoadInlineLog;

const std::string kStart =
    R"({"Event":"SparkListenerApplicationStart","App Name":"t","App ID":"app-t","Timestamp":1,)"
    R"("User":"u"})" "\n";
const std::string kJob0 =
    R"({"Event":"SparkListenerJobStart","Job ID":0,"Submission Time":5,"Stage Infos":[],)"
    R"("Stage IDs":[],"Properties":{}})" "\n";
const std::string kCutJob1 = R"({"Event":"SparkListenerJobStart","Job ID":1,"Submission Ti)";

std::vector<LoadProblem> LineProblems(const Session& session) {
  std::vector<LoadProblem> out;
  for (const LoadProblem& p : session.problems()) {
    if (p.line != 0 && p.cause.find("JobStart") != std::string::npos) out.push_back(p);
    else if (p.line != 0 && p.cause.find("not a JSON") != std::string::npos) out.push_back(p);
  }
  return out;
}

int JobCount(const Session& session) {
  const ApiResponse jobs = session.Api("/api/v1/applications/app-t/jobs");
  EXPECT_EQ(jobs.status, 200);
  int count = 0;
  for (size_t at = jobs.body.find("\"jobId\""); at != std::string::npos;
       at = jobs.body.find("\"jobId\"", at + 1)) {
    ++count;
  }
  return count;
}

TEST(TruncatedLastLine, InProgressLogSkipsACutLastLineSilently) {
  auto session = LoadInlineLog(kStart + kJob0 + kCutJob1, "app-t.inprogress");
  EXPECT_TRUE(LineProblems(*session).empty());
  EXPECT_EQ(JobCount(*session), 1);
}

TEST(TruncatedLastLine, FinishedLogReportsACutLastLineWithItsNumber) {
  auto session = LoadInlineLog(kStart + kJob0 + kCutJob1, "app-t");
  const std::vector<LoadProblem> problems = LineProblems(*session);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].file, "app-t");
  EXPECT_EQ(problems[0].line, 3u);
  EXPECT_EQ(JobCount(*session), 1);
}

TEST(TruncatedLastLine, InProgressLogReportsACutLineThatIsNotTheLast) {
  auto session = LoadInlineLog(kStart + kCutJob1 + "\n" + kJob0, "app-t.inprogress");
  const std::vector<LoadProblem> problems = LineProblems(*session);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].line, 2u);
  EXPECT_EQ(JobCount(*session), 1);
}

TEST(TruncatedLastLine, InProgressLogReportsAWellFormedLastLineThatIsNotAnEvent) {
  // Valid JSON that fails to decode is not a parse error: Spark does not forgive it.
  const std::string bad_job = R"({"Event":"SparkListenerJobStart","Job ID":"one"})";
  auto session = LoadInlineLog(kStart + kJob0 + bad_job, "app-t.inprogress");
  const std::vector<LoadProblem> problems = LineProblems(*session);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].line, 3u);
}

TEST(TruncatedLastLine, InProgressLogKeepsACompleteLastEventWithoutNewline) {
  std::string job1 = kJob0;
  job1.replace(job1.find("\"Job ID\":0"), 10, "\"Job ID\":1");
  job1.pop_back();  // no '\n' after the last event
  auto session = LoadInlineLog(kStart + kJob0 + job1, "app-t.inprogress");
  EXPECT_TRUE(LineProblems(*session).empty());
  EXPECT_EQ(JobCount(*session), 2);
}

}  // namespace truncated_last_line_test
}  // namespace afterglow
