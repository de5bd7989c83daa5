// applications/{id}/sql, sql/{id} and diagnostics/sql (docs/SPARK-SEMANTICS.md facts 84-90):
// parameters, errors, shape.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "core/load/load_path.h"
#include "core/session.h"
#include "tests/core/inline_log.h"

namespace afterglow {
namespace sql_endpoint_test {

namespace fs = std::filesystem;

size_t Count(const std::string& text, const std::string& needle) {
  size_t count = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++count;
  return count;
}

class SqlEndpointOnCorpus : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const fs::path log = fs::path(AFTERGLOW_CORPUS_DIR) / "spark" / "sql-events" /
                         "local-1596020211915";
    if (!fs::exists(log)) return;
    session_ = new Session();
    LoadFile(*session_, log.string());
  }
  static void TearDownTestSuite() {
    delete session_;
    session_ = nullptr;
  }
  void SetUp() override {
    ASSERT_NE(session_, nullptr) << "corpus missing: " << AFTERGLOW_CORPUS_DIR;
  }
  static ApiResponse Get(const std::string& rest) {
    return session_->Api("/api/v1/applications/local-1596020211915/" + rest);
  }
  static Session* session_;
};
Session* SqlEndpointOnCorpus::session_ = nullptr;

TEST_F(SqlEndpointOnCorpus, ListPagesTwentyByDefault) {
  const ApiResponse all = Get("sql");
  ASSERT_EQ(all.status, 200);
  EXPECT_EQ(Count(all.body, "\"successJobIds\""), 20u);
  EXPECT_EQ(Count(Get("sql?length=100").body, "\"successJobIds\""), 24u);
  const ApiResponse tail = Get("sql?offset=22&details=false&planDescription=false");
  EXPECT_EQ(Count(tail.body, "\"successJobIds\""), 2u);
  EXPECT_NE(tail.body.find("\"id\" : 22,"), std::string::npos);
  EXPECT_NE(tail.body.find("\"planDescription\" : \"\""), std::string::npos);
  EXPECT_NE(tail.body.find("\"nodes\" : [ ]"), std::string::npos);
  EXPECT_EQ(Get("sql?offset=x").status, 404);
}

TEST_F(SqlEndpointOnCorpus, OneExecutionWithNodesEdgesAndJobIds) {
  const ApiResponse one = Get("sql/1");
  ASSERT_EQ(one.status, 200);
  EXPECT_NE(one.body.find("\"status\" : \"COMPLETED\""), std::string::npos);
  EXPECT_NE(one.body.find("\"successJobIds\" : [ 0 ]"), std::string::npos);
  EXPECT_NE(one.body.find("\"submissionTime\" : \"2020-07-29T10:57:00.258GMT\""), std::string::npos);
  EXPECT_NE(one.body.find("\"duration\" : 2811"), std::string::npos);
  EXPECT_NE(one.body.find("\"nodeName\" : \"WholeStageCodegen (4)\""), std::string::npos);
  EXPECT_NE(one.body.find("\"wholeStageCodegenId\" : 4"), std::string::npos);
  EXPECT_NE(one.body.find("\"fromId\" : 2,\n"), std::string::npos);
  // Nodes come by id descending: MicroBatchScan (17) first.
  EXPECT_LT(one.body.find("\"nodeId\" : 17"), one.body.find("\"nodeId\" : 16"));
  // One leading newline of a multi-line value is removed.
  EXPECT_NE(one.body.find("\"value\" : \"total (min, med, max (stageId: taskId))\\n4.5 MiB"),
            std::string::npos);
}

TEST_F(SqlEndpointOnCorpus, ErrorsAsSparkAnswers) {
  const ApiResponse unknown = Get("sql/99");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.body, "unknown query execution id: 99");
  EXPECT_EQ(Get("sql/abc").status, 404);
  // A replayed log has no diagnostic data: an empty list, and 404 for every id.
  const ApiResponse list = Get("diagnostics/sql");
  EXPECT_EQ(list.status, 200);
  EXPECT_EQ(list.body, "[ ]");
  const ApiResponse diag = Get("diagnostics/sql/1");
  EXPECT_EQ(diag.status, 404);
  EXPECT_EQ(diag.body, "unknown query execution id: 1");
}

TEST(SqlEndpoint, JobIdListsFollowTheJobMapOrder) {
  // Up to four jobs keep insertion (JobStart) order: 3, then 1, then 2.
  std::string log =
      R"({"Event":"SparkListenerApplicationStart","App Name":"a","App ID":"app-1","Timestamp":1000,"User":"u"})" "\n";
  log += R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart","executionId":0,)"
         R"("description":"q","details":"","physicalPlanDescription":"p","sparkPlanInfo":{"nodeName":"Scan",)"
         R"("simpleString":"Scan","children":[],"metadata":{},"metrics":[]},"time":1000})" "\n";
  for (int job : {3, 1, 2, 4}) {
    log += R"({"Event":"SparkListenerJobStart","Job ID":)" + std::to_string(job) +
           R"(,"Stage Infos":[],"Stage IDs":[],"Properties":{"spark.sql.execution.id":"0"}})" "\n";
  }
  for (int job : {4, 3, 1}) {
    log += R"({"Event":"SparkListenerJobEnd","Job ID":)" + std::to_string(job) +
           R"(,"Completion Time":2000,"Job Result":{"Result":")" + (job == 1 ? "JobFailed" : "JobSucceeded") +
           R"("}})" "\n";
  }
  auto session = test_support::LoadInlineLog(log);
  const ApiResponse one = session->Api("/api/v1/applications/app-1/sql/0");
  ASSERT_EQ(one.status, 200) << one.body;
  EXPECT_NE(one.body.find("\"runningJobIds\" : [ 2 ]"), std::string::npos) << one.body;
  EXPECT_NE(one.body.find("\"successJobIds\" : [ 3, 4 ]"), std::string::npos) << one.body;
  EXPECT_NE(one.body.find("\"failedJobIds\" : [ 1 ]"), std::string::npos) << one.body;
  EXPECT_NE(one.body.find("\"status\" : \"RUNNING\""), std::string::npos) << one.body;
  EXPECT_EQ(one.body.find("\"wholeStageCodegenId\""), std::string::npos);
}

}  // namespace sql_endpoint_test
}  // namespace afterglow
