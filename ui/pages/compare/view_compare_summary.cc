// The top of #/compare: the headline (the few pairs that account for most of the difference in
// wall-clock time, each a link to its pair), the applications' metrics side by side with delta
// and ratio, the Spark properties that differ with the executors each run asked for, and the
// findings that disappeared, appeared or stayed.
#include <algorithm>
#include <cstdio>
#include <iterator>

#include "ui/pages/compare/compare_view_parts.h"
#include "ui/widgets/format.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/tsv.h"
#include "ui/widgets/widget_anchors.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

using compare::Comparison;
using compare::MetricUnit;

constexpr ImGuiTableFlags kTableFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                        ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_Resizable |
                                        ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_PadOuterX |
                                        ImGuiTableFlags_ScrollY;

float RowsHeight(size_t rows, size_t max_rows) {
  const float row = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
  return row * (static_cast<float>(std::min(rows, max_rows)) + 1) + 4;
}

void HeadersRow() {
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
}

const AlignedPairRow* RowAt(const CompareModel& model, AlignedKind kind, int row) {
  const AlignedTable& table = model.table(kind);
  return row >= 0 && static_cast<size_t>(row) < table.rows.size() ? &table.rows[row] : nullptr;
}

// "SQL 3 → 5", "job 2 → —", "stage 4.0 → 6.0".
void PairLabel(const char* noun, const AlignedPairRow& row, char* out, size_t size) {
  std::snprintf(out, size, "%s %s \xe2\x86\x92 %s", noun, row.id_a.empty() ? "\xe2\x80\x94" : row.id_a.c_str(),
                row.id_b.empty() ? "\xe2\x80\x94" : row.id_b.c_str());
}

void DeltaText(int64_t delta_ms) {
  char text[48];
  ImGui::TextColored(ChangeColor(delta_ms, true), "%s",
                     FormatMetricDelta(MetricUnit::kMillis, delta_ms, text, sizeof text));
}

void DrawHeadlineItem(AppState& state, const compare::HeadlineItem& item, int index) {
  const CompareModel& model = state.compare;
  const AlignedKind kind = item.level == compare::HeadlineLevel::kSql ? AlignedKind::kSql : AlignedKind::kJob;
  const AlignedPairRow* row = RowAt(model, kind, item.row);
  if (row == nullptr) return;
  char label[96];
  // Literals, not formatted buffers: the widget anchors keep the names' pointers for the frame.
  static constexpr const char* kHeadlineAnchors[] = {"headline0", "headline1", "headline2",
                                                     "headline3", "headline4", "headline5",
                                                     "headline6", "headline7"};
  static constexpr const char* kHeadlineStageAnchors[] = {
      "headlineStage0", "headlineStage1", "headlineStage2", "headlineStage3",
      "headlineStage4", "headlineStage5", "headlineStage6", "headlineStage7"};
  constexpr int kAnchored = static_cast<int>(std::size(kHeadlineAnchors));
  PairLabel(kind == AlignedKind::kSql ? "SQL" : "job", *row, label, sizeof label);
  ImGui::PushID(index);
  ImGui::Bullet();
  if (LinkText(label)) Navigate(state, PairRoute(state, kind, item.row));
  if (index >= 0 && index < kAnchored) AnchorLastItem(kHeadlineAnchors[index], label);
  ImGui::SameLine();
  DeltaText(item.delta_ms);
  ImGui::SameLine();
  ImGui::TextColored(colors::kMuted, "%s", row->name.c_str());
  if (const AlignedPairRow* stage = RowAt(model, AlignedKind::kStage, item.stage_row)) {
    ImGui::Indent(ImGui::GetFontSize() * 1.6f);
    PairLabel("stage", *stage, label, sizeof label);
    if (LinkText(label)) Navigate(state, PairRoute(state, AlignedKind::kStage, item.stage_row));
    if (index >= 0 && index < kAnchored) AnchorLastItem(kHeadlineStageAnchors[index], label);
    ImGui::SameLine();
    DeltaText(item.stage_delta_ms);
    ImGui::SameLine();
    char a[32], b[32];
    ImGui::Text("tasks %s \xe2\x86\x92 %s",
                FormatMetricValue(MetricUnit::kCount, stage->a ? stage->a->tasks : -1, a, sizeof a),
                FormatMetricValue(MetricUnit::kCount, stage->b ? stage->b->tasks : -1, b, sizeof b));
    ImGui::SameLine();
    ImGui::TextColored(colors::kMuted, "%s", stage->name.c_str());
    ImGui::Unindent(ImGui::GetFontSize() * 1.6f);
  }
  ImGui::PopID();
}

}  // namespace

void DrawCompareHeadline(AppState& state) {
  const Comparison& c = *state.compare.result;
  SectionTitle("What changed");
  char delta[48], whole[48];
  FormatMetricDelta(MetricUnit::kMillis, c.wall_delta_ms, delta, sizeof delta);
  FormatMetricDelta(MetricUnit::kMillis, c.items_delta_ms, whole, sizeof whole);
  const bool runs = c.scope == compare::ComparisonScope::kRuns;
  if (c.wall_delta_ms == 0) {
    ImGui::TextUnformatted(runs ? "Both runs took equally long." : "Both took equally long.");
  } else {
    ImGui::Text("B took");
    ImGui::SameLine();
    DeltaText(c.wall_delta_ms);
    ImGui::SameLine();
    if (runs) {
      ImGui::Text("against A's wall clock; its SQL executions and jobs outside SQL account for %s. "
                  "Most of it:", whole);
    } else {
      ImGui::TextUnformatted("against A. Most of it:");
    }
  }
  if (c.headline.empty() && c.wall_delta_ms != 0) {
    ImGui::TextColored(colors::kMuted, "No single query or job moved that far: the difference is "
                                       "driver work or idle time between actions.");
  }
  for (size_t i = 0; i < c.headline.size(); ++i) DrawHeadlineItem(state, c.headline[i], static_cast<int>(i));
}

void DrawAppMetricsTable(const CompareModel& model) {
  const Comparison& c = *model.result;
  if (CopyTsvButton("app_tsv")) {
    TsvWriter tsv;
    for (const char* header : {"Metric", "A", "B", "Delta"}) tsv.Cell(header);
    tsv.EndRow();
    for (const compare::AppMetricRow& row : c.app) {
      tsv.Cell(row.label);
      tsv.Cell(row.a);
      tsv.Cell(row.b);
      tsv.Cell(row.Delta());
      tsv.EndRow();
    }
    ImGui::SetClipboardText(tsv.text().c_str());
  }
  if (!ImGui::BeginTable("app_metrics", 5, kTableFlags, ImVec2(0, RowsHeight(c.app.size(), 24)))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Metric", 0, 3);
  ImGui::TableSetupColumn("A", 0, 2.5f);
  ImGui::TableSetupColumn("B", 0, 2.5f);
  ImGui::TableSetupColumn("Delta", 0, 2.5f);
  ImGui::TableSetupColumn("B / A", 0, 1.6f);
  HeadersRow();
  char text[48];
  for (const compare::AppMetricRow& row : c.app) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.label);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(FormatMetricValue(row.unit, row.a, text, sizeof text));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(FormatMetricValue(row.unit, row.b, text, sizeof text));
    const bool known = row.a >= 0 && row.b >= 0;
    const ImVec4 color = ChangeColor(known ? row.Delta() : 0, row.higher_is_worse);
    ImGui::TableNextColumn();
    if (known) ImGui::TextColored(color, "%s", FormatMetricDelta(row.unit, row.Delta(), text, sizeof text));
    ImGui::TableNextColumn();
    if (const auto ratio = row.Ratio(); ratio && known) ImGui::TextColored(color, "\xc3\x97%.2f", *ratio);
  }
  ImGui::EndTable();
}

namespace {

void PropertyTable(const char* id, const std::vector<compare::PropertyDifference>& rows, size_t max_rows) {
  if (!ImGui::BeginTable(id, 3, kTableFlags, ImVec2(0, RowsHeight(rows.size(), max_rows)))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Property", 0, 4);
  ImGui::TableSetupColumn("A", 0, 3);
  ImGui::TableSetupColumn("B", 0, 3);
  HeadersRow();
  auto value = [](const std::optional<std::string>& text) {
    return !text ? "(not set)" : text->empty() ? "(empty)" : text->c_str();
  };
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(rows.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const compare::PropertyDifference& row = rows[i];
      const ImVec4 ink = row.names_the_run ? colors::kMuted : ImGui::GetStyleColorVec4(ImGuiCol_Text);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(ink, "%s", row.key.c_str());
      if (row.names_the_run && ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Names the run itself (its id, start time, ports): it differs between any two runs.");
      }
      ImGui::TableNextColumn();
      ImGui::TextColored(row.a && !row.a->empty() ? ink : colors::kMuted, "%s", value(row.a));
      if (row.a && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", row.a->c_str());
      ImGui::TableNextColumn();
      ImGui::TextColored(row.b && !row.b->empty() ? ink : colors::kMuted, "%s", value(row.b));
      if (row.b && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", row.b->c_str());
    }
  }
  ImGui::EndTable();
}

void PropertiesTsv(const std::vector<compare::PropertyDifference>& rows) {
  TsvWriter tsv;
  for (const char* header : {"Property", "A", "B"}) tsv.Cell(header);
  tsv.EndRow();
  for (const compare::PropertyDifference& row : rows) {
    tsv.Cell(row.key);
    tsv.Cell(row.a ? *row.a : "");
    tsv.Cell(row.b ? *row.b : "");
    tsv.EndRow();
  }
  ImGui::SetClipboardText(tsv.text().c_str());
}

void FindingLine(const Finding& finding) {
  const ImVec4 color = finding.severity == FindingSeverity::kCritical ? colors::kFailed
                       : finding.severity == FindingSeverity::kWarning ? colors::kAccent
                                                                        : colors::kMuted;
  ImGui::Bullet();
  ImGui::TextColored(color, "%s", FindingSeverityName(finding.severity));
  ImGui::SameLine();
  ImGui::TextWrapped("%s", finding.title.empty() ? finding.name.c_str() : finding.title.c_str());
}

// `at(i)` is the i-th of `count` findings.
template <class At>
void FindingColumn(const char* title, size_t count, At at) {
  ImGui::PushFont(Fonts().bold);
  ImGui::Text("%s (%zu)", title, count);
  ImGui::PopFont();
  if (count == 0) ImGui::TextColored(colors::kMuted, "None.");
  for (size_t i = 0; i < count; ++i) {
    ImGui::PushID(static_cast<int>(i));
    FindingLine(at(i));
    ImGui::PopID();
  }
}

}  // namespace

void DrawConfigDifferences(const CompareModel& model) {
  const Comparison& c = *model.result;
  char title[64];
  std::snprintf(title, sizeof title, "Spark properties that differ (%zu)", c.config.size());
  SectionTitle(title);
  if (c.config.empty()) {
    ImGui::TextColored(colors::kMuted, "The runs set every Spark property alike.");
  } else {
    if (CopyTsvButton("config_tsv")) PropertiesTsv(c.config);
    PropertyTable("config", c.config, 10);
  }
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.4f));
  SectionTitle("Executors asked for");
  if (c.executor_requests.empty()) {
    ImGui::TextColored(colors::kMuted, "Neither run sets how many executors of what size it wants.");
  } else {
    PropertyTable("executor_requests", c.executor_requests, 8);
  }
}

void DrawFindingsDifferences(const CompareModel& model) {
  const compare::FindingsDiff& d = model.result->findings;
  SectionTitle("Findings");
  if (!ImGui::BeginTable("findings", 3, ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_PadOuterX)) return;
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  FindingColumn("Disappeared: only A", d.only_a.size(), [&](size_t i) -> const Finding& { return d.only_a[i]; });
  ImGui::TableNextColumn();
  FindingColumn("Appeared: only B", d.only_b.size(), [&](size_t i) -> const Finding& { return d.only_b[i]; });
  ImGui::TableNextColumn();
  FindingColumn("Stayed: both", d.both.size(), [&](size_t i) -> const Finding& { return d.both[i].second; });
  ImGui::EndTable();
}

}  // namespace afterglow::ui
