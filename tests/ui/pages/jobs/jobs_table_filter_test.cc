// The jobs list's toolbar against the /jobs answer of the same session: the status filter keeps
// what status=... keeps, the search finds a job by id or by part of its description, the TSV
// holds the shown rows; the headline's scheduling mode is the environment's.
#include "ui/pages/jobs/jobs_table_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>
#include <vector>

#include "simdjson.h"
#include "tests/support/api_app_base.h"
#include "tests/support/api_json.h"
#include "tests/ui/headless_ui.h"

namespace afterglow::ui {
namespace jobs_table_filter_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

using namespace test_support;

std::vector<int64_t> ApiJobIds(testing::HeadlessUi& ui, const std::string& query) {
  const ApiResponse answer =
      ui.session().Api(ApiAppBase(*ui.state().SelectedApp()) + "/jobs" + query);
  EXPECT_EQ(answer.status, 200);
  simdjson::dom::parser parser;
  std::vector<int64_t> ids;
  for (simdjson::dom::element job : ArrayOf(parser, answer.body)) ids.push_back(I64(job["jobId"]));
  std::sort(ids.begin(), ids.end());
  return ids;
}

std::vector<int64_t> ShownIds(const JobsTableModel& jobs) {
  std::vector<int64_t> ids;
  for (uint32_t i : jobs.shown) ids.push_back(jobs.rows[i].job_id);
  std::sort(ids.begin(), ids.end());
  return ids;
}

TEST(JobsTableFilter, StatusFilterKeepsWhatTheStatusQueryKeeps) {
  testing::HeadlessUi ui;
  // Jobs that failed and succeeded.
  ASSERT_EQ(ui.Load(kCorpus + "/rapids-tools/profiling/tasks_executors_fail_compressed_eventlog.zstd"), "");
  JobsTableModel& jobs = ui.state().jobs;
  ASSERT_EQ(jobs.shown.size(), jobs.rows.size());
  EXPECT_EQ(ShownIds(jobs), ApiJobIds(ui, ""));
  size_t exercised = 0;
  for (const auto& [filter, status] : {std::pair{JobFilter::kSucceeded, "succeeded"},
                                       std::pair{JobFilter::kFailed, "failed"},
                                       std::pair{JobFilter::kRunning, "running"}}) {
    jobs.filter = filter;
    jobs.ApplyFilter();
    const std::vector<int64_t> expected = ApiJobIds(ui, std::string("?status=") + status);
    EXPECT_EQ(ShownIds(jobs), expected) << status;
    EXPECT_EQ(jobs.counts[static_cast<size_t>(filter)], expected.size()) << status;
    exercised += !expected.empty();
  }
  EXPECT_GE(exercised, 2u);  // the log has succeeded and failed jobs
}

TEST(JobsTableFilter, SearchFindsAnIdOrADescriptionAndTheTsvHoldsTheShownRows) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/spark/spark-events/application_1553914137147_0018"), "");
  JobsTableModel& jobs = ui.state().jobs;
  ASSERT_GE(jobs.rows.size(), 2u);
  const JobRow& first = jobs.rows.front();
  std::snprintf(jobs.search, sizeof jobs.search, "%lld", static_cast<long long>(first.job_id));
  jobs.ApplyFilter();
  // An id matches exactly (not as a part of other ids), or as text of a description.
  const std::string id_text = jobs.search;
  std::vector<int64_t> expected_ids;
  for (const JobRow& row : jobs.rows) {
    if (std::to_string(row.job_id) == id_text || row.description.find(id_text) != std::string::npos) {
      expected_ids.push_back(row.job_id);
    }
  }
  std::sort(expected_ids.begin(), expected_ids.end());
  EXPECT_EQ(ShownIds(jobs), expected_ids);
  EXPECT_NE(std::find(expected_ids.begin(), expected_ids.end(), first.job_id), expected_ids.end());
  const std::string tsv = jobs.Tsv();
  EXPECT_EQ(static_cast<size_t>(std::count(tsv.begin(), tsv.end(), '\n')),
            jobs.shown.size() + 1);  // a header and one line per shown row
  EXPECT_NE(tsv.find(first.description), std::string::npos);

  // Part of a description, in another case.
  std::string part = first.description.substr(0, std::min<size_t>(first.description.size(), 6));
  for (char& c : part) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::snprintf(jobs.search, sizeof jobs.search, "%s", part.c_str());
  jobs.ApplyFilter();
  size_t expected = 0;
  for (const JobRow& row : jobs.rows) {
    std::string lower = row.description, needle = part;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (char& c : needle) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    expected += lower.find(needle) != std::string::npos;
  }
  EXPECT_EQ(jobs.shown.size(), expected);
  EXPECT_GE(jobs.shown.size(), 1u);
}

TEST(JobsTableFilter, SchedulingModeIsTheEnvironments) {
  {  // one HeadlessUi at a time: each owns the ImGui context
    testing::HeadlessUi fair;
    ASSERT_EQ(fair.Load(kCorpus + "/rapids-tools/qualification/db_subExecution_id.zstd"), "");
    EXPECT_EQ(fair.state().jobs.scheduling_mode, "FAIR");
    EXPECT_TRUE(fair.state().stages.fair_scheduler);
    EXPECT_FALSE(fair.state().stages.pools.empty());
  }
  testing::HeadlessUi fifo;
  ASSERT_EQ(fifo.Load(kCorpus + "/spark/spark-events/application_1553914137147_0018"), "");
  EXPECT_FALSE(fifo.state().stages.fair_scheduler);
  EXPECT_NE(fifo.state().jobs.scheduling_mode, "FAIR");
}

}  // namespace jobs_table_filter_test
}  // namespace afterglow::ui
