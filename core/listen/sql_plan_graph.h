// SparkPlanGraph.apply: a SparkPlanInfo tree to the graph the SQL tab and REST API show
// (docs/SPARK-SEMANTICS.md fact 88).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/base/string_pool.h"
#include "core/decode/sql_events.h"
#include "core/model/sql_model.h"

namespace afterglow {

// Builds plan graphs. Its working arrays are kept from one plan to the next: a streaming query
// starts an execution per micro-batch, and a plan then costs no allocation beyond the three
// arrays of the graph it makes.
class SparkPlanGraphBuilder {
 public:
  // Builds `graph` from `plan` by a pre-order walk with ids from 0. Returns false where Spark's
  // builder throws (an empty tree, a WholeStageCodegen/InputAdapter/query stage without a child,
  // a reused node at the root); the SQL listener then drops the event, as Spark's listener bus
  // does.
  bool Build(const SparkPlanInfoTree& plan, const StringPool& pool, SqlPlanGraph& graph);

 private:
  // A graph node as the walk creates it; `cluster` is the index in created_ of the
  // WholeStageCodegen cluster that holds it, -1 for a top-level node.
  struct Created {
    int32_t info = 0;  // its SparkPlanInfo node
    int64_t id = 0;
    bool is_cluster = false;
    int32_t cluster = -1;
  };

  void ComputeEqualityClasses();
  int64_t Reused(int32_t info) const { return reused_[equality_class_[static_cast<size_t>(info)]]; }
  bool Visit(int32_t info, int64_t parent, int32_t cluster);
  int64_t Create(int32_t info, bool is_cluster, int32_t cluster);
  void Emit(const Created& created, int32_t cluster_index, SqlPlanGraph& graph) const;

  const SparkPlanInfoTree* plan_ = nullptr;
  const StringPool* pool_ = nullptr;
  std::vector<uint32_t> equality_class_;  // by SparkPlanInfo node
  std::vector<uint32_t> class_keys_;      // every class's key, back to back
  std::vector<std::pair<size_t, size_t>> class_spans_;    // class -> (offset, length) in keys
  std::vector<std::pair<uint64_t, uint32_t>> class_table_;  // (hash, class), open addressing
  std::vector<int64_t> reused_;  // equality class -> node id (Spark's "exchanges" map), -1: none
  std::vector<Created> created_;
  std::vector<std::pair<int64_t, int64_t>> edges_;
  std::vector<uint32_t> member_begin_;  // by created_ index: its members' start in members_
  std::vector<uint32_t> members_;       // clusters' members (created_ indices), cluster by cluster
  std::vector<uint32_t> member_fill_;   // by cluster: where its next member goes in members_
};

}  // namespace afterglow
