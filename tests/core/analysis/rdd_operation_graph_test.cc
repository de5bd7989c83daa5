// RDDOperationGraph.makeOperationGraph on real logs and hand-built stages: nodes, scope clusters,
// edges split into internal and incoming, retained root RDDs. Expected values are the logs'
// JobStart "RDD Info" entries as written (quoted in each test) or follow from hand-built inputs.
#include "core/analysis/rdd_operation_graph.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>

#include "core/load/load_path.h"
#include "core/model/app_model.h"
#include "core/session.h"

namespace afterglow {
namespace rdd_operation_graph_test {

namespace fs = std::filesystem;

std::unique_ptr<Session> LoadCorpus(const std::string& relative) {
  const fs::path log = fs::path(AFTERGLOW_CORPUS_DIR) / relative;
  if (!fs::exists(log)) return nullptr;
  auto session = std::make_unique<Session>();
  LoadFile(*session, log.string());
  return session;
}

const AttemptModel& OnlyModel(const Session& session) { return *session.model(0); }

std::set<std::string> ClusterNames(const RddOperationGraph& graph) {
  std::set<std::string> names;
  for (const RddOperationCluster& cluster : graph.clusters) names.insert(cluster.name);
  return names;
}

// The cluster that directly holds RDD `rdd_id`'s node, or null.
const RddOperationCluster* HolderOf(const RddOperationGraph& graph, int32_t rdd_id) {
  const int32_t node = graph.FindNode(rdd_id);
  for (const RddOperationCluster& cluster : graph.clusters) {
    if (std::find(cluster.child_nodes.begin(), cluster.child_nodes.end(), node) !=
        cluster.child_nodes.end()) {
      return &cluster;
    }
  }
  return nullptr;
}

TEST(RddOperationGraph, StreamingStageFromSqlLog) {
  // spark/sql-events/local-1596020211915, job 0's JobStart: stage 1 lists RDDs 7..11,
  // ShuffledRowRDD 7 (scope 8 "Exchange", parent 6 from stage 0), StateStoreRDD 8
  // ("StateStoreRestore"), MapPartitionsRDD 9 ("WholeStageCodegen (3)"), StateStoreRDD 10
  // ("StateStoreSave"), MapPartitionsRDD 11 ("WholeStageCodegen (4)"), each the parent of the next.
  auto session = LoadCorpus("spark/sql-events/local-1596020211915");
  ASSERT_NE(session, nullptr);
  const AttemptModel& model = OnlyModel(*session);
  const StringPool& strings = session->strings();
  const RddOperationGraph graph = OperationGraphForStage(model, strings, 1);
  ASSERT_EQ(graph.nodes.size(), 5u);
  for (size_t i = 0; i < 5; ++i) EXPECT_EQ(graph.nodes[i].rdd_id, static_cast<int32_t>(7 + i));
  EXPECT_EQ(strings.Get(graph.nodes[0].name), "ShuffledRowRDD");
  EXPECT_EQ(strings.Get(graph.nodes[1].name), "StateStoreRDD");
  EXPECT_EQ(strings.Get(graph.nodes[0].callsite), "start at StructuredKafkaWordCount.scala:86");
  EXPECT_FALSE(graph.nodes[0].cached);
  EXPECT_EQ(graph.clusters[0].name, "Stage 1");
  EXPECT_EQ(graph.clusters[0].id, "stage_1");
  EXPECT_EQ(ClusterNames(graph),
            (std::set<std::string>{"Stage 1", "Exchange", "StateStoreRestore",
                                   "WholeStageCodegen (3)", "StateStoreSave",
                                   "WholeStageCodegen (4)"}));
  // Every scope cluster hangs off the stage cluster and holds one RDD.
  EXPECT_EQ(graph.clusters[0].child_clusters.size(), 5u);
  EXPECT_TRUE(graph.clusters[0].child_nodes.empty());
  ASSERT_NE(HolderOf(graph, 9), nullptr);
  EXPECT_EQ(HolderOf(graph, 9)->name, "WholeStageCodegen (3)");
  EXPECT_EQ(graph.internal_edges,
            (std::vector<RddOperationEdge>{{7, 8}, {8, 9}, {9, 10}, {10, 11}}));
  EXPECT_EQ(graph.incoming_edges, (std::vector<RddOperationEdge>{{6, 7}}));
  EXPECT_TRUE(graph.outgoing_edges.empty());

  // Stage 0: DataSourceRDD 0 and MapPartitionsRDD 1 share scope 20 "MicroBatchScan".
  const RddOperationGraph stage0 = OperationGraphForStage(model, strings, 0);
  ASSERT_EQ(stage0.nodes.size(), 7u);
  EXPECT_EQ(stage0.internal_edges.size(), 6u);
  EXPECT_TRUE(stage0.incoming_edges.empty());
  ASSERT_NE(HolderOf(stage0, 0), nullptr);
  EXPECT_EQ(HolderOf(stage0, 0), HolderOf(stage0, 1));
  EXPECT_EQ(HolderOf(stage0, 0)->name, "MicroBatchScan");
  EXPECT_EQ(HolderOf(stage0, 0)->id, "20");
}

TEST(RddOperationGraph, OldLogWithoutScopesPutsRddsInTheStageCluster) {
  // spark/spark-events/local-1422981780767 (Spark 1.2): job 1 runs stages 1 and 2; stage 1 lists
  // RDD 1 and the cached RDD 0 (Use Memory), no scopes and no parent ids.
  auto session = LoadCorpus("spark/spark-events/local-1422981780767");
  ASSERT_NE(session, nullptr);
  const AttemptModel& model = OnlyModel(*session);
  const StringPool& strings = session->strings();
  const std::vector<RddOperationGraph> graphs = OperationGraphForJob(model, strings, 1);
  ASSERT_EQ(graphs.size(), 2u);
  EXPECT_EQ(graphs[0].stage_id, 1);
  EXPECT_EQ(graphs[1].stage_id, 2);
  const RddOperationGraph& stage1 = graphs[0];
  ASSERT_EQ(stage1.nodes.size(), 2u);
  EXPECT_EQ(stage1.nodes[0].rdd_id, 0);  // sorted by id
  EXPECT_TRUE(stage1.nodes[0].cached);
  EXPECT_FALSE(stage1.nodes[1].cached);
  ASSERT_EQ(stage1.clusters.size(), 1u);
  EXPECT_EQ(stage1.clusters[0].name, "Stage 1");
  EXPECT_EQ(stage1.clusters[0].child_nodes.size(), 2u);
  EXPECT_TRUE(stage1.internal_edges.empty());
  // Job 2 ran only stage 3, with two RDDs named by their path.
  const std::vector<RddOperationGraph> job2 = OperationGraphForJob(model, strings, 2);
  ASSERT_EQ(job2.size(), 1u);
  EXPECT_EQ(job2[0].nodes.size(), 2u);
  EXPECT_EQ(strings.Get(job2[0].nodes[0].name), "/Users/irashid/spark-examples/tmp_data/sums_2");
  EXPECT_TRUE(OperationGraphForJob(model, strings, 99).empty());
}

// A stage built by hand: nested scopes, a retained-roots limit, repeated ids, attempt naming.
class HandBuiltStage : public ::testing::Test {
 protected:
  void Add(StageRddOperations& stage, int32_t id, const char* name, const char* scope,
           std::vector<int32_t> parents) {
    RddOperationInfo rdd;
    rdd.rdd_id = id;
    rdd.name = pool_.Intern(name);
    rdd.scope = pool_.Intern(scope);
    stage.operations.Append(rdd, parents);
  }
  StringPool pool_;
};

TEST_F(HandBuiltStage, NestedScopesNestClusters) {
  StageRddOperations stage;
  stage.attempt_id = 2;
  const char* inner = R"({"id":"5","name":"map","parent":{"id":"3","name":"textFile"}})";
  const char* outer = R"({"id":"3","name":"textFile"})";
  Add(stage, 2, "MapPartitionsRDD", inner, {1});
  Add(stage, 1, "HadoopRDD", outer, {});
  Add(stage, 4, "ShuffledRDD", R"({"id":"7","name":"reduce\nByKey"})", {2, 9});
  const RddOperationGraph graph = MakeRddOperationGraph(4, stage, pool_);
  EXPECT_EQ(graph.clusters[0].name, "Stage 4 (attempt 2)");
  ASSERT_EQ(graph.clusters.size(), 4u);  // stage, textFile, map, reduce\nByKey
  EXPECT_EQ(graph.clusters[1].name, "textFile");
  EXPECT_EQ(graph.clusters[2].name, "map");
  EXPECT_EQ(graph.clusters[3].name, "reduce\\nByKey");
  // textFile holds HadoopRDD 1 and the nested "map" cluster, which holds RDD 2.
  EXPECT_EQ(graph.clusters[1].child_clusters, std::vector<int32_t>{2});
  EXPECT_EQ(graph.clusters[1].child_nodes, std::vector<int32_t>{graph.FindNode(1)});
  EXPECT_EQ(graph.clusters[2].child_nodes, std::vector<int32_t>{graph.FindNode(2)});
  EXPECT_EQ(graph.clusters[0].child_clusters, (std::vector<int32_t>{1, 3}));
  EXPECT_EQ(graph.internal_edges, (std::vector<RddOperationEdge>{{1, 2}, {2, 4}}));
  EXPECT_EQ(graph.incoming_edges, (std::vector<RddOperationEdge>{{9, 4}}));
}

TEST_F(HandBuiltStage, RetainedRootRddsDropsLaterRootsAndTheirChildren) {
  StageRddOperations stage;
  Add(stage, 0, "a", "", {});
  Add(stage, 1, "b", "", {});
  Add(stage, 2, "c", "", {1});
  Add(stage, 3, "d", "", {0, 1});
  const RddOperationGraph graph = MakeRddOperationGraph(0, stage, pool_, 1);
  // Root 1 is over the limit: it and its only child 2 are dropped; 3 keeps its edge from 0.
  EXPECT_EQ(graph.nodes.size(), 4u);
  EXPECT_EQ(graph.clusters[0].child_nodes.size(), 2u);
  EXPECT_EQ(graph.internal_edges, (std::vector<RddOperationEdge>{{0, 3}}));
}

}  // namespace rdd_operation_graph_test
}  // namespace afterglow
