// Every stage attempt of the selected application, as Spark's Stages page lists them: id,
// attempt, description, submission, duration, task progress, input, output, shuffle and spill,
// status. Filterable by status and text, sortable on every column, clipped so only visible rows
// draw; a click opens the stage's page.
#include <algorithm>
#include <cstdio>

#include "ui/widgets/format.h"
#include "ui/app/keyboard.h"
#include "ui/widgets/metric_tooltips.h"
#include "ui/widgets/small_table_filter.h"
#include "ui/widgets/sortable_table.h"
#include "ui/widgets/status_colors.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/tsv.h"
#include "ui/app/views.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

// Bytes when non-zero, else empty, as Spark's stage table leaves unused metrics blank.
const char* BytesOrBlank(int64_t bytes, char* out, size_t size) {
  if (bytes <= 0) {
    out[0] = '\0';
    return out;
  }
  return FormatBytes(static_cast<uint64_t>(bytes), out, size);
}

void CopyStagesTsv(const StagesTableModel& stages) {
  TsvWriter tsv;
  for (const char* header : {"Stage Id", "Attempt", "Pool Name", "Name", "Description", "Submitted",
                             "Duration (ms)", "Tasks Succeeded", "Tasks Total", "Tasks Failed",
                             "Tasks Killed", "Input (bytes)", "Output (bytes)",
                             "Shuffle Read (bytes)", "Shuffle Write (bytes)",
                             "Spill Memory (bytes)", "Spill Disk (bytes)", "Status"}) {
    tsv.Cell(header);
  }
  tsv.EndRow();
  char text[64];
  for (uint32_t i : stages.shown) {
    const StageRow& row = stages.rows[i];
    tsv.Cell(row.stage_id);
    tsv.Cell(row.attempt_id);
    tsv.Cell(row.pool);
    tsv.Cell(row.name);
    tsv.Cell(row.description);
    tsv.Cell(FormatTimestamp(row.submitted_ms, text, sizeof text));
    tsv.Cell(row.duration_ms);
    tsv.Cell(row.tasks_complete);
    tsv.Cell(row.num_tasks);
    tsv.Cell(row.tasks_failed);
    tsv.Cell(row.tasks_killed);
    tsv.Cell(row.input_bytes);
    tsv.Cell(row.output_bytes);
    tsv.Cell(row.shuffle_read_bytes);
    tsv.Cell(row.shuffle_write_bytes);
    tsv.Cell(row.memory_spilled);
    tsv.Cell(row.disk_spilled);
    tsv.Cell(StageStatusName(row.status));
    tsv.EndRow();
  }
  ImGui::SetClipboardText(tsv.text().c_str());
}

void DrawToolbar(StagesTableModel& stages) {
  size_t filter = static_cast<size_t>(stages.filter);
  const TableToolbarSpec spec{"##stage-search", "Filter by id, name or description ( / )", 20,
                              "stages", "stage attempts"};
  const TableToolbarClicks clicks = DrawTableToolbar(
      spec, stages.counts, &filter,
      [](size_t i) { return StageFilterName(static_cast<StageFilter>(i)); }, stages.search,
      sizeof stages.search, stages.shown.size(), stages.rows.size());
  if (clicks.filter_changed) {
    stages.filter = static_cast<StageFilter>(filter);
    stages.ApplyFilter();
  }
  if (clicks.copy) CopyStagesTsv(stages);
}

void DrawDescriptionTooltip(const StageRow& row) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
  ImGui::PushFont(Fonts().bold);
  ImGui::TextUnformatted(row.name.c_str());
  ImGui::PopFont();
  if (!row.description.empty()) ImGui::TextUnformatted(row.description.c_str());
  if (!row.details.empty()) {
    // The call site's stack can run to hundreds of lines: its top is what identifies the code.
    const int shown = static_cast<int>(std::min<size_t>(row.details.size(), 900));
    ImGui::TextColored(colors::kMuted, "%.*s%s", shown, row.details.c_str(),
                       static_cast<size_t>(shown) < row.details.size() ? "\xe2\x80\xa6" : "");
  }
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void DrawRow(AppState& state, const StageRow& row, float row_height, bool selected) {
  char text[96], other[48];
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::PushID(row.stage_id * 1024 + row.attempt_id);
  // The whole row is the link to the stage's page.
  if (ImGui::Selectable("##open", selected,
                        ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap,
                        ImVec2(0, row_height))) {
    Navigate(state, Route{ViewId::kStage, row.stage_id, row.attempt_id});
  }
  if (selected) ScrollToSelectedRow();
  ImGui::PopID();
  ImGui::SameLine(0, 0);
  ImGui::TextColored(colors::kRunning, "%d", row.stage_id);
  ImGui::TableNextColumn();
  ImGui::Text("%d", row.attempt_id);
  if (ImGui::TableNextColumn()) ImGui::TextUnformatted(row.pool.c_str());
  ImGui::TableNextColumn();
  // The stage's name first, so a long job description cannot push it out of the cell; the
  // description follows on the same line (the row is one line tall) and in full in the tooltip.
  ImGui::TextUnformatted(row.name.c_str());
  bool hovered = ImGui::IsItemHovered();
  if (!row.description_line.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(colors::kMuted, "%s", row.description_line.c_str());
    hovered = hovered || ImGui::IsItemHovered();
  }
  if (hovered) DrawDescriptionTooltip(row);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(FormatTimestamp(row.submitted_ms, text, sizeof text));
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(FormatDuration(row.duration_ms, text, sizeof text));
  ImGui::TableNextColumn();
  int length = std::snprintf(text, sizeof text, "%u/%u", row.tasks_complete, row.num_tasks);
  if (row.tasks_failed > 0 && length > 0) {
    length += std::snprintf(text + length, sizeof text - length, " (%u failed)", row.tasks_failed);
  }
  if (row.tasks_killed > 0 && length > 0 && static_cast<size_t>(length) < sizeof text) {
    std::snprintf(text + length, sizeof text - length, " (%u killed)", row.tasks_killed);
  }
  ProgressCell(row.tasks_complete, row.num_tasks, row.tasks_failed + row.tasks_killed, text);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(BytesOrBlank(row.input_bytes, text, sizeof text));
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(BytesOrBlank(row.output_bytes, text, sizeof text));
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(BytesOrBlank(row.shuffle_read_bytes, text, sizeof text));
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(BytesOrBlank(row.shuffle_write_bytes, text, sizeof text));
  ImGui::TableNextColumn();
  if (row.memory_spilled > 0 || row.disk_spilled > 0) {
    FormatBytes(static_cast<uint64_t>(std::max<int64_t>(row.memory_spilled, 0)), text,
                sizeof text);
    FormatBytes(static_cast<uint64_t>(std::max<int64_t>(row.disk_spilled, 0)), other,
                sizeof other);
    ImGui::TextColored(colors::kAccent, "%s / %s", text, other);
  }
  ImGui::TableNextColumn();
  ImGui::TextColored(StageStatusColor(row.status), "%s", StageStatusName(row.status));
  if (!row.failure_reason.empty() && ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
    const int shown = static_cast<int>(std::min<size_t>(row.failure_reason.size(), 1500));
    ImGui::Text("%.*s", shown, row.failure_reason.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

// Spark's "Fair Scheduler Pools" table, above the stages when the scheduler is FAIR. The log does
// not hold a pool's minimum share or weight (the scheduler's allocation file): the table shows
// what the stages tell.
void CopyPoolsTsv(const StagesTableModel& stages) {
  TsvWriter tsv;
  for (const char* h : {"Pool Name", "Stages", "Active Stages", "Running Tasks"}) tsv.Cell(h);
  tsv.EndRow();
  for (const PoolTableRow& pool : stages.pools) {
    if (!stages.pool_filter.Shows({pool.name})) continue;
    tsv.Cell(pool.name);
    tsv.Cell(pool.stages);
    tsv.Cell(pool.active_stages);
    tsv.Cell(pool.running_tasks);
    tsv.EndRow();
  }
  ImGui::SetClipboardText(tsv.text().c_str());
}

void DrawPools(StagesTableModel& stages) {
  char title[64];
  std::snprintf(title, sizeof title, "Fair Scheduler Pools (%zu)", stages.pools.size());
  SectionTitle(title);
  size_t shown = 0;
  for (const PoolTableRow& pool : stages.pools) shown += stages.pool_filter.Shows({pool.name});
  if (DrawSmallTableToolbar("pools", "Filter pools by name", stages.pool_filter, shown,
                            stages.pools.size(), "pools")
          .copy) {
    CopyPoolsTsv(stages);
  }
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                     ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit |
                                     ImGuiTableFlags_PadOuterX;
  if (!ImGui::BeginTable("pools", 4, kFlags)) return;
  const float em = ImGui::GetFontSize();
  ImGui::TableSetupColumn("Pool Name", 0, em * 14);
  ImGui::TableSetupColumn("Stages", 0, em * 6);
  ImGui::TableSetupColumn("Active Stages", 0, em * 7);
  ImGui::TableSetupColumn("Running Tasks", 0, em * 7);
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
  for (const PoolTableRow& pool : stages.pools) {
    if (!stages.pool_filter.Shows({pool.name})) continue;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(pool.name.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%d", pool.stages);
    ImGui::TableNextColumn();
    ImGui::Text("%d", pool.active_stages);
    ImGui::TableNextColumn();
    ImGui::Text("%lld", static_cast<long long>(pool.running_tasks));
  }
  ImGui::EndTable();
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.4f));
}

}  // namespace

void DrawStagesView(AppState& state) {
  StagesTableModel& stages = state.stages;
  ImGui::PushFont(Fonts().title);
  ImGui::TextUnformatted("Stages");
  ImGui::PopFont();
  if (stages.fair_scheduler) DrawPools(stages);
  DrawToolbar(stages);
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.3f));
  // Arrows move a selection through the rows; Enter opens the selected stage.
  const int open =
      TableKeyboardSelection(&stages.selected_row, static_cast<int>(stages.shown.size()));
  if (open >= 0) {
    const StageRow& row = stages.rows[stages.shown[open]];
    Navigate(state, Route{ViewId::kStage, row.stage_id, row.attempt_id});
    return;
  }

  const float em = ImGui::GetFontSize();
  const float cell_padding = ImGui::GetStyle().CellPadding.y * 2;
  const float row_height = ImGui::GetTextLineHeight() + 2;  // ProgressCell's height
  const float content_height =
      (ImGui::GetTextLineHeight() + cell_padding) +
      (row_height + cell_padding) * static_cast<float>(stages.shown.size()) + 2;
  const float height = std::max(em * 4, std::min(content_height, ImGui::GetContentRegionAvail().y));
  constexpr ImGuiTableColumnFlags kDescending = ImGuiTableColumnFlags_PreferSortDescending;
  // The pool column starts as wide as the longest pool name (Databricks names pools by a
  // 19-digit id), within 7 and 14 em.
  float pool_em = 7;
  for (const PoolTableRow& pool : stages.pools) {
    pool_em = std::max(pool_em, ImGui::CalcTextSize(pool.name.c_str()).x / em + 1.0f);
  }
  pool_em = std::min(pool_em, 14.0f);
  // Indexed by StageColumn.
  const SortableColumn columns[] = {
      {"Stage", 3.5f, ImGuiTableColumnFlags_DefaultSort | kDescending},
      {"Attempt", 3.8f},
      {"Pool Name", pool_em, stages.fair_scheduler ? 0 : ImGuiTableColumnFlags_Disabled},
      {"Description", 0, ImGuiTableColumnFlags_WidthStretch},
      {"Submitted", 9.5f},
      {"Duration", 4.8f, kDescending, MetricTooltip(MetricTip::kStageDuration)},
      {"Tasks: Succeeded/Total", 11, kDescending},
      {"Input", 5.5f, kDescending, MetricTooltip(MetricTip::kInput)},
      {"Output", 5.5f, kDescending, MetricTooltip(MetricTip::kOutput)},
      {"Shuffle Read", 5.8f, kDescending, MetricTooltip(MetricTip::kShuffleRead)},
      {"Shuffle Write", 5.8f, kDescending, MetricTooltip(MetricTip::kShuffleWrite)},
      {"Spill (Mem / Disk)", 8.5f, kDescending,
       "Bytes spilled from memory / to disk by the stage's tasks."},
      {"Status", 6.2f},
  };
  static_assert(sizeof columns / sizeof columns[0] == static_cast<size_t>(StageColumn::kCount),
                "one column per StageColumn");
  if (!BeginSortableTable("stages", columns, height, ImGuiTableFlags_Hideable)) return;
  // Sorting happens only when the user changes the order, on the index, not the rows.
  if (const SortRequest sort = TakeSortRequest(stages.sorted); sort.apply) {
    stages.Sort(static_cast<StageColumn>(sort.column), sort.ascending);
  }

  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(stages.shown.size()));
  ForceSelectedRowDrawn(clipper, stages.selected_row);
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      DrawRow(state, stages.rows[stages.shown[i]], row_height, i == stages.selected_row);
    }
  }
  EndSortableTable();
}

void DescribeStagesView(const AppState& state, JsonWriter& out) {
  const StagesTableModel& stages = state.stages;
  out.FieldInt("rows", static_cast<int64_t>(stages.shown.size()));
  out.FieldInt("total", static_cast<int64_t>(stages.rows.size()));
  out.Field("filter", StageFilterName(stages.filter));
  out.Field("search", stages.search);
  out.FieldBool("fairScheduler", stages.fair_scheduler);
  out.Key("pools");  // [name, stages] by name
  out.BeginArray();
  for (const PoolTableRow& pool : stages.pools) {
    out.BeginArray();
    out.String(pool.name);
    out.Int(pool.stages);
    out.EndArray();
  }
  out.EndArray();
  out.Key("counts");  // stage attempts by status filter
  out.BeginObject();
  for (size_t i = 0; i < kStageFilterCount; ++i) {
    out.FieldInt(StageFilterName(static_cast<StageFilter>(i)), stages.counts[i]);
  }
  out.EndObject();
  out.Key("firstRows");  // [stageId, attemptId] in the table's order, the first few
  out.BeginArray();
  for (size_t i = 0; i < stages.shown.size() && i < 10; ++i) {
    const StageRow& row = stages.rows[stages.shown[i]];
    out.BeginArray();
    out.Int(row.stage_id);
    out.Int(row.attempt_id);
    out.EndArray();
  }
  out.EndArray();
  out.FieldInt("selectedRow", stages.selected_row);  // keyboard selection, -1 for none
  if (stages.selected_row >= 0 && static_cast<size_t>(stages.selected_row) < stages.shown.size()) {
    const StageRow& row = stages.rows[stages.shown[static_cast<size_t>(stages.selected_row)]];
    out.Key("selected");  // [stageId, attemptId] of the selected row
    out.BeginArray();
    out.Int(row.stage_id);
    out.Int(row.attempt_id);
    out.EndArray();
  }
}

}  // namespace afterglow::ui
