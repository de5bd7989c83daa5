// Each diagnostic rule on a corpus log that triggers it, with the finding's numbers checked
// against the CLI's REST answers (/stages, /allexecutors, /jobs, taskSummary), and logs that
// trigger none of a rule.
#include "core/analysis/diagnostics.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/api/dates.h"
#include "core/load/load_path.h"
#include "core/model/app_model.h"
#include "core/session.h"
#include "simdjson.h"
#include "tests/support/api_json.h"
#include "tests/support/api_app_base.h"
#include "ui/pages/jobs/jobs_table_model.h"

namespace afterglow {
namespace diagnostics_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;
constexpr int64_t kNow = 4'000'000'000'000;  // any time after every log: all logs here ended

using test_support::CliApi;
using test_support::IntField;
using test_support::StringField;

struct Diagnosed {
  Session session;
  std::string log;
  std::string base;  // /api/v1/applications/<id>[/<attempt>]
  std::vector<Finding> findings;

  std::vector<const Finding*> Of(FindingKind kind) const {
    std::vector<const Finding*> out;
    for (const Finding& f : findings) {
      if (f.kind == kind) out.push_back(&f);
    }
    return out;
  }
  std::string Api(const std::string& path) const { return CliApi(log, base + path); }
};

void Diagnose(Diagnosed& d, const std::string& relative) {
  d.log = kCorpus + "/" + relative;
  std::string error;
  ASSERT_TRUE(LoadPath(d.session, d.log, &error)) << error;
  const std::vector<AttemptSummary> apps = d.session.Summaries();
  ASSERT_EQ(apps.size(), 1u);
  d.base = "/api/v1/applications/" + apps[0].app_id;
  if (!apps[0].attempt_id.empty()) d.base += "/" + apps[0].attempt_id;
  const AttemptModel& model = *d.session.model(apps[0].model_index);
  d.findings = afterglow::Diagnose(model, d.session.strings(), kNow);
}

using StageKey = std::pair<int64_t, int64_t>;

std::set<StageKey> StageKeys(const std::vector<const Finding*>& findings) {
  std::set<StageKey> keys;
  for (const Finding* f : findings) {
    EXPECT_EQ(f->target, FindingTarget::kStage);
    keys.insert({f->target_id, f->target_attempt});
  }
  return keys;
}

const Finding* ForStage(const std::vector<const Finding*>& findings, int64_t stage,
                        int64_t attempt) {
  for (const Finding* f : findings) {
    if (f->target_id == stage && f->target_attempt == attempt) return f;
  }
  return nullptr;
}

// The taskSummary quantiles 0.5 and 1.0 (median and max) of one metric, as the CLI answers.
std::pair<double, double> MedianAndMax(const Diagnosed& d, int stage, int attempt,
                                       const char* group, const char* field) {
  const std::string json = d.Api("/stages/" + std::to_string(stage) + "/" +
                                 std::to_string(attempt) + "/taskSummary?quantiles=0.5,1.0");
  simdjson::dom::parser parser;
  simdjson::dom::element summary;
  EXPECT_EQ(parser.parse(json).get(summary), simdjson::SUCCESS) << json;
  simdjson::dom::array values;
  const auto where = group == nullptr ? summary[field] : summary[group][field];
  EXPECT_EQ(where.get_array().get(values), simdjson::SUCCESS) << field;
  double median = -1, max = -1;
  EXPECT_EQ(values.at(0).get_double().get(median), simdjson::SUCCESS);
  EXPECT_EQ(values.at(1).get_double().get(max), simdjson::SUCCESS);
  return {median, max};
}

TEST(Diagnostics, LongOneTaskStagesOfTheGpuRun) {
  Diagnosed d;
  ASSERT_NO_FATAL_FAILURE(Diagnose(d, "rapids-tools/profiling/nds_q66_gpu.zstd"));
  simdjson::dom::parser parser;
  const std::string app_json = CliApi(d.log, d.base);
  simdjson::dom::element app;
  ASSERT_EQ(parser.parse(app_json).get(app), simdjson::SUCCESS);
  simdjson::dom::array attempts;
  ASSERT_EQ(app["attempts"].get_array().get(attempts), simdjson::SUCCESS);
  simdjson::dom::element first_attempt;
  ASSERT_EQ(attempts.at(0).get(first_attempt), simdjson::SUCCESS);
  const int64_t app_ms = IntField(first_attempt, "duration");
  ASSERT_GT(app_ms, 0);

  // The rule, computed from /stages: one task, and at least a minute, or 10 % of the
  // application and 5 s; the duration from the first task's launch to the stage's completion.
  simdjson::dom::parser stage_parser;
  const std::string stages_json = d.Api("/stages");
  simdjson::dom::array stages;
  ASSERT_EQ(stage_parser.parse(stages_json).get_array().get(stages), simdjson::SUCCESS);
  std::map<StageKey, int64_t> expected;
  for (simdjson::dom::element s : stages) {
    if (IntField(s, "numTasks") != 1) continue;
    const std::string launched = StringField(s, "firstTaskLaunchedTime");
    const std::string completed = StringField(s, "completionTime");
    if (launched.empty() || completed.empty()) continue;
    const int64_t ms =
        ParseSparkDate(completed).value_or(-1) - ParseSparkDate(launched).value_or(-1);
    if (ms >= 60'000 || (ms >= 5'000 && ms * 10 >= app_ms)) {
      expected[{IntField(s, "stageId"), IntField(s, "attemptId")}] = ms;
    }
  }
  ASSERT_FALSE(expected.empty());
  const std::vector<const Finding*> found = d.Of(FindingKind::kOneTaskStage);
  std::set<StageKey> expected_keys;
  for (const auto& [key, ms] : expected) expected_keys.insert(key);
  EXPECT_EQ(StageKeys(found), expected_keys);
  for (const Finding* f : found) {
    EXPECT_EQ(f->value_a, (expected[{f->target_id, f->target_attempt}])) << f->target_id;
    EXPECT_EQ(f->value_b, app_ms);
  }
}

TEST(Diagnostics, DurationSkewAgainstTaskSummaryQuantiles) {
  // Stage 3 of the YARN join: 30 tasks, median about 3 s, slowest about 18.6 s.
  Diagnosed d;
  ASSERT_NO_FATAL_FAILURE(Diagnose(d, "rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd"));
  const std::vector<const Finding*> skew = d.Of(FindingKind::kDurationSkew);
  const Finding* f = ForStage(skew, 3, 0);
  ASSERT_NE(f, nullptr);
  const auto [median, max] = MedianAndMax(d, 3, 0, nullptr, "duration");
  EXPECT_EQ(f->value_a, static_cast<int64_t>(max));
  EXPECT_EQ(f->value_b, static_cast<int64_t>(median));
  EXPECT_GE(max, 3 * median);
  EXPECT_GE(max - median, 10'000);
  EXPECT_EQ(f->value_c, 30);
}

TEST(Diagnostics, InSmallStepsFindsWhatOneGoFinds) {
  // The page finds the overview's findings a few thousand tasks a step; one task of budget makes
  // every stage its own step.
  Diagnosed d;
  ASSERT_NO_FATAL_FAILURE(Diagnose(d, "rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd"));
  ASSERT_FALSE(d.Of(FindingKind::kDurationSkew).empty());
  const AttemptModel& model = *d.session.model(0);
  DiagnosisSteps steps;
  steps.Start(model, d.session.strings(), kNow);
  size_t calls = 1;
  while (!steps.Step(1)) ++calls;
  EXPECT_GT(calls, model.stage_rows.size());
  const std::vector<Finding> stepped = steps.TakeFindings();
  ASSERT_EQ(stepped.size(), d.findings.size());
  for (size_t i = 0; i < stepped.size(); ++i) {
    EXPECT_EQ(stepped[i].kind, d.findings[i].kind) << i;
    EXPECT_EQ(stepped[i].target_id, d.findings[i].target_id) << i;
    EXPECT_EQ(stepped[i].target_attempt, d.findings[i].target_attempt) << i;
    EXPECT_EQ(stepped[i].value_a, d.findings[i].value_a) << i;
    EXPECT_EQ(stepped[i].value_b, d.findings[i].value_b) << i;
    EXPECT_EQ(stepped[i].detail, d.findings[i].detail) << i;
  }
}

TEST(Diagnostics, DurationSkewOfAFourTaskStage) {
  Diagnosed d;
  ASSERT_NO_FATAL_FAILURE(Diagnose(d, "spark/spark-events/application_1628109047826_1317105"));
  const Finding* f = ForStage(d.Of(FindingKind::kDurationSkew), 0, 0);
  ASSERT_NE(f, nullptr);
  const auto [median, max] = MedianAndMax(d, 0, 0, nullptr, "duration");
  EXPECT_EQ(f->value_a, static_cast<int64_t>(max));
  EXPECT_EQ(f->value_b, static_cast<int64_t>(median));
}

TEST(Diagnostics, InputSkewAgainstTaskSummaryQuantiles) {
  Diagnosed d;
  ASSERT_NO_FATAL_FAILURE(Diagnose(d, "rapids-tools/profiling/gpu_oom_eventlog.zstd"));
  const Finding* f = ForStage(d.Of(FindingKind::kInputSkew), 34, 0);
  ASSERT_NE(f, nullptr);
  const auto [median, max] = MedianAndMax(d, 34, 0, "inputMetrics", "bytesRead");
  EXPECT_EQ(f->value_a, static_cast<int64_t>(max));
  EXPECT_EQ(f->value_b, static_cast<int64_t>(median));
  EXPECT_GE(max - median, 64.0 * 1024 * 1024);
}

TEST(Diagnostics, SpillFindingsAreTheStagesThatSpilled) {
  Diagnosed d;
  ASSERT_NO_FATAL_FAILURE(Diagnose(d, "rapids-tools/profiling/gpu_oom_eventlog.zstd"));
  simdjson::dom::parser parser;
  const std::string stages_json = d.Api("/stages");
  simdjson::dom::array stages;
  ASSERT_EQ(parser.parse(stages_json).get_array().get(stages), simdjson::SUCCESS);
  std::map<StageKey, std::pair<int64_t, int64_t>> expected;
  for (simdjson::dom::element s : stages) {
    const int64_t memory = IntField(s, "memoryBytesSpilled"), disk = IntField(s, "diskBytesSpilled");
    if (memory > 0 || disk > 0) {
      expected[{IntField(s, "stageId"), IntField(s, "attemptId")}] = {memory, disk};
    }
  }
  ASSERT_FALSE(expected.empty());
  const std::vector<const Finding*> spill = d.Of(FindingKind::kSpill);
  ASSERT_EQ(spill.size(), expected.size());
  for (const Finding* f : spill) {
    const auto it = expected.find({f->target_id, f->target_attempt});
    ASSERT_NE(it, expected.end()) << f->target_id;
    EXPECT_EQ(f->value_a, it->second.first);
    EXPECT_EQ(f->value_b, it->second.second);
  }
}

TEST(Diagnostics, GcHeavyExecutorsFollowSparksRedCellRule) {
  Diagnosed d;
  ASSERT_NO_FATAL_FAILURE(Diagnose(d, "rapids-tools/profiling/rp_sql_eventlog.zstd"));
  simdjson::dom::parser parser;
  const std::string json = d.Api("/allexecutors");
  simdjson::dom::array executors;
  ASSERT_EQ(parser.parse(json).get_array().get(executors), simdjson::SUCCESS);
  std::map<std::string, std::pair<int64_t, int64_t>> expected;
  for (simdjson::dom::element e : executors) {
    const int64_t gc = IntField(e, "totalGCTime"), duration = IntField(e, "totalDuration");
    if (gc > 0 && gc * 10 > duration) expected[StringField(e, "id")] = {gc, duration};
  }
  ASSERT_EQ(expected.size(), 2u);  // executors 7 and 8
  std::map<std::string, std::pair<int64_t, int64_t>> found;
  for (const Finding* f : d.Of(FindingKind::kGcHeavyExecutor)) {
    EXPECT_EQ(f->target, FindingTarget::kExecutor);
    found[f->executor_id] = {f->value_a, f->value_b};
  }
  EXPECT_EQ(found, expected);
  EXPECT_TRUE(found.count("7") && found.count("8"));
}

TEST(Diagnostics, LostExecutorsWithTheirReason) {
  Diagnosed d;
  ASSERT_NO_FATAL_FAILURE(
      Diagnose(d, "rapids-tools/profiling/tasks_executors_fail_compressed_eventlog.zstd"));
  std::set<std::string> lost;
  for (const Finding* f : d.Of(FindingKind::kLostExecutor)) {
    lost.insert(f->executor_id);
    EXPECT_EQ(f->detail, "Executor Process Lost");
  }
  EXPECT_EQ(lost, (std::set<std::string>{"1", "2"}));

  // Released on request ("exited from explicit termination request"): not lost.
  Diagnosed released;
  ASSERT_NO_FATAL_FAILURE(Diagnose(released, "spark/spark-events/application_1628109047826_1317105"));
  EXPECT_TRUE(released.Of(FindingKind::kLostExecutor).empty());
}

TEST(Diagnostics, FailedJobAndStageWithTheFirstErrorLine) {
  Diagnosed d;
  ASSERT_NO_FATAL_FAILURE(Diagnose(d, "spark/spark-events/local-1422981780767"));
  simdjson::dom::parser parser;
  const std::string stages_json = d.Api("/stages");
  simdjson::dom::array stages;
  ASSERT_EQ(parser.parse(stages_json).get_array().get(stages), simdjson::SUCCESS);
  std::map<StageKey, std::string> failed;
  for (simdjson::dom::element s : stages) {
    if (StringField(s, "status") != "FAILED") continue;
    std::string reason = StringField(s, "failureReason");
    failed[{IntField(s, "stageId"), IntField(s, "attemptId")}] = reason.substr(0, reason.find('\n'));
  }
  ASSERT_EQ(failed.size(), 1u);
  const std::vector<const Finding*> found = d.Of(FindingKind::kFailedStage);
  ASSERT_EQ(found.size(), 1u);
  const std::string expected_line = failed.begin()->second;
  EXPECT_EQ((StageKey{found[0]->target_id, found[0]->target_attempt}), failed.begin()->first);
  EXPECT_EQ(found[0]->detail, expected_line);
  EXPECT_FALSE(expected_line.empty());
  EXPECT_EQ(found[0]->severity, FindingSeverity::kCritical);

  simdjson::dom::parser job_parser;
  const std::string jobs_json = d.Api("/jobs");
  simdjson::dom::array jobs;
  ASSERT_EQ(job_parser.parse(jobs_json).get_array().get(jobs), simdjson::SUCCESS);
  std::set<int64_t> failed_jobs;
  for (simdjson::dom::element j : jobs) {
    if (StringField(j, "status") == "FAILED") failed_jobs.insert(IntField(j, "jobId"));
  }
  std::set<int64_t> found_jobs;
  for (const Finding* f : d.Of(FindingKind::kFailedJob)) {
    found_jobs.insert(f->target_id);
    EXPECT_EQ(f->detail, expected_line);
    EXPECT_EQ(f->value_a, 1);
  }
  EXPECT_EQ(found_jobs, failed_jobs);
  ASSERT_FALSE(d.findings.empty());
  EXPECT_EQ(d.findings.front().severity, FindingSeverity::kCritical);  // most severe first
}

TEST(Diagnostics, RetriedFailedTasksOfStagesThatSucceeded) {
  // Stage 0 of this standalone app completed after 10 failed task attempts were retried.
  Diagnosed d;
  ASSERT_NO_FATAL_FAILURE(Diagnose(d, "spark/spark-events/app-20161115172038-0000"));
  simdjson::dom::parser parser;
  const std::string stages_json = d.Api("/stages");
  simdjson::dom::array stages;
  ASSERT_EQ(parser.parse(stages_json).get_array().get(stages), simdjson::SUCCESS);
  std::map<StageKey, int64_t> expected;
  for (simdjson::dom::element s : stages) {
    if (StringField(s, "status") == "FAILED") continue;
    const int64_t failed = IntField(s, "numFailedTasks");
    if (failed > 0) expected[{IntField(s, "stageId"), IntField(s, "attemptId")}] = failed;
  }
  ASSERT_FALSE(expected.empty());
  std::map<StageKey, int64_t> found;
  for (const Finding* f : d.Of(FindingKind::kFailedTasks)) {
    found[{f->target_id, f->target_attempt}] = f->value_a;
    EXPECT_FALSE(f->detail.empty());
  }
  EXPECT_EQ(found, expected);
}

TEST(Diagnostics, AQuietLogHasNoFindings) {
  // A small local job that succeeded: no failure, no executor trouble, no long serial stage, no
  // skew and no spill.
  Diagnosed d;
  ASSERT_NO_FATAL_FAILURE(Diagnose(d, "spark/spark-events/local-1422981759269"));
  for (const Finding& f : d.findings) ADD_FAILURE() << FindingKindName(f.kind) << " " << f.target_id;
  // And a cluster log with none of the failure, GC or spill rules firing.
  Diagnosed cluster;
  ASSERT_NO_FATAL_FAILURE(Diagnose(cluster, "spark/spark-events/application_1553914137147_0018"));
  for (FindingKind kind : {FindingKind::kFailedJob, FindingKind::kFailedStage,
                           FindingKind::kLostExecutor, FindingKind::kGcHeavyExecutor,
                           FindingKind::kSpill}) {
    EXPECT_TRUE(cluster.Of(kind).empty()) << FindingKindName(kind);
  }
}

TEST(Diagnostics, GcRuleAndFirstLine) {
  EXPECT_TRUE(IsGcHeavy(101, 1000));
  EXPECT_FALSE(IsGcHeavy(100, 1000));  // "over" 10 %, as GCTimePercent's strict comparison
  EXPECT_FALSE(IsGcHeavy(0, 0));
  EXPECT_EQ(FirstLine("\n  Job aborted due to stage failure: boom  \n\tat x.y(z)"),
            "Job aborted due to stage failure: boom");
  EXPECT_EQ(FirstLine(""), "");
}

}  // namespace diagnostics_test
}  // namespace afterglow
