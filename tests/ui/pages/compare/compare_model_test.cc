// The compare view's model over real corpus pairs loaded into one session, as the page loads two
// logs opened at once: which run is A and which B, swapping them, the aligned tables read from
// the comparison (one row per aligned pair, one-sided rows where a run has no counterpart), the
// pair a route points at, the side filter, sorting and TSV, two jobs of one run, and the view
// drawing every part of it headless.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "simdjson.h"
#include "tests/ui/headless_ui.h"
#include "ui/pages/compare/compare_header.h"
#include "ui/pages/compare/compare_model.h"

namespace afterglow::ui {
namespace {

const std::string kProfiling = std::string(AFTERGLOW_CORPUS_DIR) + "/rapids-tools/profiling/";

void Show(testing::HeadlessUi& ui, const char* route) {
  ASSERT_TRUE(ShowRoute(ui.state(), route)) << route;
}

class CompareModelTest : public ::testing::Test {
 protected:
  void LoadPair(const std::string& a, const std::string& b) {
    ASSERT_EQ(ui_.Load(kProfiling + a), "");
    ASSERT_EQ(ui_.Load(kProfiling + b), "");
    ASSERT_EQ(ui_.state().summaries.size(), 2u);
  }
  const CompareModel& model() { return ui_.state().compare; }
  testing::HeadlessUi ui_;
};

// dsv1 and dsv2 are similar spark-shell sessions reading csv, orc, json and parquet through
// DataSource V1 and V2: 7 and 9 SQL executions. dsv2's extra "orc" and "parquet" executions
// (2 and 7) have no counterpart; the other 7 pair in order, and each of them but the first csv
// read (the schema's inference, planned alike by both) has its scan replaced by a BatchScan.
TEST_F(CompareModelTest, TwoLogsOpenedAtOnceCompareTheFirstAsATheSecondAsB) {
  LoadPair("eventlog_dsv1.zstd", "eventlog_dsv2.zstd");
  Show(ui_, "#/compare");
  ASSERT_TRUE(model().result.has_value()) << model().error;
  EXPECT_EQ(model().result->a.id, ui_.state().summaries[0].app_id);
  EXPECT_EQ(model().result->b.id, ui_.state().summaries[1].app_id);
  EXPECT_NE(model().name_a.find(ui_.state().summaries[0].app_id), std::string::npos);

  const AlignedTable& sql = model().table(AlignedKind::kSql);
  ASSERT_EQ(sql.rows.size(), 9u);
  EXPECT_EQ(sql.counts[static_cast<size_t>(PairFilter::kBoth)], 7u);
  EXPECT_EQ(sql.counts[static_cast<size_t>(PairFilter::kOnlyA)], 0u);
  EXPECT_EQ(sql.counts[static_cast<size_t>(PairFilter::kOnlyB)], 2u);
  std::vector<std::string> only_b;
  size_t batch_scans = 0;
  for (const AlignedPairRow& row : sql.rows) {
    if (!row.both()) only_b.push_back(row.id_b);
    if (row.plan.find("\xe2\x86\x92 BatchScan") != std::string::npos) ++batch_scans;
  }
  EXPECT_EQ(only_b, (std::vector<std::string>{"2", "7"}));
  EXPECT_EQ(sql.rows[0].plan, "");
  EXPECT_EQ(batch_scans, 6u);
  // Jobs and stages: 9 each on both sides, all paired.
  EXPECT_EQ(model().table(AlignedKind::kJob).counts[static_cast<size_t>(PairFilter::kBoth)], 9u);
  EXPECT_EQ(model().table(AlignedKind::kStage).counts[static_cast<size_t>(PairFilter::kBoth)], 9u);
  // The rows carry the comparison's own figures.
  const compare::Comparison& c = *model().result;
  for (const AlignedPairRow& row : model().table(AlignedKind::kStage).rows) {
    const compare::AlignedIndex index = c.rows.stages[row.row];
    EXPECT_EQ(row.a, &c.run_a.stages[index.a].metrics);
    EXPECT_EQ(row.b, &c.run_b.stages[index.b].metrics);
    EXPECT_EQ(row.delta_ms, row.b->duration_ms - row.a->duration_ms);
  }
}

TEST_F(CompareModelTest, SwapMakesBTheBaseline) {
  LoadPair("eventlog_dsv1.zstd", "eventlog_dsv2.zstd");
  Show(ui_, "#/compare");
  ASSERT_TRUE(model().result.has_value());
  const std::string a = model().result->a.id, b = model().result->b.id;
  const int64_t wall = model().result->wall_delta_ms;
  SwapComparedSides(ui_.state());
  ASSERT_TRUE(model().result.has_value());
  EXPECT_EQ(model().result->a.id, b);
  EXPECT_EQ(model().result->b.id, a);
  EXPECT_EQ(model().result->wall_delta_ms, -wall);
  const AlignedTable& sql = model().table(AlignedKind::kSql);
  EXPECT_EQ(sql.counts[static_cast<size_t>(PairFilter::kOnlyA)], 2u);
  EXPECT_EQ(sql.counts[static_cast<size_t>(PairFilter::kOnlyB)], 0u);
  // The choice survives a rebuild of the same runs (another view and back).
  Show(ui_, "#/jobs");
  Show(ui_, "#/compare");
  EXPECT_EQ(model().result->a.id, b);
}

// A log against itself: every row paired with equal ids and zero deltas, no property differs.
TEST_F(CompareModelTest, ALogAgainstItselfPairsEveryRowWithZeroDeltas) {
  LoadPair("rapids_join_eventlog.zstd", "rapids_join_eventlog.zstd");
  Show(ui_, "#/compare");
  ASSERT_TRUE(model().result.has_value());
  for (const AlignedTable& table : model().tables) {
    ASSERT_FALSE(table.rows.empty()) << AlignedKindTitle(table.kind);
    for (const AlignedPairRow& row : table.rows) {
      EXPECT_TRUE(row.both());
      EXPECT_EQ(row.id_a, row.id_b);
      EXPECT_EQ(row.delta_ms, 0);
      EXPECT_EQ(row.plan, "");
    }
  }
  for (const compare::AppMetricRow& row : model().result->app) EXPECT_EQ(row.Delta(), 0) << row.key;
  for (const compare::PropertyDifference& p : model().result->config) EXPECT_TRUE(p.names_the_run) << p.key;
  EXPECT_TRUE(model().result->findings.only_a.empty());
  EXPECT_TRUE(model().result->findings.only_b.empty());
}

TEST_F(CompareModelTest, APairRouteSelectsItsRowAndIsDescribed) {
  LoadPair("eventlog_dsv1.zstd", "eventlog_dsv2.zstd");
  Show(ui_, "#/compare/stage/3");
  const AlignedTable& stages = model().table(AlignedKind::kStage);
  ASSERT_GE(stages.selected_row, 0);
  EXPECT_EQ(stages.rows[stages.shown[stages.selected_row]].row, 3);
  ui_.Draw();
  simdjson::dom::parser parser;
  simdjson::dom::element view;
  const std::string described = ui_.DescribeView();
  ASSERT_EQ(parser.parse(described).get(view), simdjson::SUCCESS) << described;
  std::string_view kind;
  int64_t row = -1;
  simdjson::dom::array sql, stage_rows;
  ASSERT_EQ(view["pair"]["kind"].get(kind), simdjson::SUCCESS);
  ASSERT_EQ(view["pair"]["row"].get(row), simdjson::SUCCESS);
  ASSERT_EQ(view["sql"].get(sql), simdjson::SUCCESS);
  ASSERT_EQ(view["stages"].get(stage_rows), simdjson::SUCCESS);
  EXPECT_EQ(kind, "stage");
  EXPECT_EQ(row, 3);
  EXPECT_EQ(sql.size(), 9u);
  EXPECT_EQ(stage_rows.size(), 9u);
}

TEST_F(CompareModelTest, TheSideFilterSearchAndSortWorkOnTheIndex) {
  LoadPair("eventlog_dsv1.zstd", "eventlog_dsv2.zstd");
  Show(ui_, "#/compare");
  ui_.Draw();
  AlignedTable& sql = ui_.state().compare.table(AlignedKind::kSql);
  // The table's first order is the alignment's: one-sided rows stay where the alignment put them.
  ASSERT_EQ(sql.shown.size(), 9u);
  for (size_t i = 0; i < sql.shown.size(); ++i) EXPECT_EQ(sql.rows[sql.shown[i]].row, static_cast<int>(i));
  sql.filter = PairFilter::kOnlyB;
  sql.ApplyFilter();
  ASSERT_EQ(sql.shown.size(), 2u);
  for (uint32_t i : sql.shown) EXPECT_EQ(sql.rows[i].a, nullptr);
  sql.filter = PairFilter::kAll;
  std::snprintf(sql.search, sizeof sql.search, "SHOW");
  sql.ApplyFilter();
  ASSERT_EQ(sql.shown.size(), 3u);  // the three "show at <console>:26"
  for (uint32_t i : sql.shown) EXPECT_NE(sql.rows[i].name.find("show"), std::string::npos);
  sql.search[0] = '\0';
  sql.Sort(AlignedColumn::kDelta, false);
  ASSERT_EQ(sql.shown.size(), 9u);
  for (size_t i = 1; i < sql.shown.size(); ++i) {
    EXPECT_GE(sql.rows[sql.shown[i - 1]].delta_ms, sql.rows[sql.shown[i]].delta_ms);
  }
  // TSV: a header and one line per shown row, in the shown order.
  const std::string tsv = sql.Tsv();
  std::istringstream lines(tsv);
  std::string line;
  std::vector<std::string> all;
  while (std::getline(lines, line)) all.push_back(line);
  ASSERT_EQ(all.size(), 1 + sql.shown.size());
  EXPECT_EQ(all[0].substr(0, 4), "A\tB\t");
  const AlignedPairRow& first = sql.rows[sql.shown[0]];
  EXPECT_EQ(all[1].substr(0, first.id_a.size() + first.id_b.size() + 2), first.id_a + "\t" + first.id_b + "\t");
}

TEST_F(CompareModelTest, OneApplicationOpenSaysHowToCompare) {
  ASSERT_EQ(ui_.Load(kProfiling + "eventlog_dsv1.zstd"), "");
  Show(ui_, "#/compare");
  EXPECT_FALSE(model().result.has_value());
  EXPECT_NE(model().error.find("Compare with"), std::string::npos);
  ui_.Draw();
}

// Two jobs of one run: the route's ids are A's and B's; an unknown id is an error, not a crash.
TEST_F(CompareModelTest, TwoJobsOfOneRunCompareAsChosen) {
  ASSERT_EQ(ui_.Load(kProfiling + "eventlog_dsv1.zstd"), "");
  Show(ui_, "#/compare/jobs/2/6");
  ASSERT_TRUE(model().result.has_value()) << model().error;
  EXPECT_EQ(model().result->scope, compare::ComparisonScope::kJobs);
  const AlignedTable& jobs = model().table(AlignedKind::kJob);
  ASSERT_EQ(jobs.rows.size(), 1u);
  EXPECT_EQ(jobs.rows[0].id_a, "2");
  EXPECT_EQ(jobs.rows[0].id_b, "6");
  ui_.Draw();
  // Swapping two items swaps the route's ids.
  SwapComparedSides(ui_.state());
  EXPECT_EQ(ui_.state().route_text, "#/compare/jobs/6/2");
  EXPECT_EQ(model().table(AlignedKind::kJob).rows[0].id_a, "6");
  Show(ui_, "#/compare/jobs/2/999");
  EXPECT_FALSE(model().result.has_value());
  EXPECT_NE(model().error.find("999"), std::string::npos);
  ui_.Draw();
}

TEST_F(CompareModelTest, TwoSqlExecutionsOfOneRunCompareAsChosen) {
  ASSERT_EQ(ui_.Load(kProfiling + "eventlog_dsv1.zstd"), "");
  Show(ui_, "#/compare/sql/1/3");
  ASSERT_TRUE(model().result.has_value()) << model().error;
  const AlignedTable& sql = model().table(AlignedKind::kSql);
  ASSERT_EQ(sql.rows.size(), 1u);
  EXPECT_EQ(sql.rows[0].id_a, "1");
  EXPECT_EQ(sql.rows[0].id_b, "3");
}

// "Compare with…" keeps the open run as A and takes the added log's run as B, whatever the
// order the load lists them in.
TEST(CompareModelChoice, AnAddedLogsRunBecomesBAgainstTheOpenOne) {
  std::vector<AttemptSummary> apps(3);
  apps[0].app_id = "app-new";
  apps[1].app_id = "app-open";
  apps[2].app_id = "app-other";
  CompareModel model;
  model.run_a = "app-open";
  model.runs_before_add = {"app-open", "app-other"};
  ASSERT_TRUE(model.ChooseRuns(apps, 1));
  EXPECT_EQ(model.run_a, "app-open");
  EXPECT_EQ(model.run_b, "app-new");
  EXPECT_EQ(model.app_a, 1u);
  EXPECT_EQ(model.app_b, 0u);
  // Without a remembered choice: the open run and the first other one.
  CompareModel fresh;
  ASSERT_TRUE(fresh.ChooseRuns(apps, 2));
  EXPECT_EQ(fresh.run_a, "app-other");
  EXPECT_EQ(fresh.run_b, "app-new");
  EXPECT_FALSE(fresh.ChooseRuns(std::vector<AttemptSummary>(apps.begin(), apps.begin() + 1), 0));
}

// The whole view draws for each pair route, hovered, with the pair's figures under its table.
TEST_F(CompareModelTest, EveryPairRouteDraws) {
  LoadPair("eventlog_dsv1.zstd", "eventlog_dsv2.zstd");
  for (const char* route : {"#/compare", "#/compare/query/1", "#/compare/query/2", "#/compare/job/0",
                            "#/compare/stage/8", "#/compare/stage/99"}) {
    SCOPED_TRACE(route);
    Show(ui_, route);
    ui_.Draw();
    ui_.MouseAt(800, 300);
    ui_.Draw(2);
    ui_.MouseAt(-1, -1);
  }
}

}  // namespace
}  // namespace afterglow::ui
