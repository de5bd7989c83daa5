// The Structured Streaming tab (#/streaming), as Spark's StreamingQueryPage: the active runs, then
// the completed ones, each with its name, status, query id, run id (a link to the run's
// statistics page), start time, duration, average input and process rates, latest batch, and for
// ended runs the exception their QueryTerminatedEvent carried (Spark's page drops it: "-").
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "ui/app/views.h"
#include "ui/widgets/format.h"
#include "ui/widgets/small_table_filter.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/tsv.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

// Spark prints the averages with "%.2f", and "NaN" for a run without reports.
const char* FormatStreamingRate(double rate, char* out, size_t size) {
  if (std::isnan(rate)) {
    std::snprintf(out, size, "NaN");
  } else {
    std::snprintf(out, size, "%.2f", rate);
  }
  return out;
}

const ImVec4& StreamingStatusColor(const StreamingListRow& row) {
  if (row.active) return colors::kRunning;
  return row.has_exception ? colors::kFailed : colors::kSucceeded;
}

void CopyStreamingTable(const StreamingListModel& list) {
  TsvWriter tsv;
  for (const char* name : {"Name", "Status", "ID", "Run ID", "Start Time", "Duration (ms)",
                           "Avg Input /sec", "Avg Process /sec", "Latest Batch", "Exception"}) {
    tsv.Cell(name);
  }
  tsv.EndRow();
  char text[64];
  for (const StreamingListRow& row : list.rows) {
    if (!list.Shows(row)) continue;
    tsv.Cell(row.name);
    tsv.Cell(row.status);
    tsv.Cell(row.id);
    tsv.Cell(row.run_id);
    tsv.Cell(FormatTimestamp(row.start_ms, text, sizeof text));
    tsv.Cell(row.duration_ms);
    tsv.Cell(FormatStreamingRate(row.avg_input_per_s, text, sizeof text));
    tsv.Cell(FormatStreamingRate(row.avg_process_per_s, text, sizeof text));
    if (row.has_batch) tsv.Cell(row.latest_batch); else tsv.Cell("NaN");
    tsv.Cell(row.exception);
    tsv.EndRow();
  }
  ImGui::SetClipboardText(tsv.text().c_str());
}

// A run's query id or run id in full, in the mono font: hovering shows it with how to copy it,
// a right click copies it. True when it was clicked (a run id opens its statistics page).
bool UuidCell(const std::string& uuid, bool link) {
  ImGui::PushFont(Fonts().mono);
  bool clicked = false;
  if (link) {
    clicked = LinkText(uuid.c_str());
  } else {
    ImGui::TextUnformatted(uuid.c_str());
  }
  ImGui::PopFont();
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s\n%s", uuid.c_str(),
                      link ? "Click: the run's statistics. Right click: copy the run id."
                           : "Right click: copy the query id.");
  }
  if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) ImGui::SetClipboardText(uuid.c_str());
  return clicked;
}

// Wide enough for a UUID (36 characters) in the mono font, whatever its size.
float UuidColumnWidth() {
  ImGui::PushFont(Fonts().mono);
  const float width = ImGui::CalcTextSize("00000000-0000-0000-0000-000000000000").x;
  ImGui::PopFont();
  return width + ImGui::GetStyle().CellPadding.x * 2;
}

void DrawStreamingTable(AppState& state, const char* id, size_t from, size_t to, bool ended) {
  const StreamingListModel& list = state.streaming;
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                     ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_Resizable |
                                     ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_PadOuterX;
  const float em = ImGui::GetFontSize();
  if (!ImGui::BeginTable(id, ended ? 10 : 9, kFlags)) return;
  ImGui::TableSetupColumn("Name", 0, em * 7);
  ImGui::TableSetupColumn("Status", 0, em * 5.5f);
  const float uuid_width = UuidColumnWidth();
  ImGui::TableSetupColumn("ID", 0, uuid_width);
  ImGui::TableSetupColumn("Run ID", 0, uuid_width);
  ImGui::TableSetupColumn("Start Time", 0, em * 9.5f);
  ImGui::TableSetupColumn("Duration", 0, em * 6);
  ImGui::TableSetupColumn("Avg Input /sec", 0, em * 6.5f);
  ImGui::TableSetupColumn("Avg Process /sec", 0, em * 7);
  ImGui::TableSetupColumn("Latest Batch", 0, em * 5.5f);
  if (ended) ImGui::TableSetupColumn("Exception", ImGuiTableColumnFlags_WidthStretch);
  ImGui::PushFont(Fonts().bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
  char text[64];
  for (size_t i = from; i < to; ++i) {
    const StreamingListRow& row = list.rows[i];
    if (!list.Shows(row)) continue;
    ImGui::PushID(static_cast<int>(i));
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.name.c_str());
    ImGui::TableNextColumn();
    ImGui::TextColored(StreamingStatusColor(row), "%s", row.status.c_str());
    if (!row.active && row.has_exception && ImGui::IsItemHovered()) {
      ImGui::SetTooltip("The History Server says FINISHED: its listener keeps no exception.\n"
                        "The log's QueryTerminatedEvent says the run failed.");
    }
    ImGui::TableNextColumn();
    UuidCell(row.id, false);
    ImGui::TableNextColumn();
    const bool open = UuidCell(row.run_id, true);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(FormatTimestamp(row.start_ms, text, sizeof text));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(FormatDuration(row.duration_ms, text, sizeof text));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(FormatStreamingRate(row.avg_input_per_s, text, sizeof text));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(FormatStreamingRate(row.avg_process_per_s, text, sizeof text));
    ImGui::TableNextColumn();
    if (row.has_batch) {
      ImGui::Text("%lld", static_cast<long long>(row.latest_batch));
    } else {
      ImGui::TextColored(colors::kMuted, "NaN");
    }
    if (ended) {
      ImGui::TableNextColumn();
      if (!row.has_exception) {
        ImGui::TextColored(colors::kMuted, "-");
      } else {
        // The first line here (the class and message), the stack trace in the tooltip.
        const size_t line_end = std::min(row.exception.find('\n'), row.exception.size());
        ImGui::PushStyleColor(ImGuiCol_Text, colors::kFailed);
        ImGui::TextUnformatted(row.exception.data(), row.exception.data() + line_end);
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) {
          ImGui::BeginTooltip();
          ImGui::PushTextWrapPos(em * 50);
          ImGui::TextUnformatted(row.exception.c_str());
          ImGui::PopTextWrapPos();
          ImGui::EndTooltip();
        }
      }
    }
    ImGui::PopID();
    if (open) {
      Route route{ViewId::kStreamingRun};
      route.key = row.run_id;
      Navigate(state, route);
      break;  // the list may be rebuilt by the route's preparation
    }
  }
  ImGui::EndTable();
}

}  // namespace

void DrawStreamingView(AppState& state) {
  StreamingListModel& list = state.streaming;
  ImGui::PushFont(Fonts().title);
  ImGui::TextUnformatted("Streaming Query");
  ImGui::PopFont();
  if (list.rows.empty()) {
    ImGui::TextColored(colors::kMuted, "This log has no Structured Streaming queries.");
    return;
  }
  size_t shown = 0;
  for (const StreamingListRow& row : list.rows) shown += list.Shows(row);
  if (DrawSmallTableToolbar("streaming", "Filter by name, status, id or run id", list.filter, shown,
                            list.rows.size(), "runs").copy) {
    CopyStreamingTable(list);
  }
  char title[64];
  if (list.active > 0) {
    std::snprintf(title, sizeof title, "Active Streaming Queries (%zu)", list.active);
    SectionTitle(title);
    DrawStreamingTable(state, "active", 0, list.active, false);
    if (state.route.view != ViewId::kStreaming) return;
  }
  if (list.rows.size() > list.active) {
    std::snprintf(title, sizeof title, "Completed Streaming Queries (%zu)",
                  list.rows.size() - list.active);
    SectionTitle(title);
    DrawStreamingTable(state, "completed", list.active, list.rows.size(), true);
  }
}

void DescribeStreamingView(const AppState& state, JsonWriter& out) {
  const StreamingListModel& list = state.streaming;
  out.FieldInt("queries", static_cast<int64_t>(list.rows.size()));
  out.FieldInt("active", static_cast<int64_t>(list.active));
  out.Key("rows");
  out.BeginArray();
  char text[32];
  for (const StreamingListRow& row : list.rows) {
    out.BeginObject();
    out.Field("name", row.name);
    out.Field("status", row.status);
    out.Field("id", row.id);
    out.Field("runId", row.run_id);
    out.FieldInt("startTime", row.start_ms);
    out.FieldInt("durationMs", row.duration_ms);
    out.Field("avgInput", FormatStreamingRate(row.avg_input_per_s, text, sizeof text));
    out.Field("avgProcess", FormatStreamingRate(row.avg_process_per_s, text, sizeof text));
    if (row.has_batch) out.FieldInt("latestBatch", row.latest_batch);
    if (row.has_exception) out.Field("exception", row.exception);
    out.EndObject();
  }
  out.EndArray();
}

}  // namespace afterglow::ui
