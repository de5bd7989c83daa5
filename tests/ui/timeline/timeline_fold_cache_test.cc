// FoldCache (ui/timeline/timeline_fold.h): a cached row's items are exactly what FoldRow gives for the
// same arguments; a row asked for again under the same zoom is not folded again; a change of
// zoom, pan, time-area width (pixels per ms) or data folds afresh; rows scrolled into view are
// folded then and rows seen before are kept. Hand-built random rows, checked against FoldRow.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "ui/timeline/timeline_fold.h"
#include "ui/timeline/timeline_rows.h"

namespace afterglow::ui {
namespace timeline_fold_cache_test {

constexpr double kMinPx = 3.0;

// 3,000 spans over 100 s, 5 ms to 2 s long, packed into rows.
struct Lane {
  std::vector<TimeSpan> spans;
  std::vector<std::vector<uint32_t>> rows;
};
Lane RandomLane(uint32_t seed) {
  std::mt19937 random(seed);
  std::uniform_int_distribution<int64_t> start(0, 100'000), length(5, 2'000);
  Lane lane;
  lane.spans.resize(3000);
  for (TimeSpan& s : lane.spans) {
    s.start_ms = start(random);
    s.end_ms = s.start_ms + length(random);
  }
  lane.rows = PackRows(lane.spans);
  return lane;
}

std::vector<FoldedItem> Uncached(const Lane& lane, size_t r, double from, double to, double ppm) {
  std::vector<FoldedItem> items;
  FoldRow(lane.spans, lane.rows[r], from, to, ppm, kMinPx, items);
  return items;
}

void ExpectSameItems(std::span<const FoldedItem> cached, const std::vector<FoldedItem>& fresh) {
  ASSERT_EQ(cached.size(), fresh.size());
  for (size_t i = 0; i < fresh.size(); ++i) {
    EXPECT_EQ(cached[i].first, fresh[i].first) << "item " << i;
    EXPECT_EQ(cached[i].count, fresh[i].count) << "item " << i;
    EXPECT_EQ(cached[i].start_ms, fresh[i].start_ms) << "item " << i;
    EXPECT_EQ(cached[i].end_ms, fresh[i].end_ms) << "item " << i;
  }
}

TEST(TimelineFoldCache, CachedRowsEqualUncachedFoldsAtEveryZoom) {
  const Lane lane = RandomLane(7);
  ASSERT_GT(lane.rows.size(), 10u);
  FoldCache cache;
  // Whole extent, a zoom into the middle, a deep zoom where nothing folds, and back.
  const double views[][2] = {{0, 102'000}, {40'000, 60'000}, {50'000, 50'500}, {0, 102'000}};
  for (const auto& view : views) {
    const double ppm = 1400 / (view[1] - view[0]);
    for (int pass = 0; pass < 2; ++pass) {  // the second pass is served from the cache
      for (size_t r = 0; r < lane.rows.size(); ++r) {
        SCOPED_TRACE(::testing::Message() << "view " << view[0] << ".." << view[1] << " row " << r);
        ExpectSameItems(cache.Row(lane.spans, lane.rows, r, view[0], view[1], ppm, kMinPx),
                        Uncached(lane, r, view[0], view[1], ppm));
      }
    }
  }
}

TEST(TimelineFoldCache, SameZoomFoldsEachRowOnce) {
  const Lane lane = RandomLane(11);
  FoldCache cache;
  for (int frame = 0; frame < 5; ++frame) {
    for (size_t r = 0; r < 4; ++r) cache.Row(lane.spans, lane.rows, r, 0, 102'000, 0.0137, kMinPx);
  }
  EXPECT_EQ(cache.rows_folded(), 4u);
}

TEST(TimelineFoldCache, RowsScrolledIntoViewFoldThenAndRowsSeenBeforeStay) {
  const Lane lane = RandomLane(13);
  ASSERT_GE(lane.rows.size(), 8u);
  FoldCache cache;
  for (size_t r = 0; r < 4; ++r) cache.Row(lane.spans, lane.rows, r, 0, 102'000, 0.0137, kMinPx);
  for (size_t r = 2; r < 8; ++r) {  // scrolled down by two rows, then four more
    ExpectSameItems(cache.Row(lane.spans, lane.rows, r, 0, 102'000, 0.0137, kMinPx),
                    Uncached(lane, r, 0, 102'000, 0.0137));
  }
  EXPECT_EQ(cache.rows_folded(), 8u);  // rows 4..7 are new; 2 and 3 were kept
}

// Each change of the key folds the row again, and the items are those of the new arguments.
TEST(TimelineFoldCache, ZoomPanWidthAndDataChangesFoldAfresh) {
  Lane lane = RandomLane(17);
  FoldCache cache;
  const size_t r = 0;
  uint64_t folds = 0;
  auto expect_refold = [&](double from, double to, double ppm, const char* what) {
    SCOPED_TRACE(what);
    ExpectSameItems(cache.Row(lane.spans, lane.rows, r, from, to, ppm, kMinPx),
                    Uncached(lane, r, from, to, ppm));
    EXPECT_EQ(cache.rows_folded(), ++folds);
  };
  expect_refold(0, 100'000, 0.014, "first fold");
  expect_refold(0, 50'000, 0.028, "zoom: a narrower range on the same width");
  expect_refold(10'000, 60'000, 0.028, "pan: the same span moved");
  expect_refold(10'000, 60'000, 0.020, "width: the same range on a narrower time area");

  // The data changes in place (same vectors): the owner invalidates.
  for (TimeSpan& s : lane.spans) s.end_ms = s.start_ms + 1;
  cache.Invalidate();
  expect_refold(10'000, 60'000, 0.020, "data changed in place");

  // Other data (other vectors) at the same zoom is folded without being told.
  const Lane other = RandomLane(19);
  ExpectSameItems(cache.Row(other.spans, other.rows, r, 10'000, 60'000, 0.020, kMinPx),
                  Uncached(other, r, 10'000, 60'000, 0.020));
  EXPECT_EQ(cache.rows_folded(), ++folds);
}

// The per-frame walk (ui/timeline/timeline_rows.h) folds through the lane's cache: frames at one zoom fold
// nothing after the first, a zoom folds the visible rows again.
TEST(TimelineFoldCache, ForEachVisibleItemFoldsOnlyWhenTheViewChanges) {
  const Lane lane = RandomLane(23);
  TimelineAxis axis;
  axis.SetExtent(0, 102'000);
  const LaneRowsPlacement placement = TimelinePlacement(10, 1, 2, 0, 1000, 100, 1400);
  const size_t visible = std::min<size_t>(lane.rows.size(), 101);  // rows 0..100 meet 0..1000
  FoldCache cache;
  size_t items = 0;
  for (int frame = 0; frame < 3; ++frame) {
    ForEachVisibleItem(axis, lane.spans, lane.rows, placement, cache,
                       [&](const PlacedItem&) { ++items; });
  }
  EXPECT_GT(items, 0u);
  EXPECT_EQ(cache.rows_folded(), visible);
  axis.ZoomAround(50'000, 0.5);
  ForEachVisibleItem(axis, lane.spans, lane.rows, placement, cache, [](const PlacedItem&) {});
  EXPECT_EQ(cache.rows_folded(), 2 * visible);
}

}  // namespace timeline_fold_cache_test
}  // namespace afterglow::ui
