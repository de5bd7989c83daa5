// #/compare: two runs (or two jobs or SQL executions of the open application) lined up. The
// title says what is compared (A, the baseline, and B, with a swap and "Compare with…" to add a
// second log); then the headline, the applications' metrics beside the properties that differ
// and the findings, and the aligned SQL executions, jobs and stages. Everything is read from the
// comparison core/compare builds (CompareModel), built when the route or the runs change.
#include <cstdint>
#include <cstdio>

#include "ui/app/views.h"
#include "ui/pages/compare/compare_header.h"
#include "ui/pages/compare/compare_steps.h"
#include "ui/pages/compare/compare_view_parts.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/widget_anchors.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

// How far a run has grown: its jobs, stage attempts and finished tasks (all only grow mid-load).
uint64_t Grown(const AttemptSummary& app) { return app.jobs + app.stage_attempts + app.finished_tasks; }

std::string RunName(const AttemptSummary& app) {
  std::string name = RunKey(app);
  if (!app.name.empty()) name += " \xc2\xb7 " + app.name;
  return name;
}

// Selects the pair the route names in its table, so the keyboard continues from it.
void SelectRoutePair(CompareModel& model, const CompareRoute& route) {
  for (AlignedTable& table : model.tables) {
    if (route.pair != PairOf(table.kind)) continue;
    const int position = table.ShownPosition(route.row);
    if (position >= 0) {
      table.selected_row = position;
      table.reveal_selected = true;
    }
  }
}

// "Compare with…": remembers the open run as A and asks the page for a second log, which is
// loaded beside the open ones (web/afterglow-page.js reloads them together).
void CompareWithAnotherLog(AppState& state) {
  CompareModel& model = state.compare;
  model.runs_before_add.clear();
  for (const AttemptSummary& app : state.summaries) model.runs_before_add.push_back(RunKey(app));
  if (const AttemptSummary* open = state.SelectedApp()) model.run_a = RunKey(*open);
  model.run_b.clear();
  if (state.hooks.compare_with != nullptr) state.hooks.compare_with();
}

void DrawRunsTitle(AppState& state) {
  CompareModel& model = state.compare;
  const float em = ImGui::GetFontSize();
  if (model.result) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(colors::kAccent, "A");
    ImGui::SameLine();
    ImGui::TextUnformatted(model.name_a.c_str());
    ImGui::SameLine(0, em);
    if (ImGui::Button("Swap A and B")) SwapComparedSides(state);
    AnchorLastItem("compareSwapView");
    ImGui::SameLine(0, em);
    ImGui::TextColored(colors::kRunning, "B");
    ImGui::SameLine();
    ImGui::TextUnformatted(model.name_b.c_str());
    ImGui::SameLine(0, em * 2);
  }
  if (ImGui::Button("Compare with\xe2\x80\xa6")) CompareWithAnotherLog(state);
  AnchorLastItem("compareWithLog");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Open another event log beside this one: the open application stays A, the "
                      "new log's is B");
  }
}

void DrawItemsTitle(AppState& state) {
  const Route& route = state.route;
  const char* noun = route.compare.items == CompareItems::kJobs ? "Job" : "Query";
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(colors::kAccent, "A");
  ImGui::SameLine();
  ImGui::Text("%s %lld", noun, static_cast<long long>(route.id));
  ImGui::SameLine(0, ImGui::GetFontSize());
  if (ImGui::Button("Swap A and B")) SwapComparedSides(state);
  AnchorLastItem("compareSwapView");
  ImGui::SameLine(0, ImGui::GetFontSize());
  ImGui::TextColored(colors::kRunning, "B");
  ImGui::SameLine();
  ImGui::Text("%s %lld", noun, static_cast<long long>(route.compare.other));
  ImGui::SameLine(0, ImGui::GetFontSize());
  ImGui::TextColored(colors::kMuted, "of %s", state.compare.name_a.c_str());
  ImGui::SameLine(0, ImGui::GetFontSize() * 2);
  if (LinkText("Compare the runs")) Navigate(state, Route{ViewId::kCompare});
}

// The table the arrow keys move through: the route's pair's, else the first with rows.
AlignedKind KeyboardTable(const CompareModel& model, const CompareRoute& route) {
  for (AlignedKind kind : {AlignedKind::kSql, AlignedKind::kJob, AlignedKind::kStage}) {
    if (route.pair == PairOf(kind)) return kind;
  }
  for (AlignedKind kind : {AlignedKind::kSql, AlignedKind::kJob, AlignedKind::kStage}) {
    if (!model.table(kind).rows.empty()) return kind;
  }
  return AlignedKind::kSql;
}

void AlignmentRuleMarker() {
  ImGui::TextColored(colors::kMuted, "How items are matched (?)");
  AnchorLastItem("alignmentRule");
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 34);
  ImGui::TextUnformatted(kAlignmentRule);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace

void PrepareCompareView(AppState& state) {
  CompareModel& model = state.compare;
  if (state.session == nullptr || state.summaries.empty() || state.SelectedModel() == nullptr) {
    model.Clear();
    model.error = "Nothing is loaded.";
    return;
  }
  const CompareRoute& route = state.route.compare;
  const bool runs = route.items == CompareItems::kRuns;
  if (runs) {
    if (!model.ChooseRuns(state.summaries, state.selected_app)) {
      model.Clear();
      model.name_a = RunName(state.summaries[model.app_a]);
      model.error = "One application is open. Open a second event log to compare it with this one "
                    "(\"Compare with\xe2\x80\xa6\", or open both logs at once), or compare two jobs or "
                    "two SQL executions of this one: \"Compare with\xe2\x80\xa6\" on a job's or a "
                    "query's page.";
      return;
    }
  } else {
    model.app_a = model.app_b = state.selected_app;
  }
  const AttemptSummary& app_a = state.summaries[model.app_a];
  const AttemptSummary& app_b = state.summaries[model.app_b];
  const compare::RunSide a{state.session->model(app_a.model_index), state.Strings()};
  const compare::RunSide b{state.session->model(app_b.model_index), state.Strings()};
  model.name_a = RunName(app_a);
  model.name_b = RunName(app_b);
  const CompareModel::BuiltFor key{a.model, b.model, state.progress.started_ms, route.items,
                                   runs ? -1 : state.route.id, runs ? -1 : route.other};
  // Mid-load the runs grow between refreshes: the comparison is built again when they did (at
  // most once a refresh, in steps, the rows shown meanwhile are the last build's), and without
  // the findings, which describe a finished run; the finished load's build adds them.
  const bool loading = state.status == LoadStatus::kLoading;
  const CompareModel::Freshness fresh{Grown(app_a) + (model.app_b == model.app_a ? 0 : Grown(app_b)),
                                      !loading};
  const bool current = model.built && model.built_for == key && model.built_fresh == fresh;
  // A build for this comparison under way is let finish unless it lacks the findings now wanted:
  // restarted at each refresh, a big run's build would never end.
  const bool under_way = model.building && model.building_for == key &&
                         model.building_fresh.with_findings == fresh.with_findings;
  if (!current && !under_way) {
    model.StartBuild(a, b, route.items, key.id_a, key.id_b, key, fresh);
    // A comparison smaller than a step is built now; a bigger one over the next frames.
    const uint64_t tasks = app_a.finished_tasks + (model.app_b == model.app_a ? 0 : app_b.finished_tasks);
    if (2 * tasks <= kCompareStepTasks) {
      while (!model.StepBuild(SIZE_MAX)) {
      }
    } else {
      model.StepBuild(kCompareStepTasks);
    }
  }
  if (!model.building) SelectRoutePair(model, route);
  model.scroll_to_top = route.pair == ComparePair::kNone;
}

bool StepCompareBuild(AppState& state, size_t task_budget) {
  CompareModel& model = state.compare;
  if (!model.building) return true;
  if (state.session == nullptr || model.building_for.load_started_ms != state.progress.started_ms) {
    model.Clear();  // its runs are gone
    return true;
  }
  if (!model.StepBuild(task_budget)) return false;
  if (state.route.view == ViewId::kCompare) SelectRoutePair(model, state.route.compare);
  return true;
}

void DrawCompareView(AppState& state) {
  CompareModel& model = state.compare;
  if (model.scroll_to_top) {
    model.scroll_to_top = false;
    ImGui::SetScrollY(0);
  }
  ImGui::PushFont(Fonts().title);
  ImGui::TextUnformatted("Compare");
  ImGui::PopFont();
  ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
  if (state.route.compare.items == CompareItems::kRuns) {
    DrawRunsTitle(state);
  } else {
    DrawItemsTitle(state);
  }
  if (!model.result) {
    ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.5f));
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 50);
    ImGui::TextColored(colors::kMuted, "%s",
                       model.building ? "Comparing the two runs\xe2\x80\xa6" : model.error.c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  const float em = ImGui::GetFontSize();
  ImGui::Dummy(ImVec2(0, em * 0.3f));
  DrawCompareHeadline(state);
  ImGui::Dummy(ImVec2(0, em * 0.5f));
  if (model.result->scope == compare::ComparisonScope::kRuns) {
    if (ImGui::BeginTable("compare_top", 2, ImGuiTableFlags_SizingStretchProp)) {
      ImGui::TableSetupColumn("metrics", 0, 4);
      ImGui::TableSetupColumn("properties", 0, 5);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      SectionTitle("The applications");
      DrawAppMetricsTable(model);
      ImGui::TableNextColumn();
      DrawConfigDifferences(model);
      ImGui::EndTable();
    }
    ImGui::Dummy(ImVec2(0, em * 0.3f));
    DrawFindingsDifferences(model);
    ImGui::Dummy(ImVec2(0, em * 0.5f));
  }
  AlignmentRuleMarker();
  const AlignedKind keyboard = KeyboardTable(model, state.route.compare);
  for (AlignedKind kind : {AlignedKind::kSql, AlignedKind::kJob, AlignedKind::kStage}) {
    if (kind == AlignedKind::kSql && model.result->scope == compare::ComparisonScope::kJobs) continue;
    DrawAlignedTable(state, kind, kind == keyboard);
    ImGui::Dummy(ImVec2(0, em * 0.5f));
  }
}

namespace {

void DurationPair(JsonWriter& out, const AlignedPairRow& row) {
  out.Key("durationMs");
  out.BeginObject();
  out.Key("a");
  if (row.a && row.a->duration_ms >= 0) out.Int(row.a->duration_ms);
  else out.Null();
  out.Key("b");
  if (row.b && row.b->duration_ms >= 0) out.Int(row.b->duration_ms);
  else out.Null();
  out.EndObject();
}

// A side's id as the CLI's JSON writes it: a number, [stage, attempt] for a stage, null.
void RowId(JsonWriter& out, AlignedKind kind, const AlignedPairRow& row, bool side_a) {
  const int64_t key = side_a ? row.sort_a : row.sort_b;
  if (key < 0) {
    out.Null();
  } else if (kind == AlignedKind::kStage) {
    out.BeginArray();
    out.Int(key / 65536);
    out.Int(key % 65536);
    out.EndArray();
  } else {
    out.Int(key);
  }
}

void DescribeTable(const CompareModel& model, AlignedKind kind, const char* key, JsonWriter& out) {
  const AlignedTable& table = model.table(kind);
  const compare::Comparison& c = *model.result;
  out.Key(key);  // every row in alignment order (the CLI's order)
  out.BeginArray();
  for (const AlignedPairRow& row : table.rows) {
    out.BeginObject();
    out.Key("a");
    RowId(out, kind, row, true);
    out.Key("b");
    RowId(out, kind, row, false);
    if (kind == AlignedKind::kSql) {
      const compare::AlignedIndex index = c.rows.sql[row.row];
      out.Field("description", index.b >= 0 ? c.run_b.sql[index.b].description
                                            : c.run_a.sql[index.a].description);
      out.Field("plan", row.plan);
    } else {
      out.Field("name", row.name);
    }
    DurationPair(out, row);
    out.Key("tasks");
    out.BeginObject();
    out.Key("a");
    if (row.a) out.Int(row.a->tasks);
    else out.Null();
    out.Key("b");
    if (row.b) out.Int(row.b->tasks);
    else out.Null();
    out.EndObject();
    out.FieldBool("headline", row.in_headline);
    out.EndObject();
  }
  out.EndArray();
  std::string shown_key = std::string(key) + "Shown";  // the table's rows after sort and filter
  out.Key(shown_key);
  out.BeginObject();
  out.FieldInt("rows", static_cast<int64_t>(table.shown.size()));
  out.Field("filter", PairFilterName(table.filter));
  out.Field("search", table.search);
  out.FieldInt("selectedRow", table.selected_row);
  out.Key("firstRows");  // alignment rows in the table's order, the first few
  out.BeginArray();
  for (size_t i = 0; i < table.shown.size() && i < 10; ++i) out.Int(table.rows[table.shown[i]].row);
  out.EndArray();
  out.EndObject();
}

}  // namespace

void DescribeCompareView(const AppState& state, JsonWriter& out) {
  const CompareModel& model = state.compare;
  const CompareRoute& route = state.route.compare;
  out.Field("items", route.items == CompareItems::kRuns ? "runs"
                     : route.items == CompareItems::kJobs ? "jobs" : "sql");
  out.Field("error", model.error);
  out.FieldBool("built", model.result.has_value());
  out.FieldBool("building", model.building);  // a build (a first, or a newer one) is under way
  if (!model.result) return;
  const compare::Comparison& c = *model.result;
  out.Key("a");
  out.BeginObject();
  out.Field("id", c.a.id);
  out.Field("name", c.a.name);
  out.Field("label", model.name_a);
  out.EndObject();
  out.Key("b");
  out.BeginObject();
  out.Field("id", c.b.id);
  out.Field("name", c.b.name);
  out.Field("label", model.name_b);
  out.EndObject();
  out.Key("app");
  out.BeginObject();
  for (const compare::AppMetricRow& row : c.app) {
    out.Key(row.key);
    out.BeginObject();
    out.Key("a");
    if (row.a >= 0) out.Int(row.a);
    else out.Null();
    out.Key("b");
    if (row.b >= 0) out.Int(row.b);
    else out.Null();
    out.FieldInt("delta", row.Delta());
    out.EndObject();
  }
  out.EndObject();
  DescribeTable(model, AlignedKind::kSql, "sql", out);
  DescribeTable(model, AlignedKind::kJob, "jobs", out);
  DescribeTable(model, AlignedKind::kStage, "stages", out);
  out.Key("config");
  out.BeginArray();
  for (const compare::PropertyDifference& p : c.config) {
    out.BeginObject();
    out.Field("key", p.key);
    out.Key("a");
    if (p.a) out.String(*p.a);
    else out.Null();
    out.Key("b");
    if (p.b) out.String(*p.b);
    else out.Null();
    out.EndObject();
  }
  out.EndArray();
  out.Key("findings");  // the findings' compare keys, as the CLI's "key"
  out.BeginObject();
  out.Key("onlyA");
  out.BeginArray();
  for (const Finding& f : c.findings.only_a) out.String(compare::FindingCompareKey(f));
  out.EndArray();
  out.Key("onlyB");
  out.BeginArray();
  for (const Finding& f : c.findings.only_b) out.String(compare::FindingCompareKey(f));
  out.EndArray();
  out.Key("both");
  out.BeginArray();
  for (const auto& [fa, fb] : c.findings.both) out.String(compare::FindingCompareKey(fa));
  out.EndArray();
  out.EndObject();
  out.Key("headline");
  out.BeginArray();
  for (const compare::HeadlineItem& item : c.headline) {
    out.BeginObject();
    out.Field("kind", item.level == compare::HeadlineLevel::kSql ? "sql" : "job");
    out.FieldInt("row", item.row);
    out.FieldInt("deltaMs", item.delta_ms);
    out.FieldInt("stageRow", item.stage_row);
    out.EndObject();
  }
  out.EndArray();
  out.Key("pair");
  if (route.pair == ComparePair::kNone) {
    out.Null();
  } else {
    out.BeginObject();
    out.Field("kind", route.pair == ComparePair::kSql ? "sql" : route.pair == ComparePair::kJob ? "job" : "stage");
    out.FieldInt("row", route.row);
    out.EndObject();
  }
}

bool CompareViewAvailable(const AppState& state) {
  return state.summaries.size() > 1 || state.route.view == ViewId::kCompare;
}

}  // namespace afterglow::ui
