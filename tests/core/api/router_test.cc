// Error answers and app/attempt resolution of the REST router (docs/SPARK-SEMANTICS.md facts 14-16,
// 29, 96).
#include "core/api/router.h"

#include <gtest/gtest.h>

#include <string>

#include "core/base/read_padding.h"
#include "core/session.h"

namespace afterglow {
namespace router_test {

std::string AppStart(const std::string& app_id, const std::string& attempt, int64_t start) {
  return R"({"Event":"SparkListenerApplicationStart","App Name":"demo","App ID":")" + app_id +
         R"(","Timestamp":)" + std::to_string(start) + R"(,"User":"u")" +
         (attempt.empty() ? "" : R"(,"App Attempt ID":")" + attempt + "\"") + "}\n";
}

void Load(Session& session, const std::string& name, const std::string& log) {
  std::string padded = log + std::string(kReadPadding, '\0');
  session.BeginFile(name, log.size());
  session.PushBytes(reinterpret_cast<const uint8_t*>(padded.data()), log.size());
  session.EndFile();
}

TEST(ApiRouter, UnknownAppAndAttemptUseSparksMessages) {
  Session session;
  Load(session, "a", AppStart("app-1", "", 1000));
  EXPECT_EQ(session.Api("/api/v1/applications/foobar").status, 404);
  EXPECT_EQ(session.Api("/api/v1/applications/foobar").body, "unknown app: foobar");
  EXPECT_EQ(session.Api("/api/v1/applications/app-1/7").body, "unknown app app-1, attempt 7");
  EXPECT_EQ(session.Api("/api/v1/applications/nope/jobs").body, "no such app: nope");
  EXPECT_EQ(session.Api("/api/v1/applications/app-1/jobs/3").body, "unknown job: 3");
  EXPECT_EQ(session.Api("/api/v1/applications/app-1/jobs").status, 200);
}

TEST(ApiRouter, SubResourcesNeedTheExactAttempt) {
  Session session;
  Load(session, "a1", AppStart("yarn-app", "1", 1000));
  Load(session, "a2", AppStart("yarn-app", "2", 2000));
  EXPECT_EQ(session.Api("/api/v1/applications/yarn-app/jobs").body, "no such app: yarn-app");
  EXPECT_EQ(session.Api("/api/v1/applications/yarn-app/2/jobs").status, 200);
  EXPECT_EQ(session.Api("/api/v1/applications/yarn-app/3/jobs").body, "no such app: yarn-app/3");
  // Both attempts merge under one app, newest first.
  const std::string one = session.Api("/api/v1/applications/yarn-app").body;
  EXPECT_LT(one.find("\"attemptId\" : \"2\""), one.find("\"attemptId\" : \"1\""));
}

TEST(ApiRouter, BadDatesAre400AndBadStatusesAre404) {
  Session session;
  Load(session, "a", AppStart("app-1", "", 1000));
  const ApiResponse bad_date = session.Api("/api/v1/applications?minDate=soon");
  EXPECT_EQ(bad_date.status, 400);
  EXPECT_EQ(bad_date.body, "Couldn't parse date: soon");
  EXPECT_EQ(session.Api("/api/v1/applications?status=bogus").status, 404);
  EXPECT_EQ(session.Api("/api/v1/applications/app-1/stages?status=done").status, 404);
  EXPECT_EQ(session.Api("/api/v1/applications?status=RUNNING").status, 200);
}

// Integer parameters convert as JAX-RS converts them: a number past an int's range is a 404 like
// letters (the fuzzer's limit of 20 digits threw from std::stoll, and a job id past 2^31 from
// std::stoi, ending the process).
TEST(ApiRouter, NumbersPastAnIntAre404NotACrash) {
  Session session;
  Load(session, "a", AppStart("app-1", "", 1000));
  const ApiResponse huge_limit = session.Api("/api/v1/applications?limit=62038347143091738551");
  EXPECT_EQ(huge_limit.status, 404);
  EXPECT_EQ(huge_limit.body, "bad limit: 62038347143091738551");
  EXPECT_EQ(session.Api("/api/v1/applications?limit=2147483648").status, 404);
  EXPECT_EQ(session.Api("/api/v1/applications?limit=2147483647").status, 200);
  EXPECT_EQ(session.Api("/api/v1/applications?limit=-1").status, 200);
  EXPECT_EQ(session.Api("/api/v1/applications/app-1/jobs/99999999999").status, 404);
  EXPECT_EQ(session.Api("/api/v1/applications/app-1/jobs/2147483647").body,
            "unknown job: 2147483647");
}

TEST(ApiRouter, LogsWithoutAppIdAreNotListed) {
  Session session;
  Load(session, "a", R"({"Event":"SparkListenerLogStart","Spark Version":"3.5.0"})" "\n");
  EXPECT_EQ(session.Api("/api/v1/applications").body, "[ ]");
}

}  // namespace router_test
}  // namespace afterglow
