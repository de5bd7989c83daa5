#include "core/compare/headline.h"

#include <algorithm>
#include <cstdlib>

namespace afterglow::compare {
namespace {

int64_t Known(int64_t duration) { return duration > 0 ? duration : 0; }

template <typename Entity>
int64_t DeltaOf(const std::vector<Entity>& a, const std::vector<Entity>& b, AlignedIndex row) {
  return RowDeltaMs(row.a >= 0 ? a[static_cast<size_t>(row.a)].metrics.duration_ms : -1,
                    row.b >= 0 ? b[static_cast<size_t>(row.b)].metrics.duration_ms : -1);
}

}  // namespace

int64_t RowDeltaMs(int64_t duration_a, int64_t duration_b) {
  return Known(duration_b) - Known(duration_a);
}

std::vector<HeadlineItem> PickHeadline(const RunEntities& a, const RunEntities& b,
                                       const RunAlignment& rows, int64_t wall_delta_ms,
                                       const HeadlineRules& rules) {
  std::vector<HeadlineItem> candidates;
  for (size_t r = 0; r < rows.sql.size(); ++r) {
    candidates.push_back({HeadlineLevel::kSql, static_cast<int>(r), DeltaOf(a.sql, b.sql, rows.sql[r])});
  }
  for (size_t r = 0; r < rows.jobs.size(); ++r) {
    if (rows.job_parent[r] >= 0) continue;
    candidates.push_back(
        {HeadlineLevel::kJob, static_cast<int>(r), DeltaOf(a.jobs, b.jobs, rows.jobs[r])});
  }
  int64_t target = wall_delta_ms;
  if (target == 0) return {};
  const int sign = target > 0 ? 1 : -1;
  std::stable_sort(candidates.begin(), candidates.end(),
                   [&](const HeadlineItem& x, const HeadlineItem& y) {
                     return x.delta_ms * sign > y.delta_ms * sign;
                   });
  const double whole = static_cast<double>(std::llabs(target));
  std::vector<HeadlineItem> picked;
  int64_t covered = 0;
  for (HeadlineItem& item : candidates) {
    if (picked.size() >= rules.max_items) break;
    if (static_cast<double>(covered) >= rules.share_to_cover * whole) break;
    const int64_t moved = item.delta_ms * sign;
    if (moved <= 0 || static_cast<double>(moved) < rules.min_share * whole) break;
    covered += moved;
    picked.push_back(item);
  }
  // The stage that moved most the same way, among the stages under each picked item.
  for (HeadlineItem& item : picked) {
    int64_t best = 0;
    for (size_t s = 0; s < rows.stages.size(); ++s) {
      const int job_row = rows.stage_parent[s];
      if (job_row < 0) continue;
      const bool under = item.level == HeadlineLevel::kJob
                             ? job_row == item.row
                             : rows.job_parent[static_cast<size_t>(job_row)] == item.row;
      if (!under) continue;
      const int64_t delta = DeltaOf(a.stages, b.stages, rows.stages[s]);
      if (delta * sign > best) {
        best = delta * sign;
        item.stage_row = static_cast<int>(s);
        item.stage_delta_ms = delta;
      }
    }
  }
  return picked;
}

}  // namespace afterglow::compare
