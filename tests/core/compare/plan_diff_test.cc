// The pieces of a plan comparison on hand-written plan text: names without ids, scan fields cut
// at the right comma, and operator changes told as replacements within a family.
#include "core/compare/plan_diff.h"

#include <gtest/gtest.h>

#include "core/compare/name_keys.h"
#include "core/compare/ordered_alignment.h"
#include "core/compare/plan_shape.h"

namespace afterglow::compare {
namespace {

TEST(ComparePlanShape, OperatorNamesDropRunNumbering) {
  EXPECT_EQ(OperatorName(" WholeStageCodegen (12) "), "WholeStageCodegen");
  EXPECT_EQ(OperatorName("Scan parquet db.sales"), "Scan parquet db.sales");
  EXPECT_EQ(OperatorName("Exchange (3)"), "Exchange");
  EXPECT_EQ(OperatorName("Project (x)"), "Project (x)");
  EXPECT_EQ(WithoutExpressionIds("isnotnull(value#12L) AND (id#3 > 2)"), "isnotnull(value) AND (id > 2)");
  EXPECT_EQ(WithoutLineNumbers("count at Job.scala:42"), "count at Job.scala");
}

TEST(ComparePlanShape, ScanFieldsEndAtTheNextFieldOutsideBrackets) {
  const std::string text =
      "FileScan parquet t[a#1,b#2] Batched: true, DataFilters: [isnotnull(a#1), (a#1 > 5)], "
      "Format: Parquet, PartitionFilters: [], PushedFilters: [IsNotNull(a), GreaterThan(a,5)], "
      "ReadSchema: struct<a:int,b:string>";
  EXPECT_EQ(PlanFieldValue(text, "PushedFilters"), "[IsNotNull(a), GreaterThan(a,5)]");
  EXPECT_EQ(PlanFieldValue(text, "PartitionFilters"), "[]");
  EXPECT_EQ(PlanFieldValue(text, "ReadSchema"), "struct<a:int,b:string>");
  EXPECT_EQ(PlanFieldValue(text, "Filters"), "");  // only a whole field name matches
  // Spark cuts long schemas short; the next field still ends the value.
  EXPECT_EQ(PlanFieldValue("ReadSchema: struct<a:int,b:stri..., PushedFilters: []", "ReadSchema"),
            "struct<a:int,b:stri...");
}

PlanShape Shape(std::vector<std::string> operators, std::string tree) {
  PlanShape shape;
  shape.operators = std::move(operators);
  shape.tree = std::move(tree);
  return shape;
}

TEST(ComparePlanDiff, JoinStrategyChangeIsAReplacement) {
  const PlanShape smj = Shape({"SortMergeJoin", "Sort", "Exchange", "Scan parquet a", "Sort",
                               "Exchange", "Scan parquet b"},
                              "SortMergeJoin(Sort(Exchange(Scan parquet a)),Sort(Exchange(Scan parquet b)))");
  const PlanShape bhj = Shape({"BroadcastHashJoin", "Exchange", "Scan parquet a", "BroadcastExchange",
                               "Scan parquet b"},
                              "BroadcastHashJoin(Exchange(Scan parquet a),BroadcastExchange(Scan parquet b))");
  const PlanChanges changes = DiffPlans(smj, bhj);
  EXPECT_FALSE(changes.same_shape);
  EXPECT_EQ(changes.replaced, (std::vector<std::pair<std::string, std::string>>{
                                  {"SortMergeJoin", "BroadcastHashJoin"}, {"Exchange", "BroadcastExchange"}}));
  EXPECT_EQ(changes.removed, (std::vector<std::string>{"Sort", "Sort"}));
  EXPECT_TRUE(changes.added.empty());
  EXPECT_TRUE(DiffPlans(smj, smj).empty());
  EXPECT_EQ(OperatorFamily("GpuFilter"), "Filter");
  EXPECT_EQ(OperatorFamily("Scan csv"), "Scan");
}

TEST(CompareOrderedAlignment, PairsWithinGroupsInOrderPreferringHigherScores) {
  // A: x x y   B: x y x — the group "x" pairs the first x's, then a score decides the second.
  const std::vector<std::string> a = {"x", "x", "y"}, b = {"x", "y", "x"};
  const auto pairs = AlignOrdered(a, b, [](int i, int j) { return i == 1 && j == 2 ? 5 : 1; });
  EXPECT_EQ(pairs, (std::vector<std::pair<int, int>>{{0, 0}, {1, 2}, {2, 1}}));
  // B's one-sided 1 and 2 follow the row that holds B's 0.
  const auto rows = MergeAlignment(3, 4, {{0, 0}, {2, 3}});
  std::vector<std::pair<int, int>> got;
  for (const AlignedIndex& row : rows) got.emplace_back(row.a, row.b);
  EXPECT_EQ(got, (std::vector<std::pair<int, int>>{{0, 0}, {-1, 1}, {-1, 2}, {1, -1}, {2, 3}}));
}

}  // namespace
}  // namespace afterglow::compare
