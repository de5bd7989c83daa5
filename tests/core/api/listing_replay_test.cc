// What /applications lists for one log, as FsHistoryProvider's AppListingListener reads it
// (core/listen/listing_listener.h): the replay halts at the first EnvironmentUpdate once an App ID
// is known, a ".inprogress" log is never read past that point, a finished one is read to its end,
// and `duration` is taken when ApplicationEnd is read. Each expectation follows from the events
// written in the test.
#include <gtest/gtest.h>

#include <string>

#include "core/session.h"
#include "tests/core/inline_log.h"
#include "tests/support/listed_attempt.h"
#include "tests/support/listing_log_lines.h"

namespace afterglow {
namespace listing_replay_test {

using test_support::LoadInlineLog;

const std::string kLogStart = test_support::LogStartLine();
const std::string kEnv = test_support::EnvironmentUpdateLine();
std::string AppStart(int64_t time, const std::string& user) {
  return test_support::AppStartLine("app-r", time, user);
}
using test_support::AppEndLine;

using Listed = test_support::ListedAttempt;
Listed ListingOfAppR(const Session& session) {
  return test_support::ReadListedAttempt(session, "app-r");
}

TEST(ListingReplay, InProgressLogStopsAtTheEnvironmentUpdate) {
  // The end is after the halt: never read, so the app is running with Spark's defaults.
  auto session = LoadInlineLog(kLogStart + AppStart(1000, "u") + kEnv + AppEndLine(5000),
                               "app-r.inprogress");
  const Listed listed = ListingOfAppR(*session);
  ASSERT_TRUE(listed.found);
  EXPECT_FALSE(listed.completed);
  EXPECT_EQ(listed.end, -1);
  EXPECT_EQ(listed.duration, 0);
  EXPECT_EQ(listed.start, 1000);
  EXPECT_EQ(listed.version, "3.5.1");
}

TEST(ListingReplay, InProgressLogWithoutEnvironmentIsReadToItsEndAndCanBeCompleted) {
  auto session =
      LoadInlineLog(kLogStart + AppStart(1000, "u") + AppEndLine(5000), "app-r.inprogress");
  const Listed listed = ListingOfAppR(*session);
  ASSERT_TRUE(listed.found);
  EXPECT_TRUE(listed.completed);
  EXPECT_EQ(listed.end, 5000);
  EXPECT_EQ(listed.duration, 4000);
}

TEST(ListingReplay, InProgressLogWithTheEndBeforeTheEnvironmentIsCompleted) {
  auto session =
      LoadInlineLog(kLogStart + AppStart(1000, "u") + AppEndLine(3000) + kEnv, "app-r.inprogress");
  const Listed listed = ListingOfAppR(*session);
  ASSERT_TRUE(listed.found);
  EXPECT_TRUE(listed.completed);
  EXPECT_EQ(listed.end, 3000);
  EXPECT_EQ(listed.duration, 2000);
}

TEST(ListingReplay, InProgressLogIgnoresEventsAfterTheHalt) {
  // A LogStart and a second ApplicationStart after the halt are not read: version "", first user.
  auto session = LoadInlineLog(AppStart(1000, "first") + kEnv + kLogStart + AppStart(2000, "second"),
                               "app-r.inprogress");
  const Listed listed = ListingOfAppR(*session);
  ASSERT_TRUE(listed.found);
  EXPECT_EQ(listed.user, "first");
  EXPECT_EQ(listed.start, 1000);
  EXPECT_EQ(listed.version, "");
  // Without the halt point (no EnvironmentUpdate) the same events are all read.
  auto whole = LoadInlineLog(AppStart(1000, "first") + kLogStart + AppStart(2000, "second"),
                             "app-r.inprogress");
  const Listed all = ListingOfAppR(*whole);
  EXPECT_EQ(all.user, "second");
  EXPECT_EQ(all.start, 2000);
  EXPECT_EQ(all.version, "3.5.1");
}

TEST(ListingReplay, FinishedLogIsReadToItsEndAndDurationUsesTheStartKnownAtTheEnd) {
  // A finished log under 1 MiB is re-read whole after the halt, so the last ApplicationStart
  // wins; the duration was fixed when ApplicationEnd was read (5000 - 1000), not end - last start.
  auto session = LoadInlineLog(kLogStart + AppStart(1000, "first") + kEnv + AppEndLine(5000) +
                                   AppStart(1500, "second"),
                               "app-r");
  const Listed listed = ListingOfAppR(*session);
  ASSERT_TRUE(listed.found);
  EXPECT_TRUE(listed.completed);
  EXPECT_EQ(listed.user, "second");
  EXPECT_EQ(listed.start, 1500);
  EXPECT_EQ(listed.end, 5000);
  EXPECT_EQ(listed.duration, 4000);
}

TEST(ListingReplay, FinishedLogWithTheEndAfterTheEnvironmentIsCompleted) {
  auto session = LoadInlineLog(kLogStart + AppStart(1000, "u") + kEnv + AppEndLine(5000), "app-r");
  const Listed listed = ListingOfAppR(*session);
  ASSERT_TRUE(listed.found);
  EXPECT_TRUE(listed.completed);
  EXPECT_EQ(listed.end, 5000);
  EXPECT_EQ(listed.duration, 4000);
}

// --- Unreadable lines among the listed ones ---------------------------------------------------------

// The problem Session reports for `line` of `file`, or nullptr.
const LoadProblem* ProblemAt(const Session& session, const std::string& file, uint64_t line) {
  for (const LoadProblem& problem : session.problems()) {
    if (problem.file == file && problem.line == line) return &problem;
  }
  return nullptr;
}

// A listed line cut off before its end (a JSON syntax error).
const std::string kCutEnd = R"({"Event":"SparkListenerApplicationEnd","Timestamp":50)" "\n";

TEST(ListingReplay, UnreadableListedLineEndsTheReplayKeepingWhatWasReadBefore) {
  // In progress, no EnvironmentUpdate: the replay reads on until the cut-off line 3, which is not
  // the last listed line, so ReplayListenerBus stops there: the second start and the end after it
  // are never read. The line is reported with its file and number.
  auto session = LoadInlineLog(kLogStart + AppStart(1000, "first") + kCutEnd +
                                   AppStart(2000, "second") + AppEndLine(5000),
                               "app-r.inprogress");
  const Listed listed = ListingOfAppR(*session);
  ASSERT_TRUE(listed.found);
  EXPECT_EQ(listed.user, "first");
  EXPECT_EQ(listed.start, 1000);
  EXPECT_EQ(listed.version, "3.5.1");
  EXPECT_FALSE(listed.completed);
  EXPECT_EQ(listed.end, -1);
  EXPECT_NE(ProblemAt(*session, "app-r.inprogress", 3), nullptr);
}

TEST(ListingReplay, UnreadableLastListedLineOfAnInProgressLogIsForgiven) {
  // maybeTruncated and no listed line after it: Spark logs a warning and the replay ends normally.
  auto session = LoadInlineLog(kLogStart + AppStart(1000, "u") + AppEndLine(5000) +
                                   R"({"Event":"SparkListenerApplicationStart","App Na)",
                               "app-r.inprogress");
  const Listed listed = ListingOfAppR(*session);
  ASSERT_TRUE(listed.found);
  EXPECT_TRUE(listed.completed);
  EXPECT_EQ(listed.end, 5000);
  EXPECT_EQ(listed.user, "u");
}

TEST(ListingReplay, UnreadableLineBeforeTheEndLeavesAFinishedLogIncomplete) {
  // Finished and under 1 MiB: the first pass halts at the EnvironmentUpdate, the tail (the whole
  // file) and then the full re-parse both stop at the unreadable line 4, before the end: the
  // listing is incomplete, with the start read before it. Two kinds of unreadable line: cut off,
  // and well-formed JSON with a timestamp that is not a number.
  const std::string wrong_type =
      R"({"Event":"SparkListenerApplicationEnd","Timestamp":"soon"})" "\n";
  for (const std::string& unreadable : {kCutEnd, wrong_type}) {
    auto session = LoadInlineLog(kLogStart + AppStart(1000, "first") + kEnv + unreadable +
                                     AppStart(1500, "second") + AppEndLine(5000),
                                 "app-r");
    const Listed listed = ListingOfAppR(*session);
    ASSERT_TRUE(listed.found) << unreadable;
    EXPECT_FALSE(listed.completed) << unreadable;
    EXPECT_EQ(listed.end, -1) << unreadable;
    EXPECT_EQ(listed.duration, 0) << unreadable;
    EXPECT_EQ(listed.user, "first") << unreadable;
    EXPECT_EQ(listed.start, 1000) << unreadable;
    EXPECT_NE(ProblemAt(*session, "app-r", 4), nullptr) << unreadable;
  }
  // Without the unreadable line the same log is completed (the control).
  auto control = LoadInlineLog(kLogStart + AppStart(1000, "first") + kEnv +
                                   AppStart(1500, "second") + AppEndLine(5000),
                               "app-r");
  EXPECT_TRUE(ListingOfAppR(*control).completed);
}

}  // namespace listing_replay_test
}  // namespace afterglow
