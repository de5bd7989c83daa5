// The aligned SQL executions, jobs and stages of #/compare: one sortable, filterable table each
// (A's id, B's id, what the item is, both durations with delta and ratio, and per pair "A → B"
// for tasks, bytes, spill, GC, the longest task and the skew; for SQL what changed in the plan),
// copyable as TSV and driven by the keyboard as every table. A click (or Enter) opens the pair's
// route, whose figures are drawn under its table with links to each side's own page.
#include <algorithm>
#include <cstdio>

#include "ui/app/keyboard.h"
#include "ui/pages/compare/compare_view_parts.h"
#include "ui/widgets/format.h"
#include "ui/widgets/sortable_table.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/widget_anchors.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

using compare::EntityMetrics;
using compare::MetricUnit;

const char* kDash = "\xe2\x80\x94";

void HeadersRowBold() {
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
}

// "a → b" of one figure: one value when both agree, coloured as better or worse when more of
// it is worse; a missing side is a dash.
void ArrowCell(const AlignedPairRow& row, int64_t EntityMetrics::*member, MetricUnit unit,
               bool higher_is_worse) {
  char a[40], b[40];
  const int64_t va = row.a ? row.a->*member : -1, vb = row.b ? row.b->*member : -1;
  if (row.a) FormatMetricValue(unit, va, a, sizeof a);
  if (row.b) FormatMetricValue(unit, vb, b, sizeof b);
  if (row.both() && va == vb) {
    ImGui::TextUnformatted(a);
    return;
  }
  const ImVec4 color =
      row.both() && va >= 0 && vb >= 0 ? ChangeColor(vb - va, higher_is_worse) : colors::kMuted;
  ImGui::TextColored(color, "%s \xe2\x86\x92 %s", row.a ? a : kDash, row.b ? b : kDash);
}

void SkewCell(const AlignedPairRow& row) {
  const double a = row.a ? row.a->skew : 0, b = row.b ? row.b->skew : 0;
  if (a <= 0 && b <= 0) return;
  char ta[24], tb[24];
  if (a > 0) std::snprintf(ta, sizeof ta, "%.1f\xc3\x97", a);
  else std::snprintf(ta, sizeof ta, "%s", kDash);
  if (b > 0) std::snprintf(tb, sizeof tb, "%.1f\xc3\x97", b);
  else std::snprintf(tb, sizeof tb, "%s", kDash);
  const ImVec4 color = a > 0 && b > 0 ? ChangeColor(b > a ? 1 : b < a ? -1 : 0, true) : colors::kMuted;
  ImGui::TextColored(color, "%s \xe2\x86\x92 %s", ta, tb);
}

void DrawRow(AppState& state, AlignedTable& table, const AlignedPairRow& row, bool selected,
             float row_height) {
  char text[64];
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::PushID(row.row);
  if (ImGui::Selectable("##pair", selected,
                        ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap,
                        ImVec2(0, row_height))) {
    const bool open = state.route.compare.pair == PairOf(table.kind) && state.route.compare.row == row.row;
    Navigate(state, PairRoute(state, table.kind, open ? -1 : row.row));  // a second click closes
  }
  if (selected) ScrollToSelectedRow();
  ImGui::PopID();
  ImGui::SameLine(0, 0);
  ImGui::TextColored(colors::kMuted, "%d", row.row);
  ImGui::TableNextColumn();
  ImGui::TextColored(colors::kAccent, "%s", row.id_a.empty() ? kDash : row.id_a.c_str());
  ImGui::TableNextColumn();
  ImGui::TextColored(colors::kRunning, "%s", row.id_b.empty() ? kDash : row.id_b.c_str());
  ImGui::TableNextColumn();
  if (row.in_headline) {
    ImGui::TextColored(colors::kAccent, "\xe2\x80\xa2");
    ImGui::SameLine(0, ImGui::GetFontSize() * 0.3f);
  }
  if (!row.both()) {
    ImGui::TextColored(colors::kMuted, row.a ? "only A" : "only B");
    ImGui::SameLine();
  }
  ImGui::TextUnformatted(row.name.c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", row.name.c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(row.a ? FormatMetricValue(MetricUnit::kMillis, row.a->duration_ms, text, sizeof text) : "");
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(row.b ? FormatMetricValue(MetricUnit::kMillis, row.b->duration_ms, text, sizeof text) : "");
  ImGui::TableNextColumn();
  ImGui::TextColored(ChangeColor(row.delta_ms, true), "%s",
                     FormatMetricDelta(MetricUnit::kMillis, row.delta_ms, text, sizeof text));
  ImGui::TableNextColumn();
  if (row.both() && row.a->duration_ms > 0 && row.b->duration_ms >= 0) {
    ImGui::TextColored(ChangeColor(row.delta_ms, true), "\xc3\x97%.2f",
                       static_cast<double>(row.b->duration_ms) / static_cast<double>(row.a->duration_ms));
  }
  ImGui::TableNextColumn();
  ArrowCell(row, &EntityMetrics::tasks, MetricUnit::kCount, false);
  ImGui::TableNextColumn();
  ArrowCell(row, &EntityMetrics::input_bytes, MetricUnit::kBytes, false);
  ImGui::TableNextColumn();
  ArrowCell(row, &EntityMetrics::output_bytes, MetricUnit::kBytes, false);
  ImGui::TableNextColumn();
  ArrowCell(row, &EntityMetrics::shuffle_read_bytes, MetricUnit::kBytes, true);
  ImGui::TableNextColumn();
  ArrowCell(row, &EntityMetrics::shuffle_write_bytes, MetricUnit::kBytes, true);
  ImGui::TableNextColumn();
  ArrowCell(row, &EntityMetrics::memory_spilled_bytes, MetricUnit::kBytes, true);
  ImGui::TableNextColumn();
  ArrowCell(row, &EntityMetrics::disk_spilled_bytes, MetricUnit::kBytes, true);
  ImGui::TableNextColumn();
  ArrowCell(row, &EntityMetrics::gc_time_ms, MetricUnit::kMillis, true);
  ImGui::TableNextColumn();
  ArrowCell(row, &EntityMetrics::longest_task_ms, MetricUnit::kMillis, true);
  ImGui::TableNextColumn();
  SkewCell(row);
  if (table.kind == AlignedKind::kSql) {
    ImGui::TableNextColumn();
    if (!row.plan.empty()) {
      ImGui::TextColored(colors::kAccent, "%s", row.plan.c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", row.plan.c_str());
    }
  }
}

// One figure of the pair's detail: label, A, B, delta.
void DetailRow(const char* label, const AlignedPairRow& row, int64_t EntityMetrics::*member,
               MetricUnit unit, bool higher_is_worse) {
  char a[40], b[40], d[48];
  const int64_t va = row.a ? row.a->*member : -1, vb = row.b ? row.b->*member : -1;
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextColored(colors::kMuted, "%s", label);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(row.a ? FormatMetricValue(unit, va, a, sizeof a) : kDash);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(row.b ? FormatMetricValue(unit, vb, b, sizeof b) : kDash);
  ImGui::TableNextColumn();
  if (va >= 0 && vb >= 0) {
    ImGui::TextColored(ChangeColor(vb - va, higher_is_worse), "%s",
                       FormatMetricDelta(unit, vb - va, d, sizeof d));
  }
}

// Links to each side's own page (switching the open application to that run).
void SideLinks(AppState& state, AlignedKind kind, const AlignedPairRow& pair) {
  const compare::Comparison& c = *state.compare.result;
  const compare::AlignedIndex index =
      kind == AlignedKind::kSql ? c.rows.sql[pair.row]
      : kind == AlignedKind::kJob ? c.rows.jobs[pair.row] : c.rows.stages[pair.row];
  for (int side = 0; side < 2; ++side) {
    const int item = side == 0 ? index.a : index.b;
    if (item < 0) continue;
    const compare::RunEntities& run = side == 0 ? c.run_a : c.run_b;
    Route route;
    if (kind == AlignedKind::kSql) route = {ViewId::kSqlQuery, run.sql[item].execution_id};
    if (kind == AlignedKind::kJob) route = {ViewId::kJob, run.jobs[item].job_id};
    if (kind == AlignedKind::kStage) {
      route = {ViewId::kStage, run.stages[item].stage_id, run.stages[item].attempt_id};
    }
    char label[64];
    std::snprintf(label, sizeof label, "Open %s's %s %s", side == 0 ? "A" : "B",
                  kind == AlignedKind::kSql ? "query" : kind == AlignedKind::kJob ? "job" : "stage",
                  side == 0 ? pair.id_a.c_str() : pair.id_b.c_str());
    ImGui::PushID(side);
    if (LinkText(label)) {
      const size_t app = side == 0 ? state.compare.app_a : state.compare.app_b;
      if (app != state.selected_app && app < state.summaries.size()) {
        state.selected_app = app;
        RefreshModels(state);
      }
      Navigate(state, route);
    }
    ImGui::PopID();
    ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
  }
  ImGui::NewLine();
}

void DrawPlanChanges(const compare::PlanChanges& changes) {
  if (changes.empty()) {
    ImGui::TextColored(colors::kMuted, changes.same_shape ? "The plans have the same shape."
                                                           : "The plans differ in shape, not in operators.");
    return;
  }
  for (const auto& [from, to] : changes.replaced) {
    ImGui::Bullet();
    ImGui::Text("%s \xe2\x86\x92 %s", from.c_str(), to.c_str());
  }
  for (const std::string& name : changes.added) {
    ImGui::Bullet();
    ImGui::Text("added %s", name.c_str());
  }
  for (const std::string& name : changes.removed) {
    ImGui::Bullet();
    ImGui::Text("removed %s", name.c_str());
  }
  for (const compare::ScanFieldChange& scan : changes.scans) {
    ImGui::Bullet();
    ImGui::Text("%s of %s:", scan.field.c_str(), scan.scan.c_str());
    ImGui::Indent();
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(colors::kAccent, "A: %s", scan.a.empty() ? "(none)" : scan.a.c_str());
    ImGui::TextColored(colors::kRunning, "B: %s", scan.b.empty() ? "(none)" : scan.b.c_str());
    ImGui::PopTextWrapPos();
    ImGui::Unindent();
  }
}

void DrawPairDetail(AppState& state, AlignedKind kind, const AlignedPairRow& pair) {
  ImGui::PushFont(Fonts().bold);
  ImGui::Text("%s \xe2\x86\x92 %s", pair.id_a.empty() ? kDash : pair.id_a.c_str(),
              pair.id_b.empty() ? kDash : pair.id_b.c_str());
  ImGui::PopFont();
  AnchorLastItem("comparePair");
  ImGui::SameLine();
  ImGui::TextUnformatted(pair.name.c_str());
  SideLinks(state, kind, pair);
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg |
                                     ImGuiTableFlags_BordersInnerH;
  const float em = ImGui::GetFontSize();
  if (ImGui::BeginTable("pair_detail", 4, kFlags)) {
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, em * 9);
    ImGui::TableSetupColumn("A", ImGuiTableColumnFlags_WidthFixed, em * 8);
    ImGui::TableSetupColumn("B", ImGuiTableColumnFlags_WidthFixed, em * 8);
    ImGui::TableSetupColumn("Delta", ImGuiTableColumnFlags_WidthFixed, em * 8);
    HeadersRowBold();
    DetailRow("Duration", pair, &EntityMetrics::duration_ms, MetricUnit::kMillis, true);
    DetailRow("Tasks", pair, &EntityMetrics::tasks, MetricUnit::kCount, false);
    DetailRow("Task time", pair, &EntityMetrics::task_time_ms, MetricUnit::kMillis, true);
    DetailRow("Input", pair, &EntityMetrics::input_bytes, MetricUnit::kBytes, false);
    DetailRow("Output", pair, &EntityMetrics::output_bytes, MetricUnit::kBytes, false);
    DetailRow("Shuffle read", pair, &EntityMetrics::shuffle_read_bytes, MetricUnit::kBytes, true);
    DetailRow("Shuffle write", pair, &EntityMetrics::shuffle_write_bytes, MetricUnit::kBytes, true);
    DetailRow("Spill (memory)", pair, &EntityMetrics::memory_spilled_bytes, MetricUnit::kBytes, true);
    DetailRow("Spill (disk)", pair, &EntityMetrics::disk_spilled_bytes, MetricUnit::kBytes, true);
    DetailRow("GC time", pair, &EntityMetrics::gc_time_ms, MetricUnit::kMillis, true);
    DetailRow("Failed tasks", pair, &EntityMetrics::failed_tasks, MetricUnit::kCount, true);
    DetailRow("Longest task", pair, &EntityMetrics::longest_task_ms, MetricUnit::kMillis, true);
    DetailRow("Median task", pair, &EntityMetrics::median_task_ms, MetricUnit::kMillis, true);
    ImGui::EndTable();
  }
  if (kind == AlignedKind::kSql && pair.both()) {
    const compare::Comparison& c = *state.compare.result;
    if (static_cast<size_t>(pair.row) < c.sql_changes.size()) {
      ImGui::PushFont(Fonts().bold);
      ImGui::TextUnformatted("What changed in the plan");
      ImGui::PopFont();
      DrawPlanChanges(c.sql_changes[pair.row]);
    }
  }
}

void DrawToolbar(AlignedTable& table, const char* noun) {
  size_t filter = static_cast<size_t>(table.filter);
  // Literals, not formatted buffers: the widget anchors keep the names' pointers for the frame.
  static constexpr const char* kSearchIds[kAlignedKindCount] = {
      "##compare-search-0", "##compare-search-1", "##compare-search-2"};
  static constexpr const char* kCopyIds[kAlignedKindCount] = {"compare_tsv_0", "compare_tsv_1",
                                                              "compare_tsv_2"};
  const size_t kind = static_cast<size_t>(table.kind);
  const TableToolbarSpec spec{kSearchIds[kind], "Filter by id, name or plan change", 18,
                              kCopyIds[kind], noun};
  const TableToolbarClicks clicks = DrawTableToolbar(
      spec, table.counts, &filter, [](size_t i) { return PairFilterName(static_cast<PairFilter>(i)); },
      table.search, sizeof table.search, table.shown.size(), table.rows.size());
  if (clicks.filter_changed) {
    table.filter = static_cast<PairFilter>(filter);
    table.ApplyFilter();
  }
  if (clicks.copy) ImGui::SetClipboardText(table.Tsv().c_str());
}

}  // namespace

void DrawAlignedTable(AppState& state, AlignedKind kind, bool keyboard) {
  AlignedTable& table = state.compare.table(kind);
  const char* noun = kind == AlignedKind::kSql ? "SQL rows" : kind == AlignedKind::kJob ? "job rows" : "stage rows";
  // A route to one of this table's pairs scrolls the page to the table (and the table to the row).
  if (table.reveal_selected) ImGui::SetScrollHereY(0.0f);
  char title[64];
  std::snprintf(title, sizeof title, "%s (%zu)", AlignedKindTitle(kind), table.rows.size());
  SectionTitle(title);
  if (table.rows.empty()) {
    ImGui::TextColored(colors::kMuted, "Neither side has any.");
    return;
  }
  ImGui::PushID(static_cast<int>(kind));
  DrawToolbar(table, noun);
  if (keyboard) {
    const int open = TableKeyboardSelection(&table.selected_row, static_cast<int>(table.shown.size()));
    if (open >= 0) {
      Navigate(state, PairRoute(state, kind, table.rows[table.shown[open]].row));
      ImGui::PopID();
      return;
    }
  }
  if (table.reveal_selected) {
    table.reveal_selected = false;
    MarkTableSelectionMoved();
  }
  const float em = ImGui::GetFontSize();
  const float cell_padding = ImGui::GetStyle().CellPadding.y * 2;
  const float row_height = ImGui::GetTextLineHeight();
  const float content = (row_height + cell_padding) * (static_cast<float>(std::min<size_t>(table.shown.size(), 14)) + 1) +
                        ImGui::GetStyle().ScrollbarSize + 4;
  constexpr ImGuiTableColumnFlags kDescending = ImGuiTableColumnFlags_PreferSortDescending;
  const ImGuiTableColumnFlags plan = kind == AlignedKind::kSql ? 0 : ImGuiTableColumnFlags_Disabled;
  // Indexed by AlignedColumn.
  const SortableColumn columns[] = {
      {"#", 2.5f, ImGuiTableColumnFlags_DefaultSort, "The alignment's order: A's order, each item only B has after B's item before it"},
      {"A", 3.5f, 0, "A's id (a stage as id.attempt)"},
      {"B", 3.5f, 0, "B's id"},
      {"Name", 22, 0, kAlignmentRule},
      {"Duration A", 5.5f, kDescending},
      {"Duration B", 5.5f, kDescending},
      {"Delta", 5.5f, kDescending, "B's duration minus A's; a side without the item counts 0"},
      {"B / A", 4, kDescending},
      {"Tasks", 7.5f, kDescending},
      {"Input", 10, kDescending},
      {"Output", 10, kDescending},
      {"Shuffle read", 10, kDescending},
      {"Shuffle write", 10, kDescending},
      {"Spill (memory)", 10, kDescending},
      {"Spill (disk)", 10, kDescending},
      {"GC time", 8, kDescending},
      {"Longest task", 9, kDescending, "The slowest successful task (of the most skewed stage for a job or query)"},
      {"Skew", 7, kDescending, "The longest task over the median task of that stage"},
      {"Plan changes", 24, plan, "Operators added, removed or replaced, and scan fields that changed"},
  };
  static_assert(sizeof columns / sizeof columns[0] == kAlignedColumnCount, "one column per AlignedColumn");
  if (BeginSortableTable("aligned", columns, std::max(em * 4, content), ImGuiTableFlags_ScrollX, 4)) {
    if (const SortRequest sort = TakeSortRequest(table.sorted); sort.apply) {
      table.Sort(static_cast<AlignedColumn>(sort.column), sort.ascending);
    }
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(table.shown.size()));
    ForceSelectedRowDrawn(clipper, table.selected_row);
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        DrawRow(state, table, table.rows[table.shown[i]], i == table.selected_row, row_height);
      }
    }
    EndSortableTable();
  }
  // The pair the route names, under its table.
  const CompareRoute& route = state.route.compare;
  if (route.pair == PairOf(kind) && route.row >= 0 && static_cast<size_t>(route.row) < table.rows.size()) {
    ImGui::Dummy(ImVec2(0, em * 0.3f));
    DrawPairDetail(state, kind, table.rows[route.row]);
  }
  ImGui::PopID();
}

}  // namespace afterglow::ui
