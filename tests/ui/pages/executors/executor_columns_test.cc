// The Executors page's peak memory, GC and log columns against /allexecutors of the same log
// (peakMemoryMetrics and executorLogs), and the decommissioned status of an executor removed by
// Spark's ExecutorDecommission reason (a log written here: the corpus has no decommissioning).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "core/events/executor_metrics.h"
#include "simdjson.h"
#include "tests/support/api_app_base.h"
#include "tests/support/api_json.h"
#include "tests/support/unique_temp_path.h"
#include "tests/ui/headless_ui.h"
#include "ui/pages/executors/executors_model.h"

namespace afterglow::ui {
namespace executor_columns_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

using namespace test_support;  // the API JSON readers (tests/support/api_json.h)

class ExecutorColumns : public ::testing::TestWithParam<const char*> {};

TEST_P(ExecutorColumns, PeaksAndLogsAreTheAllExecutorsAnswer) {
  testing::HeadlessUi ui;
  const std::string log = kCorpus + "/" + GetParam();
  ASSERT_EQ(ui.Load(log), "");
  const ExecutorsTableModel& model = ui.state().executors;
  const ApiResponse answer = ui.session().Api(ApiAppBase(*ui.state().SelectedApp()) + "/allexecutors");
  ASSERT_EQ(answer.status, 200);
  simdjson::dom::parser parser;
  simdjson::dom::array executors = ArrayOf(parser, answer.body);
  ASSERT_EQ(model.rows.size(), executors.size());
  size_t i = 0, with_peaks = 0, with_logs = 0, with_gc = 0;
  for (simdjson::dom::element e : executors) {
    const ExecutorRow& row = model.rows[i++];
    SCOPED_TRACE(row.id);
    simdjson::dom::element peaks;
    if (e["peakMemoryMetrics"].get(peaks) == simdjson::SUCCESS) {
      ++with_peaks;
      for (size_t metric : kShownPeaks) {
        const std::string name(kExecutorMetricNames[metric]);
        EXPECT_EQ(row.peaks[metric], IntField(peaks, name.c_str())) << name;
      }
      with_gc += row.peaks[kPeakMinorGcCount] > 0;
    } else {
      for (size_t metric : kShownPeaks) EXPECT_EQ(row.peaks[metric], -1);
    }
    std::vector<std::pair<std::string, std::string>> api_logs;
    for (auto [name, url] : ObjectOf(e["executorLogs"])) {
      std::string_view text;
      EXPECT_EQ(url.get_string().get(text), simdjson::SUCCESS);
      api_logs.emplace_back(std::string(name), std::string(text));
    }
    EXPECT_EQ(row.logs, api_logs);
    with_logs += !api_logs.empty();
    EXPECT_FALSE(row.decommissioned);
  }
  EXPECT_GT(with_logs, 0u);
  if (model.has_peak_metrics) {
    EXPECT_GT(with_peaks, 0u);
    EXPECT_GT(with_gc, 0u);  // GC counts come from the executor metrics
  }
  // The TSV carries the new columns.
  const std::string tsv = model.Tsv();
  EXPECT_NE(tsv.find("Peak Direct Pool (bytes)"), std::string::npos);
  EXPECT_NE(tsv.find("Major GC Time (ms)"), std::string::npos);
  EXPECT_NE(tsv.find("stdout="), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Corpus, ExecutorColumns,
                         ::testing::Values("spark/spark-events/app-20200706201101-0003",
                                           "spark/spark-events/application_1553914137147_0018"));

TEST(ExecutorColumns, PeakColumnsShowWhenTheLogHasExecutorMetrics) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/spark/spark-events/app-20200706201101-0003"), "");
  EXPECT_TRUE(ui.state().executors.has_peak_metrics);
}

// Executor 1 is decommissioned (Spark 3.2's reason text), executor 2 is lost.
std::string DecommissionLog() {
  std::string log;
  log += R"({"Event":"SparkListenerApplicationStart","App Name":"a","App ID":"app-d","Timestamp":1000,"User":"u"})" "\n";
  for (const char* id : {"1", "2"}) {
    log += std::string(R"({"Event":"SparkListenerExecutorAdded","Timestamp":1100,"Executor ID":")") +
           id + R"(","Executor Info":{"Host":"h)" + id +
           R"(","Total Cores":2,"Log Urls":{"stdout":"http://h/out"}}})" "\n";
  }
  log += R"({"Event":"SparkListenerExecutorRemoved","Timestamp":2000,"Executor ID":"1","Removed Reason":"Executor decommission: spot instance reclaimed"})" "\n";
  log += R"({"Event":"SparkListenerExecutorRemoved","Timestamp":2100,"Executor ID":"2","Removed Reason":"Executor Process Lost"})" "\n";
  log += R"({"Event":"SparkListenerApplicationEnd","Timestamp":3000})" "\n";
  return log;
}

TEST(ExecutorColumns, DecommissionedExecutorSaysSo) {
  const std::filesystem::path path =
      test_support::UniqueTempPath("afterglow-executor-decommission-test.log");
  { std::ofstream(path) << DecommissionLog(); }
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(path.string()), "");
  std::filesystem::remove(path);
  const ExecutorsTableModel& model = ui.state().executors;
  std::vector<std::pair<std::string, std::string>> statuses;
  for (const ExecutorRow& row : model.rows) {
    if (row.id != "driver") statuses.emplace_back(row.id, row.status);
  }
  EXPECT_EQ(statuses, (std::vector<std::pair<std::string, std::string>>{
                          {"1", "Decommissioned"}, {"2", "Dead"}}));
}

}  // namespace executor_columns_test
}  // namespace afterglow::ui
