#include "core/analysis/value_histogram.h"

#include <algorithm>

namespace afterglow {
namespace {

// Floor division for negative values too (a duration is never negative, but a value may be).
int64_t FloorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

// The least width of 1, 2 or 5 times a power of ten whose bins from a multiple of it at or below
// `lo` reach past `hi` in at most `max_bins` bins.
int64_t RoundWidth(int64_t lo, int64_t hi, uint32_t max_bins) {
  for (int64_t decade = 1;; decade *= 10) {
    for (int64_t m : {1, 2, 5}) {
      const int64_t w = m * decade;
      const int64_t bins = FloorDiv(hi, w) - FloorDiv(lo, w) + 1;
      if (bins <= static_cast<int64_t>(max_bins)) return w;
    }
    if (decade > INT64_MAX / 100) return decade * 10;
  }
}

}  // namespace

int64_t ValueHistogram::BinOf(int64_t value) const {
  if (counts.empty() || value < lo) return -1;
  const int64_t k = (value - lo) / bin_width;
  return k < static_cast<int64_t>(counts.size()) ? k : -1;
}

ValueHistogram HistogramOfSorted(std::span<const int64_t> sorted, uint32_t max_bins) {
  ValueHistogram h;
  if (sorted.empty() || max_bins == 0) return h;
  const int64_t least = sorted.front(), most = sorted.back();
  h.bin_width = RoundWidth(least, most, max_bins);
  h.lo = FloorDiv(least, h.bin_width) * h.bin_width;
  h.counts.assign(static_cast<size_t>(FloorDiv(most, h.bin_width) - FloorDiv(least, h.bin_width) + 1), 0);
  for (int64_t v : sorted) ++h.counts[static_cast<size_t>((v - h.lo) / h.bin_width)];
  h.values = sorted.size();
  h.most = *std::max_element(h.counts.begin(), h.counts.end());
  return h;
}

}  // namespace afterglow
