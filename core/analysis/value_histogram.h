// A histogram of integer values (task durations in ms, say): bins of one round width (1, 2 or 5
// times a power of ten) starting at a multiple of it, so their edges read well on an axis, and as
// few bins as cover the values in at most `max_bins`. The stage page draws the one of its
// summary's task durations; the bins are counted here, the view only draws them.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace afterglow {

struct ValueHistogram {
  int64_t lo = 0;         // where bin 0 starts: a multiple of bin_width, at most the least value
  int64_t bin_width = 1;  // bin k holds the values in [lo + k * bin_width, lo + (k + 1) * bin_width)
  std::vector<uint32_t> counts;
  uint64_t values = 0;    // the values binned (the counts' sum)
  uint32_t most = 0;      // the largest count

  int64_t bin_start(size_t k) const { return lo + static_cast<int64_t>(k) * bin_width; }
  int64_t bin_end(size_t k) const { return bin_start(k + 1); }
  // The bin holding `value`, or -1 outside the bins.
  int64_t BinOf(int64_t value) const;
};

// `sorted` ascending; no bins when it is empty or max_bins is 0.
ValueHistogram HistogramOfSorted(std::span<const int64_t> sorted, uint32_t max_bins);

}  // namespace afterglow
