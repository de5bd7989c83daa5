// The application timeline's lanes (ui/timeline/app_timeline_model.h), the jobs page's event timeline and
// the executors timeline: one bar per job, stage attempt, executor and SQL execution the REST API
// lists with a time, placed at the API's times, coloured by the API's status, linking to the
// entity's route; executors removed carry their removal reason.
#include <gtest/gtest.h>

#include <string>

#include "core/api/dates.h"
#include "simdjson.h"
#include "tests/ui/headless_ui.h"
#include "ui/timeline/app_timeline_model.h"
#include "ui/timeline/executors_timeline.h"
#include "ui/timeline/jobs_timeline.h"

namespace afterglow::ui {
namespace timeline_lanes_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

std::string AppBase(const AppState& state) {
  const AttemptSummary* app = state.SelectedApp();
  std::string base = "/api/v1/applications/" + app->app_id;
  if (!app->attempt_id.empty()) base += "/" + app->attempt_id;
  return base;
}

int64_t DateOr(simdjson::dom::element object, const char* key) {
  std::string_view text;
  return object[key].get(text) == simdjson::SUCCESS ? ParseSparkDate(text).value_or(-1) : -1;
}

std::string TextOr(simdjson::dom::element object, const char* key) {
  std::string_view text;
  return object[key].get(text) == simdjson::SUCCESS ? std::string(text) : std::string();
}

BarKind KindOfStatus(const std::string& status) {
  if (status == "SUCCEEDED" || status == "COMPLETE" || status == "COMPLETED") {
    return BarKind::kSucceeded;
  }
  if (status == "FAILED") return BarKind::kFailed;
  if (status == "RUNNING" || status == "ACTIVE") return BarKind::kRunning;
  return BarKind::kOther;
}

const TimelineLane* LaneNamed(const LaneTimelineModel& timeline, const std::string& title) {
  for (const TimelineLane& lane : timeline.lanes) {
    if (lane.title == title) return &lane;
  }
  return nullptr;
}

class TimelineLanes : public ::testing::TestWithParam<const char*> {};

TEST_P(TimelineLanes, AppTimelineHasABarPerApiEntityWithTheApiTimesAndStatus) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/" + GetParam()), "");
  const AppState& state = ui.state();
  const std::string base = AppBase(state);
  simdjson::dom::parser parser;
  simdjson::dom::array array;
  const LaneTimelineModel& timeline = state.app_timeline;  // built by RefreshModels

  // Jobs: a bar per job of the API, at the API's times; a job the log gives no times (Spark 1.x)
  // spans its stages, which the API lists with times.
  const TimelineLane* jobs = LaneNamed(timeline, "Jobs");
  ASSERT_NE(jobs, nullptr);
  ASSERT_EQ(parser.parse(ui.session().Api(base + "/jobs").body).get(array), simdjson::SUCCESS);
  size_t api_jobs = 0;
  for (simdjson::dom::element job : array) {
    int64_t id = -1;
    ASSERT_EQ(job["jobId"].get(id), simdjson::SUCCESS);
    const LaneBar* found = nullptr;
    for (const LaneBar& bar : jobs->bars) {
      if (bar.link == Route{ViewId::kJob, id}) found = &bar;
    }
    const int64_t start = DateOr(job, "submissionTime");
    if (start < 0) {
      if (found != nullptr) {
        ASSERT_NE(jobs->hover_text, nullptr);
        EXPECT_NE(jobs->hover_text(state, *found).find("no job times"), std::string::npos);
      }
      continue;
    }
    ++api_jobs;
    ASSERT_NE(found, nullptr) << "job " << id;
    EXPECT_EQ(found->span.start_ms, start);
    if (const int64_t end = DateOr(job, "completionTime"); end >= 0) {
      EXPECT_EQ(found->span.end_ms, end);
    }
    EXPECT_EQ(found->kind, KindOfStatus(TextOr(job, "status"))) << "job " << id;
    // The tooltip, written on hover from the job's row: its id and the API's status.
    ASSERT_NE(jobs->hover_text, nullptr);
    const std::string job_tooltip = jobs->hover_text(state, *found);
    EXPECT_EQ(job_tooltip.rfind("Job " + std::to_string(id) + " (" + TextOr(job, "status") + ")", 0), 0u)
        << job_tooltip;
  }
  // Bars run oldest first: in job id order, the API's order reversed.
  for (size_t i = 1; i < jobs->bars.size(); ++i) {
    EXPECT_LE(jobs->bars[i - 1].link.id, jobs->bars[i].link.id);
  }
  EXPECT_GT(jobs->bars.size(), 0u);
  EXPECT_GE(jobs->bars.size(), api_jobs);

  // Stages: every attempt the API lists with a submission time, by (id, attempt).
  const TimelineLane* stages = LaneNamed(timeline, "Stages");
  ASSERT_NE(stages, nullptr);
  ASSERT_EQ(parser.parse(ui.session().Api(base + "/stages").body).get(array), simdjson::SUCCESS);
  size_t submitted = 0;
  for (simdjson::dom::element stage : array) {
    const int64_t start = DateOr(stage, "submissionTime");
    if (start < 0) continue;
    ++submitted;
    int64_t id = -1, attempt = -1;
    ASSERT_EQ(stage["stageId"].get(id), simdjson::SUCCESS);
    ASSERT_EQ(stage["attemptId"].get(attempt), simdjson::SUCCESS);
    const Route link{ViewId::kStage, id, static_cast<int32_t>(attempt)};
    const LaneBar* found = nullptr;
    for (const LaneBar& bar : stages->bars) {
      if (bar.link == link) found = &bar;
    }
    ASSERT_NE(found, nullptr) << "stage " << id << "." << attempt;
    EXPECT_EQ(found->span.start_ms, start);
    if (const int64_t end = DateOr(stage, "completionTime"); end >= 0) {
      EXPECT_EQ(found->span.end_ms, end);
    }
    EXPECT_EQ(found->kind, KindOfStatus(TextOr(stage, "status")));
    ASSERT_NE(stages->hover_text, nullptr);
    const std::string stage_tooltip = stages->hover_text(state, *found);
    EXPECT_EQ(stage_tooltip.rfind("Stage " + std::to_string(id) + " (attempt " +
                                      std::to_string(attempt) + "), " + TextOr(stage, "status"),
                                  0),
              0u)
        << stage_tooltip;
  }
  EXPECT_EQ(stages->bars.size(), submitted);

  // Executors: every record of /allexecutors, removed ones with their reason.
  const TimelineLane* executors = LaneNamed(timeline, "Executors");
  ASSERT_NE(executors, nullptr);
  ASSERT_EQ(parser.parse(ui.session().Api(base + "/allexecutors").body).get(array),
            simdjson::SUCCESS);
  size_t added = 0;
  for (simdjson::dom::element executor : array) {
    if (DateOr(executor, "addTime") < 0) continue;
    ++added;
    const std::string label = "Executor " + TextOr(executor, "id");
    const LaneBar* found = nullptr;
    for (const LaneBar& bar : executors->bars) {
      if (bar.label == label && bar.span.start_ms == DateOr(executor, "addTime")) found = &bar;
    }
    ASSERT_NE(found, nullptr) << label;
    if (const int64_t removed = DateOr(executor, "removeTime"); removed >= 0) {
      EXPECT_EQ(found->kind, BarKind::kExecutorRemoved);
      EXPECT_EQ(found->span.end_ms, removed);
      const std::string reason = TextOr(executor, "removeReason");
      if (!reason.empty()) {
        // Written on hover, from the bar's executor.
        ASSERT_NE(executors->hover_text, nullptr);
        const std::string tooltip = executors->hover_text(state, *found);
        EXPECT_NE(tooltip.find(reason.substr(0, 40)), std::string::npos) << tooltip;
      }
    } else {
      EXPECT_EQ(found->kind, BarKind::kSucceeded);
      EXPECT_TRUE(found->open_end);
    }
  }
  EXPECT_EQ(executors->bars.size(), added);

  // SQL: a lane only when the API lists executions.
  ASSERT_EQ(parser.parse(ui.session().Api(base + "/sql?offset=0&length=1000000").body).get(array),
            simdjson::SUCCESS);
  const TimelineLane* sql = LaneNamed(timeline, "SQL");
  if (array.size() == 0) {
    EXPECT_EQ(sql, nullptr);
  } else {
    ASSERT_NE(sql, nullptr);
    EXPECT_EQ(sql->bars.size(), array.size());
    for (simdjson::dom::element execution : array) {
      int64_t id = -1;
      ASSERT_EQ(execution["id"].get(id), simdjson::SUCCESS);
      const LaneBar* found = nullptr;
      for (const LaneBar& bar : sql->bars) {
        if (bar.link == Route{ViewId::kSqlQuery, id}) found = &bar;
      }
      ASSERT_NE(found, nullptr) << "query " << id;
      ASSERT_NE(sql->hover_text, nullptr);
      const std::string tooltip = sql->hover_text(state, *found);
      EXPECT_EQ(tooltip.rfind("Query " + std::to_string(id) + " (" + TextOr(execution, "status") + ")", 0),
                0u)
          << tooltip;
    }
  }

  // Packing: no two bars of a row overlap, every bar is in one row.
  for (const TimelineLane& lane : timeline.lanes) {
    size_t placed = 0;
    for (const auto& row : lane.rows) {
      placed += row.size();
      for (size_t i = 1; i < row.size(); ++i) {
        EXPECT_LE(lane.bars[row[i - 1]].span.end_ms, lane.bars[row[i]].span.start_ms);
      }
    }
    EXPECT_EQ(placed, lane.bars.size()) << lane.title;
  }
  // The axis covers every bar.
  for (const TimelineLane& lane : timeline.lanes) {
    for (const LaneBar& bar : lane.bars) {
      EXPECT_GE(static_cast<double>(bar.span.start_ms), timeline.axis.extent_start_ms);
      EXPECT_LE(static_cast<double>(bar.span.end_ms), timeline.axis.extent_end_ms);
    }
  }
}

TEST_P(TimelineLanes, JobsAndExecutorsTimelinesShareTheAppLanes) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/" + GetParam()), "");
  const AppState& state = ui.state();
  const TimelineLane* app_jobs = LaneNamed(state.app_timeline, "Jobs");
  const TimelineLane* app_executors = LaneNamed(state.app_timeline, "Executors");
  ASSERT_NE(app_jobs, nullptr);
  ASSERT_NE(app_executors, nullptr);
  ASSERT_EQ(state.jobs_timeline.lanes.size(), 2u);
  EXPECT_EQ(state.jobs_timeline.lanes[0].title, "Executors");
  EXPECT_EQ(state.jobs_timeline.lanes[0].bars.size(), app_executors->bars.size());
  EXPECT_EQ(state.jobs_timeline.lanes[1].title, "Jobs");
  EXPECT_EQ(state.jobs_timeline.lanes[1].bars.size(), app_jobs->bars.size());
  // The executors page lists one row per executor, in add order.
  ASSERT_EQ(state.executors_timeline.lanes.size(), 1u);
  const TimelineLane& rows = state.executors_timeline.lanes[0];
  EXPECT_EQ(rows.rows.size(), app_executors->bars.size());
  for (size_t i = 0; i < rows.rows.size(); ++i) {
    ASSERT_EQ(rows.rows[i].size(), 1u);
    EXPECT_EQ(rows.rows[i][0], i);
  }
}

INSTANTIATE_TEST_SUITE_P(CorpusLogs, TimelineLanes,
                         ::testing::Values("spark/sql-events/local-1596020211915",
                                           "spark/spark-events/local-1422981780767",
                                           "spark/spark-events/application_1553914137147_0018",
                                           "rapids-tools/profiling/nds_q66_gpu.zstd"),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           std::string name = info.param;
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

}  // namespace timeline_lanes_test
}  // namespace afterglow::ui
