// Spark's Storage page: the cached RDDs (name, storage level, cached partitions, fraction cached,
// size in memory and on disk); a click on one shows its distribution over executors and its
// cached partitions, as Spark's RDD page does. Most logs have no cached RDD: Spark logs block
// updates only with spark.eventLog.logBlockUpdates.enabled, and the page says so.
#include <algorithm>
#include <cstdio>

#include "ui/format.h"
#include "ui/theme.h"
#include "ui/views.h"
#include "ui/widgets.h"

namespace afterglow::ui {
namespace {

const char* Bytes(int64_t value, char* out, size_t size) {
  return FormatBytes(static_cast<uint64_t>(std::max<int64_t>(value, 0)), out, size);
}

float TableHeight(size_t rows, size_t max_rows) {
  const float row_height = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
  return row_height * (static_cast<float>(std::min(rows, max_rows)) + 1) + 4;
}

constexpr ImGuiTableFlags kTableFlags =
    ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter | ImGuiTableFlags_BordersInnerH |
    ImGuiTableFlags_Resizable | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp |
    ImGuiTableFlags_PadOuterX;

void HeadersRow() {
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
}

// Returns the RDD clicked this frame, or -1.
int64_t DrawRddTable(const StorageTableModel& model) {
  int64_t clicked = -1;
  if (!ImGui::BeginTable("rdds", 7, kTableFlags, ImVec2(0, TableHeight(model.rows.size(), 12))))
    return clicked;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("ID", 0, 1);
  ImGui::TableSetupColumn("RDD Name", 0, 4);
  ImGui::TableSetupColumn("Storage Level", 0, 4);
  ImGui::TableSetupColumn("Cached Partitions", 0, 2);
  ImGui::TableSetupColumn("Fraction Cached", 0, 2);
  ImGui::TableSetupColumn("Size in Memory", 0, 2);
  ImGui::TableSetupColumn("Size on Disk", 0, 2);
  HeadersRow();
  char text[64];
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(model.rows.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const RddRow& row = model.rows[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      std::snprintf(text, sizeof text, "%lld##rdd", static_cast<long long>(row.id));
      ImGui::PushID(i);
      if (ImGui::Selectable(text, row.id == model.selected, ImGuiSelectableFlags_SpanAllColumns))
        clicked = row.id;
      ImGui::PopID();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.name.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.storage_level.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%lld of %lld", static_cast<long long>(row.cached_partitions),
                  static_cast<long long>(row.partitions));
      ImGui::TableNextColumn();
      ImGui::Text("%.0f%%", row.FractionCached() * 100);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(Bytes(row.memory_used, text, sizeof text));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(Bytes(row.disk_used, text, sizeof text));
    }
  }
  ImGui::EndTable();
  return clicked;
}

void DrawDistribution(const StorageTableModel& model) {
  char title[96];
  std::snprintf(title, sizeof title, "Data Distribution on %zu Executors", model.distribution.size());
  SectionTitle(title);
  if (model.distribution.empty()) {
    ImGui::TextColored(colors::kMuted, "No executor holds blocks of this RDD.");
    return;
  }
  if (!ImGui::BeginTable("distribution", 4, kTableFlags,
                         ImVec2(0, TableHeight(model.distribution.size(), 10))))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Host", 0, 3);
  ImGui::TableSetupColumn("Memory Usage (remaining)", 0, 3);
  ImGui::TableSetupColumn("On / Off Heap Used", 0, 3);
  ImGui::TableSetupColumn("Disk Usage", 0, 2);
  HeadersRow();
  char a[32], b[32], text[96];
  for (const RddDistributionRow& row : model.distribution) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.address.c_str());
    ImGui::TableNextColumn();
    std::snprintf(text, sizeof text, "%s (%s remaining)", Bytes(row.memory_used, a, sizeof a),
                  Bytes(row.memory_remaining, b, sizeof b));
    ImGui::TextUnformatted(text);
    ImGui::TableNextColumn();
    if (row.on_heap_used >= 0) {
      std::snprintf(text, sizeof text, "%s / %s", Bytes(row.on_heap_used, a, sizeof a),
                    Bytes(row.off_heap_used, b, sizeof b));
      ImGui::TextUnformatted(text);
    } else {
      ImGui::TextColored(colors::kMuted, "not recorded");
    }
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(Bytes(row.disk_used, text, sizeof text));
  }
  ImGui::EndTable();
}

void DrawPartitions(const StorageTableModel& model) {
  char title[64];
  std::snprintf(title, sizeof title, "%zu Partitions", model.partitions.size());
  SectionTitle(title);
  if (CopyTsvButton("partitions_tsv")) ImGui::SetClipboardText(model.PartitionsTsv().c_str());
  if (model.partitions.empty()) return;
  if (!ImGui::BeginTable("partitions", 5, kTableFlags,
                         ImVec2(0, TableHeight(model.partitions.size(), 16))))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Block Name", 0, 2);
  ImGui::TableSetupColumn("Storage Level", 0, 3);
  ImGui::TableSetupColumn("Size in Memory", 0, 2);
  ImGui::TableSetupColumn("Size on Disk", 0, 2);
  ImGui::TableSetupColumn("Executors", 0, 3);
  HeadersRow();
  char text[32];
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(model.partitions.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const RddPartitionRow& row = model.partitions[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.block_name.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.storage_level.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(Bytes(row.memory_used, text, sizeof text));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(Bytes(row.disk_used, text, sizeof text));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.executors.c_str());
    }
  }
  ImGui::EndTable();
}

}  // namespace

void DrawStorageView(AppState& state) {
  StorageTableModel& model = state.storage;
  ImGui::PushFont(Fonts().title);
  ImGui::TextUnformatted("Storage");
  ImGui::PopFont();
  if (!model.error.empty()) {
    ImGui::TextColored(colors::kFailed, "%s", model.error.c_str());
    return;
  }
  if (model.rows.empty()) {
    ImGui::TextColored(colors::kMuted, "This application has no cached RDDs in its log.");
    ImGui::TextColored(colors::kMuted,
                       "Spark records cached blocks in the event log only when "
                       "spark.eventLog.logBlockUpdates.enabled is true.");
    return;
  }
  ImGui::TextColored(colors::kMuted, "%zu cached RDDs. Click one for its partitions and executors.",
                     model.rows.size());
  ImGui::SameLine();
  if (CopyTsvButton("rdds_tsv")) ImGui::SetClipboardText(model.Tsv().c_str());
  SectionTitle("RDDs");
  const int64_t clicked = DrawRddTable(model);
  const AttemptSummary* app = state.SelectedApp();
  // A user action: the detail is read from the session once, not per frame.
  if (clicked >= 0 && app != nullptr && state.session != nullptr) {
    model.Select(*state.session, *app, clicked == model.selected ? -1 : clicked);
  }
  if (model.selected < 0) return;
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.4f));
  if (!model.detail_error.empty()) {
    ImGui::TextColored(colors::kFailed, "%s", model.detail_error.c_str());
    return;
  }
  DrawDistribution(model);
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.4f));
  DrawPartitions(model);
}

void DescribeStorageView(const AppState& state, JsonWriter& out) {
  const StorageTableModel& model = state.storage;
  out.FieldInt("rows", static_cast<int64_t>(model.rows.size()));
  out.Key("rddIds");
  out.BeginArray();
  for (const RddRow& row : model.rows) out.Int(row.id);
  out.EndArray();
  out.FieldInt("selected", model.selected);
  out.FieldInt("partitions", static_cast<int64_t>(model.partitions.size()));
  out.FieldInt("executors", static_cast<int64_t>(model.distribution.size()));
  if (!model.error.empty()) out.Field("error", model.error);
}

}  // namespace afterglow::ui
