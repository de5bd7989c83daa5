// The page's findings: the core's ranking kept, each page's own findings picked by the entities
// their evidence names, every piece of evidence mapped to the route (and focus) it opens, and a
// link followed to its view with the evidence in front (the task row first, the executor's row,
// the SQL node, the environment key). Corpus log: rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd
// (stage 3.0 skewed by task 78 of partition 17 in a BroadcastHashJoin of SQL 0; executors 1, 4,
// 5 and 6 over 10 % GC, each with spark.executor.memory as evidence).
#include "ui/pages/findings/findings_model.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/base/epoch_clock.h"
#include "core/share/findings_digest.h"
#include "imgui.h"
#include "simdjson.h"
#include "tests/ui/headless_ui.h"
#include "ui/pages/findings/follow_evidence.h"
#include "ui/pages/findings/view_findings.h"

namespace afterglow::ui {
namespace findings_model_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;
const std::string kJoinAgg = kCorpus + "/rapids-tools/e2e/join_agg_on_yarn_eventlog.zstd";

Evidence StageEv(int64_t id, int32_t attempt, const char* what, int64_t value) {
  Evidence e;
  e.kind = EvidenceKind::kStage;
  e.id = id;
  e.attempt = attempt;
  e.what = what;
  e.value = value;
  e.unit = EvidenceUnit::kMs;
  return e;
}

Evidence ExecutorEv(const char* id) {
  Evidence e;
  e.kind = EvidenceKind::kExecutor;
  e.key = id;
  e.what = "GC time";
  e.value = 3831;
  e.unit = EvidenceUnit::kMs;
  return e;
}

Finding SkewFinding(const char* rule, int64_t stage, int32_t attempt, int64_t at_stake_ms) {
  Finding f;
  f.rule = rule;
  f.target = FindingTarget::kStage;
  f.target_id = stage;
  f.target_attempt = attempt;
  f.time_at_stake_ms = at_stake_ms;
  f.evidence.push_back(StageEv(stage, attempt, "max task duration", 18'601));
  f.evidence.push_back(StageEv(stage, attempt, "median task duration", 3'098));
  Evidence task;
  task.kind = EvidenceKind::kTask;
  task.id = 78;
  task.attempt = 0;
  task.key = "partition 17";
  task.what = "task duration";
  task.value = 18'601;
  task.unit = EvidenceUnit::kMs;
  f.evidence.push_back(task);
  Evidence sql;
  sql.kind = EvidenceKind::kSql;
  sql.id = 0;
  sql.key = "BroadcastHashJoin [col1#1], [desc#48], Inner, BuildRight, false";
  sql.what = "operator";
  sql.value = 1;
  f.evidence.push_back(sql);
  return f;
}

Finding GcFinding(const char* executor, int64_t at_stake_ms) {
  Finding f;
  f.rule = "gc-pressure";
  f.target = FindingTarget::kExecutor;
  f.executor_id = executor;
  f.time_at_stake_ms = at_stake_ms;
  f.evidence.push_back(ExecutorEv(executor));
  Evidence config;
  config.kind = EvidenceKind::kConfig;
  config.key = "spark.executor.memory";
  config.what = "setting";
  config.unit = EvidenceUnit::kText;
  config.text = "9397M";
  f.evidence.push_back(config);
  return f;
}

TEST(FindingsModel, EachPieceOfEvidenceOpensItsView) {
  FindingsModel model;
  model.Build({SkewFinding("skew-input", 3, 0, 15'399), GcFinding("6", 907)}, nullptr);
  ASSERT_EQ(model.entries.size(), 2u);
  const std::vector<EvidenceLink>& skew = model.entries[0].links;
  // The two numbers about stage 3.0 share its link; the task, the operator each have their own.
  ASSERT_EQ(skew.size(), 3u);
  EXPECT_EQ(skew[0].label, "Stage 3.0");
  EXPECT_EQ(FormatRoute(skew[0].route), "#/stages/3/0");
  EXPECT_EQ(skew[0].text, "max task duration 18.6 s, median task duration 3.1 s");
  EXPECT_EQ(skew[1].kind, EvidenceKind::kTask);
  EXPECT_EQ(skew[1].label, "Task 78 (partition 17)");
  EXPECT_EQ(FormatRoute(skew[1].route), "#/stages/3/0");  // the finding's stage
  EXPECT_EQ(skew[1].focus.task_id, 78);
  EXPECT_EQ(skew[1].focus.task_sort, TaskColumn::kInput);  // the metric of skew-input
  EXPECT_EQ(FormatRoute(skew[2].route), "#/sql/0");
  EXPECT_EQ(skew[2].focus.sql_operator,
            "BroadcastHashJoin [col1#1], [desc#48], Inner, BuildRight, false");
  EXPECT_EQ(skew[2].text, "");  // "operator 1": the link names the operator

  const std::vector<EvidenceLink>& gc = model.entries[1].links;
  ASSERT_EQ(gc.size(), 2u);
  EXPECT_EQ(gc[0].label, "Executor 6");
  EXPECT_EQ(FormatRoute(gc[0].route), "#/executors");
  EXPECT_EQ(gc[0].focus.executor_id, "6");
  EXPECT_EQ(gc[0].text, "GC time 3.8 s");
  EXPECT_EQ(gc[1].label, "spark.executor.memory = 9397M");
  EXPECT_EQ(FormatRoute(gc[1].route), "#/environment");
  EXPECT_EQ(gc[1].focus.environment_key, "spark.executor.memory");
  EXPECT_EQ(model.entries[1].time_at_stake, "907 ms");

  Evidence app;
  app.what = "application duration";
  app.value = 120'000;
  app.unit = EvidenceUnit::kMs;
  const EvidenceLink none = LinkOfEvidence(Finding(), app, nullptr);
  EXPECT_EQ(none.label, "");  // the application is the overview itself
  EXPECT_EQ(none.text, "application duration 2.0 min");
}

TEST(FindingsModel, TaskColumnFollowsTheRulesMetric) {
  EXPECT_EQ(TaskColumnOfRule("skew-duration"), TaskColumn::kDuration);
  EXPECT_EQ(TaskColumnOfRule("skew-shuffle-read"), TaskColumn::kShuffleRead);
  EXPECT_EQ(TaskColumnOfRule("skew-input"), TaskColumn::kInput);
  EXPECT_EQ(TaskColumnOfRule("spill"), TaskColumn::kSpillMemory);
}

TEST(FindingsModel, EachPageGetsTheFindingsNamingIt) {
  FindingsModel model;
  model.Build({SkewFinding("skew-duration", 3, 0, 9'000), GcFinding("6", 800),
               SkewFinding("skew-duration", 3, 1, 700), GcFinding("1", 600)},
              nullptr);
  EXPECT_EQ(model.About(FindingSubject::Stage(3, 0)), (std::vector<uint32_t>{0}));
  EXPECT_EQ(model.About(FindingSubject::Stage(3, 1)), (std::vector<uint32_t>{2}));
  EXPECT_TRUE(model.About(FindingSubject::Stage(4, 0)).empty());
  EXPECT_EQ(model.About(FindingSubject::Executor("6")), (std::vector<uint32_t>{1}));
  EXPECT_EQ(model.About(FindingSubject::Executor("")), (std::vector<uint32_t>{1, 3}));
  EXPECT_EQ(model.About(FindingSubject::Sql(0)), (std::vector<uint32_t>{0, 2}));
  EXPECT_TRUE(model.About(FindingSubject::Sql(1)).empty());
  EXPECT_EQ(model.warnings + model.critical + model.infos, 4);
}

TEST(FindingsModel, KeepsTheCoresRankingByTimeAtStake) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kJoinAgg), "");
  const FindingsModel& model = ui.state().overview.findings;
  const std::vector<Finding> core =
      Diagnose(*ui.state().SelectedModel(), *ui.state().Strings(), NowEpochMs());
  ASSERT_EQ(model.size(), core.size());
  ASSERT_GE(model.size(), 5u);
  for (size_t i = 0; i < core.size(); ++i) {
    EXPECT_EQ(model.findings[i].rule, core[i].rule);
    EXPECT_EQ(model.findings[i].title, core[i].title);
    if (i > 0) EXPECT_GE(model.findings[i - 1].time_at_stake_ms, model.findings[i].time_at_stake_ms);
  }
  EXPECT_EQ(model.findings[0].rule, "skew-duration");  // stage 3.0's straggler leads
  EXPECT_EQ(model.About(FindingSubject::Stage(3, 0)), (std::vector<uint32_t>{0}));
  EXPECT_EQ(model.About(FindingSubject::Executor("")).size(), 4u);  // executors 1, 4, 5, 6
}

const EvidenceLink& FirstLinkOf(const FindingsModel& model, EvidenceKind kind) {
  for (const FindingEntry& entry : model.entries) {
    for (const EvidenceLink& link : entry.links) {
      if (link.kind == kind && !link.label.empty()) return link;
    }
  }
  static const EvidenceLink none;
  ADD_FAILURE() << "no link of kind " << static_cast<int>(kind);
  return none;
}

// The rules of the findings the view on screen describes to state() ("findings").
std::vector<std::string> DescribedRules(const testing::HeadlessUi& ui) {
  const std::string described = ui.DescribeView();
  simdjson::dom::parser parser;
  simdjson::dom::element view;
  std::vector<std::string> rules;
  if (parser.parse(described).get(view) != simdjson::SUCCESS) {
    ADD_FAILURE() << described;
    return rules;
  }
  simdjson::dom::array findings;
  if (view["findings"].get_array().get(findings) != simdjson::SUCCESS) return rules;
  for (simdjson::dom::element f : findings) {
    std::string_view rule;
    if (f["rule"].get_string().get(rule) == simdjson::SUCCESS) rules.emplace_back(rule);
  }
  return rules;
}

TEST(FollowEvidenceLink, LandsOnTheEvidence) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kJoinAgg), "");
  AppState& state = ui.state();
  const FindingsModel& model = state.overview.findings;

  // The straggler: stage 3.0, its tasks sorted by Duration (largest first), task 78 on top and
  // selected.
  FollowEvidenceLink(state, FirstLinkOf(model, EvidenceKind::kTask));
  ui.Draw();
  EXPECT_EQ(state.route_text, "#/stages/3/0");
  const TaskTableModel& tasks = state.stage_page.tasks;
  ASSERT_FALSE(tasks.shown.empty());
  EXPECT_EQ(tasks.model->tasks.task_id[tasks.shown[0]], 78);
  EXPECT_EQ(tasks.selected_row, 0);
  EXPECT_EQ(DescribedRules(ui), (std::vector<std::string>{"skew-duration"}));  // its own

  FollowEvidenceLink(state, FirstLinkOf(model, EvidenceKind::kExecutor));
  ui.Draw();
  EXPECT_EQ(state.route_text, "#/executors");
  ASSERT_GE(state.executors_selected_row, 0);
  EXPECT_EQ(state.executors.rows[state.executors.order[state.executors_selected_row]].id,
            model.findings[1].executor_id);
  EXPECT_EQ(DescribedRules(ui).size(), 4u);  // the executors page lists the four GC findings

  const EvidenceLink& sql = FirstLinkOf(model, EvidenceKind::kSql);
  FollowEvidenceLink(state, sql);
  ui.Draw();
  EXPECT_EQ(state.route_text, "#/sql/0");
  const int64_t node = state.sql_query.selected_node;
  ASSERT_GE(node, 0);
  EXPECT_EQ(node, NodeOfOperator(state.sql_query, sql.focus.sql_operator));
  EXPECT_EQ(DescribedRules(ui), (std::vector<std::string>{"skew-duration"}));

  FollowEvidenceLink(state, FirstLinkOf(model, EvidenceKind::kConfig));
  ui.Draw();
  EXPECT_EQ(state.route_text, "#/environment");
  EXPECT_STREQ(state.environment.filter_text, "spark.executor.memory");
  EXPECT_GT(state.environment.matches, 0u);
}

TEST(CopyDigest, PutsTheCliDigestOnTheClipboard) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kJoinAgg), "");
  const AppState& state = ui.state();
  ImGui::SetClipboardText("nothing copied yet");
  CopyDigest(state);
  const std::string expected = share::FindingsDigest(
      *state.SelectedModel(), *state.Strings(),
      Diagnose(*state.SelectedModel(), *state.Strings(), NowEpochMs()));
  ASSERT_NE(ImGui::GetClipboardText(), nullptr);
  EXPECT_EQ(std::string(ImGui::GetClipboardText()), expected);
  EXPECT_NE(expected.find("Stage 3.0"), std::string::npos) << expected;
}

}  // namespace findings_model_test
}  // namespace afterglow::ui
