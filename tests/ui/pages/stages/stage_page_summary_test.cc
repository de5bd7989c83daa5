// The stage page's model against the History Server's answers from the same session: the
// summary table's quantiles equal taskSummary?quantiles=0,0.25,0.5,0.75,1.0 for every stage
// attempt of the corpus logs, the rows shown follow stagepage.js's conditions on the stage's
// totals, and the executor table equals the stage's executorSummary. Also the skew rule on
// hand-built numbers.
#include "ui/pages/stages/stage_page_model.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "simdjson.h"
#include "tests/support/api_json.h"
#include "tests/ui/headless_ui.h"
#include "tests/support/api_app_base.h"
#include "ui/pages/stages/stages_table_model.h"

namespace afterglow::ui {
namespace stage_page_summary_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

using namespace test_support;  // the API JSON readers (tests/support/api_json.h)

// The taskSummary fields behind each row label of Spark's summary table (stagepage.js), written
// out here rather than taken from the model so a wrong mapping there fails.
const std::map<std::string, std::pair<const char*, const char*>> kRowFields = {
    {"Duration", {"/executorRunTime", nullptr}},
    {"Scheduler Delay", {"/schedulerDelay", nullptr}},
    {"Task Deserialization Time", {"/executorDeserializeTime", nullptr}},
    {"GC Time", {"/jvmGcTime", nullptr}},
    {"Result Serialization Time", {"/resultSerializationTime", nullptr}},
    {"Getting Result Time", {"/gettingResultTime", nullptr}},
    {"Peak Execution Memory", {"/peakExecutionMemory", nullptr}},
    {"Input Size / Records", {"/inputMetrics/bytesRead", "/inputMetrics/recordsRead"}},
    {"Output Size / Records", {"/outputMetrics/bytesWritten", "/outputMetrics/recordsWritten"}},
    {"Shuffle Read Size / Records",
     {"/shuffleReadMetrics/readBytes", "/shuffleReadMetrics/readRecords"}},
    {"Shuffle Read Fetch Wait Time", {"/shuffleReadMetrics/fetchWaitTime", nullptr}},
    {"Shuffle Remote Reads", {"/shuffleReadMetrics/remoteBytesRead", nullptr}},
    {"Shuffle Write Size / Records",
     {"/shuffleWriteMetrics/writeBytes", "/shuffleWriteMetrics/writeRecords"}},
    {"Shuffle Write Time", {"/shuffleWriteMetrics/writeTime", nullptr}},
    {"Spill (Memory)", {"/memoryBytesSpilled", nullptr}},
    {"Spill (Disk)", {"/diskBytesSpilled", nullptr}},
};

void ExpectFive(simdjson::dom::element answer, const char* pointer,
                const std::array<double, 5>& values, const std::string& where) {
  simdjson::dom::array expected;
  ASSERT_EQ(answer.at_pointer(pointer).get_array().get(expected), simdjson::SUCCESS)
      << where << pointer;
  ASSERT_EQ(expected.size(), 5u) << where << pointer;
  size_t i = 0;
  for (simdjson::dom::element v : expected) {
    double d = 0;
    ASSERT_EQ(v.get_double().get(d), simdjson::SUCCESS);
    EXPECT_EQ(values[i], d) << where << pointer << " quantile " << i;
    ++i;
  }
}

int64_t Int(simdjson::dom::element object, const char* key) {
  int64_t value = 0;
  return object[key].get_int64().get(value) == simdjson::SUCCESS ? value : 0;
}

class StagePageSummary : public ::testing::TestWithParam<const char*> {};

TEST_P(StagePageSummary, EveryStageAttemptEqualsTheTaskSummaryEndpoint) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/" + GetParam()), "");
  const AppState& state = ui.state();
  const AttemptModel& model = *state.SelectedModel();
  const std::string prefix = ApiAppBase(*state.SelectedApp());
  simdjson::dom::parser parser, stage_parser;
  size_t pages = 0, rows_compared = 0;
  for (const auto& [key, object] : model.stage_rows) {
    const std::string where = "stage " + std::to_string(key.first) + "/" +
                              std::to_string(key.second) + " ";
    StagePageModel page;
    page.Build(model, *state.Strings(), key.first, key.second);
    ASSERT_TRUE(page.found) << where << page.error;
    ++pages;
    // Which rows show: stagepage.js's conditions on the stage's own totals.
    const ApiResponse stage_answer = ui.session().Api(
        prefix + "/stages/" + std::to_string(key.first) + "/" + std::to_string(key.second) +
        "?details=false");
    ASSERT_EQ(stage_answer.status, 200) << where;
    simdjson::dom::element stage = ElementOf(stage_parser, stage_answer.body);
    std::map<std::string, bool> expected_rows;
    for (const auto& [label, fields] : kRowFields) expected_rows[label] = true;
    const bool input = Int(stage, "inputBytes") > 0, output = Int(stage, "outputBytes") > 0;
    const bool read = Int(stage, "shuffleReadBytes") > 0;
    const bool write = Int(stage, "shuffleWriteBytes") > 0;
    const bool spill = Int(stage, "memoryBytesSpilled") > 0 || Int(stage, "diskBytesSpilled") > 0;
    expected_rows["Input Size / Records"] = input;
    expected_rows["Output Size / Records"] = output;
    expected_rows["Shuffle Read Size / Records"] = expected_rows["Shuffle Read Fetch Wait Time"] =
        expected_rows["Shuffle Remote Reads"] = read;
    expected_rows["Shuffle Write Size / Records"] = expected_rows["Shuffle Write Time"] = write;
    expected_rows["Spill (Memory)"] = expected_rows["Spill (Disk)"] = spill;

    const ApiResponse answer = ui.session().Api(
        prefix + "/stages/" + std::to_string(key.first) + "/" + std::to_string(key.second) +
        "/taskSummary?quantiles=0,0.25,0.5,0.75,1.0");
    if (answer.status == 404) {
      EXPECT_FALSE(page.has_summary) << where;
      EXPECT_TRUE(page.summary.empty()) << where;
      continue;
    }
    ASSERT_EQ(answer.status, 200) << where << answer.body;
    ASSERT_TRUE(page.has_summary) << where;
    simdjson::dom::element summary = ElementOf(parser, answer.body);
    size_t shown = 0;
    for (const auto& [label, on] : expected_rows) shown += on;
    EXPECT_EQ(page.summary.size(), shown) << where;
    for (const SummaryRow& row : page.summary) {
      auto fields = kRowFields.find(row.label);
      ASSERT_NE(fields, kRowFields.end()) << where << row.label;
      EXPECT_TRUE(expected_rows[row.label]) << where << row.label << " shown without data";
      ExpectFive(summary, fields->second.first, row.values, where);
      if (fields->second.second != nullptr) {
        ExpectFive(summary, fields->second.second, row.records, where);
      }
      ++rows_compared;
    }
    // The histogram bins the Duration row's tasks: its first bin holds the min, its last the max.
    const SummaryRow* duration = page.FindSummary(SummaryField::kExecutorRunTime);
    ASSERT_NE(duration, nullptr) << where;
    const ValueHistogram& h = page.duration_histogram;
    ASSERT_FALSE(h.counts.empty()) << where;
    EXPECT_LE(h.counts.size(), kDurationHistogramBins) << where;
    EXPECT_EQ(h.BinOf(static_cast<int64_t>(duration->values[0])), 0) << where;
    EXPECT_EQ(h.BinOf(static_cast<int64_t>(duration->values[4])),
              static_cast<int64_t>(h.counts.size()) - 1) << where;
    EXPECT_GT(h.counts.front(), 0u) << where;
    EXPECT_GT(h.counts.back(), 0u) << where;
    EXPECT_EQ(page.duration_bin_edges.size(), h.counts.size() + 1) << where;
  }
  EXPECT_EQ(pages, model.stage_rows.size());  // every stage attempt was compared
  EXPECT_GT(pages, 0u);
  EXPECT_GT(rows_compared, pages * 5);
}

TEST_P(StagePageSummary, ExecutorTableEqualsTheStageExecutorSummary) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/" + GetParam()), "");
  const AppState& state = ui.state();
  const AttemptModel& model = *state.SelectedModel();
  const std::string prefix = ApiAppBase(*state.SelectedApp());
  simdjson::dom::parser parser;
  size_t compared = 0;
  for (const auto& [key, object] : model.stage_rows) {
    const std::string where = "stage " + std::to_string(key.first) + "/" +
                              std::to_string(key.second) + " ";
    StagePageModel page;
    page.Build(model, *state.Strings(), key.first, key.second);
    // The plain stage-attempt answer: details on, every task included.
    const ApiResponse answer = ui.session().Api(prefix + "/stages/" + std::to_string(key.first) +
                                                "/" + std::to_string(key.second));
    ASSERT_EQ(answer.status, 200) << where;
    simdjson::dom::element stage = ElementOf(parser, answer.body);
    simdjson::dom::object executors = ObjectOf(stage["executorSummary"]);
    EXPECT_EQ(page.executors.size(), executors.size()) << where;
    for (const ExecutorSummaryRow& row : page.executors) {
      simdjson::dom::element e;
      ASSERT_EQ(executors[row.executor_id].get(e), simdjson::SUCCESS) << where << row.executor_id;
      EXPECT_EQ(row.task_time_ms, Int(e, "taskTime")) << where;
      EXPECT_EQ(row.failed_tasks, Int(e, "failedTasks")) << where;
      EXPECT_EQ(row.killed_tasks, Int(e, "killedTasks")) << where;
      EXPECT_EQ(row.succeeded_tasks, Int(e, "succeededTasks")) << where;
      EXPECT_EQ(row.input_bytes, Int(e, "inputBytes")) << where;
      EXPECT_EQ(row.output_bytes, Int(e, "outputBytes")) << where;
      EXPECT_EQ(row.shuffle_read_bytes, Int(e, "shuffleRead")) << where;
      EXPECT_EQ(row.shuffle_write_bytes, Int(e, "shuffleWrite")) << where;
      EXPECT_EQ(row.memory_spilled, Int(e, "memoryBytesSpilled")) << where;
      EXPECT_EQ(row.disk_spilled, Int(e, "diskBytesSpilled")) << where;
      bool excluded = false;
      if (e["isExcludedForStage"].get_bool().get(excluded) != simdjson::SUCCESS) excluded = false;
      EXPECT_EQ(row.excluded, excluded) << where;
      ++compared;
    }
    // Every task attempt of the stage is in the task table.
    simdjson::dom::object tasks = ObjectOf(stage["tasks"]);
    EXPECT_EQ(page.tasks.order.size(), tasks.size()) << where;
    EXPECT_EQ(page.tasks.shown.size(), tasks.size()) << where;
    EXPECT_EQ(page.num_tasks, static_cast<uint32_t>(Int(stage, "numTasks"))) << where;
  }
  EXPECT_GT(compared, 0u);
}

// The small logs only for the full-details comparison; the summary test also runs the GPU log.
INSTANTIATE_TEST_SUITE_P(Corpus, StagePageSummary,
                         ::testing::Values("spark/sql-events/local-1596020211915",
                                           "spark/spark-events/application_1553914137147_0018",
                                           "rapids-tools/profiling/nds_q66_gpu.zstd"));

TEST(StagePageModel, LatestAttemptAndUnknownStage) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/spark/spark-events/application_1553914137147_0018"), "");
  const AppState& state = ui.state();
  const AttemptModel& model = *state.SelectedModel();
  // The stage with the most attempts: -1 must resolve to its highest attempt id.
  std::map<int32_t, int32_t> latest;
  for (const auto& [key, object] : model.stage_rows) latest[key.first] = key.second;
  for (const auto& [stage_id, attempt] : latest) {
    StagePageModel page;
    page.Build(model, *state.Strings(), stage_id, -1);
    ASSERT_TRUE(page.found);
    EXPECT_EQ(page.attempt_id, attempt);
    EXPECT_EQ(page.attempts.back(), attempt);
  }
  StagePageModel missing;
  missing.Build(model, *state.Strings(), 987654, 0);
  EXPECT_FALSE(missing.found);
  EXPECT_FALSE(missing.error.empty());
}

}  // namespace stage_page_summary_test
}  // namespace afterglow::ui
