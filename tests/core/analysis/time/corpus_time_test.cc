// The time analyses over every corpus log that loads (one test per log, named after its path):
// the figures stay inside what the run could have done.
//  - utilisation never above 100%: busy cores never exceed offered cores at any step;
//  - core-ms used + wasted = available, for the application and each stage, none negative;
//  - driver time + job time = the wall-clock, and the driver's stretches add up to it;
//  - Afterglow's critical path and ideal time at most the actual wall-clock (lower bounds);
//  - the what-if at 100% (Afterglow's model) within [1 - kModelShorter, 1 + kModelLonger] of
//    the actual wall-clock. The model replays the recorded tasks on the run's peak task slots and
//    keeps the driver's time (no job running, or no task running inside a job) as it was. It
//    leaves out the gaps between one task's end and the next launch on a slot (scheduler delay,
//    locality waits) and, under dynamic allocation, gives every stage the peak cores where the
//    run had fewer, so it comes out shorter than the real run: over the corpus from 0.795 of it
//    (rapids-tools db_sim_eventlog, 90% busy while executors came and went) to 1.000. It can
//    come out longer only where its stage order (lowest runnable stage id first) packs the slots
//    worse than Spark's did, which the corpus never shows; a model outside the band has lost
//    tasks, stages or parents.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/analysis/time/time_analysis.h"
#include "core/load/load_path.h"
#include "core/load/log_layout.h"
#include "core/session.h"

namespace afterglow::time_analysis::test {
namespace {

namespace fs = std::filesystem;

// Estimate / actual must lie in [1 - kModelShorter, 1 + kModelLonger] (see the top).
constexpr double kModelShorter = 0.3;
constexpr double kModelLonger = 0.05;

bool IsDocument(const fs::path& path) {
  const std::string name = path.filename().string();
  if (name.rfind("LICENSE", 0) == 0 || name.rfind("README", 0) == 0 || name == "EXPECTATIONS.tsv") {
    return true;
  }
  return std::find(path.begin(), path.end(), fs::path("expectations")) != path.end();
}

// A folder that is one multi-part log is one entry; otherwise each file, walking sub-folders.
void FindLogs(const fs::path& dir, std::vector<std::string>* logs) {
  std::vector<LayoutFile> layout;
  std::vector<fs::path> files, folders;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    if (entry.is_directory()) folders.push_back(entry.path());
    if (!entry.is_regular_file()) continue;
    files.push_back(entry.path());
    layout.push_back({entry.path().filename().string(), entry.file_size()});
  }
  LogSource one_log;
  if (LogOfFolder(layout, dir.filename().string(), &one_log)) {
    logs->push_back(dir.string());
    return;
  }
  for (const fs::path& f : files) {
    if (!IsDocument(f)) logs->push_back(f.string());
  }
  for (const fs::path& f : folders) FindLogs(f, logs);
}

std::vector<std::string> CorpusLogs() {
  std::vector<std::string> logs;
  const fs::path corpus(AFTERGLOW_CORPUS_DIR);
  for (const char* group : {"spark", "rapids-tools"}) {
    if (fs::is_directory(corpus / group)) FindLogs(corpus / group, &logs);
  }
  std::sort(logs.begin(), logs.end());
  return logs;
}

void CheckAttempt(const AttemptModel& model) {
  const TimeAnalysisResult result = ComputeTimeAnalysis(model);
  if (!result.problem.empty()) {
    // Only a log without a start, or without any event after it, has no answer.
    EXPECT_TRUE(model.app.start_time == kNoTime || model.app.last_event_time == kNoTime)
        << result.problem;
    return;
  }
  const TimeAnalysis& t = result.analysis;
  const AfterglowTimeFigures& a = t.afterglow;
  int64_t bucket_available = 0, bucket_used = 0;
  for (const UsageBucket& b : a.usage.buckets) {
    ASSERT_LE(b.max_busy_cores, b.max_offered_cores);
    ASSERT_LE(b.busy_core_ms, b.offered_core_ms);
    bucket_available += b.offered_core_ms;
    bucket_used += b.busy_core_ms;
  }
  EXPECT_LE(a.usage.buckets.size(), kUsageBuckets);
  EXPECT_EQ(bucket_available, a.usage.app.available) << "the buckets hold every core-ms";
  EXPECT_EQ(bucket_used, a.usage.app.used);
  EXPECT_LE(a.usage.app.used, a.usage.app.available);
  EXPECT_LE(a.usage.app.UsedPct(), 100.0);
  EXPECT_GE(a.usage.app.wasted(), 0);
  EXPECT_EQ(a.usage.app.used + a.usage.app.wasted(), a.usage.app.available);
  EXPECT_LE(a.in_jobs.used, a.in_jobs.available);
  EXPECT_LE(a.in_jobs.available, a.usage.app.available);
  for (const AfterglowStageRow& r : a.stages) {
    EXPECT_GE(r.cores.used, 0) << r.stage_id;
    EXPECT_GE(r.cores.wasted(), 0) << r.stage_id;
    EXPECT_EQ(r.cores.used + r.cores.wasted(), r.cores.available) << r.stage_id;
    EXPECT_LE(r.wall_clock_share_pct, 100.0) << r.stage_id;
  }
  for (const SparklensStageRow& r : t.sparklens.stages) {
    EXPECT_EQ(r.one_core_ms_used + r.one_core_ms_wasted(), r.one_core_ms_available) << r.stage_id;
  }
  EXPECT_EQ(a.driver_ms + a.job_ms, a.wall_clock_ms);
  int64_t stretches = 0;
  for (const Stretch& s : a.jobs.idle) stretches += s.duration_ms();
  EXPECT_EQ(stretches, a.driver_ms);
  EXPECT_GE(a.driver_ms, 0);
  EXPECT_LE(a.critical_path_ms, a.wall_clock_ms);
  EXPECT_LE(a.ideal_ms, a.wall_clock_ms);
  EXPECT_EQ(t.sparklens.driver_ms + t.sparklens.executor_ms, t.sparklens.app_ms);

  WhatIfRun run = t.AfterglowWhatIf();
  while (!run.Step(100000)) {
  }
  if (a.wall_clock_ms > 0) {
    const double ratio = static_cast<double>(run.model_estimate_ms()) / a.wall_clock_ms;
    EXPECT_GE(ratio, 1.0 - kModelShorter) << "model " << run.model_estimate_ms() << " ms";
    EXPECT_LE(ratio, 1.0 + kModelLonger) << "model " << run.model_estimate_ms() << " ms";
  }
  for (const WhatIfRow& row : run.rows()) {
    EXPECT_GT(row.executor_count, 0);
    EXPECT_LE(row.utilization_pct, 100.0 + 1e-9) << row.percent << "%";
  }
  // Sparklens' 100% row runs the same executors as its model estimate.
  WhatIfRun sparklens = t.SparklensWhatIf();
  while (!sparklens.Step(100000)) {
  }
  bool has_full_row = false;
  for (const WhatIfRow& row : sparklens.rows()) {
    if (row.percent != 100) continue;
    has_full_row = true;
    EXPECT_EQ(row.executor_count, t.sparklens.executors.max_concurrent);
    EXPECT_EQ(row.estimated_ms, sparklens.model_estimate_ms());
  }
  EXPECT_TRUE(has_full_row);
}

// Everything the analysis holds, field by field: the stepped analysis must equal the one block.
void ExpectSameAnalysis(const TimeAnalysis& x, const TimeAnalysis& y) {
  EXPECT_EQ(x.facts.run_ms, y.facts.run_ms);
  EXPECT_EQ(x.facts.slot_ms, y.facts.slot_ms);
  ASSERT_EQ(x.facts.stages.size(), y.facts.stages.size());
  for (size_t s = 0; s < x.facts.stages.size(); ++s) {
    const StageFacts &a = x.facts.stages[s], &b = y.facts.stages[s];
    EXPECT_EQ(a.stage_id, b.stage_id);
    EXPECT_EQ(a.run_begin, b.run_begin);
    EXPECT_EQ(a.run_end, b.run_end);
    EXPECT_EQ(a.slot_begin, b.slot_begin);
    EXPECT_EQ(a.slot_end, b.slot_end);
    EXPECT_EQ(a.slot_ms_sum, b.slot_ms_sum);
    EXPECT_EQ(a.run_skew, b.run_skew);
    EXPECT_EQ(a.job, b.job);
  }
  ASSERT_EQ(x.facts.jobs.size(), y.facts.jobs.size());
  for (size_t j = 0; j < x.facts.jobs.size(); ++j) {
    EXPECT_EQ(x.facts.jobs[j].stages_with_tasks, y.facts.jobs[j].stages_with_tasks);
  }
  const SparklensFigures &sx = x.sparklens, &sy = y.sparklens;
  EXPECT_EQ(sx.driver_ms, sy.driver_ms);
  EXPECT_EQ(sx.critical_path_ms, sy.critical_path_ms);
  EXPECT_EQ(sx.ideal_ms, sy.ideal_ms);
  EXPECT_EQ(sx.cluster_utilization_pct, sy.cluster_utilization_pct);
  ASSERT_EQ(sx.stages.size(), sy.stages.size());
  for (size_t k = 0; k < sx.stages.size(); ++k) {
    EXPECT_EQ(sx.stages[k].task_skew, sy.stages[k].task_skew);
    EXPECT_EQ(sx.stages[k].one_core_ms_available, sy.stages[k].one_core_ms_available);
  }
  const AfterglowTimeFigures &ax = x.afterglow, &ay = y.afterglow;
  EXPECT_EQ(ax.driver_ms, ay.driver_ms);
  EXPECT_EQ(ax.driver_in_jobs_ms, ay.driver_in_jobs_ms);
  EXPECT_EQ(ax.critical_path_ms, ay.critical_path_ms);
  EXPECT_EQ(ax.ideal_ms, ay.ideal_ms);
  EXPECT_EQ(ax.in_jobs.available, ay.in_jobs.available);
  EXPECT_EQ(ax.in_jobs.used, ay.in_jobs.used);
  EXPECT_EQ(ax.usage.app.available, ay.usage.app.available);
  EXPECT_EQ(ax.usage.app.used, ay.usage.app.used);
  EXPECT_EQ(ax.usage.raised_core_ms, ay.usage.raised_core_ms);
  EXPECT_EQ(ax.usage.peak_offered_cores, ay.usage.peak_offered_cores);
  ASSERT_EQ(ax.usage.buckets.size(), ay.usage.buckets.size());
  for (size_t k = 0; k < ax.usage.buckets.size(); ++k) {
    const UsageBucket &a = ax.usage.buckets[k], &b = ay.usage.buckets[k];
    ASSERT_EQ(a.offered_core_ms, b.offered_core_ms) << k;
    ASSERT_EQ(a.busy_core_ms, b.busy_core_ms) << k;
    ASSERT_EQ(a.max_offered_cores, b.max_offered_cores) << k;
    ASSERT_EQ(a.max_busy_cores, b.max_busy_cores) << k;
  }
  ASSERT_EQ(ax.stages.size(), ay.stages.size());
  for (size_t k = 0; k < ax.stages.size(); ++k) {
    EXPECT_EQ(ax.stages[k].cores.available, ay.stages[k].cores.available);
    EXPECT_EQ(ax.stages[k].cores.used, ay.stages[k].cores.used);
    EXPECT_EQ(ax.stages[k].task_skew, ay.stages[k].task_skew);
  }
  EXPECT_EQ(ax.schedule.stages.size(), ay.schedule.stages.size());
  EXPECT_EQ(ax.schedule.fixed_ms, ay.schedule.fixed_ms);
}

class CorpusTime : public ::testing::TestWithParam<std::string> {};

// The page builds the analysis a few thousand tasks at a time between frames: in steps of any
// budget it is the same analysis as built in one block.
TEST_P(CorpusTime, StepsGiveTheSameAnalysisAsOneBlock) {
  Session session;
  std::string error;
  if (!LoadPath(session, GetParam(), &error)) return;  // FiguresStayWithinTheRun checks why
  for (const auto& model : session.models()) {
    SCOPED_TRACE(model->file_name);
    const TimeAnalysisResult whole = ComputeTimeAnalysis(*model);
    for (size_t budget : {size_t{1}, size_t{37}, size_t{4096}}) {
      SCOPED_TRACE(budget);
      TimeAnalysisSteps steps;
      steps.Start(*model);
      size_t calls = 1;
      while (!steps.Step(budget)) ++calls;
      const TimeAnalysisResult stepped = steps.Take();
      ASSERT_EQ(stepped.problem, whole.problem);
      if (!whole.problem.empty()) continue;
      ExpectSameAnalysis(stepped.analysis, whole.analysis);
      if (budget == 1 && model->tasks.size() > 1) {
        EXPECT_GT(calls, model->tasks.size()) << "a budget of one task takes a call per task";
      }
    }
  }
}

TEST_P(CorpusTime, FiguresStayWithinTheRun) {
  Session session;
  std::string error;
  if (!LoadPath(session, GetParam(), &error)) {
    EXPECT_FALSE(error.empty());  // a log that does not load says why (the sweep checks more)
    return;
  }
  for (const auto& model : session.models()) {
    SCOPED_TRACE(model->file_name);
    CheckAttempt(*model);
  }
}

std::string TestName(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = fs::path(info.param).lexically_relative(AFTERGLOW_CORPUS_DIR).string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name + "_" + std::to_string(info.index);
}

INSTANTIATE_TEST_SUITE_P(Corpus, CorpusTime, ::testing::ValuesIn(CorpusLogs()), TestName);

}  // namespace
}  // namespace afterglow::time_analysis::test
