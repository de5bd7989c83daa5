// Retention as the History Server applies it during a replay (docs/SPARK-SEMANTICS.md fact 109; ASL
// cleanupJobs, cleanupStages, cleanupTasks): synthetic logs past
// spark.ui.retainedJobs/Stages/Tasks, checked through the API against what Spark's rules imply.
// Each expectation is derived in the test by playing the rule (count rows as Spark writes them;
// when a checked write finds more than the limit, delete max(limit/10, count-limit) of the oldest
// finished rows) over the test's own event list, never from the listener's output.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/model/app_model.h"
#include "core/session.h"
#include "simdjson.h"
#include "tests/core/inline_log.h"

namespace afterglow {
namespace retention_test {

using test_support::LoadInlineLog;

constexpr int64_t kRetained = 1000;            // spark.ui.retainedJobs / retainedStages
constexpr int64_t kRetainedTasks = 100000;     // spark.ui.retainedTasks

int64_t ToRemove(int64_t count, int64_t limit) {
  return count > limit ? std::max(limit / 10, count - limit) : 0;
}

const char kAppStart[] =
    R"({"Event":"SparkListenerApplicationStart","App Name":"retention","App ID":"app-r",)"
    R"("Timestamp":1,"User":"u"})" "\n";

std::string StageInfo(int stage, const std::string& extra = "") {
  return R"({"Stage ID":)" + std::to_string(stage) +
         R"(,"Stage Attempt ID":0,"Stage Name":"s","Number of Tasks":1,"RDD Info":[],)"
         R"("Details":"","Accumulables":[])" + extra + "}";
}

std::string JobStart(int job, const std::vector<int>& stages) {
  std::string infos, ids;
  for (int stage : stages) {
    infos += (infos.empty() ? "" : ",") + StageInfo(stage);
    ids += (ids.empty() ? "" : ",") + std::to_string(stage);
  }
  return R"({"Event":"SparkListenerJobStart","Job ID":)" + std::to_string(job) +
         R"(,"Submission Time":5,"Stage Infos":[)" + infos + R"(],"Stage IDs":[)" + ids +
         R"(],"Properties":{}})" "\n";
}

// `time` < 0 leaves "Completion Time" out (the job then has none).
std::string JobEnd(int job, int64_t time) {
  const std::string when =
      time < 0 ? "" : R"(,"Completion Time":)" + std::to_string(time);
  return R"({"Event":"SparkListenerJobEnd","Job ID":)" + std::to_string(job) + when +
         R"(,"Job Result":{"Result":"JobSucceeded"}})" "\n";
}

std::string StageSubmitted(int stage) {
  return R"({"Event":"SparkListenerStageSubmitted","Stage Info":)" +
         StageInfo(stage, R"(,"Submission Time":6)") + R"(,"Properties":{}})" "\n";
}

std::string StageCompleted(int stage, int64_t time) {
  return R"({"Event":"SparkListenerStageCompleted","Stage Info":)" +
         StageInfo(stage, R"(,"Submission Time":6,"Completion Time":)" + std::to_string(time)) +
         "}\n";
}

// simdjson is built without exceptions: checked accessors that read a missing value as -1.
int64_t IntField(simdjson::dom::element e, const char* key) {
  int64_t value = -1;
  if (e[key].get_int64().get(value) != simdjson::SUCCESS) return -1;
  return value;
}
double DoubleAt(simdjson::dom::element e, const char* key, size_t index) {
  double value = -1;
  if (e[key].at(index).get_double().get(value) != simdjson::SUCCESS) return -1;
  return value;
}

// Parses an API answer that must be a JSON array and returns one int64 field of each element.
std::vector<int64_t> IdsOf(const ApiResponse& response, const char* field) {
  EXPECT_EQ(response.status, 200) << response.body;
  std::vector<int64_t> ids;
  simdjson::dom::parser parser;
  simdjson::dom::array array;
  if (parser.parse(response.body).get_array().get(array) != simdjson::SUCCESS) return ids;
  for (simdjson::dom::element e : array) ids.push_back(IntField(e, field));
  return ids;
}

// --- Jobs --------------------------------------------------------------------------------------

TEST(Retention, JobsBeyondRetainedJobsLoseTheEarliestCompletedFinishedOnes) {
  // Job 0 ends without a completion time and job 1 never ends: neither can be deleted. Jobs
  // 2..1499 end in id order, but with completion times that run backwards in blocks of 10 so
  // that "earliest completed" differs from "lowest id".
  constexpr int kJobs = 1500;
  std::string log = kAppStart;
  std::vector<std::pair<int, int64_t>> ends;  // (job, completion time or -1), in log order
  log += JobStart(0, {}) + JobEnd(0, -1);
  ends.push_back({0, -1});
  log += JobStart(1, {});
  for (int job = 2; job < kJobs; ++job) {
    const int64_t time = 100000 + (job / 10) * 10 + (9 - job % 10);
    log += JobStart(job, {}) + JobEnd(job, time);
    ends.push_back({job, time});
  }

  // The rule: every JobEnd writes its job and checks the trigger.
  std::vector<std::pair<int64_t, int>> stored;  // (completion time, job) of stored rows
  for (const auto& [job, time] : ends) {
    stored.push_back({time, job});
    const int64_t remove = ToRemove(static_cast<int64_t>(stored.size()), kRetained);
    if (remove == 0) continue;
    std::vector<std::pair<int64_t, int>> deletable;
    for (const auto& row : stored) {
      if (row.first >= 0) deletable.push_back(row);
    }
    std::sort(deletable.begin(), deletable.end());
    deletable.resize(std::min<size_t>(deletable.size(), static_cast<size_t>(remove)));
    for (const auto& gone : deletable) {
      stored.erase(std::find(stored.begin(), stored.end(), gone));
    }
  }
  std::set<int64_t> expected{1};  // the running job, written by the final flush
  for (const auto& row : stored) expected.insert(row.second);

  auto session = LoadInlineLog(log);
  const std::vector<int64_t> shown = IdsOf(session->Api("/api/v1/applications/app-r/jobs"), "jobId");
  EXPECT_EQ(std::set<int64_t>(shown.begin(), shown.end()), expected);
  // 1499 writes: trigger at 1001 (-100), then every 100 writes (-100): 1499 - 5*100 = 999 stored.
  EXPECT_EQ(shown.size(), 999u + 1u);
  EXPECT_TRUE(expected.count(0)) << "a job without a completion time is never deleted";
  EXPECT_EQ(session->Api("/api/v1/applications/app-r/jobs/2").status, 404);
  EXPECT_EQ(session->Api("/api/v1/applications/app-r/jobs/1499").status, 200);
}

TEST(Retention, AThousandJobsAreAllKept) {
  std::string log = kAppStart;
  for (int job = 0; job < 1000; ++job) log += JobStart(job, {}) + JobEnd(job, 1000 + job);
  auto session = LoadInlineLog(log);
  EXPECT_EQ(IdsOf(session->Api("/api/v1/applications/app-r/jobs"), "jobId").size(), 1000u);
}

// --- Stages ------------------------------------------------------------------------------------

TEST(Retention, StagesBeyondRetainedStagesLoseSkippedThenEarliestCompleted) {
  // Job j runs stage j (submitted, completed at 200000 - j: later stages completed earlier).
  // The first 150 jobs also list a stage 100000+j that never runs: skipped at their JobEnd, with
  // no completion time, so they are deleted first.
  constexpr int kJobs = 1300;
  std::string log = kAppStart;
  struct Write {
    int64_t time;
    int stage;
  };
  std::vector<Write> writes;  // checked stage writes, in log order
  for (int job = 0; job < kJobs; ++job) {
    std::vector<int> stages{job};
    if (job < 150) stages.push_back(100000 + job);
    const int64_t time = 200000 - job;
    log += JobStart(job, stages) + StageSubmitted(job) + StageCompleted(job, time) +
           JobEnd(job, 300000 + job);
    writes.push_back({time, job});
    if (job < 150) writes.push_back({-1, 100000 + job});
  }

  std::vector<std::pair<int64_t, int>> stored;  // (completion time, stage)
  for (const Write& w : writes) {
    stored.push_back({w.time, w.stage});
    const int64_t remove = ToRemove(static_cast<int64_t>(stored.size()), kRetained);
    if (remove == 0) continue;
    std::sort(stored.begin(), stored.end());
    stored.erase(stored.begin(), stored.begin() + std::min<int64_t>(remove, stored.size()));
  }
  std::set<int64_t> expected;
  for (const auto& row : stored) expected.insert(row.second);

  auto session = LoadInlineLog(log);
  const std::vector<int64_t> shown = IdsOf(session->Api("/api/v1/applications/app-r/stages"), "stageId");
  EXPECT_EQ(std::set<int64_t>(shown.begin(), shown.end()), expected);
  // 1450 checked writes: -100 at 1001, 1101, 1201, 1301, 1401 -> 950 rows.
  EXPECT_EQ(shown.size(), 950u);
  for (int job = 0; job < 150; ++job) {
    EXPECT_EQ(expected.count(100000 + job), 0u) << "skipped stages go first";
  }
  // Later stages completed earlier, so the deleted run stages are the high ids written before
  // the last cleanup; a deleted attempt answers 404 like an unknown one.
  int deleted = -1;
  for (int stage = kJobs - 1; stage >= 0 && deleted < 0; --stage) {
    if (!expected.count(stage)) deleted = stage;
  }
  ASSERT_GE(deleted, 0);
  EXPECT_EQ(session->Api("/api/v1/applications/app-r/stages/" + std::to_string(deleted) + "/0").status,
            404);
  EXPECT_EQ(session->Api("/api/v1/applications/app-r/stages/0/0").status, 200);
}

TEST(Retention, DeletedStageTakesItsRddGraphUnlessAnotherAttemptIsStored) {
  // Stage 0 attempt 0 fails first (completion 1, the oldest row); its attempt 1 completes last.
  // Jobs 1..1000 each run stage j, completed at 200000 - j. The 1002nd checked write deletes
  // the 100 oldest finished rows; Spark deletes a stage's RDDOperationGraphWrapper only when no
  // stored attempt of that stage is left (ASL cleanupStages).
  auto attempt_info = [](int attempt, const std::string& end) {
    return R"({"Stage ID":0,"Stage Attempt ID":)" + std::to_string(attempt) +
           R"(,"Stage Name":"s","Number of Tasks":1,"RDD Info":[],"Details":"","Accumulables":[],)"
           R"("Submission Time":6,"Completion Time":)" + end + "}";
  };
  std::string log = std::string(kAppStart) + JobStart(0, {0});
  log += R"({"Event":"SparkListenerStageCompleted","Stage Info":)" +
         attempt_info(0, R"(1,"Failure Reason":"lost")") + "}\n";
  log += R"({"Event":"SparkListenerStageSubmitted","Stage Info":)" + attempt_info(1, "900000") +
         R"(,"Properties":{}})" "\n";
  log += R"({"Event":"SparkListenerStageCompleted","Stage Info":)" + attempt_info(1, "900000") +
         "}\n" + JobEnd(0, 900001);
  std::vector<std::pair<int64_t, int>> stored = {{1, 0}, {900000, 0}};  // (completion, stage)
  constexpr int kJobs = 1001;
  for (int job = 1; job < kJobs; ++job) {
    log += JobStart(job, {job}) + StageSubmitted(job) + StageCompleted(job, 200000 - job) +
           JobEnd(job, 300000 + job);
  }
  for (int job = 1; job < kJobs; ++job) {
    stored.push_back({200000 - job, job});
    const int64_t remove = ToRemove(static_cast<int64_t>(stored.size()), kRetained);
    if (remove == 0) continue;
    std::sort(stored.begin(), stored.end());
    stored.erase(stored.begin(), stored.begin() + std::min<int64_t>(remove, stored.size()));
  }
  std::set<int> expected_graphs;
  for (const auto& row : stored) expected_graphs.insert(row.second);
  ASSERT_EQ(expected_graphs.count(0), 1u) << "attempt 1 of stage 0 is still stored";
  ASSERT_LT(expected_graphs.size(), static_cast<size_t>(kJobs)) << "some stages were deleted";

  auto session = LoadInlineLog(log);
  std::set<int> graphs;
  for (const auto& [stage_id, ops] : session->model(0)->stage_rdd_graphs) {
    graphs.insert(stage_id);
  }
  EXPECT_EQ(graphs, expected_graphs);
}

// --- Tasks -------------------------------------------------------------------------------------

std::string TaskInfo(int64_t task, int64_t launch, int64_t finish) {
  return R"({"Task ID":)" + std::to_string(task) + R"(,"Index":)" + std::to_string(task) +
         R"(,"Attempt":0,"Launch Time":)" + std::to_string(launch) +
         R"(,"Executor ID":"1","Host":"h","Locality":"ANY","Speculative":false,)"
         R"("Finish Time":)" + std::to_string(finish) + "}";
}

TEST(Retention, StageBeyondRetainedTasksKeepsTheLatestCompletedTasks) {
  // One stage, 121000 tasks, each ending right after it starts; finish times are a permutation
  // of the task ids, so "oldest by completion" is not "lowest id". Executor run time = task id.
  constexpr int64_t kTasks = 121000;
  auto finish_of = [](int64_t task) { return 10000000 + (task * 7919) % kTasks; };
  std::string log = kAppStart;
  log += JobStart(0, {0}) + StageSubmitted(0);
  log.reserve(kTasks * 520);
  for (int64_t task = 0; task < kTasks; ++task) {
    const std::string info = TaskInfo(task, 1000, finish_of(task));
    log += R"({"Event":"SparkListenerTaskStart","Stage ID":0,"Stage Attempt ID":0,"Task Info":)" +
           info + "}\n";
    log += R"({"Event":"SparkListenerTaskEnd","Stage ID":0,"Stage Attempt ID":0,)"
           R"("Task Type":"ResultTask","Task End Reason":{"Reason":"Success"},"Task Info":)" +
           info + R"(,"Task Metrics":{"Executor Run Time":)" + std::to_string(task) + "}}\n";
  }
  log += StageCompleted(0, 20000000) + JobEnd(0, 20000001);

  // The rule: each TaskStart of the live stage counts one saved task; past the limit, the
  // oldest stored (ended) tasks by (launch + duration = finish, task id) are deleted.
  std::set<std::pair<int64_t, int64_t>> stored;  // (finish, task)
  int64_t saved = 0;
  for (int64_t task = 0; task < kTasks; ++task) {
    saved += 1;
    const int64_t remove = ToRemove(saved, kRetainedTasks);
    if (remove > 0) {
      for (int64_t i = 0; i < remove && !stored.empty(); ++i) stored.erase(stored.begin());
      saved -= remove;
    }
    stored.insert({finish_of(task), task});
  }
  std::set<int64_t> expected;
  int64_t min_run_time = INT64_MAX;
  for (const auto& [finish, task] : stored) {
    expected.insert(task);
    min_run_time = std::min(min_run_time, task);
  }
  // Cleanups at starts 100001 and 110001 (10000 each) and 120001 (10000): 91000 kept.
  ASSERT_EQ(expected.size(), 91000u);

  auto session = LoadInlineLog(log);
  const std::vector<int64_t> listed =
      IdsOf(session->Api("/api/v1/applications/app-r/stages/0/0/taskList?length=200000"), "taskId");
  EXPECT_EQ(listed.size(), expected.size());
  EXPECT_EQ(std::set<int64_t>(listed.begin(), listed.end()), expected);

  // The stage's own counters are not touched by task cleanup.
  simdjson::dom::parser parser;
  const ApiResponse stage = session->Api("/api/v1/applications/app-r/stages/0/0");
  ASSERT_EQ(stage.status, 200);
  simdjson::dom::element details;
  ASSERT_EQ(parser.parse(stage.body).get(details), simdjson::SUCCESS);
  EXPECT_EQ(IntField(details, "numCompleteTasks"), kTasks);
  simdjson::dom::object tasks;
  ASSERT_EQ(details["tasks"].get_object().get(tasks), simdjson::SUCCESS);
  EXPECT_EQ(tasks.size(), expected.size());

  // The summary is computed over the retained tasks only.
  const ApiResponse summary =
      session->Api("/api/v1/applications/app-r/stages/0/0/taskSummary?quantiles=0.0,1.0");
  ASSERT_EQ(summary.status, 200);
  simdjson::dom::element quantiles;
  ASSERT_EQ(parser.parse(summary.body).get(quantiles), simdjson::SUCCESS);
  EXPECT_EQ(DoubleAt(quantiles, "executorRunTime", 0), static_cast<double>(min_run_time));
  EXPECT_EQ(DoubleAt(quantiles, "executorRunTime", 1), static_cast<double>(kTasks - 1));
}

}  // namespace retention_test
}  // namespace afterglow
