#include "core/analysis/streaming/streaming_statistics.h"

#include <algorithm>
#include <cmath>

namespace afterglow::streaming {
namespace {

// UIUtils.withNumberInvalid.
double StreamingRateOrZero(double value) { return std::isfinite(value) ? value : 0.0; }

template <typename Value>
Series StreamingSeriesOf(const std::vector<StreamingProgress>& progress, Value value) {
  Series series;
  series.reserve(progress.size());
  for (const StreamingProgress& p : progress) series.push_back({p.timestamp_ms, value(p)});
  return series;
}

bool LastReportHasStateOperators(const std::vector<StreamingProgress>& progress) {
  return !progress.empty() && progress.back().state_operators > 0;
}

template <typename Value>
Series StreamingStateSeriesOf(const std::vector<StreamingProgress>& progress, Value value) {
  if (!LastReportHasStateOperators(progress)) return {};
  return StreamingSeriesOf(progress, [&](const StreamingProgress& p) { return static_cast<double>(value(p)); });
}

}  // namespace

Series InputRateSeries(const std::vector<StreamingProgress>& progress) {
  return StreamingSeriesOf(progress,
                  [](const StreamingProgress& p) { return StreamingRateOrZero(p.input_rows_per_second); });
}

Series ProcessRateSeries(const std::vector<StreamingProgress>& progress) {
  return StreamingSeriesOf(progress, [](const StreamingProgress& p) {
    return StreamingRateOrZero(p.processed_rows_per_second);
  });
}

Series InputRowsSeries(const std::vector<StreamingProgress>& progress) {
  return StreamingSeriesOf(progress,
                  [](const StreamingProgress& p) { return static_cast<double>(p.num_input_rows); });
}

Series BatchDurationSeries(const std::vector<StreamingProgress>& progress) {
  return StreamingSeriesOf(progress,
                  [](const StreamingProgress& p) { return static_cast<double>(p.batch_duration); });
}

OperationDurations OperationDurationSeries(const std::vector<StreamingProgress>& progress,
                                           const StringPool& pool) {
  OperationDurations out;
  for (const StreamingProgress& p : progress) {
    for (const auto& [name_id, ms] : p.duration_ms) {
      const std::string_view name = pool.Get(name_id);
      if (name == "triggerExecution") continue;
      if (std::find(out.names.begin(), out.names.end(), name) == out.names.end()) {
        out.names.push_back(name);
      }
    }
  }
  std::sort(out.names.begin(), out.names.end());
  out.values.assign(out.names.size(), std::vector<double>(progress.size(), 0.0));
  out.times_ms.reserve(progress.size());
  for (size_t report = 0; report < progress.size(); ++report) {
    const StreamingProgress& p = progress[report];
    out.times_ms.push_back(p.timestamp_ms);
    for (const auto& [name_id, ms] : p.duration_ms) {
      const auto it = std::lower_bound(out.names.begin(), out.names.end(), pool.Get(name_id));
      if (it == out.names.end() || *it != pool.Get(name_id)) continue;  // triggerExecution
      // A name written twice in one report: the JSON map keeps the last.
      out.values[static_cast<size_t>(it - out.names.begin())][report] = static_cast<double>(ms);
    }
  }
  return out;
}

Series WatermarkGapSeries(const std::vector<StreamingProgress>& progress) {
  Series series;
  if (progress.empty() || !progress.back().has_watermark) return series;
  for (const StreamingProgress& p : progress) {
    if (!p.has_watermark || p.watermark_ms <= 0) continue;
    series.push_back({p.timestamp_ms, static_cast<double>(p.timestamp_ms - p.watermark_ms) / 1000.0});
  }
  return series;
}

Series StateRowsTotalSeries(const std::vector<StreamingProgress>& progress) {
  return StreamingStateSeriesOf(progress, [](const StreamingProgress& p) { return p.state_rows_total; });
}

Series StateRowsUpdatedSeries(const std::vector<StreamingProgress>& progress) {
  return StreamingStateSeriesOf(progress, [](const StreamingProgress& p) { return p.state_rows_updated; });
}

Series StateMemoryUsedBytesSeries(const std::vector<StreamingProgress>& progress) {
  return StreamingStateSeriesOf(progress,
                       [](const StreamingProgress& p) { return p.state_memory_used_bytes; });
}

Series StateRowsDroppedByWatermarkSeries(const std::vector<StreamingProgress>& progress) {
  return StreamingStateSeriesOf(progress, [](const StreamingProgress& p) {
    return p.state_rows_dropped_by_watermark;
  });
}

double SeriesMax(const Series& series) {
  double top = 0;
  bool any = false;
  for (const SeriesPoint& point : series) {
    top = any ? std::max(top, point.value) : point.value;
    any = true;
  }
  return top;
}

}  // namespace afterglow::streaming
