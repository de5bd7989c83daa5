#include "ui/timeline/task_timeline.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>

#include "core/analysis/task_view.h"
#include "ui/app/app_state.h"
#include "ui/pages/executors/executor_order.h"
#include "ui/widgets/format.h"
#include "ui/widgets/theme.h"
#include "ui/timeline/timeline_rows.h"

namespace afterglow::ui {
namespace {

// Spark's timeline-view.css fills for the phases, in TaskPhase order.
constexpr ImU32 kPhaseColors[kTaskPhaseCount] = {
    IM_COL32(0x80, 0xB1, 0xD3, 255),  // scheduler delay
    IM_COL32(0xFB, 0x80, 0x72, 255),  // task deserialization
    IM_COL32(0xFD, 0xB4, 0x62, 255),  // shuffle read
    IM_COL32(0xB3, 0xDE, 0x69, 255),  // executor computing
    IM_COL32(0xFF, 0xED, 0x6F, 255),  // shuffle write
    IM_COL32(0xBC, 0x80, 0xBD, 255),  // result serialization
    IM_COL32(0x8D, 0xD3, 0xC7, 255),  // getting result
};
constexpr ImU32 kFoldedZoneFill = IM_COL32(0x8A, 0x8F, 0x99, 200);
constexpr ImU32 kFoldedZoneOutline = IM_COL32(0x5A, 0x5E, 0x66, 255);

ImU32 StatusOutline(TaskApiStatus status) {
  switch (status) {
    case TaskApiStatus::kFailed:
      return ImGui::GetColorU32(colors::kFailed);
    case TaskApiStatus::kKilled:
      return IM_COL32(0xF0, 0xA0, 0x30, 255);
    case TaskApiStatus::kRunning:
    case TaskApiStatus::kGetResult:
      return ImGui::GetColorU32(colors::kRunning);
    default:
      return 0;
  }
}

// Row geometry shared by drawing and hit-testing.
struct TaskCanvasLayout {
  float label_width, row_height, ruler_height, lane_gap;
};

TaskCanvasLayout CurrentTaskCanvasLayout() {
  const float em = ImGui::GetFontSize();
  return {em * 9.0f, std::round(em * 1.2f), ImGui::GetTextLineHeight() + 6, 5.0f};
}

float ExecutorLaneHeight(const TaskTimelineLane& lane, const TaskCanvasLayout& layout) {
  return static_cast<float>(std::max<size_t>(lane.rows.size(), 1)) * layout.row_height;
}

void DrawTaskBar(ImDrawList* draw, const TaskPhases& phases, TaskApiStatus status, float x0,
                 float x1, float y0, float y1) {
  const float width = x1 - x0;
  if (phases.TotalMs() <= 0 || width < 4) {
    draw->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1),
                        kPhaseColors[static_cast<size_t>(TaskPhase::kComputing)]);
  } else {
    float x = x0;
    for (size_t p = 0; p < kTaskPhaseCount && x < x1; ++p) {
      const float next = std::min(x1, x + static_cast<float>(phases.percent[p] / 100.0) * width);
      if (next > x) draw->AddRectFilled(ImVec2(x, y0), ImVec2(next, y1), kPhaseColors[p]);
      x = next;
    }
  }
  if (const ImU32 outline = StatusOutline(status); outline != 0) {
    draw->AddRect(ImVec2(x0, y0), ImVec2(std::max(x1, x0 + 2), y1), outline, 0, 0, 2.0f);
  }
}

// A grey "N tasks" box, the count written inside when it fits.
void DrawFoldedZone(ImDrawList* draw, const PlacedItem& placed) {
  const ImVec2 min(placed.x0, placed.y0), max(placed.x1, placed.y1);
  draw->AddRectFilled(min, max, kFoldedZoneFill);
  draw->AddRect(min, max, kFoldedZoneOutline);
  char label[32];
  FormatCount(placed.item->count, label, sizeof label);
  const ImVec2 size = ImGui::CalcTextSize(label);
  if (size.x + 6 < max.x - min.x) {
    draw->AddText(ImVec2((min.x + max.x - size.x) / 2, (min.y + max.y - size.y) / 2),
                  IM_COL32(20, 20, 24, 255), label);
  }
}

void DrawLegend() {
  const float swatch = ImGui::GetTextLineHeight() * 0.8f;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  auto item = [&](ImU32 color, ImU32 outline, const char* name) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float y = p.y + (ImGui::GetTextLineHeight() - swatch) / 2;
    draw->AddRectFilled(ImVec2(p.x, y), ImVec2(p.x + swatch, y + swatch), color);
    if (outline != 0) draw->AddRect(ImVec2(p.x, y), ImVec2(p.x + swatch, y + swatch), outline, 0, 0, 2);
    ImGui::Dummy(ImVec2(swatch + 4, swatch));
    ImGui::SameLine(0, 0);
    ImGui::TextUnformatted(name);
    ImGui::SameLine(0, ImGui::GetFontSize());
  };
  for (size_t p = 0; p < kTaskPhaseCount; ++p) {
    item(kPhaseColors[p], 0, TaskPhaseName(static_cast<TaskPhase>(p)));
  }
  ImGui::NewLine();
  item(kFoldedZoneFill, 0, "Folded tasks (zoom in to see them)");
  item(0, ImGui::GetColorU32(colors::kFailed), "Failed");
  item(0, StatusOutline(TaskApiStatus::kKilled), "Killed");
  item(0, ImGui::GetColorU32(colors::kRunning), "Running");
  ImGui::NewLine();
}

void TaskTooltip(const AttemptModel& model, const StringPool& strings,
                 const TaskTimelineModel& timeline, uint32_t bar) {
  const uint32_t row = timeline.task_rows[bar];
  const TaskApiStatus status = TaskStatusOf(model, row);
  const TaskPhases phases = ComputeTaskPhases(model, row, timeline.now_ms);
  char text[64];
  ImGui::BeginTooltip();
  ImGui::PushFont(Fonts().bold);
  ImGui::Text("Task %lld", static_cast<long long>(model.tasks.task_id[row]));
  ImGui::PopFont();
  ImGui::Text("Index %d, attempt %d", model.tasks.index[row], model.tasks.attempt[row]);
  const std::string_view executor = strings.Get(model.tasks.executor_id[row]);
  const std::string_view host = strings.Get(model.task_details.host[row]);
  ImGui::Text("Executor %.*s on %.*s", static_cast<int>(executor.size()), executor.data(),
              static_cast<int>(host.size()), host.data());
  ImGui::Text("Status: %s", TaskApiStatusName(status));
  ImGui::Text("Launch time: %s", FormatTimestamp(phases.launch_ms, text, sizeof text));
  ImGui::Text("Duration: %s%s", FormatDuration(phases.TotalMs(), text, sizeof text),
              model.tasks.finish_time[row] == 0 ? " (no end in the log)" : "");
  ImGui::Separator();
  for (size_t p = 0; p < kTaskPhaseCount; ++p) {
    const ImVec2 c = ImGui::GetCursorScreenPos();
    const float s = ImGui::GetTextLineHeight() * 0.7f;
    const float y = c.y + (ImGui::GetTextLineHeight() - s) / 2;
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(c.x, y), ImVec2(c.x + s, y + s),
                                              kPhaseColors[p]);
    ImGui::Dummy(ImVec2(s + 4, s));
    ImGui::SameLine(0, 0);
    ImGui::Text("%s: %s", TaskPhaseName(static_cast<TaskPhase>(p)),
                FormatDuration(phases.ms[p], text, sizeof text));
  }
  ImGui::EndTooltip();
}

void ZoneTooltip(const FoldedItem& zone, double first_launch_ms) {
  char count[32], from[32], to[32];
  ImGui::BeginTooltip();
  ImGui::Text("%s tasks folded", FormatCount(zone.count, count, sizeof count));
  const double begin = static_cast<double>(zone.start_ms) - first_launch_ms;
  const double end = static_cast<double>(zone.end_ms) - first_launch_ms;
  ImGui::Text("%s to %s after the first launch", FormatDuration(static_cast<int64_t>(begin), from, sizeof from),
              FormatDuration(static_cast<int64_t>(end), to, sizeof to));
  ImGui::TextColored(colors::kMuted, "Zoom in (mouse wheel) to see each task");
  ImGui::EndTooltip();
}

void DrawCanvas(const AttemptModel& model, const StringPool& strings, TaskTimelineModel& timeline) {
  const TaskCanvasLayout layout = CurrentTaskCanvasLayout();
  float content_height = layout.ruler_height;
  for (const TaskTimelineLane& lane : timeline.lanes) {
    content_height += ExecutorLaneHeight(lane, layout) + layout.lane_gap;
  }
  const float em = ImGui::GetFontSize();
  const float child_height = std::min(content_height, em * 26) + 2;
  if (!ImGui::BeginChild("task-timeline", ImVec2(0, child_height), false,
                         ImGuiWindowFlags_NoScrollWithMouse)) {
    ImGui::EndChild();
    return;
  }
  TimelineAxis& axis = timeline.axis;
  const TimelineCanvasArea canvas =
      PlaceTimelineCanvas("##task-canvas", axis, content_height, layout.label_width);
  const float x0 = canvas.time_x0, time_width = canvas.time_width;
  ImDrawList* draw = canvas.draw;

  TaskTimelineCounts& counts = timeline.counts;
  counts.drawn_bars = counts.folded_zones = counts.folded_tasks = 0;
  counts.view_start_ms = axis.view_start_ms;
  counts.view_end_ms = axis.view_end_ms;
  int64_t hovered_bar = -1;
  FoldedItem hovered_zone{};

  draw->ChannelsSplit(2);  // 0: lanes, 1: the ruler and labels drawn over them
  draw->ChannelsSetCurrent(0);
  canvas.PushTimeClip();
  float y = canvas.pos.y + layout.ruler_height;
  const ImU32 separator = ImGui::GetColorU32(colors::kGrid);
  // Bars 1 px inside their rows and at least 2 px wide: even a 0 ms task stays visible.
  LaneRowsPlacement placement =
      TimelinePlacement(canvas, layout.row_height, 1, 2);
  for (TaskTimelineLane& lane : timeline.lanes) {
    const float lane_height = ExecutorLaneHeight(lane, layout);
    if (y + lane_height >= canvas.view_top && y <= canvas.view_bottom) {
      placement.lane_top = y;
      ForEachVisibleItem(axis, timeline.bars, lane.rows, placement, lane.fold_cache,
                         [&](const PlacedItem& placed) {
        if (placed.item->count == 1) {
          const uint32_t task_row = timeline.task_rows[placed.span];
          const TaskPhases phases = ComputeTaskPhases(model, task_row, timeline.now_ms);
          // Phases are laid out on the bar's real (unclipped) extent.
          const float real_x0 =
              axis.ToX(static_cast<double>(placed.item->start_ms), x0, time_width);
          const float real_x1 = std::max(
              axis.ToX(static_cast<double>(placed.item->end_ms), x0, time_width), real_x0 + 2);
          DrawTaskBar(draw, phases, TaskStatusOf(model, task_row), std::max(real_x0, -1e6f),
                      std::min(real_x1, 1e6f), placed.y0, placed.y1);
          ++counts.drawn_bars;
          if (placed.hovered) hovered_bar = placed.span;
        } else {
          DrawFoldedZone(draw, placed);
          ++counts.folded_zones;
          counts.folded_tasks += placed.item->count;
          if (placed.hovered) hovered_zone = *placed.item;
        }
      });
    }
    y += lane_height + layout.lane_gap;
    draw->AddLine(ImVec2(x0, y - layout.lane_gap / 2), ImVec2(x0 + time_width, y - layout.lane_gap / 2),
                  separator);
  }
  draw->PopClipRect();

  // Lane labels: executor id, and the host when the lane has room for a second line.
  draw->ChannelsSetCurrent(1);
  canvas.PushLabelClip();
  y = canvas.pos.y + layout.ruler_height;
  const ImU32 text_color = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 muted = ImGui::GetColorU32(colors::kMuted);
  char label[96];
  for (const TaskTimelineLane& lane : timeline.lanes) {
    const float lane_height = ExecutorLaneHeight(lane, layout);
    if (y + lane_height >= canvas.view_top && y <= canvas.view_bottom) {
      const std::string_view id = strings.Get(lane.executor_id);
      const std::string_view host = strings.Get(lane.host);
      std::snprintf(label, sizeof label, "Executor %.*s", static_cast<int>(id.size()), id.data());
      draw->AddText(ImVec2(canvas.pos.x + 2, y + 1), text_color, label);
      if (lane_height >= 2 * ImGui::GetTextLineHeight()) {
        std::snprintf(label, sizeof label, "%.*s", static_cast<int>(host.size()), host.data());
        draw->AddText(ImVec2(canvas.pos.x + 2, y + 1 + ImGui::GetTextLineHeight()), muted, label);
      }
    }
    y += lane_height + layout.lane_gap;
  }
  draw->PopClipRect();

  // The ruler stays at the top of the scrolled area.
  DrawCanvasRuler(canvas, axis, layout.ruler_height);
  draw->ChannelsMerge();

  if (hovered_bar >= 0) {
    TaskTooltip(model, strings, timeline, static_cast<uint32_t>(hovered_bar));
  } else if (hovered_zone.count > 1) {
    ZoneTooltip(hovered_zone, axis.extent_start_ms);
  }
  ImGui::EndChild();
}

}  // namespace

void TaskTimelineModel::Clear() {
  stage_id = attempt_id = -1;
  now_ms = 0;
  task_rows.clear();
  bars.clear();
  lanes.clear();
  counts = {};
  axis = {};
}

void TaskTimelineModel::Build(const AttemptModel& model, const StringPool& strings,
                              int32_t stage, int32_t attempt) {
  // Rebuilding the same attempt (more tasks arrived while loading) keeps the user's zoom.
  const TimelineAxis old_axis = axis;
  const bool same_attempt = stage == stage_id && (attempt < 0 || attempt == attempt_id);
  Clear();
  if (attempt < 0) {
    // The latest attempt of the stage, as the route "#/stages/<id>" means.
    for (const auto& [key, index] : model.stage_rows) {
      if (key.first == stage) attempt = std::max(attempt, key.second);
    }
  }
  stage_id = stage;
  attempt_id = attempt;
  now_ms = TaskNow(model);
  const auto found = model.stage_task_rows.find({stage, attempt});
  if (found == model.stage_task_rows.end()) return;
  int64_t first = INT64_MAX, last = INT64_MIN;
  std::map<StringId, std::vector<uint32_t>> by_executor;
  for (const uint32_t row : found->second) {
    const TaskPhases phases = ComputeTaskPhases(model, row, now_ms);
    const uint32_t bar = static_cast<uint32_t>(bars.size());
    task_rows.push_back(row);
    bars.push_back({phases.launch_ms, phases.finish_ms});
    by_executor[model.tasks.executor_id[row]].push_back(bar);
    first = std::min(first, phases.launch_ms);
    last = std::max(last, phases.finish_ms);
  }
  for (auto& [executor, executor_bars] : by_executor) {
    TaskTimelineLane lane;
    lane.executor_id = executor;
    lane.host = model.task_details.host[task_rows[executor_bars.front()]];
    std::vector<TimeSpan> spans;
    spans.reserve(executor_bars.size());
    for (const uint32_t bar : executor_bars) spans.push_back(bars[bar]);
    lane.rows = PackRows(spans);
    for (std::vector<uint32_t>& row : lane.rows) {
      for (uint32_t& index : row) index = executor_bars[index];
    }
    lanes.push_back(std::move(lane));
  }
  std::sort(lanes.begin(), lanes.end(), [&](const TaskTimelineLane& a, const TaskTimelineLane& b) {
    return ExecutorIdLess(strings.Get(a.executor_id), strings.Get(b.executor_id));
  });
  if (same_attempt) axis = old_axis;
  axis.UpdateExtent(first, last);
  counts.tasks = static_cast<uint32_t>(bars.size());
  counts.lanes = static_cast<uint32_t>(lanes.size());
  for (const TaskTimelineLane& lane : lanes) counts.rows += static_cast<uint32_t>(lane.rows.size());
}

void DrawTaskTimelineSection(AppState& state) {
  if (!ImGui::CollapsingHeader("Event Timeline", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const AttemptModel* model = state.SelectedModel();
  const StringPool* strings = state.Strings();
  TaskTimelineModel& timeline = state.task_timeline;
  if (model == nullptr || strings == nullptr) return;
  if (timeline.bars.empty()) {
    ImGui::TextColored(colors::kMuted, "No task of this stage attempt started.");
    return;
  }
  char tasks[32], span[32];
  ImGui::Text("%s tasks on %u executors (%u task slots used)",
              FormatCount(timeline.bars.size(), tasks, sizeof tasks), timeline.counts.lanes,
              timeline.counts.rows);
  ImGui::SameLine();
  ImGui::TextColored(colors::kMuted, "  showing %s of %s  \xc2\xb7  wheel: zoom, drag: pan, double-click: all",
                     FormatDuration(static_cast<int64_t>(timeline.axis.ViewSpanMs()), span, sizeof span),
                     FormatDuration(static_cast<int64_t>(timeline.axis.extent_end_ms -
                                                         timeline.axis.extent_start_ms),
                                    tasks, sizeof tasks));
  DrawLegend();
  DrawCanvas(*model, *strings, timeline);
}

void DescribeTaskTimeline(const TaskTimelineModel& timeline, JsonWriter& out) {
  const TaskTimelineCounts& c = timeline.counts;
  out.Key("taskTimeline");
  out.BeginObject();
  out.FieldInt("stageId", timeline.stage_id);
  out.FieldInt("attemptId", timeline.attempt_id);
  out.FieldInt("tasks", c.tasks);
  out.FieldInt("lanes", c.lanes);
  out.FieldInt("rows", c.rows);
  out.FieldInt("drawnBars", c.drawn_bars);
  out.FieldInt("foldedZones", c.folded_zones);
  out.FieldInt("foldedTasks", c.folded_tasks);
  out.FieldInt("viewStartMs", static_cast<int64_t>(c.view_start_ms));
  out.FieldInt("viewEndMs", static_cast<int64_t>(c.view_end_ms));
  out.EndObject();
}

}  // namespace afterglow::ui
