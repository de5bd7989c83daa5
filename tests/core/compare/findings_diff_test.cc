// Findings of two runs pair by rule and target name, never by id (ids shift between runs);
// executor findings by rule alone; repeats pair in order.
#include "core/compare/findings_diff.h"

#include <gtest/gtest.h>

namespace afterglow::compare {
namespace {

Finding StageFindingOf(FindingKind kind, int64_t stage_id, std::string name) {
  Finding f;
  f.kind = kind;
  f.target = FindingTarget::kStage;
  f.target_id = stage_id;
  f.name = std::move(name);
  return f;
}

TEST(CompareFindingsDiff, PairsByRuleAndNameNotById) {
  Finding lost_a, lost_b;
  lost_a.kind = lost_b.kind = FindingKind::kLostExecutor;
  lost_a.target = lost_b.target = FindingTarget::kExecutor;
  lost_a.executor_id = "3";
  lost_b.executor_id = "17";
  const std::vector<Finding> a = {StageFindingOf(FindingKind::kSpill, 4, "sort at Job.scala:10"),
                                  StageFindingOf(FindingKind::kSpill, 9, "sort at Job.scala:10"),
                                  StageFindingOf(FindingKind::kDurationSkew, 5, "join at Job.scala:20"),
                                  lost_a};
  const std::vector<Finding> b = {StageFindingOf(FindingKind::kSpill, 7, "sort at Job.scala:10"),
                                  StageFindingOf(FindingKind::kOneTaskStage, 2, "jdbc at Job.scala:5"),
                                  lost_b};
  const FindingsDiff d = DiffFindings(a, b);
  ASSERT_EQ(d.both.size(), 2u);
  EXPECT_EQ(d.both[0].first.target_id, 4);  // the first spill of A with B's only one
  EXPECT_EQ(d.both[0].second.target_id, 7);
  EXPECT_EQ(d.both[1].second.executor_id, "17");
  ASSERT_EQ(d.only_a.size(), 2u);
  EXPECT_EQ(d.only_a[0].target_id, 9);
  EXPECT_EQ(d.only_a[1].kind, FindingKind::kDurationSkew);
  ASSERT_EQ(d.only_b.size(), 1u);
  EXPECT_EQ(FindingCompareKey(d.only_b[0]), "oneTaskStage|stage|jdbc at Job.scala:5");
  EXPECT_EQ(FindingCompareKey(lost_a), FindingCompareKey(lost_b));
}

}  // namespace
}  // namespace afterglow::compare
