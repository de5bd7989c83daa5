// /stages?withSummaries=true (docs/SPARK-SEMANTICS.md fact 34; AppStatusStore.stageList ->
// newStageData): each stage gets `taskMetricsDistributions` = its taskSummary for the sorted
// quantiles (absent when that would be 404) and `executorMetricsDistributions` over its executor
// summaries (absent when it has none), each checked here against the stage's own taskSummary and
// details answers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "core/load/load_path.h"
#include "core/session.h"
#include "simdjson.h"
#include "tests/conformance/json_compare.h"

namespace afterglow {
namespace with_summaries_test {

namespace fs = std::filesystem;

int64_t IntOf(simdjson::dom::element e, const char* key) {
  int64_t v = -1;
  return e[key].get_int64().get(v) == simdjson::SUCCESS ? v : -1;
}

std::vector<double> DoublesOf(simdjson::dom::element e, const char* key) {
  std::vector<double> out;
  simdjson::dom::array array;
  if (e[key].get_array().get(array) != simdjson::SUCCESS) return out;
  for (simdjson::dom::element v : array) {
    double d = 0;
    if (v.get_double().get(d) == simdjson::SUCCESS) out.push_back(d);
  }
  return out;
}

void CheckLog(const std::string& log) {
  Session session;
  std::string error;
  ASSERT_TRUE(LoadPath(session, (fs::path(AFTERGLOW_CORPUS_DIR) / log).string(), &error)) << error;
  const std::vector<AttemptSummary> summaries = session.Summaries();
  ASSERT_FALSE(summaries.empty());
  std::string app = "/api/v1/applications/" + summaries.front().app_id + "/";
  if (!summaries.front().attempt_id.empty()) app += summaries.front().attempt_id + "/";

  const ApiResponse list = session.Api(app + "stages?withSummaries=true&quantiles=0.5,0.0,1.0");
  ASSERT_EQ(list.status, 200) << list.body;
  simdjson::dom::parser list_parser;
  simdjson::dom::array stages;
  ASSERT_EQ(list_parser.parse(list.body).get_array().get(stages), simdjson::SUCCESS);
  size_t with_tasks = 0, with_executors = 0;
  for (simdjson::dom::element stage : stages) {
    const std::string key =
        std::to_string(IntOf(stage, "stageId")) + "/" + std::to_string(IntOf(stage, "attemptId"));
    EXPECT_TRUE(stage["tasks"].error() != simdjson::SUCCESS) << "no details unless asked";

    // taskMetricsDistributions == taskSummary with the same quantiles, sorted.
    const ApiResponse summary =
        session.Api(app + "stages/" + key + "/taskSummary?quantiles=0.0,0.5,1.0");
    simdjson::dom::element distributions;
    const bool has = stage["taskMetricsDistributions"].get(distributions) == simdjson::SUCCESS;
    EXPECT_EQ(has, summary.status == 200) << key;
    if (has && summary.status == 200) {
      ++with_tasks;
      simdjson::dom::parser summary_parser;
      simdjson::dom::element expected;
      ASSERT_EQ(summary_parser.parse(summary.body).get(expected), simdjson::SUCCESS);
      EXPECT_EQ(conformance::JsonDifference(distributions, expected), "") << key;
    }

    // executorMetricsDistributions from the details' executorSummary, by docs/SPARK-SEMANTICS.md
    // fact 56's index rule.
    simdjson::dom::parser details_parser;
    simdjson::dom::element details;
    const ApiResponse one = session.Api(app + "stages/" + key + "?details=true");
    ASSERT_EQ(one.status, 200);
    ASSERT_EQ(details_parser.parse(one.body).get(details), simdjson::SUCCESS);
    simdjson::dom::object executors;
    ASSERT_EQ(details["executorSummary"].get_object().get(executors), simdjson::SUCCESS);
    simdjson::dom::element executor_distributions;
    const bool has_executors =
        stage["executorMetricsDistributions"].get(executor_distributions) == simdjson::SUCCESS;
    EXPECT_EQ(has_executors, executors.size() > 0) << key;
    if (!has_executors) continue;
    ++with_executors;
    EXPECT_EQ(DoublesOf(executor_distributions, "quantiles"),
              (std::vector<double>{0.0, 0.5, 1.0}));
    std::vector<double> task_times;
    for (auto field : executors) {
      task_times.push_back(static_cast<double>(IntOf(field.value, "taskTime")));
    }
    std::sort(task_times.begin(), task_times.end());
    std::vector<double> want;
    for (double q : {0.0, 0.5, 1.0}) {
      const int64_t n = static_cast<int64_t>(task_times.size());
      want.push_back(task_times[std::min<int64_t>(static_cast<int64_t>(q * n), n - 1)]);
    }
    EXPECT_EQ(DoublesOf(executor_distributions, "taskTime"), want) << key;
  }
  EXPECT_GT(with_tasks, 0u) << log;
  EXPECT_GT(with_executors, 0u) << log;

  // The quantiles are parsed even when nothing uses them.
  EXPECT_EQ(session.Api(app + "stages?quantiles=abc").status, 400);
}

TEST(WithSummaries, StageListMatchesEachStagesSummaryAndExecutorSummaries) {
  CheckLog("spark/spark-events/application_1553914137147_0018");
  CheckLog("spark/sql-events/local-1596020211915");
}

}  // namespace with_summaries_test
}  // namespace afterglow
