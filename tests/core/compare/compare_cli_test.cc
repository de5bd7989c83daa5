// `afterglow compare`: the JSON names the issue fixes, `PATH#<appId>` to pick one application
// of a log directory, and clear errors for what it cannot compare.
#include <gtest/gtest.h>

#include <string>

#include "simdjson.h"
#include "tests/conformance/cli_run.h"

namespace afterglow::compare_test::cli {
namespace {

using conformance::CliCommand;
using conformance::RunCommand;

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;
const std::string kDsv1 = kCorpus + "/rapids-tools/profiling/eventlog_dsv1.zstd";
const std::string kDsv2 = kCorpus + "/rapids-tools/profiling/eventlog_dsv2.zstd";

TEST(CompareCli, JsonHasTheNamedFields) {
  const conformance::CommandResult run = RunCommand(CliCommand({"compare", kDsv1, kDsv2, "--json"}));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  ASSERT_EQ(parser.parse(run.output).get(root), simdjson::SUCCESS) << run.output.substr(0, 200);
  std::string_view id;
  ASSERT_EQ(root["a"]["id"].get_string().get(id), simdjson::SUCCESS);
  EXPECT_EQ(id, "local-1624371544219");
  ASSERT_EQ(root["b"]["name"].get_string().get(id), simdjson::SUCCESS);
  EXPECT_EQ(id, "Spark shell");
  for (const char* metric : {"durationMs", "taskTimeMs", "tasks", "stages", "jobs", "inputBytes",
                             "outputBytes", "shuffleReadBytes", "shuffleWriteBytes",
                             "memorySpilledBytes", "diskSpilledBytes", "gcTimeMs", "failedTasks"}) {
    int64_t a = -1, b = -1;
    EXPECT_EQ(root["app"][metric]["a"].get_int64().get(a), simdjson::SUCCESS) << metric;
    EXPECT_EQ(root["app"][metric]["b"].get_int64().get(b), simdjson::SUCCESS) << metric;
  }
  int64_t tasks = 0;
  ASSERT_EQ(root["app"]["tasks"]["a"].get_int64().get(tasks), simdjson::SUCCESS);
  EXPECT_EQ(tasks, 31);
  simdjson::dom::array sql, jobs, stages, config;
  ASSERT_EQ(root["sql"].get_array().get(sql), simdjson::SUCCESS);
  ASSERT_EQ(root["jobs"].get_array().get(jobs), simdjson::SUCCESS);
  ASSERT_EQ(root["stages"].get_array().get(stages), simdjson::SUCCESS);
  ASSERT_EQ(root["config"].get_array().get(config), simdjson::SUCCESS);
  EXPECT_EQ(sql.size(), 9u);
  size_t only_b = 0;
  for (simdjson::dom::element row : sql) {
    only_b += row["a"].is_null();
    std::string_view description;
    EXPECT_EQ(row["description"].get_string().get(description), simdjson::SUCCESS);
    EXPECT_EQ(row["durationMs"]["b"].is_int64(), true);
  }
  EXPECT_EQ(only_b, 2u);
  EXPECT_EQ(jobs.size(), 9u);
  for (simdjson::dom::element row : stages) {
    simdjson::dom::array a;
    ASSERT_EQ(row["a"].get_array().get(a), simdjson::SUCCESS);
    EXPECT_EQ(a.size(), 2u);  // [stageId, attempt]
    int64_t n = 0;
    EXPECT_EQ(row["tasks"]["a"].get_int64().get(n), simdjson::SUCCESS);
  }
  for (simdjson::dom::element row : config) {
    std::string_view key;
    EXPECT_EQ(row["key"].get_string().get(key), simdjson::SUCCESS);
  }
  for (const char* list : {"onlyA", "onlyB", "both"}) {
    simdjson::dom::array findings;
    EXPECT_EQ(root["findings"][list].get_array().get(findings), simdjson::SUCCESS) << list;
  }
}

TEST(CompareCli, HashPicksOneApplicationOfADirectory) {
  const std::string dir = kCorpus + "/spark/spark-events";
  const conformance::CommandResult several = RunCommand(CliCommand({"compare", dir, kDsv1}) + " 2>&1");
  EXPECT_EQ(several.exit_code, 2);
  EXPECT_NE(several.output.find("pick one with"), std::string::npos) << several.output;
  const conformance::CommandResult one = RunCommand(
      CliCommand({"compare", dir + "#local-1422981759269", dir + "#local-1422981780767", "--json"}));
  ASSERT_EQ(one.exit_code, 0) << one.output;
  EXPECT_NE(one.output.find("\"id\" : \"local-1422981759269\""), std::string::npos);
  EXPECT_NE(one.output.find("\"id\" : \"local-1422981780767\""), std::string::npos);
  const conformance::CommandResult missing =
      RunCommand(CliCommand({"compare", dir + "#no-such-app", kDsv1}) + " 2>&1");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.output.find("no application no-such-app"), std::string::npos) << missing.output;
}

TEST(CompareCli, TextNamesTheHeadlineAndTwoChosenQueries) {
  const conformance::CommandResult text = RunCommand(CliCommand({"compare", kDsv1, kDsv2}));
  ASSERT_EQ(text.exit_code, 0);
  EXPECT_NE(text.output.find("Headline: wall-clock -"), std::string::npos) << text.output;
  EXPECT_NE(text.output.find("Scan csv -> BatchScan"), std::string::npos);
  EXPECT_NE(text.output.find("(only in B)"), std::string::npos);
  const conformance::CommandResult chosen =
      RunCommand(CliCommand({"compare", kDsv1, kDsv1, "--sql", "1:3", "--json"}));
  ASSERT_EQ(chosen.exit_code, 0) << chosen.output;
  EXPECT_NE(chosen.output.find("\"scope\" : \"sqlExecutions\""), std::string::npos);
  const conformance::CommandResult bad = RunCommand(CliCommand({"compare", kDsv1}) + " 2>&1");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.output.find("A and B are needed"), std::string::npos);
}

}  // namespace
}  // namespace afterglow::compare_test::cli
