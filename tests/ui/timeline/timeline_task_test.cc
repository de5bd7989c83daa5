// The task timeline of a stage attempt (ui/timeline/task_timeline.h): every task attempt is a bar, lanes
// are the executors that ran tasks (numeric ids in numeric order), and each bar's phases are
// the ones Spark's StagePage timeline computes, derived here independently from the REST API's
// taskList answer (schedulerDelay, gettingResultTime, taskMetrics) with StagePage's formulas.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "simdjson.h"
#include "tests/ui/headless_ui.h"
#include "ui/pages/executors/executor_order.h"
#include "ui/timeline/task_timeline.h"

namespace afterglow::ui {
namespace timeline_task_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

struct ApiTask {
  std::string executor_id;
  std::string host;
  bool has_duration = false;
  int64_t duration = 0;
  std::array<int64_t, kTaskPhaseCount> phases{};
};

int64_t IntOr(simdjson::dom::element object, const char* key) {
  int64_t value = 0;
  return object[key].get(value) == simdjson::SUCCESS ? value : 0;
}

// Task id -> executor, host, and the phases as StagePage.makeTimeline derives them.
std::map<int64_t, ApiTask> ApiTasks(const Session& session, const std::string& app_base,
                                    int32_t stage, int32_t attempt, simdjson::dom::parser& parser) {
  const ApiResponse response = session.Api(app_base + "/stages/" + std::to_string(stage) + "/" +
                                           std::to_string(attempt) + "/taskList?length=1000000");
  EXPECT_EQ(response.status, 200);
  std::map<int64_t, ApiTask> tasks;
  simdjson::dom::array array;
  EXPECT_EQ(parser.parse(response.body).get(array), simdjson::SUCCESS);
  for (simdjson::dom::element task : array) {
    ApiTask t;
    std::string_view text;
    if (task["executorId"].get(text) == simdjson::SUCCESS) t.executor_id = text;
    if (task["host"].get(text) == simdjson::SUCCESS) t.host = text;
    t.has_duration = task["duration"].get(t.duration) == simdjson::SUCCESS;
    using P = TaskPhase;
    auto at = [&](P p) -> int64_t& { return t.phases[static_cast<size_t>(p)]; };
    at(P::kSchedulerDelay) = IntOr(task, "schedulerDelay");
    at(P::kGettingResult) = IntOr(task, "gettingResultTime");
    simdjson::dom::element metrics;
    int64_t run_time = 0;
    if (task["taskMetrics"].get(metrics) == simdjson::SUCCESS) {
      at(P::kDeserialization) = IntOr(metrics, "executorDeserializeTime");
      at(P::kSerialization) = IntOr(metrics, "resultSerializationTime");
      run_time = IntOr(metrics, "executorRunTime");
      simdjson::dom::element read, write;
      if (metrics["shuffleReadMetrics"].get(read) == simdjson::SUCCESS) {
        at(P::kShuffleRead) = IntOr(read, "fetchWaitTime");
      }
      if (metrics["shuffleWriteMetrics"].get(write) == simdjson::SUCCESS) {
        at(P::kShuffleWrite) = static_cast<int64_t>(static_cast<double>(IntOr(write, "writeTime")) / 1e6);
      }
    }
    // StagePage: executorRunTime = total - overhead - gettingResult - schedulerDelay (>= 0) when
    // the task has a duration; computing = that minus shuffle read and write time.
    if (t.has_duration) {
      run_time = std::max<int64_t>(t.duration - at(P::kDeserialization) - at(P::kSerialization) -
                                       at(P::kGettingResult) - at(P::kSchedulerDelay),
                                   0);
    }
    at(P::kComputing) = run_time - at(P::kShuffleRead) - at(P::kShuffleWrite);
    tasks[IntOr(task, "taskId")] = t;
  }
  return tasks;
}

std::string AppBase(const AppState& state) {
  const AttemptSummary* app = state.SelectedApp();
  std::string base = "/api/v1/applications/" + app->app_id;
  if (!app->attempt_id.empty()) base += "/" + app->attempt_id;
  return base;
}

void CheckEveryStage(const char* log, size_t max_stages) {
  SCOPED_TRACE(log);
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/" + log), "");
  const AttemptModel* model = ui.state().SelectedModel();
  ASSERT_NE(model, nullptr);
  simdjson::dom::parser parser;
  size_t stages = 0, compared = 0;
  for (const auto& [key, rows] : model->stage_task_rows) {
    if (stages++ >= max_stages) break;
    SCOPED_TRACE("stage " + std::to_string(key.first) + "." + std::to_string(key.second));
    const std::map<int64_t, ApiTask> api =
        ApiTasks(ui.session(), AppBase(ui.state()), key.first, key.second, parser);
    TaskTimelineModel timeline;
    timeline.Build(*model, *ui.state().Strings(), key.first, key.second);
    EXPECT_EQ(timeline.bars.size(), api.size()) << "one bar per task attempt of the API";
    std::set<std::string> executors;
    for (const auto& [id, task] : api) executors.insert(task.executor_id);
    ASSERT_EQ(timeline.lanes.size(), executors.size());
    for (size_t i = 1; i < timeline.lanes.size(); ++i) {
      EXPECT_TRUE(ExecutorIdLess(ui.state().Strings()->Get(timeline.lanes[i - 1].executor_id),
                               ui.state().Strings()->Get(timeline.lanes[i].executor_id)));
    }
    for (const TaskTimelineLane& lane : timeline.lanes) {
      const std::string_view lane_executor = ui.state().Strings()->Get(lane.executor_id);
      for (const auto& row : lane.rows) {
        for (const uint32_t bar : row) {
          const uint32_t task_row = timeline.task_rows[bar];
          const auto found = api.find(model->tasks.task_id[task_row]);
          ASSERT_NE(found, api.end());
          const ApiTask& expected = found->second;
          EXPECT_EQ(expected.executor_id, lane_executor);
          if (!expected.has_duration) continue;
          const TaskPhases phases = ComputeTaskPhases(*model, task_row, timeline.now_ms);
          EXPECT_EQ(phases.TotalMs(), expected.duration);
          EXPECT_EQ(timeline.bars[bar].end_ms - timeline.bars[bar].start_ms, expected.duration);
          for (size_t p = 0; p < kTaskPhaseCount; ++p) {
            EXPECT_EQ(phases.ms[p], expected.phases[p])
                << TaskPhaseName(static_cast<TaskPhase>(p)) << " of task "
                << model->tasks.task_id[task_row];
          }
          double percent = 0;
          for (double part : phases.percent) percent += part;
          EXPECT_GE(percent, 100 - 1e-6);  // the bar is filled; computing takes the rest
          ++compared;
        }
      }
    }
  }
  EXPECT_GT(compared, 0u);
}

TEST(TimelineTask, PhasesMatchTheTaskApiOnAFailedJobLog) {
  CheckEveryStage("spark/spark-events/local-1422981780767", 1000);
}

TEST(TimelineTask, PhasesMatchTheTaskApiOnAYarnLogWithFailedStages) {
  CheckEveryStage("spark/spark-events/application_1553914137147_0018", 1000);
}

TEST(TimelineTask, PhasesMatchTheTaskApiOnAShuffleHeavyGpuLog) {
  CheckEveryStage("rapids-tools/profiling/nds_q66_gpu.zstd", 12);
}

TEST(TimelineTask, LatestAttemptWhenTheRouteAsksForNone) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/spark/spark-events/application_1553914137147_0018"), "");
  const AttemptModel* model = ui.state().SelectedModel();
  ASSERT_NE(model, nullptr);
  const int32_t stage = model->stage_rows.rbegin()->first.first;
  int32_t latest = -1;
  for (const auto& [key, index] : model->stage_rows) {
    if (key.first == stage) latest = std::max(latest, key.second);
  }
  TaskTimelineModel timeline;
  timeline.Build(*model, *ui.state().Strings(), stage, -1);
  EXPECT_EQ(timeline.stage_id, stage);
  EXPECT_EQ(timeline.attempt_id, latest);
}

}  // namespace timeline_task_test
}  // namespace afterglow::ui
