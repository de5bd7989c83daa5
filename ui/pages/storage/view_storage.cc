// Spark's Storage page: the cached RDDs (name, storage level, cached partitions, fraction cached,
// size in memory and on disk), each linking to its RDD page (#/storage/<id>, Spark's RDDPage):
// the RDD's totals, its distribution over executors and its cached partitions. Most logs have no
// cached RDD: Spark logs block updates only with spark.eventLog.logBlockUpdates.enabled, and the
// page says so.
#include <algorithm>
#include <cstdio>

#include "ui/widgets/format.h"
#include "ui/widgets/theme.h"
#include "ui/app/views.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

const char* StorageBytes(int64_t value, char* out, size_t size) {
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
      ImGui::Text("%lld", static_cast<long long>(row.id));
      ImGui::TableNextColumn();
      ImGui::PushID(i);
      if (LinkText(row.name.empty() ? "(unnamed)" : row.name.c_str())) clicked = row.id;
      ImGui::PopID();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.storage_level.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%lld of %lld", static_cast<long long>(row.cached_partitions),
                  static_cast<long long>(row.partitions));
      ImGui::TableNextColumn();
      ImGui::Text("%.0f%%", row.FractionCached() * 100);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(StorageBytes(row.memory_used, text, sizeof text));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(StorageBytes(row.disk_used, text, sizeof text));
    }
  }
  ImGui::EndTable();
  return clicked;
}

void DrawRddSummary(const RddPageModel& page) {
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg;
  if (!ImGui::BeginTable("rdd_summary", 2, kFlags)) return;
  ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 9);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 22);
  char text[64];
  auto row = [](const char* key, const char* value) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextColored(colors::kMuted, "%s", key);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(value);
  };
  row("Storage Level", page.rdd.storage_level.c_str());
  std::snprintf(text, sizeof text, "%lld (%.0f%% of the partitions)",
                static_cast<long long>(page.rdd.cached_partitions),
                page.rdd.FractionCached() * 100);
  row("Cached Partitions", text);
  row("Total Partitions", FormatCount(static_cast<uint64_t>(std::max<int64_t>(page.rdd.partitions, 0)),
                                      text, sizeof text));
  row("Memory Size", StorageBytes(page.rdd.memory_used, text, sizeof text));
  row("Disk Size", StorageBytes(page.rdd.disk_used, text, sizeof text));
  ImGui::EndTable();
}

// "1.2 MiB (3.0 GiB Remaining)", Spark's RDDPage cell; "not recorded" when the log has no split.
void UsageCell(int64_t used, int64_t remaining) {
  if (used < 0) {
    ImGui::TextColored(colors::kMuted, "not recorded");
    return;
  }
  char a[32], b[32];
  ImGui::Text("%s (%s Remaining)", StorageBytes(used, a, sizeof a), StorageBytes(remaining, b, sizeof b));
}

void DrawDistribution(const RddPageModel& page) {
  char title[96];
  std::snprintf(title, sizeof title, "Data Distribution on %zu Executors", page.distribution.size());
  SectionTitle(title);
  if (page.distribution.empty()) {
    ImGui::TextColored(colors::kMuted, "No executor holds blocks of this RDD.");
    return;
  }
  if (CopyTsvButton("distribution_tsv")) ImGui::SetClipboardText(page.DistributionTsv().c_str());
  if (!ImGui::BeginTable("distribution", 5, kTableFlags,
                         ImVec2(0, TableHeight(page.distribution.size(), 10))))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Host", 0, 3);
  ImGui::TableSetupColumn("Memory Usage", 0, 3);
  ImGui::TableSetupColumn("On Heap Memory Usage", 0, 3);
  ImGui::TableSetupColumn("Off Heap Memory Usage", 0, 3);
  ImGui::TableSetupColumn("Disk Usage", 0, 2);
  HeadersRow();
  char text[32];
  for (const RddDistributionRow& row : page.distribution) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.address.c_str());
    ImGui::TableNextColumn();
    UsageCell(row.memory_used, row.memory_remaining);
    ImGui::TableNextColumn();
    UsageCell(row.on_heap_used, row.on_heap_remaining);
    ImGui::TableNextColumn();
    UsageCell(row.off_heap_used, row.off_heap_remaining);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(StorageBytes(row.disk_used, text, sizeof text));
  }
  ImGui::EndTable();
}

void DrawPartitions(const RddPageModel& page) {
  char title[64];
  std::snprintf(title, sizeof title, "%zu Partitions", page.partitions.size());
  SectionTitle(title);
  if (page.partitions.empty()) {
    ImGui::TextColored(colors::kMuted, "No partition of this RDD is cached.");
    return;
  }
  if (CopyTsvButton("partitions_tsv")) ImGui::SetClipboardText(page.PartitionsTsv().c_str());
  if (!ImGui::BeginTable("partitions", 5, kTableFlags,
                         ImVec2(0, TableHeight(page.partitions.size(), 16))))
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
  clipper.Begin(static_cast<int>(page.partitions.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const RddPartitionRow& row = page.partitions[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.block_name.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.storage_level.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(StorageBytes(row.memory_used, text, sizeof text));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(StorageBytes(row.disk_used, text, sizeof text));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.executors.c_str());
    }
  }
  ImGui::EndTable();
}

}  // namespace

void DrawStorageView(AppState& state) {
  const StorageTableModel& model = state.storage;
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
  ImGui::TextColored(colors::kMuted, "%zu cached RDDs. Click a name for its partitions and executors.",
                     model.rows.size());
  ImGui::SameLine();
  if (CopyTsvButton("rdds_tsv")) ImGui::SetClipboardText(model.Tsv().c_str());
  SectionTitle("RDDs");
  const int64_t clicked = DrawRddTable(model);
  if (clicked >= 0) Navigate(state, {ViewId::kRdd, clicked});
}

void DrawRddView(AppState& state) {
  const RddPageModel& page = state.rdd_page;
  if (LinkText("\xe2\x86\x90 Storage")) {
    Navigate(state, {ViewId::kStorage});
    return;
  }
  char title[160];
  ImGui::PushFont(Fonts().title);
  if (page.found) {
    std::snprintf(title, sizeof title, "RDD Storage Info for %s",
                  page.rdd.name.empty() ? "(unnamed)" : page.rdd.name.c_str());
  } else {
    std::snprintf(title, sizeof title, "RDD %lld", static_cast<long long>(state.route.id));
  }
  ImGui::TextUnformatted(title);
  ImGui::PopFont();
  if (!page.found) {
    // The History Server's 404 for an id it does not know ("no rdd found w/ id 9").
    ImGui::TextColored(colors::kFailed, "No such RDD in this application.");
    if (!page.error.empty()) ImGui::TextColored(colors::kMuted, "%s", page.error.c_str());
    return;
  }
  ImGui::TextColored(colors::kMuted, "RDD %lld", static_cast<long long>(page.rdd.id));
  DrawRddSummary(page);
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.4f));
  DrawDistribution(page);
  ImGui::Dummy(ImVec2(0, ImGui::GetFontSize() * 0.4f));
  DrawPartitions(page);
}

void DescribeStorageView(const AppState& state, JsonWriter& out) {
  const StorageTableModel& model = state.storage;
  out.FieldInt("rows", static_cast<int64_t>(model.rows.size()));
  out.Key("rddIds");
  out.BeginArray();
  for (const RddRow& row : model.rows) out.Int(row.id);
  out.EndArray();
  if (!model.error.empty()) out.Field("error", model.error);
}

void DescribeRddView(const AppState& state, JsonWriter& out) {
  const RddPageModel& page = state.rdd_page;
  out.FieldInt("rddId", page.rdd_id);
  out.FieldBool("found", page.found);
  out.FieldInt("partitions", static_cast<int64_t>(page.partitions.size()));
  out.FieldInt("executors", static_cast<int64_t>(page.distribution.size()));
  out.FieldInt("memoryUsed", page.rdd.memory_used);
  out.FieldInt("diskUsed", page.rdd.disk_used);
  if (!page.error.empty()) out.Field("error", page.error);
}

}  // namespace afterglow::ui
