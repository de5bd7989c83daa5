// /api/v1/version: Spark's VersionInfo shape, {"spark": "<version>"}, with the version of the
// History Server Afterglow answers as; through the session and through `afterglow api`.
#include <gtest/gtest.h>

#include <string>

#include "core/api/endpoints.h"
#include "core/session.h"
#include "simdjson.h"
#include "tests/support/api_json.h"

namespace afterglow {
namespace version_endpoint_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

using namespace test_support;

void ExpectVersionInfo(const std::string& body) {
  simdjson::dom::parser parser;
  simdjson::dom::object object = ObjectOf(ElementOf(parser, body));
  EXPECT_EQ(object.size(), 1u);
  EXPECT_EQ(Str(object["spark"]), kHistoryServerSparkVersion);
}

TEST(VersionEndpoint, AnswersTheHistoryServersSparkVersion) {
  Session session;  // no log needed: the version is the server's, not an application's
  const ApiResponse answer = session.Api("/api/v1/version");
  EXPECT_EQ(answer.status, 200);
  ExpectVersionInfo(answer.body);
  EXPECT_EQ(session.Api("/api/v1/version/1").status, 404);
}

TEST(VersionEndpoint, TheCliAnswersIt) {
  ExpectVersionInfo(CliApi(kCorpus + "/spark/spark-events/local-1422981780767", "/api/v1/version"));
}

}  // namespace version_endpoint_test
}  // namespace afterglow
