// The History Server's listing replays only lines that begin with exact prefixes
// (FsHistoryProvider eventsFilter; docs/SPARK-SEMANTICS.md fact 4), while an app's pages come from
// the full replay.
#include <gtest/gtest.h>

#include <string>

#include "core/session.h"
#include "tests/core/inline_log.h"

namespace afterglow {
namespace listing_prefix_test {

using test_support::LoadInlineLog;

const std::string kLogStart = R"({"Event":"SparkListenerLogStart","Spark Version":"3.5.1"})" "\n";
const std::string kStart =
    R"({"Event":"SparkListenerApplicationStart","App Name":"n","App ID":"app-l","Timestamp":1600000000000,)"
    R"("User":"u"})" "\n";
const std::string kJob =
    R"({"Event":"SparkListenerJobStart","Job ID":0,"Submission Time":1100,"Stage Infos":[],)"
    R"("Stage IDs":[],"Properties":{}})" "\n"
    R"({"Event":"SparkListenerJobEnd","Job ID":0,"Completion Time":1200,)"
    R"("Job Result":{"Result":"JobSucceeded"}})" "\n";
const std::string kEnd =
    R"({"Event":"SparkListenerApplicationEnd","Timestamp":1600000100000})" "\n";

TEST(ListingPrefix, ExactLinesListTheAppAsCompleted) {
  auto session = LoadInlineLog(kLogStart + kStart + kJob + kEnd, "app-l");
  const ApiResponse apps = session->Api("/api/v1/applications");
  ASSERT_EQ(apps.status, 200);
  EXPECT_NE(apps.body.find(R"("id" : "app-l")"), std::string::npos);
  EXPECT_NE(apps.body.find(R"("completed" : true)"), std::string::npos);
  EXPECT_NE(apps.body.find(R"("appSparkVersion" : "3.5.1")"), std::string::npos);
}

TEST(ListingPrefix, ReorderedApplicationStartLeavesTheAppUnlisted) {
  // "App ID" before "Event": the full replay reads it, the listing's filter does not.
  const std::string reordered =
      R"({"App ID":"app-l","Event":"SparkListenerApplicationStart","App Name":"n",)"
      R"("Timestamp":1600000000000,"User":"u"})" "\n";
  auto session = LoadInlineLog(kLogStart + reordered + kJob + kEnd, "app-l");
  const ApiResponse apps = session->Api("/api/v1/applications");
  ASSERT_EQ(apps.status, 200);
  EXPECT_EQ(apps.body, "[ ]") << apps.body;
  // The History Server finds an app's pages through its listing: without it they are 404.
  EXPECT_EQ(session->Api("/api/v1/applications/app-l").status, 404);
  EXPECT_EQ(session->Api("/api/v1/applications/app-l/jobs").status, 404);
  // The load says why, since the log itself looks fine.
  bool told = false;
  for (const LoadProblem& p : session->problems()) {
    told |= p.cause.find("listing skips it") != std::string::npos;
  }
  EXPECT_TRUE(told);
}

TEST(ListingPrefix, SpacedApplicationEndLeavesTheListingIncompleteButPagesSeeIt) {
  const std::string spaced =
      R"({"Event": "SparkListenerApplicationEnd","Timestamp":1600000100000})" "\n";
  auto session = LoadInlineLog(kLogStart + kStart + kJob + spaced, "app-l");
  const ApiResponse app = session->Api("/api/v1/applications/app-l");
  ASSERT_EQ(app.status, 200);
  EXPECT_NE(app.body.find(R"("completed" : false)"), std::string::npos) << app.body;
  EXPECT_NE(app.body.find(R"("endTimeEpoch" : -1)"), std::string::npos) << app.body;
  EXPECT_NE(app.body.find(R"("duration" : 0)"), std::string::npos) << app.body;
  // The app's own pages come from the full replay, which read every line.
  const ApiResponse jobs = session->Api("/api/v1/applications/app-l/jobs");
  ASSERT_EQ(jobs.status, 200);
  EXPECT_NE(jobs.body.find(R"("jobId" : 0)"), std::string::npos);
}

TEST(ListingPrefix, SpacedLogStartLeavesTheListedVersionEmpty) {
  const std::string spaced = R"({"Event":"SparkListenerLogStart", "Spark Version":"3.5.1"})" "\n";
  // The prefix covers only {"Event":"SparkListenerLogStart": what follows may have spaces.
  auto session = LoadInlineLog(spaced + kStart + kEnd, "app-l");
  EXPECT_NE(session->Api("/api/v1/applications/app-l").body.find(R"("appSparkVersion" : "3.5.1")"),
            std::string::npos);
  const std::string early_space = R"({ "Event":"SparkListenerLogStart","Spark Version":"3.5.1"})"
                                  "\n";
  auto hidden = LoadInlineLog(early_space + kStart + kEnd, "app-l");
  EXPECT_NE(hidden->Api("/api/v1/applications/app-l").body.find(R"("appSparkVersion" : "")"),
            std::string::npos);
}

}  // namespace listing_prefix_test
}  // namespace afterglow
