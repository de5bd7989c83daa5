// The job page's event timeline against the REST answers for the same job: one stage bar per
// submitted attempt of the job's stages, spanning the attempt's submissionTime to completionTime;
// one executor bar per executor whose addTime..removeTime overlaps the job's span; and the page
// itself builds and describes it.
#include "ui/timeline/job_timeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/api/dates.h"
#include "simdjson.h"
#include "tests/support/api_app_base.h"
#include "tests/support/api_json.h"
#include "tests/ui/headless_ui.h"

namespace afterglow::ui {
namespace job_timeline_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

using namespace test_support;

int64_t Date(simdjson::dom::element object, const char* key) {
  const std::optional<int64_t> ms = ParseSparkDate(Str(object[key]));
  return ms.value_or(-1);
}

int64_t Int(simdjson::dom::element value) {
  int64_t out = 0;
  EXPECT_EQ(value.get_int64().get(out), simdjson::SUCCESS);
  return out;
}

const TimelineLane* Lane(const LaneTimelineModel& timeline, const std::string& title) {
  for (const TimelineLane& lane : timeline.lanes) {
    if (lane.title == title) return &lane;
  }
  return nullptr;
}

class JobTimeline : public ::testing::TestWithParam<const char*> {};

TEST_P(JobTimeline, BarsAreTheJobsStagesAndTheExecutorsOfItsSpan) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/" + GetParam()), "");
  AppState& state = ui.state();
  const std::string base = ApiAppBase(*state.SelectedApp());
  simdjson::dom::parser jobs_parser, stage_parser, executor_parser;
  const ApiResponse jobs = ui.session().Api(base + "/jobs");
  ASSERT_EQ(jobs.status, 200);
  const ApiResponse executors = ui.session().Api(base + "/allexecutors");
  ASSERT_EQ(executors.status, 200);
  simdjson::dom::array executor_list = ArrayOf(executor_parser, executors.body);
  size_t compared_jobs = 0;
  for (simdjson::dom::element job : ArrayOf(jobs_parser, jobs.body)) {
    const int64_t job_id = I64(job["jobId"]);
    SCOPED_TRACE("job " + std::to_string(job_id));
    Navigate(state, Route{ViewId::kJob, job_id});
    const LaneTimelineModel& timeline = state.job_page.timeline;
    // Stages: every submitted attempt of the job's stages, as /stages/<id> lists them.
    std::vector<std::pair<int64_t, int64_t>> expected_stages, shown_stages;
    for (simdjson::dom::element id : ArrayIn(job["stageIds"])) {
      const ApiResponse attempts = ui.session().Api(base + "/stages/" + std::to_string(Int(id)));
      if (attempts.status != 200) continue;
      for (simdjson::dom::element attempt : ArrayOf(stage_parser, attempts.body)) {
        const int64_t submitted = Date(attempt, "submissionTime");
        if (submitted < 0) continue;  // never submitted (skipped)
        const int64_t completed = Date(attempt, "completionTime");
        if (completed >= 0) expected_stages.emplace_back(submitted, completed);
      }
    }
    std::set<int64_t> job_stage_ids;
    for (simdjson::dom::element id : ArrayIn(job["stageIds"])) job_stage_ids.insert(Int(id));
    const TimelineLane* stages = Lane(timeline, "Stages");
    ASSERT_NE(stages, nullptr);
    for (const LaneBar& bar : stages->bars) {
      EXPECT_TRUE(job_stage_ids.contains(bar.link.id)) << bar.label;
      if (!bar.open_end) shown_stages.emplace_back(bar.span.start_ms, bar.span.end_ms);
    }
    std::sort(expected_stages.begin(), expected_stages.end());
    std::sort(shown_stages.begin(), shown_stages.end());
    EXPECT_EQ(shown_stages, expected_stages);
    // Executors: the lifetimes that overlap the job's span.
    const int64_t start = Date(job, "submissionTime");
    const int64_t end = Date(job, "completionTime");
    if (start < 0 || end < 0) continue;
    size_t expected_executors = 0;
    for (simdjson::dom::element e : executor_list) {
      const int64_t added = Date(e, "addTime");
      const int64_t removed = Date(e, "removeTime");
      if (added < 0) continue;
      const bool overlaps = added <= end && (removed < 0 || removed >= start);
      expected_executors += overlaps;
    }
    const TimelineLane* lane = Lane(timeline, "Executors");
    EXPECT_EQ(lane == nullptr ? 0u : lane->bars.size(), expected_executors);
    ++compared_jobs;
  }
  EXPECT_GT(compared_jobs, 0u);
}

INSTANTIATE_TEST_SUITE_P(Corpus, JobTimeline,
                         ::testing::Values("spark/spark-events/application_1553914137147_0018",
                                           "rapids-tools/profiling/tasks_executors_fail_compressed_eventlog.zstd"));

TEST(JobTimeline, ThePageDrawsAndDescribesIt) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/spark/spark-events/application_1553914137147_0018"), "");
  Navigate(ui.state(), Route{ViewId::kJob, 0});
  ui.Draw();
  const std::string described = ui.DescribeView();
  simdjson::dom::parser parser;
  simdjson::dom::element view = ElementOf(parser, described);
  simdjson::dom::array lanes;
  ASSERT_EQ(view.at_pointer("/timeline/lanes").get_array().get(lanes), simdjson::SUCCESS) << described;
  ASSERT_GE(lanes.size(), 1u);
  EXPECT_GT(I64(lanes.at(lanes.size() - 1)["bars"]), 0);  // the job's stages
}

}  // namespace job_timeline_test
}  // namespace afterglow::ui
