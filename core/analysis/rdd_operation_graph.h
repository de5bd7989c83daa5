// RDDOperationGraph.makeOperationGraph (core/.../ui/scope/RDDOperationGraph.scala): the graph of
// one stage's RDD operations that Spark's "DAG Visualization" draws. Nodes are RDDs, clusters nest
// by RDD operation scope inside the stage's own cluster, edges come from the RDDs' parent ids and
// are split into internal ones and those that cross into other stages. Built on demand from the
// model's StageRddGraphs (core/model/rdd_graph_model.h).
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/base/string_pool.h"
#include "core/model/app_model.h"

namespace afterglow {

struct RddOperationNode {
  int32_t rdd_id = 0;
  StringId name = kEmptyString;
  StringId callsite = kEmptyString;
  StringId deterministic_level = kEmptyString;
  bool cached = false;
  bool barrier = false;
};

struct RddOperationCluster {
  std::string id;    // "stage_<N>" for the stage's cluster, else the scope id
  std::string name;  // "Stage N", "Stage N (attempt K)", " (skipped)" appended; else scope name
  std::vector<int32_t> child_nodes;     // indices into RddOperationGraph::nodes, attach order
  std::vector<int32_t> child_clusters;  // indices into RddOperationGraph::clusters, attach order
};

struct RddOperationEdge {
  int32_t from_rdd = 0;  // parent RDD id
  int32_t to_rdd = 0;    // child RDD id
  bool operator==(const RddOperationEdge&) const = default;
};

struct RddOperationGraph {
  int32_t stage_id = 0;
  // Every RDD of the stage, by id (Spark's `nodes` map); only those attached to a cluster are
  // drawn (all of them unless spark.ui.dagGraph.retainedRootRDDs dropped some).
  std::vector<RddOperationNode> nodes;
  std::vector<RddOperationCluster> clusters;  // [0] is the stage's root cluster
  std::vector<RddOperationEdge> internal_edges;  // both ends in this stage
  std::vector<RddOperationEdge> outgoing_edges;  // from this stage to an RDD not in it
  std::vector<RddOperationEdge> incoming_edges;  // from an RDD not in this stage

  // Index in `nodes` of an RDD id, -1 when the stage has no such RDD.
  int32_t FindNode(int32_t rdd_id) const;
};

// makeOperationGraph for stage `stage_id` from the RDDs its job's StageInfo listed.
// `retained_root_rdds` is spark.ui.dagGraph.retainedRootRDDs (default Int.MaxValue).
RddOperationGraph MakeRddOperationGraph(int32_t stage_id, const StageRddOperations& stage,
                                        const StringPool& strings,
                                        int64_t retained_root_rdds =
                                            std::numeric_limits<int32_t>::max());

// AppStatusStore.operationGraphForStage: the stored graph of `stage_id`; an empty root cluster
// ("Stage N") when no job listed the stage.
RddOperationGraph OperationGraphForStage(const AttemptModel& model, const StringPool& strings,
                                         int32_t stage_id);

// AppStatusStore.operationGraphForJob: the graphs of the job's stage ids in ascending order, the
// stages the job skipped named "... (skipped)". Empty when the job is unknown.
std::vector<RddOperationGraph> OperationGraphForJob(const AttemptModel& model,
                                                    const StringPool& strings, int32_t job_id);

}  // namespace afterglow
