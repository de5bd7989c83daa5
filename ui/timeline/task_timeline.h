// The task timeline of one stage attempt (Spark's StagePage "Event Timeline"), without Spark's
// 1,000-task cap: one lane per executor (numeric ids in numeric order), tasks packed into rows so
// none overlap (one row per concurrently used slot), each task a bar split into Spark's seven
// phases (computed in core/analysis/task_phases.h). Narrow tasks fold into grey "N tasks" zones
// (ui/timeline/timeline_fold.h) so any stage draws at 60 fps. The model is built on navigation (PrepareRoute), the draw walks only what is visible.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/analysis/task_phases.h"
#include "core/api/json_writer.h"
#include "core/base/string_pool.h"
#include "core/model/app_model.h"
#include "core/model/task_details.h"
#include "ui/timeline/timeline_axis.h"
#include "ui/timeline/timeline_fold.h"

namespace afterglow::ui {

struct AppState;

struct TaskTimelineLane {
  StringId executor_id = kEmptyString;
  StringId host = kEmptyString;
  std::vector<std::vector<uint32_t>> rows;  // indices into TaskTimelineModel::bars, packed
  FoldCache fold_cache;  // the rows' folds at the current zoom, kept across frames
};

// What the last drawn frame showed, for describe() and the stage page's headline.
struct TaskTimelineCounts {
  uint32_t tasks = 0;          // task attempts of the stage attempt
  uint32_t lanes = 0;          // executors
  uint32_t rows = 0;           // task slots over all executors
  uint32_t drawn_bars = 0;     // single-task bars drawn in the last frame
  uint32_t folded_zones = 0;   // "N tasks" zones drawn in the last frame
  uint32_t folded_tasks = 0;   // tasks inside those zones
  double view_start_ms = 0;    // the visible time range, epoch ms
  double view_end_ms = 0;
};

struct TaskTimelineModel {
  int32_t stage_id = -1;
  int32_t attempt_id = -1;  // resolved: the latest attempt when the route asked for -1
  int64_t now_ms = 0;       // the log's end: running tasks reach it
  std::vector<uint32_t> task_rows;  // rows of AttemptModel::tasks, one per bar
  std::vector<TimeSpan> bars;       // launch .. finish of each task
  std::vector<TaskTimelineLane> lanes;
  TimelineAxis axis;
  TaskTimelineCounts counts;

  void Clear();
  // Reads the tasks of (stage_id, attempt_id); attempt -1 is the stage's latest attempt.
  void Build(const AttemptModel& model, const StringPool& strings, int32_t stage_id,
             int32_t attempt_id);
};

// The stage page's "Event Timeline" section: a collapsible header, the legend, then the
// zoomable timeline of state.task_timeline. Call from the stage view.
void DrawTaskTimelineSection(AppState& state);
// Writes "taskTimeline": {tasks, lanes, rows, drawnBars, foldedZones, foldedTasks, viewStartMs,
// viewEndMs} for a view's describe().
void DescribeTaskTimeline(const TaskTimelineModel& timeline, JsonWriter& out);

}  // namespace afterglow::ui
