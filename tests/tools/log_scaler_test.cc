// The scale generator behind scripts/scale-log: hand-built events rewrite to hand-derived text,
// and real corpus logs scaled x3 hold three times the source's jobs, stages, tasks and SQL
// executions, with unique ids, copies in time order, and API answers that are valid JSON and
// link each copy's SQL executions to that copy's jobs.
#include "tests/tools/log_scaler.h"

#include <gtest/gtest.h>
#include <simdjson.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/load/load_path.h"
#include "core/session.h"
#include "tests/support/unique_temp_path.h"

namespace afterglow::tools {
namespace log_scaler_test {

namespace fs = std::filesystem;

std::string Rewritten(std::string_view line, const CopyShift& shift) {
  std::string out;
  EXPECT_TRUE(RewriteEvent(line, shift, &out, nullptr)) << line;
  return out;
}

CopyShift ExampleShift() {
  CopyShift shift;
  shift.job = 100;
  shift.stage = 1000;
  shift.rdd = 10000;
  shift.task = 100000;
  shift.sql_execution = 50;
  shift.accumulator = 7000;
  shift.time_ms = 3600000;
  return shift;
}

TEST(LogScalerRewrite, JobStartShiftsJobStageRddIdsTimesAndTheSqlExecutionProperty) {
  const std::string line =
      R"({"Event":"SparkListenerJobStart","Job ID":3,"Submission Time":1500000000000,)"
      R"("Stage Infos":[{"Stage ID":5,"Stage Attempt ID":0,"RDD Info":[{"RDD ID":12,)"
      R"("Parent IDs":[11,10],"Number of Partitions":4}],"Parent IDs":[4],"Accumulables":[]}],)"
      R"("Stage IDs":[4,5],"Properties":{"spark.sql.execution.id":"2","spark.rdd.scope":"{\"id\":\"9\"}"}})";
  const std::string expected =
      R"({"Event":"SparkListenerJobStart","Job ID":103,"Submission Time":1500003600000,)"
      R"("Stage Infos":[{"Stage ID":1005,"Stage Attempt ID":0,"RDD Info":[{"RDD ID":10012,)"
      R"("Parent IDs":[10011,10010],"Number of Partitions":4}],"Parent IDs":[1004],"Accumulables":[]}],)"
      R"("Stage IDs":[1004,1005],"Properties":{"spark.sql.execution.id":"52","spark.rdd.scope":"{\"id\":\"9\"}"}})";
  EXPECT_EQ(Rewritten(line, ExampleShift()), expected);
}

TEST(LogScalerRewrite, TaskEndKeepsUnsetTimesIndexesAndMetricDurations) {
  const std::string line =
      R"({"Event":"SparkListenerTaskEnd","Stage ID":7,"Stage Attempt ID":1,"Task Info":{"Task ID":40,)"
      R"("Index":3,"Attempt":0,"Launch Time":1000,"Getting Result Time":0,"Finish Time":1500,)"
      R"("Accumulables":[{"ID":55,"Name":"x","Update":"4","Value":"8"}]},)"
      R"("Task Metrics":{"Executor Run Time":420,"JVM GC Time":7}})";
  const std::string expected =
      R"({"Event":"SparkListenerTaskEnd","Stage ID":1007,"Stage Attempt ID":1,"Task Info":{"Task ID":100040,)"
      R"("Index":3,"Attempt":0,"Launch Time":3601000,"Getting Result Time":0,"Finish Time":3601500,)"
      R"("Accumulables":[{"ID":7055,"Name":"x","Update":"4","Value":"8"}]},)"
      R"("Task Metrics":{"Executor Run Time":420,"JVM GC Time":7}})";
  EXPECT_EQ(Rewritten(line, ExampleShift()), expected);
}

TEST(LogScalerRewrite, SqlEventsShiftExecutionIdsTimesAndAccumulatorIds) {
  EXPECT_EQ(Rewritten(R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerDriverAccumUpdates",)"
                      R"("executionId":4,"accumUpdates":[[31,5],[32,0]]})",
                      ExampleShift()),
            R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerDriverAccumUpdates",)"
            R"("executionId":54,"accumUpdates":[[7031,5],[7032,0]]})");
  EXPECT_EQ(Rewritten(R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart",)"
                      R"("executionId":1,"time":2000,"sparkPlanInfo":{"metrics":[{"name":"rows",)"
                      R"("accumulatorId":9,"metricType":"sum"}],"children":[]}})",
                      ExampleShift()),
            R"({"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart",)"
            R"("executionId":51,"time":3602000,"sparkPlanInfo":{"metrics":[{"name":"rows",)"
            R"("accumulatorId":7009,"metricType":"sum"}],"children":[]}})");
}

TEST(LogScalerRewrite, RecordsTheLargestIdsAndTheTimeRange) {
  SourceExtent extent;
  ASSERT_TRUE(RewriteEvent(R"({"Event":"SparkListenerJobStart","Job ID":3,"Submission Time":900,)"
                           R"("Stage IDs":[8,2],"Properties":{"spark.sql.execution.id":"6"}})",
                           CopyShift{}, nullptr, &extent));
  ASSERT_TRUE(RewriteEvent(R"({"Event":"SparkListenerJobEnd","Job ID":1,"Completion Time":1200})",
                           CopyShift{}, nullptr, &extent));
  EXPECT_EQ(extent.max_job, 3);
  EXPECT_EQ(extent.max_stage, 8);
  EXPECT_EQ(extent.max_sql_execution, 6);
  EXPECT_EQ(extent.max_task, -1);
  EXPECT_EQ(extent.min_time_ms, 900);
  EXPECT_EQ(extent.max_time_ms, 1200);
}

TEST(LogScalerRewrite, MalformedLineIsCopiedUnchangedAndReported) {
  std::string out = "kept|";
  EXPECT_FALSE(RewriteEvent(R"({"Event":"SparkListenerJobEnd","Job ID":1)", ExampleShift(), &out, nullptr));
  EXPECT_EQ(out, R"(kept|{"Event":"SparkListenerJobEnd","Job ID":1)");
}

TEST(LogScalerRewrite, OneOffEventsAreNotRepeated) {
  EXPECT_TRUE(IsRepeatedEvent("SparkListenerTaskEnd"));
  EXPECT_TRUE(IsRepeatedEvent("org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd"));
  EXPECT_FALSE(IsRepeatedEvent("SparkListenerExecutorAdded"));
  EXPECT_FALSE(IsRepeatedEvent("SparkListenerApplicationStart"));
  EXPECT_FALSE(IsRepeatedEvent("SparkListenerEnvironmentUpdate"));
  EXPECT_EQ(EventName(R"({"Event":"SparkListenerJobEnd","Job ID":1})"), "SparkListenerJobEnd");
}

// [SECTION] Real logs scaled x3.

constexpr uint64_t kCopies = 3;

std::vector<std::string> ReadLines(const fs::path& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

// What the log holds, read straight from its events (independently of the scaler and the core).
struct EventFacts {
  std::map<std::string, uint64_t> events;          // by "Event"
  std::set<int64_t> job_ids, task_ids, sql_ids;
  std::set<std::pair<int64_t, int64_t>> stage_attempts;
  std::vector<int64_t> launch_times;               // TaskStart, in log order
  int64_t application_end_ms = -1;
  int64_t latest_time_ms = -1;                     // over every event's times
  uint64_t duplicate_ids = 0;
};

EventFacts ReadFacts(const std::vector<std::string>& lines) {
  EventFacts facts;
  simdjson::dom::parser parser;
  for (const std::string& line : lines) {
    simdjson::dom::element event;
    EXPECT_EQ(parser.parse(line).get(event), simdjson::SUCCESS) << line.substr(0, 200);
    std::string_view name;
    if (event["Event"].get_string().get(name) != simdjson::SUCCESS) continue;
    ++facts.events[std::string(name)];
    int64_t value = 0;
    for (const char* key : {"Submission Time", "Completion Time", "time", "Timestamp"}) {
      if (event[key].get_int64().get(value) == simdjson::SUCCESS && value > facts.latest_time_ms) {
        facts.latest_time_ms = value;
      }
    }
    if (name == "SparkListenerJobStart" && event["Job ID"].get_int64().get(value) == simdjson::SUCCESS) {
      facts.duplicate_ids += !facts.job_ids.insert(value).second;
    } else if (name == "SparkListenerStageSubmitted") {
      int64_t attempt = 0;
      EXPECT_EQ(event["Stage Info"]["Stage ID"].get_int64().get(value), simdjson::SUCCESS);
      EXPECT_EQ(event["Stage Info"]["Stage Attempt ID"].get_int64().get(attempt), simdjson::SUCCESS);
      facts.duplicate_ids += !facts.stage_attempts.insert({value, attempt}).second;
    } else if (name == "SparkListenerTaskStart") {
      EXPECT_EQ(event["Task Info"]["Task ID"].get_int64().get(value), simdjson::SUCCESS);
      facts.duplicate_ids += !facts.task_ids.insert(value).second;
      EXPECT_EQ(event["Task Info"]["Launch Time"].get_int64().get(value), simdjson::SUCCESS);
      facts.launch_times.push_back(value);
      if (value > facts.latest_time_ms) facts.latest_time_ms = value;
    } else if (name == "org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart") {
      EXPECT_EQ(event["executionId"].get_int64().get(value), simdjson::SUCCESS);
      facts.duplicate_ids += !facts.sql_ids.insert(value).second;
    } else if (name == "SparkListenerApplicationEnd") {
      EXPECT_EQ(event["Timestamp"].get_int64().get(value), simdjson::SUCCESS);
      facts.application_end_ms = value;
    }
  }
  return facts;
}

std::string Scale(const std::vector<std::string>& lines, uint64_t copies) {
  LogScaler scaler;
  for (const std::string& line : lines) scaler.AddSourceLine(line);
  std::string out;
  scaler.Write(copies, [&out](std::string_view text) { out.append(text); });
  return out;
}

std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

uint64_t ArrayLength(const std::string& json) {
  simdjson::dom::parser parser;
  simdjson::dom::array array;
  EXPECT_EQ(parser.parse(json).get(array), simdjson::SUCCESS) << json.substr(0, 200);
  return array.size();
}

class ScaledCorpusLog : public ::testing::TestWithParam<const char*> {};

TEST_P(ScaledCorpusLog, HoldsThreeTimesTheWorkWithUniqueIdsInTimeOrder) {
  const fs::path source = fs::path(AFTERGLOW_CORPUS_DIR) / GetParam();
  ASSERT_TRUE(fs::exists(source)) << "corpus log missing: " << source;
  const std::vector<std::string> source_lines = ReadLines(source);
  const EventFacts before = ReadFacts(source_lines);
  const std::string scaled = Scale(source_lines, kCopies);
  const EventFacts after = ReadFacts(SplitLines(scaled));

  ASSERT_GT(before.task_ids.size(), 0u);
  EXPECT_EQ(after.duplicate_ids, 0u);
  EXPECT_EQ(after.job_ids.size(), kCopies * before.job_ids.size());
  EXPECT_EQ(after.stage_attempts.size(), kCopies * before.stage_attempts.size());
  EXPECT_EQ(after.task_ids.size(), kCopies * before.task_ids.size());
  EXPECT_EQ(after.sql_ids.size(), kCopies * before.sql_ids.size());
  for (const char* repeated : {"SparkListenerJobEnd", "SparkListenerStageCompleted", "SparkListenerTaskEnd"}) {
    EXPECT_EQ(after.events.count(repeated) ? after.events.at(repeated) : 0,
              kCopies * (before.events.count(repeated) ? before.events.at(repeated) : 0))
        << repeated;
  }
  for (const char* once : {"SparkListenerApplicationStart", "SparkListenerApplicationEnd",
                           "SparkListenerEnvironmentUpdate", "SparkListenerExecutorAdded"}) {
    EXPECT_EQ(after.events.count(once) ? after.events.at(once) : 0,
              before.events.count(once) ? before.events.at(once) : 0)
        << once;
  }
  // Copies follow each other in time: every task of copy k launches before any task of copy k+1.
  const size_t per_copy = before.launch_times.size();
  ASSERT_EQ(after.launch_times.size(), kCopies * per_copy);
  for (uint64_t copy = 0; copy + 1 < kCopies; ++copy) {
    const auto begin = after.launch_times.begin() + copy * per_copy;
    const int64_t latest = *std::max_element(begin, begin + per_copy);
    const int64_t next_earliest = *std::min_element(begin + per_copy, begin + 2 * per_copy);
    EXPECT_LT(latest, next_earliest) << "copy " << copy;
  }
  // The application ends after everything it ran.
  EXPECT_EQ(after.application_end_ms, after.latest_time_ms);
  EXPECT_GT(after.application_end_ms, before.application_end_ms);
}

TEST_P(ScaledCorpusLog, ApiAnswersCountThreeTimesTheSourceAndStayValidJson) {
  const fs::path source = fs::path(AFTERGLOW_CORPUS_DIR) / GetParam();
  ASSERT_TRUE(fs::exists(source)) << "corpus log missing: " << source;
  const fs::path scaled_path =
      test_support::UniqueTempPath("afterglow-scaled-" + source.filename().string());
  {
    std::ofstream out(scaled_path, std::ios::binary);
    out << Scale(ReadLines(source), kCopies);
  }
  Session original, scaled;
  std::string error;
  ASSERT_TRUE(LoadPath(original, source.string(), &error)) << error;
  ASSERT_TRUE(LoadPath(scaled, scaled_path.string(), &error)) << error;
  fs::remove(scaled_path);
  ASSERT_EQ(original.Summaries().size(), 1u);
  ASSERT_EQ(scaled.Summaries().size(), 1u);
  const AttemptSummary a = original.Summaries()[0];
  const AttemptSummary b = scaled.Summaries()[0];
  EXPECT_EQ(b.app_id, a.app_id);
  EXPECT_EQ(b.jobs, kCopies * a.jobs);
  EXPECT_EQ(b.stage_attempts, kCopies * a.stage_attempts);
  EXPECT_EQ(b.finished_tasks, kCopies * a.finished_tasks);
  EXPECT_EQ(b.executors, a.executors);
  EXPECT_EQ(b.counters.bad_lines, 0u);
  EXPECT_TRUE(scaled.problems().empty());

  const std::string app = "/api/v1/applications/" + a.app_id +
                          (a.attempt_id.empty() ? "" : "/" + a.attempt_id);
  for (const std::string endpoint : {"/jobs", "/stages", "/sql?length=100000"}) {
    const ApiResponse before = original.Api(app + endpoint);
    const ApiResponse after = scaled.Api(app + endpoint);
    ASSERT_EQ(after.status, 200) << endpoint << ": " << after.body;
    EXPECT_EQ(ArrayLength(after.body), kCopies * ArrayLength(before.body)) << endpoint;
  }
  for (const std::string endpoint : {"", "/executors", "/allexecutors", "/environment", "/storage/rdd"}) {
    const ApiResponse after = scaled.Api(app + endpoint);
    ASSERT_EQ(after.status, 200) << endpoint << ": " << after.body;
    simdjson::dom::parser parser;
    simdjson::dom::element parsed;
    EXPECT_EQ(parser.parse(after.body).get(parsed), simdjson::SUCCESS) << endpoint;
  }
}

// The successJobIds of an /sql/<id> answer.
std::vector<int64_t> JobIds(simdjson::dom::element execution) {
  std::vector<int64_t> ids;
  simdjson::dom::array jobs;
  EXPECT_EQ(execution["successJobIds"].get_array().get(jobs), simdjson::SUCCESS);
  for (simdjson::dom::element job : jobs) {
    int64_t id = -1;
    EXPECT_EQ(job.get_int64().get(id), simdjson::SUCCESS);
    ids.push_back(id);
  }
  return ids;
}

// Each copy's SQL executions list that copy's jobs: execution e's jobs j become, in copy k,
// execution e + k * (max execution + 1) with jobs j + k * (max job + 1).
TEST(ScaledSqlLog, EachCopysExecutionsLinkToThatCopysJobs) {
  const fs::path source = fs::path(AFTERGLOW_CORPUS_DIR) / "spark/sql-events/local-1596020211915";
  ASSERT_TRUE(fs::exists(source)) << "corpus log missing: " << source;
  const std::vector<std::string> lines = ReadLines(source);
  const EventFacts facts = ReadFacts(lines);
  ASSERT_FALSE(facts.sql_ids.empty());
  const fs::path scaled_path = test_support::UniqueTempPath("afterglow-scaled-sql-links");
  {
    std::ofstream out(scaled_path, std::ios::binary);
    out << Scale(lines, kCopies);
  }
  Session scaled;
  std::string error;
  ASSERT_TRUE(LoadPath(scaled, scaled_path.string(), &error)) << error;
  fs::remove(scaled_path);
  const std::string app = "/api/v1/applications/local-1596020211915/sql/";
  const int64_t execution_step = *facts.sql_ids.rbegin() + 1;
  const int64_t job_step = *facts.job_ids.rbegin() + 1;
  simdjson::dom::parser parser;
  uint64_t linked_jobs = 0;
  for (const int64_t execution : facts.sql_ids) {
    const ApiResponse first = scaled.Api(app + std::to_string(execution));
    const ApiResponse last = scaled.Api(app + std::to_string(execution + 2 * execution_step));
    ASSERT_EQ(first.status, 200) << first.body;
    ASSERT_EQ(last.status, 200) << last.body;
    std::vector<int64_t> first_jobs, last_jobs;
    simdjson::dom::element parsed;
    ASSERT_EQ(parser.parse(first.body).get(parsed), simdjson::SUCCESS);
    first_jobs = JobIds(parsed);
    ASSERT_EQ(parser.parse(last.body).get(parsed), simdjson::SUCCESS);
    last_jobs = JobIds(parsed);
    ASSERT_EQ(last_jobs.size(), first_jobs.size()) << "execution " << execution;
    for (size_t i = 0; i < first_jobs.size(); ++i) {
      EXPECT_EQ(last_jobs[i], first_jobs[i] + 2 * job_step) << "execution " << execution;
    }
    linked_jobs += first_jobs.size();
  }
  EXPECT_GT(linked_jobs, 0u);
}

INSTANTIATE_TEST_SUITE_P(Corpus, ScaledCorpusLog,
                         ::testing::Values("spark/sql-events/local-1596020211915",
                                           "spark/spark-events/application_1553914137147_0018"),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           return info.index == 0 ? std::string("SqlEvents") : std::string("FailedExecutors");
                         });

}  // namespace log_scaler_test
}  // namespace afterglow::tools
