// The job page's model on corpus logs: the job's facts and stage rows, its DAG (stage boxes,
// scope boxes, skipped stages, edges across stages) and the SQL query that ran it. Expected values
// are read off the logs' events (quoted in each test).
#include "ui/pages/jobs/job_page_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/load/load_path.h"
#include "core/model/app_model.h"
#include "core/session.h"
#include "simdjson.h"
#include "tests/ui/headless_ui.h"

namespace afterglow::ui {
namespace job_page_model_test {

namespace fs = std::filesystem;

struct Loaded {
  std::unique_ptr<Session> session;
  AttemptSummary app;
  const AttemptModel* model = nullptr;
  const StringPool* strings = nullptr;
};

Loaded Load(const std::string& relative) {
  Loaded loaded;
  const fs::path log = fs::path(AFTERGLOW_CORPUS_DIR) / relative;
  if (!fs::exists(log)) return loaded;
  loaded.session = std::make_unique<Session>();
  LoadFile(*loaded.session, log.string());
  loaded.app = loaded.session->Summaries().at(0);
  loaded.model = loaded.session->model(loaded.app.model_index);
  loaded.strings = &loaded.session->strings();
  return loaded;
}

int64_t IntOf(simdjson::dom::object object, const char* key) {
  int64_t value = -999;
  if (object[key].get_int64().get(value) != simdjson::SUCCESS) return -999;
  return value;
}

int CountSkippedClusters(const RddDagModel& dag) {
  int count = 0;
  for (const RddDagCluster& cluster : dag.clusters) count += cluster.skipped ? 1 : 0;
  return count;
}

// The stage tables' filter: only the stages whose id or name it holds are laid out, each in its
// section, and a rebuild of the same job keeps the filter.
TEST(JobPageModel, StageFilterKeepsTheMatchingStagesInTheirSections) {
  Loaded loaded = Load("spark/spark-events/local-1642039451826");
  ASSERT_NE(loaded.session, nullptr);
  JobPageModel page;
  BuildJobPageModel(*loaded.model, *loaded.strings, 2, 16.0f, page);
  ASSERT_EQ(page.display.size(), 3u);  // stages 5 (completed), 4 and 3 (skipped)
  std::strcpy(page.stage_filter.text, "4");
  page.ArrangeStages();
  ASSERT_EQ(page.display.size(), 1u);
  EXPECT_EQ(page.stages[page.display[0]].stage_id, 4);
  EXPECT_EQ(page.section_size[static_cast<size_t>(JobStageSection::kCompleted)], 0u);
  EXPECT_EQ(page.section_size[static_cast<size_t>(JobStageSection::kSkipped)], 1u);
  BuildJobPageModel(*loaded.model, *loaded.strings, 2, 16.0f, page);
  EXPECT_STREQ(page.stage_filter.text, "4");
  EXPECT_EQ(page.display.size(), 1u);
}

TEST(JobPageModel, SqlJobWithSkippedStages) {
  // spark/spark-events/local-1642039451826, job 2 (spark.sql.execution.id 0): Stage IDs [5, 3, 4];
  // 3 and 4 are never submitted (skipped). Stage 3 lists RDDs 0-4 in scopes "WholeStageCodegen
  // (1)" (id 1) and "Exchange" (id 0); stage 4 RDDs 5-7 in scopes 9, 5, 4, RDD 5's parent is 4;
  // stage 5 RDDs 8-10 in scopes 14, 10, 15, RDD 8's parent is 7. Each RDD is its next one's parent.
  Loaded loaded = Load("spark/spark-events/local-1642039451826");
  ASSERT_NE(loaded.session, nullptr);
  JobPageModel page;
  BuildJobPageModel(*loaded.model, *loaded.strings, 2, 16.0f, page);
  ASSERT_TRUE(page.found);
  EXPECT_EQ(page.status, JobStatus::kSucceeded);
  EXPECT_EQ(page.sql_execution_id, 0);
  EXPECT_EQ(page.skipped_stages, 2u);
  EXPECT_EQ(page.completed_stages, 1u);
  // Stage 5 ran from 1642039497181 to 1642039497249 (StageCompleted); the job ended at ...251.
  ASSERT_EQ(page.stages.size(), 3u);
  EXPECT_EQ(page.stages[0].stage_id, 5);
  EXPECT_EQ(page.stages[0].status, StageStatus::kComplete);
  EXPECT_EQ(page.stages[0].submitted_ms, 1642039497181);
  EXPECT_EQ(page.stages[0].completed_ms, 1642039497249);
  EXPECT_EQ(page.stages[0].tasks_total, 1u);
  EXPECT_EQ(page.stages[1].stage_id, 4);
  EXPECT_EQ(page.stages[1].status, StageStatus::kSkipped);
  EXPECT_EQ(page.stages[2].stage_id, 3);
  EXPECT_EQ(page.stages[2].status, StageStatus::kSkipped);
  EXPECT_EQ(page.completed_ms, 1642039497251);

  const RddDagModel& dag = page.dag;
  EXPECT_EQ(dag.stage_count, 3);
  EXPECT_EQ(dag.skipped_stages, 2);
  EXPECT_EQ(CountSkippedClusters(dag), 2);
  EXPECT_EQ(dag.nodes.size(), 11u);
  EXPECT_EQ(dag.clusters.size(), 3u + 2u + 3u + 3u);  // stage boxes + scope boxes per stage
  // Stage boxes come in stage id order, skipped ones named as operationGraphForJob names them.
  EXPECT_EQ(dag.clusters[0].label, "Stage 3 (skipped)");
  EXPECT_TRUE(dag.clusters[0].is_stage);
  // Internal edges 4 + 2 + 2, plus 4 -> 5 (stage 3 to 4) and 7 -> 8 (stage 4 to 5).
  ASSERT_EQ(dag.edges.size(), 10u);
  int cross = 0;
  for (const auto& [from, to] : dag.edges) {
    const RddDagNode& a = dag.nodes[static_cast<size_t>(from)];
    const RddDagNode& b = dag.nodes[static_cast<size_t>(to)];
    EXPECT_EQ(a.rdd_id + 1, b.rdd_id) << "each RDD is the next one's parent";
    if (a.stage_id != b.stage_id) {
      ++cross;
      EXPECT_LT(a.stage_id, b.stage_id);
    }
  }
  EXPECT_EQ(cross, 2);
  // Labels are "name [id]" plus Spark's determinism mark; the layout puts each stage box below the one it reads from.
  for (const RddDagNode& node : dag.nodes) {
    // RDD 8's "DeterministicLevel" is UNORDERED, RDD 0's DETERMINATE.
    if (node.rdd_id == 8) EXPECT_EQ(node.label, "ShuffledRowRDD [8] [Unordered]");
    if (node.rdd_id == 0) EXPECT_EQ(node.label, "ParallelCollectionRDD [0]");
    EXPECT_EQ(node.callsite, "count at <console>:23");
  }
  EXPECT_LE(dag.layout.clusters[0].y1, dag.layout.clusters[3].y0);
}

TEST(JobPageModel, FailedJobOfAnOldLog) {
  // spark/spark-events/local-1422981780767, job 1: stages 1 (completed) and 2 (failed: "Job
  // aborted due to stage failure: Task 3 ..."); the RDDs have no scopes (Spark 1.2); stage 1's
  // RDD 0 is cached (Use Memory).
  Loaded loaded = Load("spark/spark-events/local-1422981780767");
  ASSERT_NE(loaded.session, nullptr);
  JobPageModel page;
  BuildJobPageModel(*loaded.model, *loaded.strings, 1, 16.0f, page);
  ASSERT_TRUE(page.found);
  EXPECT_EQ(page.status, JobStatus::kFailed);
  EXPECT_EQ(page.sql_execution_id, -1);
  ASSERT_EQ(page.stages.size(), 2u);
  EXPECT_EQ(page.stages[0].stage_id, 2);
  EXPECT_EQ(page.stages[0].status, StageStatus::kFailed);
  EXPECT_NE(page.stages[0].failure_reason.find("Job aborted due to stage failure: Task 3"),
            std::string::npos);
  EXPECT_EQ(page.stages[1].status, StageStatus::kComplete);
  EXPECT_EQ(page.dag.nodes.size(), 4u);
  EXPECT_EQ(page.dag.clusters.size(), 2u);
  EXPECT_TRUE(page.dag.edges.empty());
  int cached = 0;
  for (const RddDagNode& node : page.dag.nodes) cached += node.cached ? 1 : 0;
  EXPECT_EQ(cached, 1);
}

TEST(JobPageModel, UnknownJobIsNotFound) {
  Loaded loaded = Load("spark/spark-events/local-1422981780767");
  ASSERT_NE(loaded.session, nullptr);
  JobPageModel page;
  BuildJobPageModel(*loaded.model, *loaded.strings, 77, 16.0f, page);
  EXPECT_FALSE(page.found);
  EXPECT_TRUE(page.stages.empty());
  EXPECT_TRUE(page.dag.nodes.empty());
}

TEST(JobPageView, DescribesTheJobAndItsDag) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(std::string(AFTERGLOW_CORPUS_DIR) + "/spark/spark-events/local-1642039451826"),
            "");
  Navigate(ui.state(), Route{ViewId::kJob, 2});
  ui.MouseAt(800, 500);
  ui.Draw();
  const std::string described = ui.DescribeView();
  simdjson::dom::parser parser;
  simdjson::dom::object state;
  ASSERT_EQ(parser.parse(described).get_object().get(state), simdjson::SUCCESS) << described;
  EXPECT_EQ(IntOf(state, "jobId"), 2);
  EXPECT_EQ(IntOf(state, "dagNodes"), 11);
  EXPECT_EQ(IntOf(state, "dagClusters"), 11);
  EXPECT_EQ(IntOf(state, "dagSkippedStages"), 2);
  EXPECT_EQ(IntOf(state, "sqlExecutionId"), 0);
  EXPECT_EQ(IntOf(state, "stageRows"), 3);
}


// ---- Stage sections -------------------------------------------------------------------------
// The job page's stage tables as Spark's JobPage.scala splits them: the latest attempt of each of
// the job's stages; never submitted -> Pending (job running) or Skipped (job over); submitted and
// completed -> Failed (status FAILED) or Completed; submitted, not completed -> Active. Expected
// sections are derived here from the REST answers (/jobs/<id> and /stages JSON, which the CLI
// prints for the same log) and, for a few jobs, from the log's events (quoted).

std::string AppPath(const AttemptSummary& app) {
  std::string path = "/api/v1/applications/" + app.app_id;
  if (!app.attempt_id.empty()) path += "/" + app.attempt_id;
  return path;
}

bool Has(simdjson::dom::object object, const char* key) {
  return object[key].error() == simdjson::SUCCESS;
}

std::string TextOf(simdjson::dom::object object, const char* key) {
  std::string_view value;
  if (object[key].get_string().get(value) != simdjson::SUCCESS) return "";
  return std::string(value);
}

// Section name -> stage ids, stage id descending, from the API's JSON alone.
using Sections = std::map<std::string, std::vector<int64_t>>;

Sections ExpectedSections(const Session& session, const AttemptSummary& app, int64_t job_id) {
  simdjson::dom::parser job_parser, stages_parser;
  const ApiResponse job = session.Api(AppPath(app) + "/jobs/" + std::to_string(job_id));
  const ApiResponse stages = session.Api(AppPath(app) + "/stages");
  simdjson::dom::object job_json;
  simdjson::dom::array stage_json;
  if (job_parser.parse(job.body).get_object().get(job_json) != simdjson::SUCCESS ||
      stages_parser.parse(stages.body).get_array().get(stage_json) != simdjson::SUCCESS) {
    ADD_FAILURE() << "unreadable API answers";
    return {};
  }
  const bool running = TextOf(job_json, "status") == "RUNNING";
  std::vector<int64_t> ids;
  simdjson::dom::array id_array;
  EXPECT_EQ(job_json["stageIds"].get_array().get(id_array), simdjson::SUCCESS);
  for (simdjson::dom::element id : id_array) {
    int64_t value = 0;
    if (id.get_int64().get(value) == simdjson::SUCCESS) ids.push_back(value);
  }
  std::sort(ids.rbegin(), ids.rend());
  Sections sections;
  for (int64_t id : ids) {
    // The latest attempt: the highest attemptId listed for the stage.
    int64_t best_attempt = -1;
    bool submitted = false, completed = false;
    std::string status = "PENDING";
    for (simdjson::dom::element element : stage_json) {
      simdjson::dom::object stage;
      if (element.get_object().get(stage) != simdjson::SUCCESS) continue;
      if (IntOf(stage, "stageId") != id) continue;
      const int64_t attempt = IntOf(stage, "attemptId");
      if (attempt <= best_attempt) continue;
      best_attempt = attempt;
      submitted = Has(stage, "submissionTime");
      completed = Has(stage, "completionTime");
      status = TextOf(stage, "status");
    }
    std::string section;
    if (!submitted) {
      section = running ? "Pending" : "Skipped";
    } else if (completed) {
      section = status == "FAILED" ? "Failed" : "Completed";
    } else {
      section = "Active";
    }
    sections[section].push_back(id);
  }
  return sections;
}

Sections ModelSections(const JobPageModel& page) {
  Sections sections;
  for (size_t s = 0; s < kJobStageSectionCount; ++s) {
    for (uint32_t i = 0; i < page.section_size[s]; ++i) {
      const JobStageRow& row = page.stages[page.display[page.section_begin[s] + i]];
      sections[JobStageSectionName(static_cast<JobStageSection>(s))].push_back(row.stage_id);
    }
  }
  return sections;
}

// Every job of the log: the model's sections equal the ones the API's JSON gives.
void ExpectEveryJobMatchesTheApi(const std::string& relative) {
  SCOPED_TRACE(relative);
  Loaded loaded = Load(relative);
  ASSERT_NE(loaded.session, nullptr) << "corpus log missing";
  simdjson::dom::parser parser;
  const ApiResponse jobs = loaded.session->Api(AppPath(loaded.app) + "/jobs");
  simdjson::dom::array job_array;
  ASSERT_EQ(parser.parse(jobs.body).get_array().get(job_array), simdjson::SUCCESS);
  int checked = 0;
  for (simdjson::dom::element element : job_array) {
    simdjson::dom::object job;
    ASSERT_EQ(element.get_object().get(job), simdjson::SUCCESS);
    const int64_t job_id = IntOf(job, "jobId");
    JobPageModel page;
    BuildJobPageModel(*loaded.model, *loaded.strings, job_id, 16.0f,
                      page);
    ASSERT_TRUE(page.found);
    EXPECT_EQ(ModelSections(page), ExpectedSections(*loaded.session, loaded.app, job_id))
        << "job " << job_id;
    EXPECT_EQ(page.display.size(), page.stages.size()) << "every stage in exactly one section";
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST(JobPageSections, EveryJobSplitsItsStagesAsTheApiSays) {
  ExpectEveryJobMatchesTheApi("spark/spark-events/local-1422981780767");
  ExpectEveryJobMatchesTheApi("spark/spark-events/application_1553914137147_0018");
  ExpectEveryJobMatchesTheApi("spark/spark-events/local-1642039451826");
  ExpectEveryJobMatchesTheApi("spark/sql-events/local-1596020211915");
}

TEST(JobPageSections, FailedJobShowsCompletedAndFailedStages) {
  // local-1422981780767, job 1 (JobEnd: JobFailed): stage 1 completed at 16:43:06.286, stage 2
  // submitted at 16:43:06.296 and failed ("Job aborted due to stage failure").
  Loaded loaded = Load("spark/spark-events/local-1422981780767");
  ASSERT_NE(loaded.session, nullptr);
  JobPageModel page;
  BuildJobPageModel(*loaded.model, *loaded.strings, 1, 16.0f, page);
  const Sections expected = {{"Completed", {1}}, {"Failed", {2}}};
  EXPECT_EQ(ModelSections(page), expected);
  // Spark's order: Completed before Failed.
  ASSERT_EQ(page.display.size(), 2u);
  EXPECT_EQ(page.stages[page.display[0]].stage_id, 1);
  EXPECT_EQ(page.stages[page.display[1]].stage_id, 2);
}

TEST(JobPageSections, FinishedJobShowsItsUnsubmittedStagesAsSkipped) {
  // local-1642039451826, job 2 (JobStart Stage IDs [5, 3, 4]): only stage 5 is submitted; the job
  // succeeded, so 3 and 4 are Skipped (listed 4 then 3), not Pending.
  Loaded loaded = Load("spark/spark-events/local-1642039451826");
  ASSERT_NE(loaded.session, nullptr);
  JobPageModel page;
  BuildJobPageModel(*loaded.model, *loaded.strings, 2, 16.0f, page);
  const Sections expected = {{"Completed", {5}}, {"Skipped", {4, 3}}};
  EXPECT_EQ(ModelSections(page), expected);
  EXPECT_EQ(page.section_size[static_cast<size_t>(JobStageSection::kPending)], 0u);
}

TEST(JobPageSections, TheRuleForEachStage) {
  JobStageRow never_submitted;
  EXPECT_EQ(SectionOfStage(never_submitted, true), JobStageSection::kPending);
  EXPECT_EQ(SectionOfStage(never_submitted, false), JobStageSection::kSkipped);
  JobStageRow running;
  running.submitted_ms = 1000;
  running.status = StageStatus::kActive;
  EXPECT_EQ(SectionOfStage(running, true), JobStageSection::kActive);
  JobStageRow failed = running;
  failed.completed_ms = 2000;
  failed.status = StageStatus::kFailed;
  EXPECT_EQ(SectionOfStage(failed, false), JobStageSection::kFailed);
  JobStageRow complete = failed;
  complete.status = StageStatus::kComplete;
  EXPECT_EQ(SectionOfStage(complete, false), JobStageSection::kCompleted);
}

TEST(JobPageSections, DescribeListsTheSectionsAndEnterFollowsTheSelection) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(std::string(AFTERGLOW_CORPUS_DIR) + "/spark/spark-events/local-1642039451826"),
            "");
  Navigate(ui.state(), Route{ViewId::kJob, 2});
  ui.state().job_page.selected_row = 0;  // stage 5, the completed one
  ui.Draw();
  simdjson::dom::parser parser;
  const std::string described = ui.DescribeView();
  simdjson::dom::object state;
  ASSERT_EQ(parser.parse(described).get_object().get(state), simdjson::SUCCESS) << described;
  simdjson::dom::object sections;
  ASSERT_EQ(state["sections"].get_object().get(sections), simdjson::SUCCESS) << described;
  EXPECT_EQ(IntOf(sections, "Completed"), 1);
  EXPECT_EQ(IntOf(sections, "Skipped"), 2);
  EXPECT_EQ(IntOf(state, "selectedStage"), 5);
}

}  // namespace job_page_model_test
}  // namespace afterglow::ui
