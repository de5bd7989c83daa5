// The skew test of one row of the stage page's summary table (the quantiles of one task metric):
// decided here so the page only paints what it is told. Thresholds in DiagnosticRules.
#pragma once

#include "core/analysis/diagnostics.h"

namespace afterglow {

// What a summary row's values measure, which sets what counts as a material difference.
enum class SkewMeasure : uint8_t { kMillis, kNanos, kBytes };

struct SummarySkew {
  bool skewed = false;  // max > rules' factor x p75 and max - median material
  double ratio = 0;     // max / median; 0 when the median is 0
};

SummarySkew SummaryRowSkew(SkewMeasure measure, double median, double p75, double max,
                           const DiagnosticRules& rules = DiagnosticRules());

}  // namespace afterglow
