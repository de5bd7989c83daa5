// `afterglow findings`: --json with the field names pipelines read, --fail-on's exit status, and
// the text output, on rapids-tools/qualification/jdbc_eventlog.zstd (its findings: the one-task
// JDBC read, a job gap, 200 shuffle partitions over 2 KiB, and executor 0's GC at 12 %, a
// warning; nothing critical) and rapids-tools/qualification/complex_dec_eventlog.zstd (job 17
// failed: critical).
#include <gtest/gtest.h>

#include <string>

#include "simdjson.h"
#include "tests/conformance/cli_run.h"

namespace afterglow::findings_command_test {

using conformance::CliCommand;
using conformance::RunCommand;

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;
const std::string kJdbcLog = kCorpus + "/rapids-tools/qualification/jdbc_eventlog.zstd";

TEST(FindingsCommand, JsonListsTheOneTaskJdbcReadWithItsEvidenceAndFix) {
  const conformance::CommandResult result = RunCommand(CliCommand({"findings", kJdbcLog, "--json"}));
  ASSERT_EQ(result.exit_code, 0);
  simdjson::dom::parser parser;
  simdjson::dom::array findings;
  ASSERT_EQ(parser.parse(result.output).get_array().get(findings), simdjson::SUCCESS) << result.output;
  bool found = false;
  for (simdjson::dom::element f : findings) {
    std::string_view rule, severity, title, fix;
    int64_t at_stake = -1;
    ASSERT_EQ(f["rule"].get_string().get(rule), simdjson::SUCCESS);
    ASSERT_EQ(f["severity"].get_string().get(severity), simdjson::SUCCESS);
    ASSERT_EQ(f["title"].get_string().get(title), simdjson::SUCCESS);
    ASSERT_EQ(f["fix"].get_string().get(fix), simdjson::SUCCESS);
    ASSERT_EQ(f["timeAtStakeMs"].get_int64().get(at_stake), simdjson::SUCCESS);
    EXPECT_TRUE(severity == "info" || severity == "warning" || severity == "critical") << severity;
    if (severity != "info") EXPECT_FALSE(fix.empty()) << rule;
    EXPECT_GE(at_stake, 0);
    simdjson::dom::array evidence;
    ASSERT_EQ(f["evidence"].get_array().get(evidence), simdjson::SUCCESS);
    for (simdjson::dom::element e : evidence) {
      std::string_view kind;
      ASSERT_EQ(e["kind"].get_string().get(kind), simdjson::SUCCESS);
      if (kind == "stage") {
        int64_t id = -1, attempt = -1;
        EXPECT_EQ(e["id"].get_int64().get(id), simdjson::SUCCESS);
        EXPECT_EQ(e["attempt"].get_int64().get(attempt), simdjson::SUCCESS);
      }
      if (kind == "executor") {
        std::string_view id;
        EXPECT_EQ(e["id"].get_string().get(id), simdjson::SUCCESS);
        EXPECT_EQ(id, "0");
      }
    }
    if (rule != "one-task-stage") continue;
    found = true;
    EXPECT_NE(title.find("JDBC"), std::string_view::npos);
    EXPECT_NE(fix.find("partitionColumn"), std::string_view::npos);
    EXPECT_NE(fix.find("numPartitions"), std::string_view::npos);
    int64_t stage = -1, attempt = -1;
    simdjson::dom::element first;
    ASSERT_EQ(evidence.at(0).get(first), simdjson::SUCCESS);
    EXPECT_EQ(first["id"].get_int64().get(stage), simdjson::SUCCESS);
    EXPECT_EQ(first["attempt"].get_int64().get(attempt), simdjson::SUCCESS);
    EXPECT_EQ(stage, 0);
    EXPECT_EQ(attempt, 0);
  }
  EXPECT_TRUE(found);
}

TEST(FindingsCommand, FailOnGivesExitOneOnlyWhenASeverityIsReached) {
  EXPECT_EQ(RunCommand(CliCommand({"findings", kJdbcLog, "--fail-on", "warning"})).exit_code, 1);
  EXPECT_EQ(RunCommand(CliCommand({"findings", kJdbcLog, "--fail-on", "critical"})).exit_code, 0);
  EXPECT_EQ(RunCommand(CliCommand({"findings", kJdbcLog})).exit_code, 0);
  const std::string failed = kCorpus + "/rapids-tools/qualification/complex_dec_eventlog.zstd";
  EXPECT_EQ(RunCommand(CliCommand({"findings", failed, "--fail-on", "critical"})).exit_code, 1);
  EXPECT_EQ(RunCommand(CliCommand({"findings", kJdbcLog, "--fail-on", "severe"})).exit_code, 2);
}

TEST(FindingsCommand, TextListsEachFindingWithItsFix) {
  const conformance::CommandResult result = RunCommand(CliCommand({"findings", kJdbcLog}));
  ASSERT_EQ(result.exit_code, 0);
  EXPECT_NE(result.output.find("[info] one-task-stage: Stage 0.0"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("fix: Read the table in parallel"), std::string::npos);
}

}  // namespace afterglow::findings_command_test
