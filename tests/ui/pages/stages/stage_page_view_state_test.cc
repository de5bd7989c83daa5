// The stage page while its log loads: RefreshModels rebuilds the page every few hundred
// milliseconds, and the user's view state (the task table's status filter, search text and
// selected task; the stages list's selection) must survive those rebuilds, while navigating to
// another stage starts afresh. The log is fed in two parts as the page feeds it.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/session.h"
#include "simdjson.h"
#include "tests/ui/headless_ui.h"
#include "ui/app/app_state.h"

namespace afterglow::ui {
namespace stage_page_view_state_test {

// spark/sql-events/local-1596020211915, lines 1-18 (0-based 0..17): stage 1 has started tasks 1
// and 2 on "driver" (lines 15, 16) and only task 2 has ended (line 17); task 1 ends on line 18.
constexpr int kFirstPartLines = 18;

class StagePageViewState : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::filesystem::path log =
        std::filesystem::path(AFTERGLOW_CORPUS_DIR) / "spark/sql-events/local-1596020211915";
    std::ifstream in(log, std::ios::binary);
    ASSERT_TRUE(in) << log;
    std::stringstream text;
    text << in.rdbuf();
    const std::string all = text.str();
    size_t cut = 0;
    for (int line = 0; line < kFirstPartLines; ++line) cut = all.find('\n', cut) + 1;
    first_ = all.substr(0, cut);
    rest_ = all.substr(cut);
    session_.BeginFile("local-1596020211915", all.size());
    state_.session = &session_;
    state_.status = LoadStatus::kLoading;
    state_.views_while_loading = true;
  }

  void Push(const std::string& part) {
    std::vector<uint8_t> buffer(part.begin(), part.end());
    buffer.resize(part.size() + kReadPadding, 0);  // the padding PushBytes may read
    session_.PushBytes(buffer.data(), part.size());
  }

  int64_t SelectedTaskId() const {
    const TaskTableModel& tasks = state_.stage_page.tasks;
    if (tasks.selected_row < 0 || static_cast<size_t>(tasks.selected_row) >= tasks.shown.size()) {
      return -1;
    }
    return tasks.model->tasks.task_id[tasks.shown[static_cast<size_t>(tasks.selected_row)]];
  }

  // The page's ImGui context (fonts measure the DAG's labels when a stage page is built); its own
  // state is unused: this test feeds its own session in parts.
  testing::HeadlessUi ui_;
  Session session_;
  AppState state_;
  std::string first_, rest_;
};

TEST_F(StagePageViewState, RebuildsWhileLoadingKeepTheTaskTablesFilterSearchAndSelection) {
  Push(first_);
  RefreshModels(state_);
  Navigate(state_, Route{ViewId::kStage, 1, 0});
  TaskTableModel& tasks = state_.stage_page.tasks;
  ASSERT_TRUE(state_.stage_page.found);
  ASSERT_EQ(tasks.order.size(), 2u) << "tasks 1 and 2 have started";
  tasks.filter = TaskFilter::kSuccess;
  std::strcpy(tasks.search, "DRIV");  // any case, part of the executor id "driver"
  tasks.ApplyFilter();
  ASSERT_EQ(tasks.shown.size(), 1u) << "only task 2 has ended";
  tasks.selected_row = 0;
  EXPECT_EQ(SelectedTaskId(), 2);

  // A mid-load refresh with nothing new, then the rest of the log and the refresh that ends it.
  RefreshModels(state_);
  EXPECT_EQ(state_.stage_page.tasks.filter, TaskFilter::kSuccess);
  EXPECT_EQ(SelectedTaskId(), 2);
  Push(rest_);
  session_.EndFile();
  state_.status = LoadStatus::kReady;
  RefreshModels(state_);

  const TaskTableModel& rebuilt = state_.stage_page.tasks;
  EXPECT_EQ(rebuilt.filter, TaskFilter::kSuccess);
  EXPECT_STREQ(rebuilt.search, "DRIV");
  EXPECT_EQ(rebuilt.shown.size(), 2u) << "task 1 has ended too, and passes the same filter";
  EXPECT_EQ(SelectedTaskId(), 2) << "the selection stays on its task, not on its old position";

  // Another stage is another table: nothing carries over.
  Navigate(state_, Route{ViewId::kStage, 3, 0});
  EXPECT_EQ(state_.stage_page.tasks.filter, TaskFilter::kAll);
  EXPECT_STREQ(state_.stage_page.tasks.search, "");
  EXPECT_EQ(state_.stage_page.tasks.selected_row, -1);
  // And coming back to stage 1 is a new visit too.
  Navigate(state_, Route{ViewId::kStage, 1, 0});
  EXPECT_EQ(state_.stage_page.tasks.filter, TaskFilter::kAll);
}

TEST_F(StagePageViewState, TheStagesListKeepsItsSelectedStageAsNewStagesArrive) {
  Push(first_);
  Navigate(state_, Route{ViewId::kStages});
  RefreshModels(state_);  // mid-load, only the section on screen is built
  StagesTableModel& stages = state_.stages;
  ASSERT_EQ(stages.rows.size(), 2u) << "stages 0 and 1 are submitted by line 18";
  // The API lists stage 1 first (id descending); select stage 0, the second row.
  stages.selected_row = 1;
  ASSERT_EQ(stages.rows[stages.shown[1]].stage_id, 0);
  Push(rest_);
  session_.EndFile();
  state_.status = LoadStatus::kReady;
  RefreshModels(state_);
  ASSERT_EQ(stages.rows.size(), 16u);
  ASSERT_GE(stages.selected_row, 0);
  EXPECT_EQ(stages.rows[stages.shown[static_cast<size_t>(stages.selected_row)]].stage_id, 0)
      << "stage 0 is now the last of 16 rows, and still the selected one";
}

}  // namespace stage_page_view_state_test
}  // namespace afterglow::ui

namespace afterglow::ui {
namespace stage_page_view_state_test {

int64_t IntIn(simdjson::dom::object object, const char* key) {
  int64_t value = -999;
  if (object[key].get_int64().get(value) != simdjson::SUCCESS) return -999;
  return value;
}

TEST(StagePageDescribe, ReportsTheTaskTimelineAndAnExecutorLinkSelectsItsRow) {
  testing::HeadlessUi ui;
  // One literal (the macro is a string literal): GCC 12's -Wrestrict misreads the inlined
  // std::string operator+ here.
  ASSERT_EQ(ui.Load(AFTERGLOW_CORPUS_DIR "/spark/sql-events/local-1596020211915"), "");
  // Stage 1 of the log: tasks 1 and 2, both on executor "driver" (TaskStart events, lines 16-17).
  Navigate(ui.state(), Route{ViewId::kStage, 1, 0});
  ui.Draw();
  simdjson::dom::parser parser;
  std::string described = ui.DescribeView();
  simdjson::dom::object state, timeline;
  ASSERT_EQ(parser.parse(described).get_object().get(state), simdjson::SUCCESS) << described;
  ASSERT_EQ(state["taskTimeline"].get_object().get(timeline), simdjson::SUCCESS) << described;
  EXPECT_EQ(IntIn(timeline, "tasks"), 2);
  EXPECT_EQ(IntIn(timeline, "lanes"), 1) << "one executor";
  EXPECT_EQ(IntIn(state, "selectedRow"), -1);

  // What Enter on a task does (OpenTaskExecutor): the Executors tab with that executor selected.
  ui.state().executor_to_select = "driver";
  Navigate(ui.state(), Route{ViewId::kExecutors});
  ui.Draw();
  described = ui.DescribeView();
  simdjson::dom::parser executors_parser;
  ASSERT_EQ(executors_parser.parse(described).get_object().get(state), simdjson::SUCCESS);
  std::string_view selected;
  ASSERT_EQ(state["selectedExecutor"].get_string().get(selected), simdjson::SUCCESS) << described;
  EXPECT_EQ(selected, "driver");
}

}  // namespace stage_page_view_state_test
}  // namespace afterglow::ui
