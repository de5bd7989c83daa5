// AQE's plan versions of one execution diffed as the run comparison diffs two plans: a sort-merge
// join re-planned as a broadcast join is one replacement, and the new operators are named by id.
#include "core/compare/plan_versions.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace afterglow::compare {
namespace {

// A chain of operators, the first the root: ids 0, 1, ... and edges child -> parent.
SqlPlanGraph Chain(StringPool& pool, const std::vector<std::string>& names) {
  SqlPlanGraph graph;
  for (size_t i = 0; i < names.size(); ++i) {
    SqlPlanNode& node = graph.all_nodes.emplace_back();
    node.id = static_cast<int64_t>(i);
    node.name = pool.Intern(names[i]);
    node.desc = node.name;
    if (i > 0) graph.edges.emplace_back(static_cast<int64_t>(i), static_cast<int64_t>(i - 1));
  }
  return graph;
}

TEST(ComparePlanVersions, ReplacedJoinAndNewOperatorsOfTheLaterVersion) {
  StringPool pool;
  SqlModel sql;
  sql.replaced_graphs[4].push_back(PackedPlanGraph::Pack(
      Chain(pool, {"AdaptiveSparkPlan", "SortMergeJoin", "Sort", "Exchange", "Scan parquet a"})));
  sql.replaced_graphs[4].push_back(PackedPlanGraph::Pack(
      Chain(pool, {"AdaptiveSparkPlan", "SortMergeJoin", "Sort", "ShuffleQueryStage", "Exchange",
                   "Scan parquet a"})));
  sql.graphs[4] = Chain(pool, {"AdaptiveSparkPlan", "BroadcastHashJoin", "ShuffleQueryStage",
                               "Exchange", "Scan parquet a"});
  ASSERT_EQ(sql.PlanVersionCount(4), 3u);

  const PlanVersionChanges initial_to_final = DiffPlanVersions(sql, pool, 4, 0, 2);
  ASSERT_TRUE(initial_to_final.valid);
  EXPECT_FALSE(initial_to_final.changes.same_shape);
  EXPECT_EQ(initial_to_final.changes.replaced,
            (std::vector<std::pair<std::string, std::string>>{{"SortMergeJoin", "BroadcastHashJoin"}}));
  EXPECT_EQ(initial_to_final.changes.added, std::vector<std::string>{"ShuffleQueryStage"});
  EXPECT_EQ(initial_to_final.changes.removed, std::vector<std::string>{"Sort"});
  EXPECT_EQ(initial_to_final.new_node_ids, (std::vector<int64_t>{1, 2}));

  const PlanVersionChanges first_step = DiffPlanVersions(sql, pool, 4, 0, 1);
  ASSERT_TRUE(first_step.valid);
  EXPECT_TRUE(first_step.changes.replaced.empty());
  EXPECT_EQ(first_step.changes.added, std::vector<std::string>{"ShuffleQueryStage"});
  EXPECT_EQ(first_step.new_node_ids, std::vector<int64_t>{3});

  const PlanVersionChanges same = DiffPlanVersions(sql, pool, 4, 2, 2);
  ASSERT_TRUE(same.valid);
  EXPECT_TRUE(same.changes.same_shape);
  EXPECT_TRUE(same.changes.empty());
  EXPECT_TRUE(same.new_node_ids.empty());
}

TEST(ComparePlanVersions, MissingVersionsAreNotValid) {
  StringPool pool;
  SqlModel sql;
  sql.graphs[1] = Chain(pool, {"Project", "Scan parquet a"});
  EXPECT_FALSE(DiffPlanVersions(sql, pool, 1, 0, 1).valid);
  EXPECT_FALSE(DiffPlanVersions(sql, pool, 2, 0, 0).valid);
  EXPECT_TRUE(DiffPlanVersions(sql, pool, 1, 0, 0).valid);
}

}  // namespace
}  // namespace afterglow::compare
