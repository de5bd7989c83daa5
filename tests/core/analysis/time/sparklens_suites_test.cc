// Sparklens' own test suites, reproduced on inputs built the way each suite builds its
// AppContext: PQParallelStageSchedulerSuite (scheduler times), JobOverlapAnalyzerSuite (time in
// jobs), AppContextSuite (maximum concurrent executors). The expected numbers are the suites'.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/analysis/time/executor_count.h"
#include "core/analysis/time/job_groups.h"
#include "core/analysis/time/schedule_inputs.h"
#include "core/analysis/time/sparklens_figures.h"
#include "core/analysis/time/time_analysis.h"

namespace afterglow::time_analysis::test {
namespace {

// A stage of `tasks` tasks of 1 ms each (the suites' createStageTimeSpan).
StageFacts OneMsStage(int32_t id, int tasks, std::vector<int32_t> parents) {
  StageFacts s;
  s.stage_id = id;
  s.parent_ids = std::move(parents);
  s.completed_ok = true;
  s.has_completion = true;
  s.run_end = s.slot_end = static_cast<uint32_t>(tasks);  // ranges laid out by LayOut
  s.run_ms_sum = s.slot_ms_sum = tasks;
  s.run_ms_max = s.slot_ms_max = 1;
  return s;
}

// Gives each stage its own range of 1 ms durations, stage after stage, as the gathering does.
void LayOut(TimeFacts& facts) {
  facts.run_ms.clear();
  for (StageFacts& s : facts.stages) {
    const uint32_t tasks = s.run_end - s.run_begin;
    s.run_begin = s.slot_begin = static_cast<uint32_t>(facts.run_ms.size());
    s.run_end = s.slot_end = s.run_begin + tasks;
    facts.run_ms.insert(facts.run_ms.end(), tasks, 1);
  }
  facts.slot_ms = facts.run_ms;
}

// One job holding `stages`, simulated on `cores` slots as estimateJobWallClockTime does.
int64_t JobTimeOn(const std::vector<StageFacts>& stages, int64_t cores) {
  TimeFacts facts;
  facts.app_start_ms = 0;
  facts.app_end_ms = 1000;
  facts.stages = stages;
  LayOut(facts);
  JobFacts job;
  job.start_ms = 0;
  job.end_ms = 1000;
  for (uint32_t s = 0; s < stages.size(); ++s) {
    job.completed_stages.push_back(s);
    job.stages_with_tasks.push_back(s);
  }
  facts.jobs.push_back(job);
  ScheduleInput input = SparklensScheduleInput(facts, {{0}}, 0);
  ScheduleSimulation simulation(input, facts.run_ms, cores);
  while (!simulation.Step(2)) {
  }
  return simulation.estimated_ms();
}

std::vector<StageFacts> SerialStages(int last) {  // makeNStagesInSerialOrder
  std::vector<StageFacts> stages;
  for (int i = 0; i <= last; ++i) {
    stages.push_back(OneMsStage(i, 1, i > 0 ? std::vector<int32_t>{i - 1} : std::vector<int32_t>{}));
  }
  return stages;
}

std::vector<StageFacts> IndependentStages(int n) {  // makeNIndependentStages: n, then one more
  std::vector<StageFacts> stages;
  std::vector<int32_t> all;
  for (int i = 0; i < n; ++i) {
    stages.push_back(OneMsStage(i, 1, {}));
    all.push_back(i);
  }
  stages.push_back(OneMsStage(n, 1, all));
  return stages;
}

TEST(SparklensSchedulerSuite, OneStageOneTaskOneCore) {
  EXPECT_EQ(JobTimeOn({OneMsStage(0, 1, {})}, 1), 1);
}

TEST(SparklensSchedulerSuite, OneTaskTakesAsLongOnOneToTenCores) {
  for (int cores = 1; cores <= 10; ++cores) EXPECT_EQ(JobTimeOn({OneMsStage(0, 1, {})}, cores), 1);
}

TEST(SparklensSchedulerSuite, TwoStagesInSerial) {
  EXPECT_EQ(JobTimeOn({OneMsStage(0, 1, {}), OneMsStage(1, 1, {0})}, 1), 2);
}

TEST(SparklensSchedulerSuite, ElevenStagesInSerialOnOneAndTwoCores) {
  EXPECT_EQ(JobTimeOn(SerialStages(10), 1), 11);
  EXPECT_EQ(JobTimeOn(SerialStages(10), 2), 11);
}

TEST(SparklensSchedulerSuite, OnePlusTenStagesInParallel) {
  // The suite's expectations for 1..11 and 100 cores: 10 / cores rounded up, plus the last stage.
  const std::vector<std::pair<int, int64_t>> expected = {
      {1, 11}, {2, 6}, {3, 5}, {4, 4}, {5, 3}, {6, 3}, {7, 3},
      {8, 3},  {9, 3}, {10, 2}, {11, 2}, {100, 2}};
  for (const auto& [cores, time] : expected) {
    EXPECT_EQ(JobTimeOn(IndependentStages(10), cores), time) << cores << " cores";
  }
}

TEST(SparklensSchedulerSuite, OnePlusHundredStagesOnHundredCores) {
  EXPECT_EQ(JobTimeOn(IndependentStages(100), 100), 2);
}

TEST(SparklensSchedulerSuite, TwoJobsRunningInParallel) {
  // Jobs 0, 1 and 2 share a SQL execution, job 3 has its own; jobs 1 and 2 do not overlap. Each
  // job runs stage 0 with one 1 ms task. estimateAppWallClockTimeWithJobLists(ac, 1, 1, 3) == 3.
  TimeFacts facts;
  facts.app_start_ms = 0;
  facts.app_end_ms = 3;
  facts.stages.push_back(OneMsStage(0, 1, {}));
  LayOut(facts);
  const std::vector<std::pair<int64_t, int64_t>> spans = {{0, 1}, {0, 1}, {2, 3}, {4, 5}};
  for (size_t j = 0; j < spans.size(); ++j) {
    JobFacts job;
    job.job_id = static_cast<int32_t>(j);
    job.start_ms = spans[j].first;
    job.end_ms = spans[j].second;
    job.sql_execution_id = j < 3 ? 42 : 43;
    job.completed_stages = {0};
    job.stages_with_tasks = {0};
    facts.jobs.push_back(job);
  }
  // The suite passes the application's duration (3) and leaves the application's own span
  // empty, so its span filter keeps every job; ours filters by the span, which here must hold
  // job 3 too.
  facts.app_end_ms = 5;
  const std::vector<std::vector<uint32_t>> groups = SparklensJobGroups(facts);
  const int64_t in_jobs = SparklensTimeInJobsMs(facts, groups);
  ScheduleInput input = SparklensScheduleInput(facts, groups, 3 - in_jobs);
  ScheduleSimulation simulation(input, facts.run_ms, 1);
  while (!simulation.Step(1)) {
  }
  EXPECT_EQ(simulation.estimated_ms(), 3);
}

TEST(SparklensJobOverlapSuite, ParallelJobsCountOnceInTimeSpentInJobs) {
  // Jobs 1, 2, 3 share a SQL execution; 2 and 3 do not overlap; job 4 stands alone.
  TimeFacts facts;
  facts.app_start_ms = 0;
  facts.app_end_ms = 100;
  const std::vector<std::pair<int64_t, int64_t>> spans = {{1, 6}, {4, 7}, {8, 10}, {11, 13}};
  for (size_t j = 0; j < spans.size(); ++j) {
    JobFacts job;
    job.job_id = static_cast<int32_t>(j + 1);
    job.start_ms = spans[j].first;
    job.end_ms = spans[j].second;
    job.sql_execution_id = j < 3 ? 7 : 8;
    facts.jobs.push_back(job);
  }
  EXPECT_EQ(SparklensTimeInJobsMs(facts, SparklensJobGroups(facts)), 10);
}

TEST(SparklensAppContextSuite, MaximumConcurrentExecutors) {
  // The suite's shape with a fixed size: executors 1..maximum overlap in a pyramid, the rest
  // come and go one at a time afterwards.
  const int64_t size = 10000, maximum = 7321;
  TimeFacts facts;
  facts.app_start_ms = 0;
  facts.app_end_ms = 4 * size;
  for (int64_t x = 1; x <= maximum; ++x) {
    facts.executors.push_back({kEmptyString, x, 2 * maximum - x + 1, static_cast<int32_t>(x)});
  }
  for (int64_t x = maximum + 1; x <= size; ++x) {
    facts.executors.push_back({kEmptyString, 2 * maximum + x, 2 * maximum + x, 1});
  }
  EXPECT_EQ(SparklensExecutorCount(facts).max_concurrent, maximum);
}

TEST(SparklensAppContextSuite, NoExecutorCountsAsOne) {
  TimeFacts facts;
  facts.app_start_ms = 0;
  facts.app_end_ms = 10;
  EXPECT_EQ(SparklensExecutorCount(facts).max_concurrent, 1);
  EXPECT_EQ(SparklensExecutorCount(facts).cores_per_executor, 1);
}

}  // namespace
}  // namespace afterglow::time_analysis::test
