// The Executors page's model: its rows are the CLI's /allexecutors answer (same ids, same order,
// same numbers) for logs with dead, GC-heavy and many executors; the Active / Dead / Total summary
// is the sum of those rows; the red Task Time rule is Spark's; sorting, filtering and the TSV.
#include "ui/pages/executors/executors_model.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "simdjson.h"
#include "tests/conformance/cli_run.h"
#include "tests/ui/headless_ui.h"
#include "tests/support/api_app_base.h"

namespace afterglow::ui {
namespace executors_model_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

std::string CliApi(const std::string& log, const std::string& path) {
  const conformance::CommandResult result =
      conformance::RunCommand(conformance::CliCommand({"api", log, path}));
  EXPECT_EQ(result.exit_code, 0) << path;
  return result.output;
}

int64_t IntField(simdjson::dom::element object, const char* key) {
  int64_t value = 0;
  EXPECT_EQ(object[key].get_int64().get(value), simdjson::SUCCESS) << key;
  return value;
}

std::string StringField(simdjson::dom::element object, const char* key) {
  std::string_view text;
  if (object[key].get_string().get(text) != simdjson::SUCCESS) return "";
  return std::string(text);
}

class ExecutorsModelRows : public ::testing::TestWithParam<const char*> {};

TEST_P(ExecutorsModelRows, RowsAreTheAllExecutorsAnswer) {
  testing::HeadlessUi ui;
  const std::string log = kCorpus + "/" + GetParam();
  ASSERT_EQ(ui.Load(log), "");
  const ExecutorsTableModel& model = ui.state().executors;
  ASSERT_TRUE(model.error.empty()) << model.error;
  const std::string json = CliApi(log, ApiAppBase(*ui.state().SelectedApp()) + "/allexecutors");
  simdjson::dom::parser parser;
  simdjson::dom::array executors;
  ASSERT_EQ(parser.parse(json).get_array().get(executors), simdjson::SUCCESS);
  ASSERT_EQ(model.rows.size(), executors.size());
  ASSERT_GE(model.rows.size(), 2u);
  int64_t active = 0, dead = 0, total_tasks = 0, dead_tasks = 0, gc_heavy = 0;
  size_t i = 0;
  for (simdjson::dom::element e : executors) {
    const ExecutorRow& row = model.rows[i++];
    SCOPED_TRACE(row.id);
    EXPECT_EQ(row.id, StringField(e, "id"));
    EXPECT_EQ(row.address, StringField(e, "hostPort"));
    bool is_active = false;
    ASSERT_EQ(e["isActive"].get_bool().get(is_active), simdjson::SUCCESS);
    EXPECT_EQ(row.active, is_active);
    EXPECT_EQ(row.rdd_blocks, IntField(e, "rddBlocks"));
    EXPECT_EQ(row.memory_used, IntField(e, "memoryUsed"));
    EXPECT_EQ(row.max_memory, IntField(e, "maxMemory"));
    EXPECT_EQ(row.disk_used, IntField(e, "diskUsed"));
    EXPECT_EQ(row.cores, IntField(e, "totalCores"));
    EXPECT_EQ(row.active_tasks, IntField(e, "activeTasks"));
    EXPECT_EQ(row.failed_tasks, IntField(e, "failedTasks"));
    EXPECT_EQ(row.completed_tasks, IntField(e, "completedTasks"));
    EXPECT_EQ(row.total_tasks, IntField(e, "totalTasks"));
    EXPECT_EQ(row.total_duration_ms, IntField(e, "totalDuration"));
    EXPECT_EQ(row.total_gc_ms, IntField(e, "totalGCTime"));
    EXPECT_EQ(row.input_bytes, IntField(e, "totalInputBytes"));
    EXPECT_EQ(row.shuffle_read_bytes, IntField(e, "totalShuffleRead"));
    EXPECT_EQ(row.shuffle_write_bytes, IntField(e, "totalShuffleWrite"));
    EXPECT_EQ(row.remove_reason, StringField(e, "removeReason"));
    EXPECT_EQ(row.remove_ms >= 0, !StringField(e, "removeTime").empty());
    // executorspage.js: red when totalGCTime > 0.1 * totalDuration.
    const bool red = IntField(e, "totalGCTime") * 10 > IntField(e, "totalDuration");
    EXPECT_EQ(row.gc_heavy, red);
    gc_heavy += red;
    (is_active ? active : dead) += 1;
    total_tasks += IntField(e, "totalTasks");
    if (!is_active) dead_tasks += IntField(e, "totalTasks");
  }
  EXPECT_EQ(model.active.count, active);
  EXPECT_EQ(model.dead.count, dead);
  EXPECT_EQ(model.total.count, active + dead);
  EXPECT_EQ(model.total.total_tasks, total_tasks);
  EXPECT_EQ(model.dead.total_tasks, dead_tasks);
  EXPECT_EQ(model.active.total_tasks + model.dead.total_tasks, model.total.total_tasks);

  // describe() names the red rows.
  Navigate(ui.state(), {ViewId::kExecutors});
  ui.Draw();
  simdjson::dom::parser described_parser;
  const std::string described = ui.DescribeView();
  simdjson::dom::element state;
  ASSERT_EQ(described_parser.parse(described).get(state), simdjson::SUCCESS) << described;
  simdjson::dom::array red_ids;
  ASSERT_EQ(state["gcHeavy"].get_array().get(red_ids), simdjson::SUCCESS);
  EXPECT_EQ(static_cast<int64_t>(red_ids.size()), gc_heavy);
  EXPECT_EQ(IntField(state, "active"), active);
  EXPECT_EQ(IntField(state, "dead"), dead);
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, ExecutorsModelRows,
    ::testing::Values("rapids-tools/profiling/tasks_executors_fail_compressed_eventlog.zstd",
                      "rapids-tools/profiling/rp_sql_eventlog.zstd",
                      "spark/spark-events/application_1628109047826_1317105",
                      "spark/spark-events/application_1553914137147_0018"));

TEST(ExecutorsModel, GcHeavyRowsOfAKnownLog) {
  // Executors 7 and 8 spent 2200 of 16679 ms and 2291 of 20457 ms in GC (13 % and 11 %).
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/rapids-tools/profiling/rp_sql_eventlog.zstd"), "");
  std::vector<std::string> red;
  for (const ExecutorRow& row : ui.state().executors.rows) {
    if (row.gc_heavy) red.push_back(row.id);
  }
  EXPECT_EQ(red, (std::vector<std::string>{"7", "8"}));
}

TEST(ExecutorsModel, SortFilterAndTsv) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/rapids-tools/profiling/tasks_executors_fail_compressed_eventlog.zstd"),
            "");
  ExecutorsTableModel& model = ui.state().executors;
  ASSERT_GE(model.rows.size(), 3u);

  model.Sort(ExecutorColumn::kId, true);
  EXPECT_EQ(model.rows[model.order.front()].id, "driver");
  for (size_t i = 1; i + 1 < model.order.size(); ++i) {
    EXPECT_LT(std::stoll(model.rows[model.order[i]].id), std::stoll(model.rows[model.order[i + 1]].id));
  }

  model.Sort(ExecutorColumn::kTaskTime, false);
  for (size_t i = 0; i + 1 < model.order.size(); ++i) {
    EXPECT_GE(model.rows[model.order[i]].total_duration_ms,
              model.rows[model.order[i + 1]].total_duration_ms);
  }

  model.Filter("DEAD");
  ASSERT_EQ(model.order.size(), 2u);  // executors 1 and 2 ("Executor Process Lost")
  for (uint32_t i : model.order) EXPECT_FALSE(model.rows[i].active);
  // The filter keeps the sort order.
  EXPECT_GE(model.rows[model.order[0]].total_duration_ms, model.rows[model.order[1]].total_duration_ms);
  const std::string tsv = model.Tsv();
  EXPECT_EQ(std::count(tsv.begin(), tsv.end(), '\n'), 3);  // header + the two filtered rows
  EXPECT_NE(tsv.find("Executor Process Lost"), std::string::npos);

  model.Filter("process lost");  // the remove reason is searched too
  EXPECT_EQ(model.order.size(), 2u);
  model.Filter("");
  EXPECT_EQ(model.order.size(), model.rows.size());
}

TEST(ExecutorsModel, IdOrderPutsTheDriverFirstAndNumbersByValue) {
  EXPECT_TRUE(ExecutorIdLess("driver", "0"));
  EXPECT_TRUE(ExecutorIdLess("9", "10"));
  EXPECT_FALSE(ExecutorIdLess("10", "9"));
  EXPECT_FALSE(ExecutorIdLess("3", "3"));
}

}  // namespace executors_model_test
}  // namespace afterglow::ui
