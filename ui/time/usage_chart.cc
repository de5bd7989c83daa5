#include "ui/time/usage_chart.h"

#include <algorithm>
#include <cmath>

#include "core/analysis/time/core_usage_buckets.h"
#include "ui/widgets/chart.h"
#include "ui/widgets/chart_layout.h"
#include "ui/widgets/format.h"
#include "ui/widgets/theme.h"

namespace afterglow::ui {
namespace {

void Swatch(const ImVec4& color, const char* name) {
  const float size = ImGui::GetTextLineHeight() * 0.7f;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float y = std::round(at.y + (ImGui::GetTextLineHeight() - size) / 2);
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(std::round(at.x), y),
                                            ImVec2(std::round(at.x + size), y + std::round(size)),
                                            ImGui::GetColorU32(color));
  ImGui::Dummy(ImVec2(size, ImGui::GetTextLineHeight()));
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::TextUnformatted(name);  // text colour: a muted legend fades out on the light theme
}

ImVec4 Faded(const ImVec4& c, float alpha) { return ImVec4(c.x, c.y, c.z, c.w * alpha); }

}  // namespace

void DrawUsageLegend() {
  Swatch(colors::kAccent, "cores offered by executors");
  ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
  Swatch(colors::kRunning, "task slots busy (mean)");
  ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
  Swatch(Faded(colors::kRunning, 0.45f), "busy at peak");
}

void DrawUsageChart(const char* id, const TimeModel& model, CoreUsageSeries& cache,
                    const UsageChartPlace& place) {
  const time_analysis::TimeAnalysis* analysis = model.analysis();
  ImVec2 size = place.size;
  if (size.x <= 0) size.x = ImGui::GetContentRegionAvail().x;
  if (analysis == nullptr || place.to_ms <= place.from_ms) {
    ImGui::Dummy(size);
    return;
  }
  const float plot_width = std::max(1.0f, size.x - place.left_margin - ImGui::GetFontSize() * 3);
  const CoreUsageSeries& series =
      model.UsageFor(cache, place.from_ms, place.to_ms, static_cast<uint32_t>(plot_width));
  const ChartSeries drawn[] = {
      {SeriesKind::kStepArea, series.edges.data(), series.busy_max.data(), series.busy_max.size(),
       Faded(colors::kRunning, 0.45f)},
      {SeriesKind::kStepArea, series.edges.data(), series.busy_mean.data(),
       series.busy_mean.size(), colors::kRunning},
      {SeriesKind::kStepLine, series.offer_edges.data(), series.offer_cores.data(),
       series.offer_cores.size(), colors::kAccent},
  };
  ChartSpec spec;
  spec.x = {static_cast<double>(place.from_ms), static_cast<double>(place.to_ms),
            ChartUnit::kTimeOffset, static_cast<double>(place.origin_ms)};
  spec.y = {0, NiceUpperBound(series.peak_cores), ChartUnit::kCount};
  spec.series = drawn;
  spec.series_count = std::size(drawn);
  spec.left_margin = place.left_margin;
  spec.right_margin = place.right_margin;
  const ChartHover hover = Chart(id, spec, size);
  if (!hover.active) return;
  const int64_t at_ms = static_cast<int64_t>(std::llround(hover.x));
  const time_analysis::CoreUsageBucket at = time_analysis::CoreUsageAt(analysis->afterglow.usage, at_ms);
  char when[48], busy[32], offered[32];
  ImGui::BeginTooltip();
  ImGui::TextUnformatted(
      FormatChartValue(static_cast<double>(at_ms), ChartUnit::kTimeOffset,
                       static_cast<double>(place.origin_ms), 0, when, sizeof when));
  FormatCount(static_cast<uint64_t>(std::max(at.max_busy_cores, 0)), busy, sizeof busy);
  FormatCount(static_cast<uint64_t>(std::max(at.max_offered_cores, 0)), offered, sizeof offered);
  if (at.end_ms - at.start_ms <= 1) {
    ImGui::Text("%s of %s cores busy", busy, offered);
  } else {
    // The series keeps one bucket per stretch of a long run: its peaks and mean.
    char width[32];
    ImGui::Text("%s of %s cores busy at most", busy, offered);
    ImGui::TextColored(colors::kMuted, "%.1f busy on average over %s", at.mean_busy_cores,
                       FormatChartValue(static_cast<double>(at.end_ms - at.start_ms),
                                        ChartUnit::kDuration, 0, 0, width, sizeof width));
  }
  // The pixel under the cursor spans a stretch of time: its mean and peak.
  const auto bucket = std::upper_bound(series.edges.begin(), series.edges.end(), hover.x);
  const size_t i = static_cast<size_t>(std::max<std::ptrdiff_t>(0, bucket - series.edges.begin() - 1));
  if (i < series.busy_mean.size()) {
    ImGui::TextColored(colors::kMuted, "this pixel: %.1f busy on average, %.0f at most",
                       series.busy_mean[i], series.busy_max[i]);
  }
  ImGui::EndTooltip();
}

}  // namespace afterglow::ui
