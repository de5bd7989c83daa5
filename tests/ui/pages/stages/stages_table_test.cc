// The Stages tab's model against the /stages answer of the same session: one row per listed
// stage attempt in the API's order with its numbers; status counts and the status filter from
// the answer's statuses; the search; sort orders.
#include "ui/pages/stages/stages_table_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "core/api/dates.h"
#include "simdjson.h"
#include "tests/support/api_json.h"
#include "tests/ui/headless_ui.h"
#include "tests/support/api_app_base.h"
#include "ui/pages/jobs/jobs_table_model.h"

namespace afterglow::ui {
namespace stages_table_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

using namespace test_support;  // the API JSON readers (tests/support/api_json.h)

int64_t Int(simdjson::dom::element object, const char* key) {
  int64_t value = 0;
  return object[key].get_int64().get(value) == simdjson::SUCCESS ? value : 0;
}

class StagesTable : public ::testing::TestWithParam<const char*> {};

TEST_P(StagesTable, RowsAreTheStagesAnswer) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/" + GetParam()), "");
  const StagesTableModel& stages = ui.state().stages;
  const ApiResponse answer = ui.session().Api(ApiAppBase(*ui.state().SelectedApp()) + "/stages");
  simdjson::dom::parser parser;
  simdjson::dom::array listed = ArrayOf(parser, answer.body);
  ASSERT_EQ(stages.rows.size(), listed.size());
  std::map<std::string, uint32_t> by_status;
  size_t i = 0;
  for (simdjson::dom::element s : listed) {
    const StageRow& row = stages.rows[i++];
    EXPECT_EQ(row.stage_id, Int(s, "stageId"));
    EXPECT_EQ(row.attempt_id, Int(s, "attemptId"));
    const std::string status(Str(s["status"]));
    EXPECT_EQ(StageStatusName(row.status), status);
    ++by_status[status];
    EXPECT_EQ(row.num_tasks, Int(s, "numTasks"));
    EXPECT_EQ(row.tasks_complete, Int(s, "numCompleteTasks"));
    EXPECT_EQ(row.tasks_failed, Int(s, "numFailedTasks"));
    EXPECT_EQ(row.tasks_killed, Int(s, "numKilledTasks"));
    EXPECT_EQ(row.input_bytes, Int(s, "inputBytes"));
    EXPECT_EQ(row.output_bytes, Int(s, "outputBytes"));
    EXPECT_EQ(row.shuffle_read_bytes, Int(s, "shuffleReadBytes"));
    EXPECT_EQ(row.shuffle_write_bytes, Int(s, "shuffleWriteBytes"));
    EXPECT_EQ(row.memory_spilled, Int(s, "memoryBytesSpilled"));
    EXPECT_EQ(row.disk_spilled, Int(s, "diskBytesSpilled"));
    EXPECT_EQ(row.name, Str(s["name"]));
    // The description's lines, joined by spaces, with no line break before the first.
    std::string joined;
    std::string_view rest = Str(s["description"]);
    while (!rest.empty()) {
      const size_t end = std::min(rest.find('\n'), rest.size());
      if (!joined.empty()) joined += ' ';
      if (!joined.empty() || end > 0) joined.append(rest.substr(0, end));
      rest.remove_prefix(std::min(end + 1, rest.size()));
    }
    EXPECT_EQ(row.description_line, joined);
  }
  EXPECT_EQ(stages.counts[static_cast<size_t>(StageFilter::kAll)], listed.size());
  EXPECT_EQ(stages.counts[static_cast<size_t>(StageFilter::kComplete)], by_status["COMPLETE"]);
  EXPECT_EQ(stages.counts[static_cast<size_t>(StageFilter::kFailed)], by_status["FAILED"]);
  EXPECT_EQ(stages.counts[static_cast<size_t>(StageFilter::kSkipped)], by_status["SKIPPED"]);
  EXPECT_EQ(stages.counts[static_cast<size_t>(StageFilter::kActive)], by_status["ACTIVE"]);
  EXPECT_EQ(stages.counts[static_cast<size_t>(StageFilter::kPending)], by_status["PENDING"]);
}

TEST_P(StagesTable, StatusFilterKeepsWhatTheStatusQueryLists) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/" + GetParam()), "");
  StagesTableModel& stages = ui.state().stages;
  const std::pair<StageFilter, const char*> kFilters[] = {{StageFilter::kComplete, "COMPLETE"},
                                                          {StageFilter::kFailed, "FAILED"},
                                                          {StageFilter::kSkipped, "SKIPPED"}};
  simdjson::dom::parser parser;
  for (const auto& [filter, status] : kFilters) {
    stages.filter = filter;
    stages.Sort(StageColumn::kId, /*ascending=*/false);  // the API's order: id, attempt descending
    const ApiResponse answer = ui.session().Api(ApiAppBase(*ui.state().SelectedApp()) +
                                                "/stages?status=" + status);
    std::vector<std::pair<int64_t, int64_t>> api_keys, table_keys;
    for (simdjson::dom::element s : ArrayOf(parser, answer.body)) {
      api_keys.emplace_back(Int(s, "stageId"), Int(s, "attemptId"));
    }
    for (uint32_t i : stages.shown) {
      table_keys.emplace_back(stages.rows[i].stage_id, stages.rows[i].attempt_id);
    }
    EXPECT_EQ(table_keys, api_keys) << status;
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, StagesTable,
                         ::testing::Values("spark/sql-events/local-1596020211915",
                                           "spark/spark-events/application_1553914137147_0018",
                                           "spark/spark-events/local-1422981780767",
                                           "rapids-tools/profiling/nds_q66_gpu.zstd"));

TEST(StagesTableSort, EveryColumnSortsItsValuesBothWays) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/rapids-tools/profiling/nds_q66_gpu.zstd"), "");
  StagesTableModel& stages = ui.state().stages;
  ASSERT_GT(stages.rows.size(), 5u);
  auto values = [&](auto&& of) {
    std::vector<decltype(of(stages.rows[0]))> out;
    for (uint32_t i : stages.shown) out.push_back(of(stages.rows[i]));
    return out;
  };
  stages.Sort(StageColumn::kDuration, false);
  auto durations = values([](const StageRow& r) { return r.duration_ms; });
  EXPECT_TRUE(std::is_sorted(durations.rbegin(), durations.rend()));
  EXPECT_GT(durations.front(), durations.back());
  stages.Sort(StageColumn::kShuffleRead, true);
  auto reads = values([](const StageRow& r) { return r.shuffle_read_bytes; });
  EXPECT_TRUE(std::is_sorted(reads.begin(), reads.end()));
  stages.Sort(StageColumn::kTasks, false);
  auto tasks = values([](const StageRow& r) { return r.num_tasks; });
  EXPECT_TRUE(std::is_sorted(tasks.rbegin(), tasks.rend()));
  stages.Sort(StageColumn::kSubmitted, true);
  auto submitted = values([](const StageRow& r) { return r.submitted_ms; });
  EXPECT_TRUE(std::is_sorted(submitted.begin(), submitted.end()));
  stages.Sort(StageColumn::kId, true);
  auto ids = values([](const StageRow& r) { return std::make_pair(r.stage_id, r.attempt_id); });
  EXPECT_TRUE(std::is_sorted(ids.begin(), ids.end()));
}

TEST(StagesTableSort, DurationRunsFromFirstTaskLaunchToCompletion) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/spark/sql-events/local-1596020211915"), "");
  const StagesTableModel& stages = ui.state().stages;
  const ApiResponse answer = ui.session().Api(ApiAppBase(*ui.state().SelectedApp()) + "/stages");
  simdjson::dom::parser parser;
  size_t i = 0, checked = 0;
  for (simdjson::dom::element s : ArrayOf(parser, answer.body)) {
    const StageRow& row = stages.rows[i++];
    std::string_view launched, completed;
    if (s["firstTaskLaunchedTime"].get_string().get(launched) != simdjson::SUCCESS ||
        s["completionTime"].get_string().get(completed) != simdjson::SUCCESS) {
      continue;
    }
    EXPECT_EQ(row.duration_ms,
              ParseSparkDate(completed).value_or(-1) - ParseSparkDate(launched).value_or(-1));
    ++checked;
  }
  EXPECT_GT(checked, 5u);
}

TEST(StagesTableFilter, SearchMatchesIdNameAndDescription) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/spark/sql-events/local-1596020211915"), "");
  StagesTableModel& stages = ui.state().stages;
  ASSERT_GT(stages.rows.size(), 3u);
  // An id finds that stage's attempts (and names that contain the digits).
  const StageRow& some = stages.rows[stages.rows.size() / 2];
  std::snprintf(stages.search, sizeof stages.search, "%d", some.stage_id);
  stages.ApplyFilter();
  ASSERT_FALSE(stages.shown.empty());
  bool found = false;
  for (uint32_t i : stages.shown) found |= stages.rows[i].stage_id == some.stage_id;
  EXPECT_TRUE(found);
  // A word of a name, in another case, finds exactly the rows whose name or description has it.
  // The word: the first word of a stage's name ("count at ..." -> "count"), upper-cased.
  std::string word = some.name.substr(0, some.name.find(' '));
  std::string upper = word;
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  ASSERT_FALSE(word.empty());
  std::snprintf(stages.search, sizeof stages.search, "%s", upper.c_str());
  stages.ApplyFilter();
  size_t expected = 0;
  for (const StageRow& row : stages.rows) {
    std::string text = row.name + "\n" + row.description;
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    expected += text.find(word) != std::string::npos;
  }
  EXPECT_GT(expected, 0u);
  EXPECT_EQ(stages.shown.size(), expected);
  stages.search[0] = '\0';
  stages.ApplyFilter();
  EXPECT_EQ(stages.shown.size(), stages.rows.size());
}

}  // namespace stages_table_test
}  // namespace afterglow::ui
