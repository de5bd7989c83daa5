// The job page's model on corpus logs: the job's facts and stage rows, its DAG (stage boxes,
// scope boxes, skipped stages, edges across stages) and the SQL query that ran it. Expected values
// are read off the logs' events (quoted in each test).
#include "ui/job_page_model.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>

#include "core/load/load_path.h"
#include "core/session.h"
#include "core/session_impl.h"
#include "simdjson.h"
#include "tests/ui/headless_ui.h"

namespace afterglow::ui {
namespace {

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
  loaded.model = loaded.session->impl()->models().at(loaded.app.model_index).get();
  loaded.strings = &loaded.session->impl()->strings();
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

TEST(JobPageModel, SqlJobWithSkippedStages) {
  // spark/spark-events/local-1642039451826, job 2 (spark.sql.execution.id 0): Stage IDs [5, 3, 4];
  // 3 and 4 are never submitted (skipped). Stage 3 lists RDDs 0-4 in scopes "WholeStageCodegen
  // (1)" (id 1) and "Exchange" (id 0); stage 4 RDDs 5-7 in scopes 9, 5, 4, RDD 5's parent is 4;
  // stage 5 RDDs 8-10 in scopes 14, 10, 15, RDD 8's parent is 7. Each RDD is its next one's parent.
  Loaded loaded = Load("spark/spark-events/local-1642039451826");
  ASSERT_NE(loaded.session, nullptr);
  JobPageModel page;
  BuildJobPageModel(*loaded.session, loaded.app, *loaded.model, *loaded.strings, 2, 16.0f, page);
  ASSERT_TRUE(page.found);
  EXPECT_EQ(page.status, "SUCCEEDED");
  EXPECT_EQ(page.sql_execution_id, 0);
  EXPECT_EQ(page.skipped_stages, 2u);
  EXPECT_EQ(page.completed_stages, 1u);
  // Stage 5 ran from 1642039497181 to 1642039497249 (StageCompleted); the job ended at ...251.
  ASSERT_EQ(page.stages.size(), 3u);
  EXPECT_EQ(page.stages[0].stage_id, 5);
  EXPECT_EQ(page.stages[0].status, "COMPLETE");
  EXPECT_EQ(page.stages[0].submitted_ms, 1642039497181);
  EXPECT_EQ(page.stages[0].completed_ms, 1642039497249);
  EXPECT_EQ(page.stages[0].tasks_total, 1u);
  EXPECT_EQ(page.stages[1].stage_id, 4);
  EXPECT_EQ(page.stages[1].status, "SKIPPED");
  EXPECT_EQ(page.stages[2].stage_id, 3);
  EXPECT_EQ(page.stages[2].status, "SKIPPED");
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
  BuildJobPageModel(*loaded.session, loaded.app, *loaded.model, *loaded.strings, 1, 16.0f, page);
  ASSERT_TRUE(page.found);
  EXPECT_EQ(page.status, "FAILED");
  EXPECT_EQ(page.sql_execution_id, -1);
  ASSERT_EQ(page.stages.size(), 2u);
  EXPECT_EQ(page.stages[0].stage_id, 2);
  EXPECT_EQ(page.stages[0].status, "FAILED");
  EXPECT_NE(page.stages[0].failure_reason.find("Job aborted due to stage failure: Task 3"),
            std::string::npos);
  EXPECT_EQ(page.stages[1].status, "COMPLETE");
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
  BuildJobPageModel(*loaded.session, loaded.app, *loaded.model, *loaded.strings, 77, 16.0f, page);
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

}  // namespace
}  // namespace afterglow::ui
