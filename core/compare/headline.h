// The few changes that account for most of the difference in wall-clock time between two runs,
// each pointing at its aligned pair: the SQL executions and the jobs outside SQL whose duration
// moved the same way as the whole run's, largest first, until they cover most of the
// difference; inside each, the stage pair that moved most that way. A one-sided item counts its
// whole duration (a query only B ran adds its time to B).
#pragma once

#include <cstdint>
#include <vector>

#include "core/compare/align_runs.h"
#include "core/compare/run_entities.h"

namespace afterglow::compare {

struct HeadlineRules {
  size_t max_items = 3;
  // Items are taken until they cover this share of the wall-clock difference...
  double share_to_cover = 0.8;
  // ...and each must move at least this share of it, so noise is never a headline.
  double min_share = 0.05;
};

enum class HeadlineLevel : uint8_t { kSql, kJob };

struct HeadlineItem {
  HeadlineLevel level = HeadlineLevel::kSql;
  int row = -1;           // index into RunAlignment::sql or ::jobs
  int64_t delta_ms = 0;   // B's duration minus A's
  int stage_row = -1;     // index into RunAlignment::stages, -1 when none moved that way
  int64_t stage_delta_ms = 0;
};

// `wall_delta_ms`: B's wall-clock duration minus A's; when unknown, pass the sum of the items'
// deltas (CompareRuns does). Empty when the runs took equally long.
std::vector<HeadlineItem> PickHeadline(const RunEntities& a, const RunEntities& b,
                                       const RunAlignment& rows, int64_t wall_delta_ms,
                                       const HeadlineRules& rules = HeadlineRules());

// A row's duration change: B's minus A's, a missing side or unknown duration counting 0.
int64_t RowDeltaMs(int64_t duration_a, int64_t duration_b);

}  // namespace afterglow::compare
