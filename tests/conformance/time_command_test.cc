// `afterglow time PATH [--json]` on a corpus log: the JSON holds the "sparklens" object with
// exactly the names Sparklens users know, its estimates at Sparklens' percentages (rows with no
// executor left out), Afterglow's own figures beside it, and the text form prints the same
// figures. The figures themselves are pinned by tests/core/analysis/time/.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "simdjson.h"
#include "tests/conformance/cli_run.h"

namespace afterglow::conformance {
namespace time_command_test {

namespace fs = std::filesystem;

const std::string kLog =
    (fs::path(AFTERGLOW_CORPUS_DIR) / "spark/spark-events/application_1553914137147_0018").string();

std::set<std::string> Keys(simdjson::dom::object object) {
  std::set<std::string> keys;
  for (auto field : object) keys.insert(std::string(field.key));
  return keys;
}

TEST(TimeCommand, JsonHoldsSparklensFiguresUnderTheirNames) {
  const CommandResult run = RunCommand(CliCommand({"time", kLog, "--json"}));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  ASSERT_EQ(parser.parse(run.output).get(root), simdjson::SUCCESS) << run.output.substr(0, 300);
  simdjson::dom::object sparklens;
  ASSERT_EQ(root["sparklens"].get_object().get(sparklens), simdjson::SUCCESS);
  EXPECT_EQ(Keys(sparklens),
            (std::set<std::string>{"driverWallClockMs", "executorWallClockMs",
                                   "criticalPathAppTimeMs", "idealAppTimeMs",
                                   "clusterUtilizationPct", "modelEstimateMs", "estimates",
                                   "stages"}));
  simdjson::dom::array estimates;
  ASSERT_EQ(sparklens["estimates"].get_array().get(estimates), simdjson::SUCCESS);
  ASSERT_GT(estimates.size(), 0u);
  const std::set<int64_t> percents = {10, 20, 50, 80, 100, 110, 120, 150, 200, 300, 400, 500};
  int64_t last_percent = 0;
  for (simdjson::dom::element row : estimates) {
    simdjson::dom::object object;
    ASSERT_EQ(row.get_object().get(object), simdjson::SUCCESS);
    EXPECT_EQ(Keys(object), (std::set<std::string>{"percent", "executorCount", "estimatedTimeMs",
                                                   "estimatedClusterUtilizationPct"}));
    int64_t percent = 0, executors = 0;
    ASSERT_EQ(row["percent"].get_int64().get(percent), simdjson::SUCCESS);
    ASSERT_EQ(row["executorCount"].get_int64().get(executors), simdjson::SUCCESS);
    EXPECT_TRUE(percents.count(percent)) << percent;
    EXPECT_GT(percent, last_percent);
    EXPECT_GT(executors, 0);
    last_percent = percent;
  }
  simdjson::dom::array stages;
  ASSERT_EQ(sparklens["stages"].get_array().get(stages), simdjson::SUCCESS);
  ASSERT_GT(stages.size(), 0u);
  for (simdjson::dom::element row : stages) {
    simdjson::dom::object object;
    ASSERT_EQ(row.get_object().get(object), simdjson::SUCCESS);
    EXPECT_EQ(Keys(object),
              (std::set<std::string>{"stageId", "pRatio", "taskSkew",
                                     "oneCoreComputeMillisAvailable", "oneCoreComputeMillisUsed",
                                     "oneCoreComputeMillisWasted"}));
    int64_t available = 0, used = 0, wasted = 0;
    ASSERT_EQ(row["oneCoreComputeMillisAvailable"].get_int64().get(available), simdjson::SUCCESS);
    ASSERT_EQ(row["oneCoreComputeMillisUsed"].get_int64().get(used), simdjson::SUCCESS);
    ASSERT_EQ(row["oneCoreComputeMillisWasted"].get_int64().get(wasted), simdjson::SUCCESS);
    EXPECT_EQ(used + wasted, available);
  }
  // Afterglow's own figures: the driver's time and the job time add up to the wall-clock.
  int64_t wall = 0, driver = 0, jobs = 0;
  ASSERT_EQ(root["afterglow"]["wallClockMs"].get_int64().get(wall), simdjson::SUCCESS);
  ASSERT_EQ(root["afterglow"]["driverWallClockMs"].get_int64().get(driver), simdjson::SUCCESS);
  ASSERT_EQ(root["afterglow"]["jobWallClockMs"].get_int64().get(jobs), simdjson::SUCCESS);
  EXPECT_GT(wall, 0);
  EXPECT_EQ(driver + jobs, wall);
}

TEST(TimeCommand, TextPrintsTheSameFigures) {
  const CommandResult json = RunCommand(CliCommand({"time", kLog, "--json"}));
  const CommandResult text = RunCommand(CliCommand({"time", kLog}));
  ASSERT_EQ(text.exit_code, 0) << text.output;
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  ASSERT_EQ(parser.parse(json.output).get(root), simdjson::SUCCESS);
  int64_t critical = 0;
  ASSERT_EQ(root["sparklens"]["criticalPathAppTimeMs"].get_int64().get(critical), simdjson::SUCCESS);
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.3f s", static_cast<double>(critical) / 1000.0);
  EXPECT_NE(text.output.find("critical path (unlimited executors)"), std::string::npos);
  EXPECT_NE(text.output.find(seconds), std::string::npos) << text.output;
  EXPECT_NE(text.output.find("executor what-if"), std::string::npos);
}

TEST(TimeCommand, MissingPathIsAnError) {
  const CommandResult run = RunCommand(CliCommand({"time", "/nonexistent/afterglow-time-log"}));
  EXPECT_NE(run.exit_code, 0);
}

}  // namespace time_command_test
}  // namespace afterglow::conformance
