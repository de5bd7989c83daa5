// Conformance with Spark's History Server: one test per JSON row of the corpus's EXPECTATIONS.tsv
// (every one of them: a row that fails is a failing test, never a skip), running
// `afterglow api <logs> <api path>` and comparing with the expected JSON by Spark's rule
// (json_compare.h). The logs rows (zips) are checked by logs_download_test.cc.
//
// The `(inline)` rows, which Spark asserts in code, each have a test in the sections below:
// the 404/400 answers on bad paths, the last-attempt default (HistoryServerSuite), the
// running/completed filter over incomplete attempts (SPARK-39620) and the streaming query
// facts (StreamingQueryHistorySuite).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/model/sql_metric_format.h"
#include "core/load/load_path.h"
#include "core/model/app_model.h"
#include "simdjson.h"
#include "tests/conformance/cli_run.h"
#include "tests/conformance/json_compare.h"
#include "tests/conformance/json_read.h"

namespace afterglow::conformance {
namespace expectations_test {

namespace fs = std::filesystem;

const fs::path kSparkCorpus = fs::path(AFTERGLOW_CORPUS_DIR) / "spark";

struct Row {
  std::string expectation_file;
  std::string api_path;
  std::vector<std::string> event_logs;
};

// The History Server's log directory for application lists; one log when the row names one.
std::string LogsFor(const Row& row) {
  const bool listing = row.api_path.rfind("/api/v1/applications", 0) == 0 &&
                       (row.api_path.size() == 20 || row.api_path[20] == '?');
  if (!listing && row.event_logs.size() == 1) return (kSparkCorpus / row.event_logs[0]).string();
  return (kSparkCorpus / "spark-events").string();
}

class ExpectationTest : public ::testing::Test {
 public:
  explicit ExpectationTest(Row row) : row_(std::move(row)) {}
  void TestBody() override {
    const std::string command = Quote(AFTERGLOW_CLI_PATH) + " api " + Quote(LogsFor(row_)) + " " +
                                Quote(row_.api_path) + " 2>&1";
    const CommandResult result = RunCommand(command);
    ASSERT_EQ(result.exit_code, 0) << command << "\n" << result.output;
    simdjson::dom::parser actual_parser, expected_parser;
    simdjson::dom::element actual, expected;
    ASSERT_EQ(actual_parser.parse(result.output).get(actual), simdjson::SUCCESS)
        << "not JSON: " << result.output.substr(0, 400);
    const fs::path expected_file = kSparkCorpus / "expectations" / row_.expectation_file;
    simdjson::padded_string expected_text;
    ASSERT_EQ(simdjson::padded_string::load(expected_file.string()).get(expected_text),
              simdjson::SUCCESS)
        << expected_file;
    ASSERT_EQ(expected_parser.parse(expected_text).get(expected), simdjson::SUCCESS);
    const std::string diff = JsonDifference(actual, expected);
    EXPECT_TRUE(diff.empty()) << row_.api_path << " vs " << row_.expectation_file << "\n" << diff;
  }

 private:
  Row row_;
};

class CorpusMissingTest : public ::testing::Test {
  void TestBody() override {
    FAIL() << "The Spark corpus is missing: expected " << kSparkCorpus
           << "/EXPECTATIONS.tsv (tests read ../shared/corpus beside the repository).";
  }
};

std::string TestNameFor(const std::string& expectation_file) {
  std::string name = expectation_file.substr(0, expectation_file.find('.'));
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

bool RegisterExpectations() {
  std::ifstream tsv(kSparkCorpus / "EXPECTATIONS.tsv");
  if (!tsv) {
    ::testing::RegisterTest("Conformance", "CorpusPresent", nullptr, nullptr, __FILE__, __LINE__,
                            []() -> ::testing::Test* { return new CorpusMissingTest(); });
    return false;
  }
  std::string line;
  std::getline(tsv, line);  // header
  while (std::getline(tsv, line)) {
    std::vector<std::string> fields;
    std::stringstream split(line);
    std::string field;
    while (std::getline(split, field, '\t')) fields.push_back(field);
    if (fields.size() < 2) continue;
    Row row{fields[0], fields[1], {}};
    if (fields.size() > 2 && !fields[2].empty()) {
      std::stringstream logs(fields[2]);
      std::string log;
      while (std::getline(logs, log, ',')) row.event_logs.push_back(log);
    }
    if (row.expectation_file.size() < 5 ||
        row.expectation_file.substr(row.expectation_file.size() - 5) != ".json") {
      continue;
    }
    ::testing::RegisterTest("Conformance", TestNameFor(row.expectation_file).c_str(), nullptr,
                            nullptr, __FILE__, __LINE__,
                            [row]() -> ::testing::Test* { return new ExpectationTest(row); });
  }
  return true;
}

const bool kRegistered = RegisterExpectations();

// The inline row `(inline) 404 "unknown app: foobar"`: Spark's message, a non-zero exit.
TEST(ConformanceInline, UnknownAppIs404WithSparkMessage) {
  const std::string command = Quote(AFTERGLOW_CLI_PATH) + " api " +
                              Quote((kSparkCorpus / "spark-events").string()) +
                              " /api/v1/applications/foobar 2>&1 >/dev/null";
  const CommandResult result = RunCommand(command);
  EXPECT_NE(result.exit_code, 0);
  EXPECT_EQ(result.output, "404 unknown app: foobar\n");
}

// [SECTION] Inline error rows of the stage endpoints ("response codes on bad paths"): the CLI
// prints "<status> <Spark's message>" on stderr and exits non-zero.
std::string ApiError(const std::string& log, const std::string& api_path) {
  const std::string command = Quote(AFTERGLOW_CLI_PATH) + " api " +
                              Quote((kSparkCorpus / "spark-events" / log).string()) + " " +
                              Quote(api_path) + " 2>&1 >/dev/null";
  const CommandResult result = RunCommand(command);
  EXPECT_NE(result.exit_code, 0) << api_path;
  return result.output;
}

TEST(ConformanceInline, UnknownStageIs404WithSparkMessage) {
  EXPECT_EQ(ApiError("local-1422981780767", "/api/v1/applications/local-1422981780767/stages/12345"),
            "404 unknown stage: 12345\n");
}

TEST(ConformanceInline, UnknownStageAttemptListsTheAttemptsFound) {
  EXPECT_EQ(ApiError("local-1422981780767", "/api/v1/applications/local-1422981780767/stages/1/1"),
            "404 unknown attempt for stage 1.  Found attempts: [0]\n");
}

TEST(ConformanceInline, NonNumericStageIdIs404) {
  const std::string output =
      ApiError("local-1422981780767", "/api/v1/applications/local-1422981780767/stages/flimflam");
  EXPECT_EQ(output.substr(0, 4), "404 ") << output;
}

TEST(ConformanceInline, BadQuantileIs400WithSparkMessage) {
  EXPECT_EQ(ApiError("local-1430917381534",
                     "/api/v1/applications/local-1430917381534/stages/0/0/taskSummary"
                     "?quantiles=foo,0.1"),
            "400 Bad value for parameter \"quantiles\".  Expected a double, got \"foo\"\n");
}

// [SECTION] Inline rows on attempts -------------------------------------------------------------

// `afterglow api <logs> <api path>` parsed into `json`; false (with a failure) unless the CLI
// answers 200 with JSON.
bool ApiJson(simdjson::dom::parser& parser, const fs::path& logs, const std::string& api_path,
             simdjson::dom::element* json) {
  const CommandResult result = RunCommand(CliCommand({"api", logs.string(), api_path}) + " 2>&1");
  EXPECT_EQ(result.exit_code, 0) << api_path << "\n" << result.output;
  if (result.exit_code != 0) return false;
  const bool parsed = parser.parse(result.output).get(*json) == simdjson::SUCCESS;
  EXPECT_TRUE(parsed) << "not JSON: " << result.output.substr(0, 400);
  return parsed;
}

// An app's attempts as "<attemptId> completed|running ..." in the answer's order.
std::string AttemptsText(simdjson::dom::element app) {
  std::string text;
  simdjson::dom::array attempts;
  if (!JsonArray(app, "attempts", &attempts)) return "(no attempts)";
  for (simdjson::dom::element attempt : attempts) {
    const std::string attempt_id = JsonString(attempt, "attemptId");
    text += " " + (attempt_id.empty() ? std::string("(none)") : attempt_id) +
            (JsonBool(attempt, "completed") ? " completed" : " running");
  }
  return text;
}

// An application list as "<id>: <attempts>" per app, one a line, in the list's order.
std::string ListingText(simdjson::dom::element listing) {
  simdjson::dom::array apps;
  if (!JsonArray(listing, &apps)) return "(not a list)";
  std::string text;
  for (simdjson::dom::element app : apps) {
    text += JsonString(app, "id") + ":" + AttemptsText(app) + "\n";
  }
  return text;
}

// The row "UI redirect: no attempt -> last attempt (2)" (HistoryServerSuite "access history
// application defaults to the last attempt id"): the History Server's UI redirects
// /history/local-1430917381535/jobs/ to /history/local-1430917381535/2/jobs/, the head of the
// app's attempts, which its listing sorts newest first. Afterglow serves no /history/ pages and
// its core has no separate "default attempt" notion: what a viewer opens for an app without an
// attempt id is the head of applications/<id>'s attempt list, so that is what this pins -- the
// head is attempt "2" and its endpoints answer. The REST API itself never defaults: like
// Spark's withUI(appId, None), an attempt-less sub-resource of a multi-attempt app is a 404.
TEST(ConformanceInline, NoAttemptIdMeansTheLastAttemptTwo) {
  const fs::path logs = kSparkCorpus / "spark-events";
  simdjson::dom::parser parser;
  simdjson::dom::element app;
  ASSERT_TRUE(ApiJson(parser, logs, "/api/v1/applications/local-1430917381535", &app));
  EXPECT_EQ(AttemptsText(app), " 2 completed 1 completed");

  simdjson::dom::parser jobs_parser;
  simdjson::dom::element jobs_answer;
  ASSERT_TRUE(ApiJson(jobs_parser, logs, "/api/v1/applications/local-1430917381535/2/jobs",
                      &jobs_answer));
  simdjson::dom::array jobs;
  ASSERT_TRUE(JsonArray(jobs_answer, &jobs));
  EXPECT_EQ(jobs.size(), 0u);  // attempt 2's log has no jobs (start, environment, end only)

  const CommandResult no_attempt = RunCommand(
      CliCommand({"api", logs.string(), "/api/v1/applications/local-1430917381535/jobs"}) +
      " 2>&1 >/dev/null");
  EXPECT_EQ(no_attempt.exit_code, 1);
  EXPECT_EQ(no_attempt.output, "404 no such app: local-1430917381535\n");
}

// The row "applications?status=running vs status=completed consistent with HistoryPage"
// (SPARK-39620, HistoryServerPageSuite): each of the two broken log directories is its own
// History Server. HistoryPage shows an app under "completed" when its head (newest) attempt is
// completed, and ApplicationListResource now filters the same way (`app.attempts.head.completed`),
// so each app appears in exactly one of the two lists -- the one its newest attempt decides.
TEST(ConformanceInline, RunningAndCompletedFollowTheNewestAttempt) {
  const fs::path broken = kSparkCorpus / "spark-events-broken";
  struct Case {
    const char* log_dir;
    const char* status;
    const char* expected;
  };
  const Case cases[] = {
      // attempt 1 has no ApplicationEnd, attempt 2 (newest) has one
      {"previous-attempt-incomplete", "completed",
       "application_1656321732247_0006: 2 completed 1 running\n"},
      {"previous-attempt-incomplete", "running", ""},
      // attempt 1 ended, attempt 2 (newest) did not
      {"last-attempt-incomplete", "completed", ""},
      {"last-attempt-incomplete", "running",
       "application_1656321732247_0006: 2 running 1 completed\n"},
  };
  for (const Case& c : cases) {
    simdjson::dom::parser parser;
    simdjson::dom::element apps;
    ASSERT_TRUE(ApiJson(parser, broken / c.log_dir,
                        std::string("/api/v1/applications?status=") + c.status, &apps));
    EXPECT_EQ(ListingText(apps), c.expected) << c.log_dir << " status=" << c.status;
  }
}

// [SECTION] The streaming row (StreamingQueryHistorySuite) ---------------------------------------
// The row's facts, read off the log loaded as the CLI loads it (LoadPath). The listener's unit
// test tests/core/listen/sql_listener_test.cc (SqlCorpusLog.StreamingQueryAndItsEightProgressReports)
// pins the same query batch by batch; this test is the conformance row itself.
TEST(ConformanceInline, StreamingQueryPageFactsOfTheSqlLog) {
  const fs::path log = kSparkCorpus / "sql-events" / "local-1596020211915";
  ASSERT_TRUE(fs::exists(log)) << "corpus missing: " << log;
  Session session;
  std::string error;
  ASSERT_TRUE(LoadPath(session, log.string(), &error)) << error;
  ASSERT_EQ(session.models().size(), 1u);
  const AttemptModel& model = *session.model(0);
  const StringPool& pool = session.strings();
  EXPECT_EQ(pool.Get(model.app.name), "StructuredKafkaWordCount");
  const StreamingModel& streaming = model.streaming;
  ASSERT_EQ(streaming.queries.size(), 1u);  // one StreamingQueryData
  const StreamingQuery& query = streaming.queries[0];
  EXPECT_EQ(pool.Get(query.id), "8d268dc2-bc9c-4be8-97a9-b135d2943028");
  EXPECT_EQ(pool.Get(query.run_id), "e225d92f-2545-48f8-87a2-9c0309580f8a");
  ASSERT_NE(streaming.Progress(query.run_id), nullptr);
  EXPECT_EQ(streaming.Progress(query.run_id)->size(), 8u);  // StreamingQueryProgress events
  EXPECT_EQ(JavaFormatFixed(streaming.AverageInputRate(query.run_id), 2), "81.39");
  EXPECT_EQ(JavaFormatFixed(streaming.AverageProcessRate(query.run_id), 2), "157.05");
  EXPECT_EQ(streaming.CompletedBatches(query.run_id), 8);
}

}  // namespace expectations_test
}  // namespace afterglow::conformance
