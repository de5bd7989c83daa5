// Real pairs of the corpus, each checked for what reading the two logs says it must show.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/compare/comparison.h"
#include "tests/core/compare/loaded_run.h"

namespace afterglow::compare_test::corpus_pairs {
namespace {

const std::string kProfiling = std::string(AFTERGLOW_CORPUS_DIR) + "/rapids-tools/profiling/";
const std::string kPlatform =
    std::string(AFTERGLOW_CORPUS_DIR) + "/rapids-tools/qualification/cluster_information/platform/";

using IdPair = std::pair<int64_t, int64_t>;  // -1: that side has none

std::vector<IdPair> SqlRows(const compare::Comparison& c) {
  std::vector<IdPair> rows;
  for (const compare::AlignedIndex& r : c.rows.sql) {
    rows.emplace_back(r.a >= 0 ? c.run_a.sql[r.a].execution_id : -1,
                      r.b >= 0 ? c.run_b.sql[r.b].execution_id : -1);
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

std::vector<IdPair> JobRows(const compare::Comparison& c) {
  std::vector<IdPair> rows;
  for (const compare::AlignedIndex& r : c.rows.jobs) {
    rows.emplace_back(r.a >= 0 ? c.run_a.jobs[r.a].job_id : -1, r.b >= 0 ? c.run_b.jobs[r.b].job_id : -1);
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

std::vector<IdPair> StageRows(const compare::Comparison& c) {
  std::vector<IdPair> rows;
  for (const compare::AlignedIndex& r : c.rows.stages) {
    rows.emplace_back(r.a >= 0 ? c.run_a.stages[r.a].stage_id : -1,
                      r.b >= 0 ? c.run_b.stages[r.b].stage_id : -1);
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

const compare::PlanChanges& ChangesOfSqlPair(const compare::Comparison& c, int64_t a, int64_t b) {
  for (size_t r = 0; r < c.rows.sql.size(); ++r) {
    const compare::AlignedIndex row = c.rows.sql[r];
    if (row.a >= 0 && row.b >= 0 && c.run_a.sql[row.a].execution_id == a &&
        c.run_b.sql[row.b].execution_id == b) {
      return c.sql_changes[r];
    }
  }
  static const compare::PlanChanges kNone;
  ADD_FAILURE() << "SQL " << a << " and " << b << " are not paired";
  return kNone;
}

std::set<std::string> PropertiesThatDiffer(const compare::Comparison& c, bool with_run_names) {
  std::set<std::string> keys;
  for (const compare::PropertyDifference& p : c.config) {
    if (with_run_names || !p.names_the_run) keys.insert(p.key);
  }
  return keys;
}

int64_t AppValue(const compare::Comparison& c, std::string_view key, bool of_b) {
  for (const compare::AppMetricRow& row : c.app) {
    if (row.key == key) return of_b ? row.b : row.a;
  }
  ADD_FAILURE() << "no app metric " << key;
  return -1;
}

struct Pair {
  LoadedRun a, b;
  compare::Comparison c;
};

std::unique_ptr<Pair> ComparePair(const std::string& a, const std::string& b) {
  auto pair = std::make_unique<Pair>();
  pair->a = LoadRun(a);
  pair->b = LoadRun(b);
  EXPECT_EQ(pair->a.sides.size(), 1u) << a;
  EXPECT_EQ(pair->b.sides.size(), 1u) << b;
  if (pair->a.sides.size() == 1 && pair->b.sides.size() == 1) {
    pair->c = compare::CompareRuns(pair->a.only(), pair->b.only());
  }
  return pair;
}

// The same spark-shell session run twice, reading through DataSource V1 and then V2 (the second
// sets spark.sql.sources.useV1SourceList to nothing). V2 logs an extra execution, without jobs,
// before two of its writes (orc: 2 before 3, parquet: 7 before 8): those stand alone, and each
// write pairs with the execution that ran its job. Every scan became a BatchScan; the jobs and
// stages are the same program's, so they pair by id.
TEST(CompareCorpusPairs, DataSourceV1AgainstV2PairsSevenQueriesAndLeavesTwoAlone) {
  const auto p = ComparePair(kProfiling + "eventlog_dsv1.zstd", kProfiling + "eventlog_dsv2.zstd");
  const compare::Comparison& c = p->c;
  EXPECT_EQ(SqlRows(c), (std::vector<IdPair>{{-1, 2}, {-1, 7}, {0, 0}, {1, 1}, {2, 3}, {3, 4},
                                              {4, 5}, {5, 6}, {6, 8}}));
  for (const compare::AlignedIndex& r : c.rows.sql) {
    if (r.a >= 0 && r.b >= 0) EXPECT_EQ(c.run_a.sql[r.a].description, c.run_b.sql[r.b].description);
  }
  // The text scan of the csv header read is the same plan in both.
  EXPECT_TRUE(ChangesOfSqlPair(c, 0, 0).empty());
  EXPECT_TRUE(ChangesOfSqlPair(c, 0, 0).same_shape);
  const compare::PlanChanges& show = ChangesOfSqlPair(c, 1, 1);
  EXPECT_FALSE(show.same_shape);
  EXPECT_EQ(show.replaced, (std::vector<std::pair<std::string, std::string>>{{"Scan csv", "BatchScan"}}));
  EXPECT_EQ(show.added, std::vector<std::string>{"Project"});
  const compare::PlanChanges& orc = ChangesOfSqlPair(c, 2, 3);
  EXPECT_EQ(orc.replaced, (std::vector<std::pair<std::string, std::string>>{{"Scan parquet", "BatchScan"}}));
  std::vector<IdPair> same_ids;
  for (int64_t id = 0; id < 9; ++id) same_ids.emplace_back(id, id);
  EXPECT_EQ(JobRows(c), same_ids);
  EXPECT_EQ(StageRows(c), same_ids);
  EXPECT_EQ(PropertiesThatDiffer(c, false), std::set<std::string>{"spark.sql.sources.useV1SourceList"});
  EXPECT_EQ(AppValue(c, "tasks", false), 31);
  EXPECT_EQ(AppValue(c, "tasks", true), 31);
  EXPECT_EQ(AppValue(c, "sqlExecutions", false), 7);
  EXPECT_EQ(AppValue(c, "sqlExecutions", true), 9);
}

// A CPU and a GPU run of related work. Only the csv header read keeps its description ("csv at
// <console>:23") and pairs; its plan ran on the GPU: Filter became GpuFilter, with the row and
// columnar conversions around it. The CPU run's show/orc/json/parquet actions and the GPU run's
// collects have other call sites, so none of them pairs. The schema-inference jobs outside SQL
// ("parquet at <console>:23", "json at <console>:23") pair by call site although their ids
// differ.
TEST(CompareCorpusPairs, CpuAgainstGpuPairsOnlyTheQueryWhoseCallSiteBothHave) {
  const auto p = ComparePair(kProfiling + "eventlog_dsv1.zstd", kProfiling + "eventlog-gpu-dsv1.zstd");
  const compare::Comparison& c = p->c;
  EXPECT_EQ(SqlRows(c), (std::vector<IdPair>{{-1, 1}, {-1, 2}, {-1, 3}, {-1, 4}, {0, 0}, {1, -1},
                                              {2, -1}, {3, -1}, {4, -1}, {5, -1}, {6, -1}}));
  const compare::PlanChanges& csv = ChangesOfSqlPair(c, 0, 0);
  EXPECT_EQ(csv.replaced, (std::vector<std::pair<std::string, std::string>>{{"Filter", "GpuFilter"}}));
  EXPECT_EQ(std::set<std::string>(csv.added.begin(), csv.added.end()),
            (std::set<std::string>{"GpuRowToColumnar", "GpuColumnarToRow"}));
  EXPECT_TRUE(csv.removed.empty());
  const std::vector<IdPair> jobs = JobRows(c);
  for (const IdPair& expected : {IdPair{0, 0}, IdPair{2, 5}, IdPair{6, 2}}) {
    EXPECT_NE(std::find(jobs.begin(), jobs.end(), expected), jobs.end())
        << "jobs " << expected.first << " and " << expected.second << " should pair";
  }
  size_t paired_jobs = 0;
  for (const IdPair& row : jobs) paired_jobs += row.first >= 0 && row.second >= 0;
  EXPECT_EQ(paired_jobs, 3u);
}

// Two runs of one join counted ("count at <console>:28"): one query each, the same plan, one job
// of four stages (6, 6, 200 and 1 tasks), all pairing by id; only the driver's host differs among
// the properties that do not name the run.
TEST(CompareCorpusPairs, TwoRunsOfOneJoinPairEverythingOneToOne) {
  const auto p =
      ComparePair(kProfiling + "rapids_join_eventlog.zstd", kProfiling + "rapids_join_eventlog2.zstd");
  const compare::Comparison& c = p->c;
  EXPECT_EQ(SqlRows(c), (std::vector<IdPair>{{0, 0}}));
  EXPECT_TRUE(ChangesOfSqlPair(c, 0, 0).empty());
  EXPECT_EQ(c.run_a.sql[0].description, "count at <console>:28");
  EXPECT_EQ(JobRows(c), (std::vector<IdPair>{{0, 0}}));
  EXPECT_EQ(StageRows(c), (std::vector<IdPair>{{0, 0}, {1, 1}, {2, 2}, {3, 3}}));
  std::vector<int64_t> tasks_a, tasks_b;
  for (const compare::AlignedIndex& r : c.rows.stages) {
    tasks_a.push_back(c.run_a.stages[r.a].metrics.tasks);
    tasks_b.push_back(c.run_b.stages[r.b].metrics.tasks);
  }
  EXPECT_EQ(tasks_a, (std::vector<int64_t>{6, 6, 200, 1}));
  EXPECT_EQ(tasks_b, tasks_a);
  EXPECT_EQ(AppValue(c, "tasks", false), 213);
  EXPECT_EQ(AppValue(c, "tasks", true), 213);
  EXPECT_EQ(PropertiesThatDiffer(c, false), std::set<std::string>{"spark.driver.host"});
}

// One application whose properties and hosts were edited per platform: the same work, so every
// item pairs with its own id and every number is equal; only properties differ.
void ExpectOnlyPropertiesDiffer(const std::string& a, const std::string& b,
                                const std::set<std::string>& differing) {
  SCOPED_TRACE(a + " vs " + b);
  const auto p = ComparePair(kPlatform + a, kPlatform + b);
  const compare::Comparison& c = p->c;
  for (const compare::AppMetricRow& row : c.app) EXPECT_EQ(row.Delta(), 0) << row.key;
  ASSERT_FALSE(c.rows.stages.empty());
  for (const auto* rows : {&c.rows.sql, &c.rows.jobs, &c.rows.stages}) {
    for (const compare::AlignedIndex& r : *rows) EXPECT_TRUE(r.a >= 0 && r.b >= 0);
  }
  for (const IdPair& row : StageRows(c)) EXPECT_EQ(row.first, row.second);
  for (const IdPair& row : JobRows(c)) EXPECT_EQ(row.first, row.second);
  for (const compare::AlignedIndex& r : c.rows.stages) {
    EXPECT_EQ(c.run_a.stages[r.a].metrics.duration_ms, c.run_b.stages[r.b].metrics.duration_ms);
  }
  EXPECT_TRUE(c.headline.empty());
  EXPECT_TRUE(c.findings.only_a.empty() && c.findings.only_b.empty());
  EXPECT_EQ(PropertiesThatDiffer(c, true), differing);
}

TEST(CompareCorpusPairs, PlatformCopiesOfOneApplicationDifferOnlyInProperties) {
  ExpectOnlyPropertiesDiffer("emr", "onprem", {"spark.app.id"});
  ExpectOnlyPropertiesDiffer("emr", "dataproc",
                             {"spark.app.id", "spark.app.initial.jar.urls", "spark.driver.host"});
  ExpectOnlyPropertiesDiffer("databricks-aws", "databricks-azure",
                             {"spark.databricks.clusterUsageTags.clusterAllTags",
                              "spark.databricks.clusterUsageTags.clusterName",
                              "spark.databricks.driverNodeTypeId",
                              "spark.databricks.workerNodeTypeId"});
}

}  // namespace
}  // namespace afterglow::compare_test::corpus_pairs
