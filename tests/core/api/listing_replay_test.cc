// What /applications lists for one log, as FsHistoryProvider's AppListingListener reads it
// (core/listen/listing_listener.h): the replay halts at the first EnvironmentUpdate once an App ID
// is known, a ".inprogress" log is never read past that point, a finished one is read to its end,
// and `duration` is taken when ApplicationEnd is read. Each expectation follows from the events
// written in the test.
#include <gtest/gtest.h>

#include <string>

#include "core/session.h"
#include "simdjson.h"
#include "tests/core/inline_log.h"

namespace afterglow {
namespace {

using test_support::LoadInlineLog;

const std::string kLogStart = R"({"Event":"SparkListenerLogStart","Spark Version":"3.5.1"})" "\n";
std::string AppStart(int64_t time, const std::string& user) {
  return R"({"Event":"SparkListenerApplicationStart","App Name":"n","App ID":"app-r","Timestamp":)" +
         std::to_string(time) + R"(,"User":")" + user + "\"}\n";
}
const std::string kEnv =
    R"({"Event":"SparkListenerEnvironmentUpdate","JVM Information":{},"Spark Properties":{},)"
    R"("Hadoop Properties":{},"System Properties":{},"Classpath Entries":{}})" "\n";
std::string AppEnd(int64_t time) {
  return R"({"Event":"SparkListenerApplicationEnd","Timestamp":)" + std::to_string(time) + "}\n";
}

struct Listed {
  bool found = false;
  bool completed = false;
  int64_t start = 0, end = 0, duration = 0;
  std::string user, version;
};

// The one attempt of app-r as the listing shows it (applications/{id}: the listing's entry,
// without /applications' date window, which these 1970 times would fall outside).
Listed ListedAttempt(const Session& session) {
  Listed out;
  const ApiResponse response = session.Api("/api/v1/applications/app-r");
  EXPECT_EQ(response.status, 200) << response.body;
  simdjson::dom::parser parser;
  simdjson::dom::element attempt;
  if (parser.parse(response.body)["attempts"].at(0).get(attempt) != simdjson::SUCCESS) {
    return out;
  }
  out.found = true;
  std::string_view text;
  EXPECT_EQ(attempt["completed"].get(out.completed), simdjson::SUCCESS);
  EXPECT_EQ(attempt["startTimeEpoch"].get(out.start), simdjson::SUCCESS);
  EXPECT_EQ(attempt["endTimeEpoch"].get(out.end), simdjson::SUCCESS);
  EXPECT_EQ(attempt["duration"].get(out.duration), simdjson::SUCCESS);
  if (attempt["sparkUser"].get(text) == simdjson::SUCCESS) out.user = text;
  if (attempt["appSparkVersion"].get(text) == simdjson::SUCCESS) out.version = text;
  return out;
}

TEST(ListingReplay, InProgressLogStopsAtTheEnvironmentUpdate) {
  // The end is after the halt: never read, so the app is running with Spark's defaults.
  auto session = LoadInlineLog(kLogStart + AppStart(1000, "u") + kEnv + AppEnd(5000),
                               "app-r.inprogress");
  const Listed listed = ListedAttempt(*session);
  ASSERT_TRUE(listed.found);
  EXPECT_FALSE(listed.completed);
  EXPECT_EQ(listed.end, -1);
  EXPECT_EQ(listed.duration, 0);
  EXPECT_EQ(listed.start, 1000);
  EXPECT_EQ(listed.version, "3.5.1");
}

TEST(ListingReplay, InProgressLogWithoutEnvironmentIsReadToItsEndAndCanBeCompleted) {
  auto session = LoadInlineLog(kLogStart + AppStart(1000, "u") + AppEnd(5000), "app-r.inprogress");
  const Listed listed = ListedAttempt(*session);
  ASSERT_TRUE(listed.found);
  EXPECT_TRUE(listed.completed);
  EXPECT_EQ(listed.end, 5000);
  EXPECT_EQ(listed.duration, 4000);
}

TEST(ListingReplay, InProgressLogWithTheEndBeforeTheEnvironmentIsCompleted) {
  auto session =
      LoadInlineLog(kLogStart + AppStart(1000, "u") + AppEnd(3000) + kEnv, "app-r.inprogress");
  const Listed listed = ListedAttempt(*session);
  ASSERT_TRUE(listed.found);
  EXPECT_TRUE(listed.completed);
  EXPECT_EQ(listed.end, 3000);
  EXPECT_EQ(listed.duration, 2000);
}

TEST(ListingReplay, InProgressLogIgnoresEventsAfterTheHalt) {
  // A LogStart and a second ApplicationStart after the halt are not read: version "", first user.
  auto session = LoadInlineLog(AppStart(1000, "first") + kEnv + kLogStart + AppStart(2000, "second"),
                               "app-r.inprogress");
  const Listed listed = ListedAttempt(*session);
  ASSERT_TRUE(listed.found);
  EXPECT_EQ(listed.user, "first");
  EXPECT_EQ(listed.start, 1000);
  EXPECT_EQ(listed.version, "");
  // Without the halt point (no EnvironmentUpdate) the same events are all read.
  auto whole = LoadInlineLog(AppStart(1000, "first") + kLogStart + AppStart(2000, "second"),
                             "app-r.inprogress");
  const Listed all = ListedAttempt(*whole);
  EXPECT_EQ(all.user, "second");
  EXPECT_EQ(all.start, 2000);
  EXPECT_EQ(all.version, "3.5.1");
}

TEST(ListingReplay, FinishedLogIsReadToItsEndAndDurationUsesTheStartKnownAtTheEnd) {
  // A finished log under 1 MiB is re-read whole after the halt, so the last ApplicationStart
  // wins; the duration was fixed when ApplicationEnd was read (5000 - 1000), not end - last start.
  auto session = LoadInlineLog(kLogStart + AppStart(1000, "first") + kEnv + AppEnd(5000) +
                                   AppStart(1500, "second"),
                               "app-r");
  const Listed listed = ListedAttempt(*session);
  ASSERT_TRUE(listed.found);
  EXPECT_TRUE(listed.completed);
  EXPECT_EQ(listed.user, "second");
  EXPECT_EQ(listed.start, 1500);
  EXPECT_EQ(listed.end, 5000);
  EXPECT_EQ(listed.duration, 4000);
}

TEST(ListingReplay, FinishedLogWithTheEndAfterTheEnvironmentIsCompleted) {
  auto session = LoadInlineLog(kLogStart + AppStart(1000, "u") + kEnv + AppEnd(5000), "app-r");
  const Listed listed = ListedAttempt(*session);
  ASSERT_TRUE(listed.found);
  EXPECT_TRUE(listed.completed);
  EXPECT_EQ(listed.end, 5000);
  EXPECT_EQ(listed.duration, 4000);
}

}  // namespace
}  // namespace afterglow
