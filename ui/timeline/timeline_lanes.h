// Timelines of named lanes holding labelled bars (jobs, stages, executors' lifetimes, SQL
// executions) on one zoomable axis: the model (bars packed into non-overlapping rows, built once)
// and its drawing, shared by #/timeline, the jobs page's event timeline and the executors page.
// Narrow bars fold into "N items" zones as in the task timeline, so thousands of jobs stay fast.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/api/json_writer.h"
#include "ui/app/route.h"
#include "ui/timeline/timeline_axis.h"
#include "ui/timeline/timeline_fold.h"

namespace afterglow::ui {

struct AppState;

// The colour a bar takes, as Spark's timeline-view.css colours its items.
enum class BarKind : uint8_t {
  kSucceeded,        // completed job / stage / query, live executor
  kFailed,           // failed job / stage / query
  kRunning,          // no end in the log
  kOther,            // pending or unknown
  kExecutorRemoved,  // an executor's lifetime that ended with a removal
};

// Where a click on a bar goes: a job, a stage attempt or a query (a Route of these three fields;
// the whole Route, with its strings, would cost more than the bar, and a log may hold a million).
struct BarLink {
  ViewId view = ViewId::kOverview;
  int64_t id = -1;
  int32_t attempt = -1;

  Route ToRoute() const { return Route{view, id, attempt}; }
  bool operator==(const Route& route) const { return route == ToRoute(); }
};

struct LaneBar {
  TimeSpan span;
  BarKind kind = BarKind::kOther;
  bool open_end = false;  // still running at the log's end: drawn to the end, fading
  bool end_markers = false;  // an executor: add (and remove) markers at its ends
  bool has_link = false;
  BarLink link;           // where a click goes
  uint32_t item = 0;      // what the lane's hover_text may read besides the link (an executor's index)
  std::string label;      // drawn inside the bar when it fits
};

struct TimelineLane {
  std::string title;             // "Jobs", "Stages", "Executors", "SQL"
  const char* item_name = "items";  // plural noun for folded zones: "jobs"
  bool row_per_bar = false;      // one row per bar in bar order (executors list), else packed
  // Writes the hovered bar's tooltip from the entity it shows (its link or `item`): a tooltip is
  // several times its bar, and is read for one bar at a time. Null: bars have no tooltip.
  std::string (*hover_text)(const AppState& state, const LaneBar& bar) = nullptr;
  // The last tooltip hover_text wrote and its bar's index, so that frames over the same bar
  // allocate nothing (a rebuild makes new lanes, which start with none).
  std::string hovered_text;
  int64_t hovered_bar = -1;
  std::vector<LaneBar> bars;
  std::vector<TimeSpan> spans;   // bars' spans, for folding
  std::vector<std::vector<uint32_t>> rows;  // indices into bars
  uint32_t drawn_bars = 0, folded_zones = 0;  // in the last frame
  FoldCache fold_cache;  // the rows' folds at the current zoom, kept across frames
};

struct LaneTimelineModel {
  std::vector<TimelineLane> lanes;
  TimelineAxis axis;

  // Drops the lanes; the axis keeps its view so a rebuild mid-load does not undo the user's zoom.
  void Clear() { lanes.clear(); }
  // Packs every lane's bars into rows and sets the axis's extent to cover all bars. A zoomed view
  // stays where it was (clipped to the new extent); an unzoomed one shows the whole new extent.
  void Finish();
  size_t BarCount() const;
};

// Draws the lanes at the cursor, at most `max_height` pixels tall (taller content scrolls).
// Clicking a bar with a link navigates there.
void DrawLaneTimeline(AppState& state, LaneTimelineModel& timeline, const char* id,
                      float max_height);
// A row of colour swatches naming the bar kinds (with `succeeded_name` for kSucceeded).
void DrawLaneLegend(const char* succeeded_name, bool with_executors);
// Writes "lanes": [{title, bars, rows, drawnBars, foldedZones}], "viewStartMs", "viewEndMs".
void DescribeLaneTimeline(const LaneTimelineModel& timeline, JsonWriter& out);

}  // namespace afterglow::ui
