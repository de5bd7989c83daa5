// The overview's totals are sums over the jobs and stage attempts the History Server kept; when
// its retention (spark.ui.retainedJobs / retainedStages, 1000 each) deleted some while replaying,
// the overview must say the totals cover the retained ones only. The retained counts are derived
// here by playing Spark's cleanup rule (core/listen/retention.h: on a checked write past the
// limit, delete max(limit / 10, count - limit) rows) over the writes the test's log makes.
#include "ui/pages/overview/overview_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "simdjson.h"
#include "tests/ui/headless_ui.h"
#include "tests/support/unique_temp_path.h"

namespace afterglow::ui {
namespace overview_retention_test {

namespace fs = std::filesystem;

constexpr int64_t kRetained = 1000;  // the SHS's spark.ui.retainedJobs and retainedStages

// The rows left after `writes` checked writes of finished rows under Spark's cleanup rule.
int64_t RowsLeftAfter(int64_t writes) {
  int64_t stored = 0;
  for (int64_t w = 0; w < writes; ++w) {
    ++stored;
    if (stored > kRetained) stored -= std::max(kRetained / 10, stored - kRetained);
  }
  return stored;
}

// `jobs` jobs, each running one stage of its own id, one after the other: every stage completes
// (a checked stage write) before its job ends (a checked job write).
std::string LogOfOneStageJobs(int jobs) {
  std::string log =
      R"({"Event":"SparkListenerApplicationStart","App Name":"retention","App ID":"app-ov",)"
      R"("Timestamp":1,"User":"u"})" "\n";
  for (int j = 0; j < jobs; ++j) {
    const std::string id = std::to_string(j);
    const std::string info = R"({"Stage ID":)" + id +
                             R"(,"Stage Attempt ID":0,"Stage Name":"s","Number of Tasks":1,)"
                             R"("RDD Info":[],"Details":"","Accumulables":[])";
    log += R"({"Event":"SparkListenerJobStart","Job ID":)" + id +
           R"(,"Submission Time":5,"Stage Infos":[)" + info + R"(}],"Stage IDs":[)" + id +
           R"(],"Properties":{}})" "\n";
    log += R"({"Event":"SparkListenerStageSubmitted","Stage Info":)" + info +
           R"(,"Submission Time":6},"Properties":{}})" "\n";
    log += R"({"Event":"SparkListenerStageCompleted","Stage Info":)" + info +
           R"(,"Submission Time":6,"Completion Time":)" + std::to_string(1000 + j) + "}}\n";
    log += R"({"Event":"SparkListenerJobEnd","Job ID":)" + id + R"(,"Completion Time":)" +
           std::to_string(2000 + j) + R"(,"Job Result":{"Result":"JobSucceeded"}})" "\n";
  }
  return log;
}

int64_t IntIn(simdjson::dom::element object, const char* key) {
  int64_t value = -1;
  if (object[key].get_int64().get(value) != simdjson::SUCCESS) return -1;
  return value;
}

size_t ArrayLength(const std::string& json) {
  simdjson::dom::parser parser;
  simdjson::dom::array array;
  if (parser.parse(json).get_array().get(array) != simdjson::SUCCESS) return 0;
  return array.size();
}

TEST(OverviewRetention, TotalsPastTheRetentionLimitsSayTheyCoverRetainedEntitiesOnly) {
  constexpr int kJobs = 1200;
  const fs::path path = test_support::UniqueTempPath("afterglow-overview-retention-app-ov");
  std::ofstream(path, std::ios::binary) << LogOfOneStageJobs(kJobs);
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(path.string()), "");
  fs::remove(path);
  const int64_t kept = RowsLeftAfter(kJobs);  // 1200 writes: -100 at 1001 and 1101 -> 1000
  ASSERT_EQ(kept, 1000);
  // The API lists the kept rows only: the premise of the note.
  EXPECT_EQ(ArrayLength(ui.session().Api("/api/v1/applications/app-ov/jobs").body),
            static_cast<size_t>(kept));
  EXPECT_EQ(ArrayLength(ui.session().Api("/api/v1/applications/app-ov/stages").body),
            static_cast<size_t>(kept));

  Navigate(ui.state(), Route{ViewId::kOverview});
  ui.Draw();
  const OverviewModel& overview = ui.state().overview;
  ASSERT_TRUE(overview.built);
  EXPECT_EQ(overview.retained.jobs_in_log, kJobs);
  EXPECT_EQ(overview.retained.jobs_retained, kept);
  EXPECT_EQ(overview.retained.stage_attempts_in_log, kJobs);
  EXPECT_EQ(overview.retained.stage_attempts_retained, kept);
  EXPECT_EQ(overview.totals.stages_complete, kept) << "the totals are over the kept rows";
  EXPECT_EQ(overview.retention_note,
            "Totals of retained entities only: the History Server kept 1,000 of 1,200 stage "
            "attempts (spark.ui.retainedStages) and 1,000 of 1,200 jobs (spark.ui.retainedJobs) "
            "and deleted the others while replaying the log, so its API and these totals leave "
            "them out.");

  // state() says the same.
  simdjson::dom::parser parser;
  const std::string described = ui.DescribeView();
  simdjson::dom::element retained;
  ASSERT_EQ(parser.parse(described)["retained"].get(retained), simdjson::SUCCESS) << described;
  EXPECT_EQ(IntIn(retained, "jobsInLog"), kJobs);
  EXPECT_EQ(IntIn(retained, "jobs"), kept);
  EXPECT_EQ(IntIn(retained, "stageAttemptsInLog"), kJobs);
  EXPECT_EQ(IntIn(retained, "stageAttempts"), kept);
}

TEST(OverviewRetention, NoteNamesOnlyWhatWasDeleted) {
  RetainedCounts stages_only;
  stages_only.jobs_in_log = stages_only.jobs_retained = 12;
  stages_only.stage_attempts_in_log = 1500;
  stages_only.stage_attempts_retained = 950;
  EXPECT_EQ(RetentionNote(stages_only),
            "Totals of retained entities only: the History Server kept 950 of 1,500 stage "
            "attempts (spark.ui.retainedStages) and deleted the others while replaying the log, "
            "so its API and these totals leave them out.");
  RetainedCounts nothing_deleted;
  nothing_deleted.jobs_in_log = nothing_deleted.jobs_retained = 3;
  nothing_deleted.stage_attempts_in_log = nothing_deleted.stage_attempts_retained = 7;
  EXPECT_EQ(RetentionNote(nothing_deleted), "");
}

TEST(OverviewRetention, LogsUnderTheLimitsCountEveryEntityAsRetained) {
  // Stage retries and failed executors included: the log's distinct jobs and stage attempts are
  // exactly the rows the API lists, so no note is shown.
  for (const char* log : {"/spark/spark-events/application_1553914137147_0018",
                          "/spark/sql-events/local-1596020211915"}) {
    testing::HeadlessUi ui;
    ASSERT_EQ(ui.Load(std::string(AFTERGLOW_CORPUS_DIR) + log), "") << log;
    Navigate(ui.state(), Route{ViewId::kOverview});
    ui.Draw(1);
    const OverviewModel& overview = ui.state().overview;
    ASSERT_TRUE(overview.built) << log;
    const std::string app = "/api/v1/applications/" + ui.state().SelectedApp()->app_id;
    EXPECT_EQ(overview.retained.jobs_in_log,
              static_cast<int64_t>(ArrayLength(ui.session().Api(app + "/jobs").body)))
        << log;
    EXPECT_EQ(overview.retained.stage_attempts_in_log,
              static_cast<int64_t>(ArrayLength(ui.session().Api(app + "/stages").body)))
        << log;
    EXPECT_EQ(overview.retention_note, "") << log;
  }
}

}  // namespace overview_retention_test
}  // namespace afterglow::ui
