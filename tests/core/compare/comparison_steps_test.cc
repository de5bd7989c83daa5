// The comparison built in steps (as the page builds it between frames) is the comparison built in
// one go: after however many steps a small task budget takes, its JSON (every aligned row, figure,
// property, finding and the headline) equals CompareRuns', CompareJobs' and
// CompareSqlExecutions'. A budget of one task makes a step per stage attempt, so the steps are
// more than the runs' stages: the build did stop between them.
#include <gtest/gtest.h>

#include <cstddef>
#include <optional>
#include <string>

#include "core/compare/comparison.h"
#include "core/compare/comparison_json.h"
#include "tests/core/compare/loaded_run.h"

namespace afterglow::compare_test::comparison_steps {
namespace {

const std::string kProfiling = std::string(AFTERGLOW_CORPUS_DIR) + "/rapids-tools/profiling/";

struct Stepped {
  std::optional<compare::Comparison> result;
  std::string error;
  size_t steps = 0;
};

Stepped BuildInSteps(const compare::RunSide& a, const compare::RunSide& b,
                     compare::ComparisonScope scope, int64_t id_a, int64_t id_b, size_t budget) {
  compare::ComparisonSteps steps;
  steps.Start(a, b, scope, id_a, id_b);
  Stepped out;
  do {
    ++out.steps;
  } while (!steps.Step(budget));
  EXPECT_TRUE(steps.Done());
  out.error = steps.error();
  out.result = steps.Take();
  return out;
}

class ComparisonInSteps : public ::testing::Test {
 protected:
  void SetUp() override {
    a_ = LoadRun(kProfiling + "eventlog_dsv1.zstd");
    b_ = LoadRun(kProfiling + "eventlog_dsv2.zstd");
    ASSERT_EQ(a_.sides.size(), 1u);
    ASSERT_EQ(b_.sides.size(), 1u);
  }
  LoadedRun a_, b_;
};

TEST_F(ComparisonInSteps, TwoRunsInStepsEqualTheOneBlockBuild) {
  const compare::Comparison whole = compare::CompareRuns(a_.only(), b_.only());
  ASSERT_FALSE(whole.rows.stages.empty());
  ASSERT_FALSE(whole.findings.only_a.empty() && whole.findings.only_b.empty() &&
               whole.findings.both.empty());
  const std::string expected = compare::ComparisonJson(whole);
  for (size_t budget : {size_t{1}, size_t{7}, size_t{1000}}) {
    const Stepped stepped = BuildInSteps(a_.only(), b_.only(), compare::ComparisonScope::kRuns, -1, -1, budget);
    ASSERT_TRUE(stepped.result) << stepped.error;
    EXPECT_EQ(compare::ComparisonJson(*stepped.result), expected) << "budget " << budget;
    if (budget == 1) {
      EXPECT_GT(stepped.steps, whole.run_a.stages.size() + whole.run_b.stages.size());
    }
  }
}

TEST_F(ComparisonInSteps, TwoJobsAndTwoQueriesInStepsEqualTheOneBlockBuild) {
  std::string error;
  const std::optional<compare::Comparison> jobs = compare::CompareJobs(a_.only(), 2, a_.only(), 6, &error);
  ASSERT_TRUE(jobs) << error;
  const Stepped stepped_jobs = BuildInSteps(a_.only(), a_.only(), compare::ComparisonScope::kJobs, 2, 6, 1);
  ASSERT_TRUE(stepped_jobs.result) << stepped_jobs.error;
  EXPECT_EQ(compare::ComparisonJson(*stepped_jobs.result), compare::ComparisonJson(*jobs));

  const std::optional<compare::Comparison> sql =
      compare::CompareSqlExecutions(a_.only(), 0, b_.only(), 0, &error);
  ASSERT_TRUE(sql) << error;
  const Stepped stepped_sql = BuildInSteps(a_.only(), b_.only(), compare::ComparisonScope::kSqlExecutions, 0, 0, 1);
  ASSERT_TRUE(stepped_sql.result) << stepped_sql.error;
  EXPECT_EQ(compare::ComparisonJson(*stepped_sql.result), compare::ComparisonJson(*sql));
}

TEST_F(ComparisonInSteps, AnUnknownItemEndsWithTheOneBlockBuildsError) {
  std::string error;
  EXPECT_FALSE(compare::CompareJobs(a_.only(), 2, b_.only(), 99999, &error));
  const Stepped stepped = BuildInSteps(a_.only(), b_.only(), compare::ComparisonScope::kJobs, 2, 99999, 1);
  EXPECT_FALSE(stepped.result);
  EXPECT_EQ(stepped.error, error);
  EXPECT_NE(error.find("99999"), std::string::npos);
}

TEST_F(ComparisonInSteps, WithoutFindingsOnlyTheFindingsAreLeftOut) {
  const compare::Comparison whole = compare::CompareRuns(a_.only(), b_.only());
  compare::ComparisonSteps steps;
  steps.Start(a_.only(), b_.only(), compare::ComparisonScope::kRuns, -1, -1, /*with_findings=*/false);
  while (!steps.Step(64)) {
  }
  std::optional<compare::Comparison> partial = steps.Take();
  ASSERT_TRUE(partial);
  EXPECT_TRUE(partial->findings.only_a.empty());
  EXPECT_TRUE(partial->findings.only_b.empty());
  EXPECT_TRUE(partial->findings.both.empty());
  partial->findings = whole.findings;
  EXPECT_EQ(compare::ComparisonJson(*partial), compare::ComparisonJson(whole));
}

}  // namespace
}  // namespace afterglow::compare_test::comparison_steps
