#include "ui/time/time_views.h"

#include <algorithm>
#include <cstdio>

#include "ui/time/usage_chart.h"
#include "ui/widgets/chart.h"
#include "ui/widgets/chart_layout.h"
#include "ui/widgets/format.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/widgets.h"

namespace afterglow::ui {
namespace {

using time_analysis::AfterglowTimeFigures;

// [SECTION] Figures

void Figure(const char* caption, int64_t ms, float width) {
  char value[32];
  StatCard(caption, FormatDuration(ms, value, sizeof value), width);
}

void DrawFigureCards(const AfterglowTimeFigures& a) {
  constexpr int kCards = 5;
  const float width = (ImGui::GetContentRegionAvail().x -
                       ImGui::GetStyle().ItemSpacing.x * (kCards - 1)) / kCards;
  Figure("Actual wall-clock", a.wall_clock_ms, width);
  ImGui::SameLine();
  Figure("Driver (no job running)", a.driver_ms, width);
  ImGui::SameLine();
  Figure("Critical path", a.critical_path_ms, width);
  ImGui::SameLine();
  Figure("Ideal time", a.ideal_ms, width);
  ImGui::SameLine();
  char value[32];
  std::snprintf(value, sizeof value, "%.1f%%", a.usage.app.UsedPct());
  StatCard("Cluster utilisation", value, width);
}

}  // namespace

void DrawTimeFigures(AppState& state) {
  const TimeModel& model = state.time;
  if (!model.built()) return;
  SectionTitle("Where the time went");
  const time_analysis::TimeAnalysis* analysis = model.analysis();
  if (analysis == nullptr) {
    ImGui::TextColored(colors::kMuted, "No time analysis: %s.", model.problem().c_str());
    return;
  }
  const AfterglowTimeFigures& a = analysis->afterglow;
  DrawFigureCards(a);
  char critical[32], ideal[32], driver[32], in_jobs[32];
  ImGui::PushTextWrapPos(0);
  ImGui::Text("This application cannot run faster than %s, whatever the cluster: the driver's "
              "%s between jobs plus, in each job, its longest chain of stages with every stage "
              "as long as its longest task. With its cores kept busy and no skew it would take %s.",
              FormatDuration(a.critical_path_ms, critical, sizeof critical),
              FormatDuration(a.driver_ms, driver, sizeof driver),
              FormatDuration(a.ideal_ms, ideal, sizeof ideal));
  ImGui::TextColored(colors::kMuted,
                     "Inside jobs the driver ran no task for %s; cores were busy %.1f%% of the "
                     "time they were offered within jobs.",
                     FormatDuration(a.driver_in_jobs_ms, in_jobs, sizeof in_jobs),
                     a.in_jobs.UsedPct());
  ImGui::PopTextWrapPos();
  DrawUsageLegend();
  UsageChartPlace place;
  place.from_ms = analysis->facts.app_start_ms;
  place.to_ms = analysis->facts.app_end_ms;
  place.origin_ms = analysis->facts.app_start_ms;
  place.size = ImVec2(0, ImGui::GetFontSize() * 9);
  place.left_margin = ImGui::GetFontSize() * 4;
  DrawUsageChart("##overview-usage", model, model.overview_usage, place);
}

// [SECTION] What-if

void DrawWhatIf(const AppState& state) {
  const TimeModel& model = state.time;
  const time_analysis::TimeAnalysis* analysis = model.analysis();
  if (analysis == nullptr) return;
  SectionTitle("With more or fewer executors");
  const WhatIfSeries& s = model.what_if_series();
  if (!model.what_if_done()) {
    ImGui::TextColored(colors::kMuted, "Estimating\xe2\x80\xa6 %zu of the estimates done",
                       s.executors.size());
  }
  const AfterglowTimeFigures& a = analysis->afterglow;
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(colors::kMuted,
                     "A replay of the task scheduler over the recorded tasks: each task keeps its "
                     "duration, a stage starts when its parents finish, jobs run one group after "
                     "another as in the log, each executor has %d cores (%d per task), and the "
                     "driver's time outside jobs is unchanged. Shuffle and I/O contention, "
                     "executor start-up and dynamic allocation are not modelled.",
                     a.cores_per_executor, analysis->facts.cpus_per_task);
  ImGui::PopTextWrapPos();
  if (s.executors.empty()) return;
  const double actual_executors = static_cast<double>(a.executors);
  const double x_hi = NiceUpperBound(std::max(s.executors.back(), actual_executors));
  const double y_hi_ms = NiceUpperBound(std::max(
      *std::max_element(s.estimated_ms.begin(), s.estimated_ms.end()),
      static_cast<double>(a.wall_clock_ms)));
  const ChartMarkerLine actual[] = {{actual_executors, colors::kAccent, "actual run"}};
  const float width = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  const ImVec2 size(width, ImGui::GetFontSize() * 11);

  const ChartSeries time_series[] = {{SeriesKind::kLine, s.executors.data(),
                                      s.estimated_ms.data(), s.executors.size(),
                                      colors::kRunning, true}};
  ChartSpec time_spec;
  time_spec.x = {0, x_hi, ChartUnit::kCount};
  time_spec.y = {0, y_hi_ms, ChartUnit::kDuration};
  time_spec.series = time_series;
  time_spec.series_count = 1;
  time_spec.markers = actual;
  time_spec.marker_count = 1;
  ImGui::TextColored(colors::kMuted, "Estimated wall-clock against executors");
  const float caption_x = ImGui::GetCursorPosX();
  ImGui::SameLine(caption_x + width + ImGui::GetStyle().ItemSpacing.x);
  ImGui::TextColored(colors::kMuted, "Estimated cluster utilisation against executors");
  const ChartHover time_hover = Chart("##what-if-time", time_spec, size);
  ImGui::SameLine();
  const ChartSeries util_series[] = {{SeriesKind::kLine, s.executors.data(),
                                      s.utilization_pct.data(), s.executors.size(),
                                      colors::kSucceeded, true}};
  ChartSpec util_spec = time_spec;
  util_spec.y = {0, 100, ChartUnit::kPercent};
  util_spec.series = util_series;
  const ChartHover util_hover = Chart("##what-if-util", util_spec, size);
  const ChartHover& hover = time_hover.active ? time_hover : util_hover;
  if (!hover.active || hover.point < 0) return;
  const time_analysis::WhatIfRow& row = model.what_if_rows()[static_cast<size_t>(hover.point)];
  char executors[32], estimated[32];
  ImGui::BeginTooltip();
  ImGui::Text("%d%% of the run's executors: %s", row.percent,
              FormatCount(static_cast<uint64_t>(row.executor_count), executors, sizeof executors));
  ImGui::Text("estimated %s, utilisation %.1f%%",
              FormatDuration(row.estimated_ms, estimated, sizeof estimated), row.utilization_pct);
  ImGui::EndTooltip();
}

// [SECTION] Timeline

void DrawTimelineUsage(AppState& state, float label_width, float height) {
  const TimeModel& model = state.time;
  const time_analysis::TimeAnalysis* analysis = model.analysis();
  if (analysis == nullptr) return;
  const TimelineAxis& axis = state.app_timeline.axis;
  DrawUsageLegend();
  UsageChartPlace place;
  place.from_ms = static_cast<int64_t>(axis.view_start_ms);
  place.to_ms = static_cast<int64_t>(axis.view_end_ms);
  place.origin_ms = static_cast<int64_t>(axis.extent_start_ms);
  place.size = ImVec2(0, height);
  place.left_margin = label_width;
  place.right_margin = 0;
  DrawUsageChart("##timeline-usage", model, model.timeline_usage, place);
}

// [SECTION] Describe

void DescribeTime(const AppState& state, JsonWriter& out) {
  out.Key("time");
  const TimeModel& model = state.time;
  const time_analysis::TimeAnalysis* analysis = model.analysis();
  out.BeginObject();
  if (analysis == nullptr) {
    out.FieldBool("built", model.built());
    out.Field("problem", model.problem());
    out.EndObject();
    return;
  }
  const AfterglowTimeFigures& a = analysis->afterglow;
  out.FieldBool("built", true);
  out.FieldInt("wallClockMs", a.wall_clock_ms);
  out.FieldInt("driverWallClockMs", a.driver_ms);
  out.FieldInt("criticalPathAppTimeMs", a.critical_path_ms);
  out.FieldInt("idealAppTimeMs", a.ideal_ms);
  out.FieldInt("coreMillisAvailable", a.usage.app.available);
  out.FieldInt("coreMillisUsed", a.usage.app.used);
  out.FieldInt("peakCores", a.usage.peak_offered_cores);
  out.FieldInt("executorCount", a.executors);
  out.Key("whatIf");
  out.BeginObject();
  out.FieldBool("done", model.what_if_done());
  out.FieldInt("modelEstimateMs", model.model_estimate_ms());
  out.Key("estimates");
  out.BeginArray();
  for (const time_analysis::WhatIfRow& r : model.what_if_rows()) {
    out.BeginObject();
    out.FieldInt("percent", r.percent);
    out.FieldInt("executorCount", r.executor_count);
    out.FieldInt("estimatedTimeMs", r.estimated_ms);
    out.EndObject();
  }
  out.EndArray();
  out.EndObject();
  out.EndObject();
}

}  // namespace afterglow::ui
