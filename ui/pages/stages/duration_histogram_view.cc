#include "ui/pages/stages/duration_histogram_view.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "ui/widgets/chart.h"
#include "ui/widgets/chart_layout.h"
#include "ui/widgets/format.h"
#include "ui/widgets/theme.h"

namespace afterglow::ui {

void DrawDurationHistogram(const StagePageModel& page) {
  const ValueHistogram& h = page.duration_histogram;
  if (!page.has_summary || h.counts.empty()) return;
  const SummaryRow* duration = page.FindSummary(SummaryField::kExecutorRunTime);
  const float em = ImGui::GetFontSize();
  ImGui::TextColored(colors::kMuted,
                     "Task durations: %llu tasks, the Duration row's quantiles dashed",
                     static_cast<unsigned long long>(h.values));
  const ChartSeries bars[] = {{SeriesKind::kStepArea, page.duration_bin_edges.data(),
                               page.duration_bin_counts.data(), page.duration_bin_counts.size(),
                               colors::kAccent}};
  static constexpr std::array<const char*, 5> kNames = {"min", "p25", "median", "p75", "max"};
  std::array<ChartMarkerLine, 5> marks{};
  size_t mark_count = 0;
  if (duration != nullptr) {
    for (size_t i = 0; i < kNames.size() && i < duration->values.size(); ++i) {
      if (std::isnan(duration->values[i])) continue;
      marks[mark_count++] = {duration->values[i], ImGui::GetStyleColorVec4(ImGuiCol_Text), kNames[i]};
    }
  }
  ChartSpec spec;
  spec.x = {page.duration_bin_edges.front(), page.duration_bin_edges.back(), ChartUnit::kDuration};
  spec.y = {0, NiceUpperBound(h.most), ChartUnit::kCount};
  spec.series = bars;
  spec.series_count = std::size(bars);
  spec.markers = marks.data();
  spec.marker_count = mark_count;
  const ChartHover hover =
      Chart("##duration-histogram", spec, ImVec2(std::min(ImGui::GetContentRegionAvail().x, em * 60), em * 11));
  if (!hover.active) return;
  const int64_t bin = h.BinOf(static_cast<int64_t>(std::floor(hover.x)));
  if (bin < 0) return;
  char from[32], to[32], count[32];
  ImGui::BeginTooltip();
  ImGui::Text("%s %s", FormatCount(h.counts[bin], count, sizeof count),
              h.counts[bin] == 1 ? "task" : "tasks");
  ImGui::TextColored(colors::kMuted, "from %s to under %s",
                     FormatDuration(h.bin_start(static_cast<size_t>(bin)), from, sizeof from),
                     FormatDuration(h.bin_end(static_cast<size_t>(bin)), to, sizeof to));
  ImGui::EndTooltip();
}

}  // namespace afterglow::ui
