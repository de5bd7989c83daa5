#include "ui/timeline/timeline_fold.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <queue>
#include <utility>

namespace afterglow::ui {

std::vector<std::vector<uint32_t>> PackRows(std::span<const TimeSpan> spans) {
  std::vector<uint32_t> by_start(spans.size());
  std::iota(by_start.begin(), by_start.end(), 0u);
  std::stable_sort(by_start.begin(), by_start.end(), [&](uint32_t a, uint32_t b) {
    return spans[a].start_ms < spans[b].start_ms;
  });
  std::vector<std::vector<uint32_t>> rows;
  // Busy rows by the time they free up, and free rows by number (lowest first).
  using Busy = std::pair<int64_t, uint32_t>;
  std::priority_queue<Busy, std::vector<Busy>, std::greater<Busy>> busy;
  std::priority_queue<uint32_t, std::vector<uint32_t>, std::greater<uint32_t>> free_rows;
  for (uint32_t index : by_start) {
    const TimeSpan& span = spans[index];
    while (!busy.empty() && busy.top().first <= span.start_ms) {
      free_rows.push(busy.top().second);
      busy.pop();
    }
    uint32_t row;
    if (!free_rows.empty()) {
      row = free_rows.top();
      free_rows.pop();
    } else {
      row = static_cast<uint32_t>(rows.size());
      rows.emplace_back();
    }
    rows[row].push_back(index);
    busy.push({std::max(span.end_ms, span.start_ms), row});
  }
  return rows;
}

void FoldRow(std::span<const TimeSpan> spans, std::span<const uint32_t> row, double view_start_ms,
             double view_end_ms, double pixels_per_ms, double min_px,
             std::vector<FoldedItem>& out) {
  if (row.empty() || pixels_per_ms <= 0) return;
  const double min_ms = min_px / pixels_per_ms;
  auto end_of = [&](size_t i) { return static_cast<double>(spans[row[i]].end_ms); };
  auto start_of = [&](size_t i) { return static_cast<double>(spans[row[i]].start_ms); };
  // Spans starting after the view are out of range: nothing past them is walked or folded in.
  const size_t n = static_cast<size_t>(
      std::upper_bound(row.begin(), row.end(), view_end_ms,
                       [&](double t, uint32_t index) { return t < spans[index].start_ms; }) -
      row.begin());
  // In a packed row ends are ordered like starts, so "first span ending at or after t" is a
  // binary search.
  auto first_ending_at_or_after = [&](size_t from, double t) {
    size_t lo = from, hi = n;
    while (lo < hi) {
      const size_t mid = lo + (hi - lo) / 2;
      if (end_of(mid) < t) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  };
  size_t i = first_ending_at_or_after(0, view_start_ms);
  while (i < n && start_of(i) <= view_end_ms) {
    if (end_of(i) - start_of(i) >= min_ms) {
      out.push_back({static_cast<uint32_t>(i), 1, spans[row[i]].start_ms, spans[row[i]].end_ms});
      ++i;
      continue;
    }
    // A narrow span opens a zone; it swallows what follows within min_ms of its end.
    size_t next = i + 1;
    double zone_end = end_of(i);
    while (next < n) {
      // Every span ending before zone_end + min_ms lies within min_ms of the zone: all fold in.
      const size_t k = first_ending_at_or_after(next, zone_end + min_ms);
      if (k > next) {
        zone_end = std::max(zone_end, end_of(k - 1));
        next = k;
        continue;
      }
      // The next span ends further out: it folds in only if it is narrow and close.
      if (end_of(k) - start_of(k) < min_ms && start_of(k) - zone_end < min_ms) {
        zone_end = end_of(k);
        next = k + 1;
        continue;
      }
      break;
    }
    out.push_back({static_cast<uint32_t>(i), static_cast<uint32_t>(next - i),
                   spans[row[i]].start_ms, static_cast<int64_t>(zone_end)});
    i = next;
  }
}

std::span<const FoldedItem> FoldCache::Row(std::span<const TimeSpan> spans,
                                           const std::vector<std::vector<uint32_t>>& rows,
                                           size_t r, double view_start_ms, double view_end_ms,
                                           double pixels_per_ms, double min_px) {
  const Key key{spans.data(), spans.size(), &rows, rows.size(),
                view_start_ms, view_end_ms, pixels_per_ms, min_px};
  if (!valid_ || !(key == key_)) {
    key_ = key;
    valid_ = true;
    // assign() keeps the capacity: after the first zoom level nothing here allocates.
    row_begin_.assign(rows.size(), kNotFolded);
    row_end_.assign(rows.size(), kNotFolded);
    items_.clear();
  }
  if (row_begin_[r] == kNotFolded) {
    row_begin_[r] = static_cast<uint32_t>(items_.size());
    FoldRow(spans, rows[r], view_start_ms, view_end_ms, pixels_per_ms, min_px, items_);
    row_end_[r] = static_cast<uint32_t>(items_.size());
    ++rows_folded_;
  }
  return std::span<const FoldedItem>(items_.data() + row_begin_[r], items_.data() + row_end_[r]);
}

void FoldCache::Invalidate() { valid_ = false; }

}  // namespace afterglow::ui
