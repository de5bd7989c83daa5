// Conformance with Spark's History Server: one test per row of the corpus's EXPECTATIONS.tsv
// whose endpoint is implemented, running `afterglow api <logs> <api path>` and comparing with
// the expected JSON by Spark's rule (json_compare.h).
//
// Registered now: application lists (every filter), applications/<id>, jobs lists, stage lists,
// executors, allexecutors, storage/rdd, environment, allmiscellaneousprocess, stages/<id>
// [/<attempt>], taskSummary, taskList, the inline 404 "unknown app: foobar" and the stage inline
// error rows (section at the end). The logs rows (zips) are checked by logs_download_test.cc.
// Not registered yet: the other inline error rows, the UI redirect row and the streaming row.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "simdjson.h"
#include "tests/conformance/json_compare.h"

namespace afterglow::conformance {
namespace {

namespace fs = std::filesystem;

const fs::path kSparkCorpus = fs::path(AFTERGLOW_CORPUS_DIR) / "spark";

struct CommandResult {
  int exit_code = 0;
  std::string output;
};

// Runs a shell command, capturing stdout (and stderr when asked).
CommandResult RunCommand(const std::string& command) {
  CommandResult result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return {-1, "popen failed"};
  std::array<char, 65536> buffer;
  size_t got;
  while ((got = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) result.output.append(buffer.data(), got);
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::string Quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

struct Row {
  std::string expectation_file;
  std::string api_path;
  std::vector<std::string> event_logs;
};

// The rows whose endpoints are implemented (see the file comment).
bool Covered(const std::string& api_path) {
  static const std::regex kCovered(
      R"(^/api/v1/applications(\?.*)?$|^/api/v1/applications/[^/?]+$|)"
      R"(^/api/v1/applications/[^/]+(/[0-9]+)?/(jobs|stages)(\?.*)?$|)"
      // Stage details, task summaries and task lists (issue 3).
      R"(^/api/v1/applications/[^/]+(/[0-9]+)?/stages/[0-9]+(/[0-9]+(/(taskSummary|taskList))?)?)"
      R"((\?.*)?$|)"
      // Executors, storage, environment, miscellaneous processes (issue 3).
      R"(^/api/v1/applications/[^/]+(/[0-9]+)?/)"
      R"((executors|allexecutors|storage/rdd(/[0-9]+)?|environment|allmiscellaneousprocess)$)");
  return std::regex_match(api_path, kCovered);
}

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
        row.expectation_file.substr(row.expectation_file.size() - 5) != ".json" ||
        !Covered(row.api_path)) {
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

}  // namespace
}  // namespace afterglow::conformance
