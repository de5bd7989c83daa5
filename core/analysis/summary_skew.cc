#include "core/analysis/summary_skew.h"

namespace afterglow {

SummarySkew SummaryRowSkew(SkewMeasure measure, double median, double p75, double max,
                           const DiagnosticRules& rules) {
  SummarySkew skew;
  skew.ratio = median > 0 ? max / median : 0;
  if (!(max > rules.summary_skew_max_over_p75 * p75)) return skew;
  double material = 0;
  switch (measure) {
    case SkewMeasure::kMillis: material = static_cast<double>(rules.summary_skew_min_gap_ms); break;
    case SkewMeasure::kNanos:
      material = static_cast<double>(rules.summary_skew_min_gap_ms) * 1e6;
      break;
    case SkewMeasure::kBytes: material = static_cast<double>(rules.summary_skew_min_gap_bytes); break;
  }
  skew.skewed = max - median >= material;
  return skew;
}

}  // namespace afterglow
