// The stage page's task table against the taskList endpoint of the same session: sorted by
// duration descending it lists the durations of sortBy=-runtime, sorted by task id it lists the
// tasks of sortBy=ID; the status filter keeps what status=... keeps; the search keeps the tasks
// of one executor; the cells are the API's values.
#include "ui/pages/stages/task_table_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>
#include <vector>

#include "simdjson.h"
#include "tests/support/api_json.h"
#include "tests/ui/headless_ui.h"
#include "tests/support/api_app_base.h"
#include "ui/pages/stages/stages_table_model.h"

namespace afterglow::ui {
namespace task_table_sort_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

using namespace test_support;  // the API JSON readers (tests/support/api_json.h)

struct Stage {
  int32_t id = 0, attempt = 0;
  const std::vector<uint32_t>* rows = nullptr;
};

// The stage attempt with the most task attempts.
Stage LargestStage(const AttemptModel& model) {
  Stage best;
  for (const auto& [key, rows] : model.stage_task_rows) {
    if (best.rows == nullptr || rows.size() > best.rows->size()) best = {key.first, key.second, &rows};
  }
  return best;
}

std::string TaskListPath(const AppState& state, const Stage& stage, const std::string& query) {
  return ApiAppBase(*state.SelectedApp()) + "/stages/" + std::to_string(stage.id) + "/" +
         std::to_string(stage.attempt) + "/taskList?length=1000000" + query;
}

int64_t RunTime(simdjson::dom::element task) {
  int64_t value = -1;
  if (task.at_pointer("/taskMetrics/executorRunTime").get_int64().get(value) != simdjson::SUCCESS) {
    return -1;
  }
  return value;
}

TEST(TaskTableSort, DurationDescendingListsTheDurationsOfDecreasingRuntime) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/rapids-tools/profiling/nds_q66_gpu.zstd"), "");
  const AppState& state = ui.state();
  const AttemptModel& model = *state.SelectedModel();
  const Stage stage = LargestStage(model);
  ASSERT_NE(stage.rows, nullptr);
  ASSERT_GT(stage.rows->size(), 100u);
  TaskTableModel table;
  table.Build(model, *state.Strings(), *stage.rows);
  table.Sort(TaskColumn::kDuration, /*ascending=*/false);

  const ApiResponse answer = ui.session().Api(TaskListPath(state, stage, "&sortBy=-runtime"));
  ASSERT_EQ(answer.status, 200);
  simdjson::dom::parser parser;
  simdjson::dom::array tasks = ArrayOf(parser, answer.body);
  ASSERT_EQ(tasks.size(), table.shown.size());
  // The History Server orders failed tasks by a stored negative value; durations agree for the
  // successful tasks, which the endpoint lists first in this order.
  std::vector<int64_t> api_durations;
  for (simdjson::dom::element task : tasks) {
    std::string_view status = Str(task["status"]);
    if (status == "SUCCESS") api_durations.push_back(RunTime(task));
  }
  std::vector<int64_t> table_durations;
  for (uint32_t row : table.shown) {
    const TaskCells cells = ReadTaskCells(model, row, table.now_ms);
    if (cells.status == TaskApiStatus::kSuccess) table_durations.push_back(cells.duration_ms);
  }
  EXPECT_EQ(table_durations, api_durations);
  EXPECT_TRUE(std::is_sorted(table_durations.rbegin(), table_durations.rend()));
  EXPECT_GT(table_durations.front(), table_durations.back());
}

TEST(TaskTableSort, TaskIdAscendingListsTheTaskListInIdOrder) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/spark/spark-events/application_1553914137147_0018"), "");
  const AppState& state = ui.state();
  const AttemptModel& model = *state.SelectedModel();
  simdjson::dom::parser parser;
  for (const auto& [key, rows] : model.stage_task_rows) {
    const Stage stage{key.first, key.second, &rows};
    TaskTableModel table;
    table.Build(model, *state.Strings(), rows);
    table.Sort(TaskColumn::kTaskId, /*ascending=*/true);
    const ApiResponse answer = ui.session().Api(TaskListPath(state, stage, ""));
    ASSERT_EQ(answer.status, 200);
    std::vector<int64_t> api_ids;
    for (simdjson::dom::element task : ArrayOf(parser, answer.body)) {
      api_ids.push_back(I64(task["taskId"]));
    }
    std::vector<int64_t> table_ids;
    for (uint32_t row : table.shown) table_ids.push_back(model.tasks.task_id[row]);
    EXPECT_EQ(table_ids, api_ids) << "stage " << key.first << "/" << key.second;
    // Descending is the exact reverse (task ids are unique).
    table.Sort(TaskColumn::kTaskId, /*ascending=*/false);
    std::reverse(api_ids.begin(), api_ids.end());
    table_ids.clear();
    for (uint32_t row : table.shown) table_ids.push_back(model.tasks.task_id[row]);
    EXPECT_EQ(table_ids, api_ids);
  }
}

TEST(TaskTableFilter, StatusFilterKeepsWhatTheStatusQueryKeeps) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/spark/spark-events/local-1422981780767"), "");
  const AppState& state = ui.state();
  const AttemptModel& model = *state.SelectedModel();
  simdjson::dom::parser parser;
  size_t failed_seen = 0;
  const std::pair<TaskFilter, const char*> kFilters[] = {{TaskFilter::kSuccess, "SUCCESS"},
                                                         {TaskFilter::kFailed, "FAILED"},
                                                         {TaskFilter::kKilled, "KILLED"}};
  for (const auto& [key, rows] : model.stage_task_rows) {
    const Stage stage{key.first, key.second, &rows};
    TaskTableModel table;
    table.Build(model, *state.Strings(), rows);
    for (const auto& [filter, status] : kFilters) {
      table.filter = filter;
      table.ApplyFilter();
      const ApiResponse answer =
          ui.session().Api(TaskListPath(state, stage, std::string("&status=") + status));
      ASSERT_EQ(answer.status, 200);
      std::vector<int64_t> api_ids;
      for (simdjson::dom::element task : ArrayOf(parser, answer.body)) {
        api_ids.push_back(I64(task["taskId"]));
      }
      std::vector<int64_t> table_ids;
      for (uint32_t row : table.shown) table_ids.push_back(model.tasks.task_id[row]);
      std::sort(table_ids.begin(), table_ids.end());
      std::sort(api_ids.begin(), api_ids.end());
      EXPECT_EQ(table_ids, api_ids) << status;
      EXPECT_EQ(table.counts[static_cast<size_t>(filter)], api_ids.size()) << status;
      if (filter == TaskFilter::kFailed) failed_seen += api_ids.size();
    }
  }
  EXPECT_GT(failed_seen, 0u);  // the log has failed tasks: the filter was exercised
}

TEST(TaskTableFilter, SearchKeepsOneExecutorsTasksAndErrorText) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/rapids-tools/profiling/nds_q66_gpu.zstd"), "");
  const AppState& state = ui.state();
  const AttemptModel& model = *state.SelectedModel();
  const Stage stage = LargestStage(model);
  TaskTableModel table;
  table.Build(model, *state.Strings(), *stage.rows);
  const ApiResponse answer = ui.session().Api(TaskListPath(state, stage, ""));
  simdjson::dom::parser parser;
  simdjson::dom::array tasks = ArrayOf(parser, answer.body);
  // Pick the executor of the first task; count its tasks in the API's answer.
  const std::string executor(Str(tasks.at(0)["executorId"]));
  const std::string host(Str(tasks.at(0)["host"]));
  size_t on_executor = 0;
  for (simdjson::dom::element task : tasks) {
    on_executor += Str(task["executorId"]) == executor;
  }
  // Executor ids are short numbers that also match other ids ("1" in "11") and host names;
  // compare with every task whose id or host contains the text.
  size_t expected = 0;
  for (simdjson::dom::element task : tasks) {
    const std::string_view id = Str(task["executorId"]);
    const std::string_view task_host = Str(task["host"]);
    std::string_view error;
    const bool has_error = task["errorMessage"].get_string().get(error) == simdjson::SUCCESS;
    expected += id.find(executor) != std::string_view::npos ||
                task_host.find(executor) != std::string_view::npos ||
                (has_error && error.find(executor) != std::string_view::npos);
  }
  std::snprintf(table.search, sizeof table.search, "%s", executor.c_str());
  table.ApplyFilter();
  EXPECT_EQ(table.shown.size(), expected);
  EXPECT_GE(table.shown.size(), on_executor);
  EXPECT_GT(on_executor, 0u);
  // Upper case finds the same rows (the search ignores case).
  std::string upper = host;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::snprintf(table.search, sizeof table.search, "%s", upper.c_str());
  table.ApplyFilter();
  size_t on_host = 0;
  for (simdjson::dom::element task : tasks) on_host += Str(task["host"]) == host;
  EXPECT_GE(table.shown.size(), on_host);
  for (uint32_t row : table.shown) {
    EXPECT_NE(state.Strings()->Get(model.task_details.host[row]).find(host), std::string::npos);
  }
}

TEST(TaskTableCells, CellsAreTheTaskListValues) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/spark/sql-events/local-1596020211915"), "");
  const AppState& state = ui.state();
  const AttemptModel& model = *state.SelectedModel();
  simdjson::dom::parser parser;
  size_t compared = 0;
  for (const auto& [key, rows] : model.stage_task_rows) {
    const Stage stage{key.first, key.second, &rows};
    TaskTableModel table;
    table.Build(model, *state.Strings(), rows);
    table.Sort(TaskColumn::kTaskId, true);
    const ApiResponse answer = ui.session().Api(TaskListPath(state, stage, ""));
    simdjson::dom::array tasks = ArrayOf(parser, answer.body);
    ASSERT_EQ(tasks.size(), table.shown.size());
    size_t i = 0;
    for (simdjson::dom::element task : tasks) {
      const TaskCells c = ReadTaskCells(model, table.shown[i++], table.now_ms);
      EXPECT_EQ(c.task_id, I64(task["taskId"]));
      EXPECT_EQ(c.index, I64(task["index"]));
      EXPECT_EQ(TaskApiStatusName(c.status), Str(task["status"]));
      EXPECT_EQ(state.Strings()->Get(c.executor_id), Str(task["executorId"]));
      EXPECT_EQ(c.scheduler_delay_ms, I64(task["schedulerDelay"]));
      EXPECT_EQ(c.getting_result_ms, I64(task["gettingResultTime"]));
      simdjson::dom::element metrics;
      if (task["taskMetrics"].get(metrics) == simdjson::SUCCESS) {
        EXPECT_EQ(c.duration_ms, I64(metrics["executorRunTime"]));
        EXPECT_EQ(c.gc_time_ms, I64(metrics["jvmGcTime"]));
        EXPECT_EQ(c.shuffle_read_bytes,
                  I64(metrics.at_pointer("/shuffleReadMetrics/remoteBytesRead")) +
                      I64(metrics.at_pointer("/shuffleReadMetrics/localBytesRead")));
        EXPECT_EQ(c.shuffle_write_bytes,
                  I64(metrics.at_pointer("/shuffleWriteMetrics/bytesWritten")));
      } else {
        EXPECT_EQ(c.duration_ms, -1);  // no metrics: an empty cell
      }
      std::string_view error;
      if (task["errorMessage"].get_string().get(error) == simdjson::SUCCESS) {
        EXPECT_EQ(state.Strings()->Get(c.error), error);
      } else {
        EXPECT_EQ(c.error, kEmptyString);
      }
      ++compared;
    }
  }
  EXPECT_GT(compared, 10u);
}

}  // namespace task_table_sort_test
}  // namespace afterglow::ui
