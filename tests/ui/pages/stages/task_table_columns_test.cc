// The task table's shuffle detail, log and accumulator columns against the taskList endpoint of
// the same session: fetch wait time, remote bytes and blocks, write time (the API's nanoseconds),
// the executor's log links (executorLogs) and the named accumulator updates (accumulatorUpdates).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "simdjson.h"
#include "tests/support/api_app_base.h"
#include "tests/support/api_json.h"
#include "tests/ui/headless_ui.h"
#include "ui/pages/stages/task_table_model.h"

namespace afterglow::ui {
namespace task_table_columns_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

using namespace test_support;  // the API JSON readers (tests/support/api_json.h)

// How many compared values were non-zero (or non-empty): the logs exercise each column.
struct Seen {
  size_t fetch_wait = 0, remote_bytes = 0, remote_blocks = 0, write_time = 0, logs = 0,
         accumulators = 0, tasks = 0;
};

// The Accumulators cell as stagepage.js builds it from the API's accumulatorUpdates.
std::string ApiAccumulators(simdjson::dom::element task) {
  std::string text;
  for (simdjson::dom::element acc : ArrayIn(task["accumulatorUpdates"])) {
    const std::string_view name = Str(acc["name"]);
    if (name.empty() || name.starts_with("internal.")) continue;
    if (!text.empty()) text += "; ";
    text += std::string(name) + ": " + std::string(Str(acc["update"]));
  }
  return text;
}

void CompareLog(const std::string& log, Seen& seen) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/" + log), "");
  const AppState& state = ui.state();
  const AttemptModel& model = *state.SelectedModel();
  const StringPool& pool = *state.Strings();
  simdjson::dom::parser parser;
  for (const auto& [key, rows] : model.stage_task_rows) {
    SCOPED_TRACE(log + " stage " + std::to_string(key.first) + "." + std::to_string(key.second));
    TaskTableModel table;
    table.Build(model, pool, rows);
    table.Sort(TaskColumn::kTaskId, true);
    const ApiResponse answer =
        ui.session().Api(ApiAppBase(*state.SelectedApp()) + "/stages/" + std::to_string(key.first) +
                         "/" + std::to_string(key.second) + "/taskList?length=1000000");
    ASSERT_EQ(answer.status, 200);
    simdjson::dom::array tasks = ArrayOf(parser, answer.body);
    ASSERT_EQ(tasks.size(), table.shown.size());
    size_t i = 0;
    for (simdjson::dom::element task : tasks) {
      const uint32_t row = table.shown[i++];
      const TaskCells c = ReadTaskCells(model, row, table.now_ms);
      ASSERT_EQ(c.task_id, I64(task["taskId"]));
      ++seen.tasks;
      simdjson::dom::element metrics;
      if (task["taskMetrics"].get(metrics) == simdjson::SUCCESS) {
        const int64_t fetch_wait = I64(metrics.at_pointer("/shuffleReadMetrics/fetchWaitTime"));
        const int64_t remote_bytes = I64(metrics.at_pointer("/shuffleReadMetrics/remoteBytesRead"));
        const int64_t remote_blocks =
            I64(metrics.at_pointer("/shuffleReadMetrics/remoteBlocksFetched"));
        const int64_t write_time = I64(metrics.at_pointer("/shuffleWriteMetrics/writeTime"));
        EXPECT_EQ(c.fetch_wait_ms, fetch_wait);
        EXPECT_EQ(c.remote_bytes, remote_bytes);
        EXPECT_EQ(c.remote_blocks, remote_blocks);
        EXPECT_EQ(c.write_time_ns, write_time);
        seen.fetch_wait += fetch_wait > 0;
        seen.remote_bytes += remote_bytes > 0;
        seen.remote_blocks += remote_blocks > 0;
        seen.write_time += write_time > 0;
      } else {
        EXPECT_EQ(c.fetch_wait_ms, -1);  // no metrics: empty cells
        EXPECT_EQ(c.write_time_ns, -1);
      }
      const TaskRow query = table.QueryRow(row);
      std::vector<std::pair<std::string, std::string>> cell_logs, api_logs;
      if (query.executor_logs != nullptr) {
        for (const auto& [name, url] : *query.executor_logs) {
          cell_logs.emplace_back(pool.Get(name), pool.Get(url));
        }
      }
      for (auto [name, url] : ObjectOf(task["executorLogs"])) {
        std::string_view text;
        EXPECT_EQ(url.get_string().get(text), simdjson::SUCCESS);
        api_logs.emplace_back(std::string(name), std::string(text));
      }
      EXPECT_EQ(cell_logs, api_logs);
      seen.logs += !api_logs.empty();
      const std::string accumulators = ApiAccumulators(task);
      EXPECT_EQ(TaskAccumulatorsText(query, pool, "; "), accumulators);
      seen.accumulators += !accumulators.empty();
    }
  }
}

TEST(TaskTableColumns, ShuffleDetailLogsAndAccumulatorsAreTheTaskListValues) {
  Seen seen;
  for (const char* log : {"spark/spark-events/app-20200706201101-0003",
                          "spark/spark-events/application_1553914137147_0018",
                          "rapids-tools/profiling/nds_q66_gpu.zstd"}) {
    CompareLog(log, seen);
  }
  EXPECT_GT(seen.tasks, 100u);
  EXPECT_GT(seen.fetch_wait, 0u);
  EXPECT_GT(seen.remote_bytes, 0u);
  EXPECT_GT(seen.remote_blocks, 0u);
  EXPECT_GT(seen.write_time, 0u);
  EXPECT_GT(seen.logs, 0u);
  EXPECT_GT(seen.accumulators, 0u);
}

}  // namespace task_table_columns_test
}  // namespace afterglow::ui
