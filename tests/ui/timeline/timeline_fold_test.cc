// Lane packing and folding (ui/timeline/timeline_fold.h): packing never overlaps and places every span
// once in as many rows as the peak concurrency; folding covers every span in the visible range
// exactly once, unfolds when zoomed in, and draws a number of items bounded by the pixel width,
// for hand-built rows, a synthetic 100,000-task stage and the biggest stage of the GPU corpus log.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "tests/ui/headless_ui.h"
#include "ui/timeline/task_timeline.h"
#include "ui/timeline/timeline_fold.h"

namespace afterglow::ui {
namespace timeline_fold_test {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

// The most spans running at one instant, by a sweep over start/end events (ends before starts at
// the same time, as packing lets a span start when another ends).
size_t PeakConcurrency(const std::vector<TimeSpan>& spans) {
  std::vector<std::pair<int64_t, int>> events;
  for (const TimeSpan& s : spans) {
    events.push_back({s.start_ms, +1});
    events.push_back({s.end_ms, -1});
  }
  std::sort(events.begin(), events.end());  // -1 sorts before +1 at equal times
  int running = 0, peak = 0;
  for (const auto& [time, delta] : events) peak = std::max(peak, running += delta);
  return static_cast<size_t>(peak);
}

void ExpectValidPacking(const std::vector<TimeSpan>& spans,
                        const std::vector<std::vector<uint32_t>>& rows) {
  std::vector<int> seen(spans.size(), 0);
  for (const auto& row : rows) {
    for (size_t i = 0; i < row.size(); ++i) {
      ++seen[row[i]];
      if (i > 0) {
        EXPECT_LE(spans[row[i - 1]].end_ms, spans[row[i]].start_ms) << "overlap in a row";
      }
    }
  }
  for (size_t i = 0; i < spans.size(); ++i) EXPECT_EQ(seen[i], 1) << "span " << i;
}

std::vector<TimeSpan> RandomSpans(size_t count, uint32_t seed, int64_t horizon_ms,
                                  int64_t max_length_ms) {
  std::mt19937 random(seed);
  std::uniform_int_distribution<int64_t> start(0, horizon_ms);
  std::uniform_int_distribution<int64_t> length(0, max_length_ms);
  std::vector<TimeSpan> spans(count);
  for (TimeSpan& s : spans) {
    s.start_ms = start(random);
    s.end_ms = s.start_ms + length(random);
  }
  return spans;
}

size_t SpansInRange(const std::vector<TimeSpan>& spans, const std::vector<uint32_t>& row,
                    double from, double to) {
  size_t count = 0;
  for (uint32_t i : row) count += spans[i].end_ms >= from && spans[i].start_ms <= to;
  return count;
}

TEST(TimelineFold, PackingHandBuiltSpansUsesLowestFreeRow) {
  // 0-10 and 10-20 share a row (touching is not overlapping); 5-15 needs a second row.
  const std::vector<TimeSpan> spans = {{0, 10}, {5, 15}, {10, 20}, {16, 30}};
  const auto rows = PackRows(spans);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0], (std::vector<uint32_t>{0, 2}));
  EXPECT_EQ(rows[1], (std::vector<uint32_t>{1, 3}));
}

TEST(TimelineFold, PackingNeverOverlapsAndUsesPeakConcurrencyRows) {
  for (uint32_t seed = 1; seed <= 5; ++seed) {
    const auto spans = RandomSpans(3000, seed, 100000, 2000);
    const auto rows = PackRows(spans);
    ExpectValidPacking(spans, rows);
    EXPECT_EQ(rows.size(), PeakConcurrency(spans));
  }
}

TEST(TimelineFold, FoldingCoversEverySpanInRangeExactlyOnce) {
  const auto spans = RandomSpans(5000, 7, 1000000, 400);
  const auto rows = PackRows(spans);
  std::vector<FoldedItem> items;
  for (double ppm : {0.0005, 0.01, 0.5, 5.0}) {
    for (auto [from, to] : {std::pair{0.0, 1e6}, std::pair{250000.0, 260000.0}}) {
      for (const auto& row : rows) {
        items.clear();
        FoldRow(spans, row, from, to, ppm, 3.0, items);
        size_t covered = 0;
        uint32_t next_position = 0;
        for (const FoldedItem& item : items) {
          EXPECT_GE(item.first, next_position) << "items overlap";
          next_position = item.first + item.count;
          covered += item.count;
          // A zone spans exactly its first span's start to its last span's end.
          EXPECT_EQ(item.start_ms, spans[row[item.first]].start_ms);
          EXPECT_EQ(item.end_ms, spans[row[item.first + item.count - 1]].end_ms);
        }
        EXPECT_EQ(covered, SpansInRange(spans, row, from, to)) << "ppm " << ppm;
      }
    }
  }
}

TEST(TimelineFold, WideSpansStayBarsAndZoomingInUnfolds) {
  const std::vector<TimeSpan> spans = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {100, 400}};
  const std::vector<uint32_t> row = {0, 1, 2, 3, 4};
  std::vector<FoldedItem> items;
  // 0.5 px per ms: the four 1 ms spans (0.5 px) fold into one zone; the 300 ms span is 150 px.
  FoldRow(spans, row, 0, 400, 0.5, 3.0, items);
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].count, 4u);
  EXPECT_EQ(items[0].end_ms, 7);
  EXPECT_EQ(items[1].count, 1u);
  EXPECT_EQ(items[1].first, 4u);
  // 10 px per ms: every span is wider than 3 px.
  items.clear();
  FoldRow(spans, row, 0, 400, 10.0, 3.0, items);
  ASSERT_EQ(items.size(), 5u);
  for (const FoldedItem& item : items) EXPECT_EQ(item.count, 1u);
}

// At most two items per `min_px` of width (a zone, then a gap), plus the edges.
size_t ItemBound(double width_px, double min_px) {
  return static_cast<size_t>(2 * width_px / min_px) + 4;
}

TEST(TimelineFold, HundredThousandTaskStageDrawsBoundedItems) {
  // 100,000 tasks of 20-200 ms on 64 slots over ten minutes.
  std::mt19937 random(42);
  std::uniform_int_distribution<int64_t> length(20, 200), gap(0, 150);
  std::vector<TimeSpan> spans;
  for (int slot = 0; slot < 64; ++slot) {
    int64_t t = 0;
    for (int i = 0; i < 100000 / 64 + 1 && spans.size() < 100000; ++i) {
      t += gap(random);
      const int64_t end = t + length(random);
      spans.push_back({t, end});
      t = end;
    }
  }
  ASSERT_EQ(spans.size(), 100000u);
  const auto rows = PackRows(spans);
  ExpectValidPacking(spans, rows);
  EXPECT_EQ(rows.size(), PeakConcurrency(spans));
  int64_t last = 0;
  for (const TimeSpan& s : spans) last = std::max(last, s.end_ms);
  const double width = 1400;
  std::vector<FoldedItem> items;
  size_t covered = 0, drawn = 0;
  for (const auto& row : rows) {
    items.clear();
    FoldRow(spans, row, 0, static_cast<double>(last), width / static_cast<double>(last), 3.0,
            items);
    EXPECT_LE(items.size(), ItemBound(width, 3.0));
    drawn += items.size();
    for (const FoldedItem& item : items) covered += item.count;
  }
  EXPECT_EQ(covered, spans.size());
  EXPECT_LT(drawn, spans.size() / 4) << "folding should draw far fewer items than tasks";
}

TEST(TimelineFold, BiggestGpuStageFoldsBoundedAndCoversAllTasks) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/rapids-tools/profiling/nds_q66_gpu.zstd"), "");
  const AttemptModel* model = ui.state().SelectedModel();
  ASSERT_NE(model, nullptr);
  std::pair<int32_t, int32_t> biggest{-1, -1};
  size_t most = 0;
  for (const auto& [key, rows] : model->stage_task_rows) {
    if (rows.size() > most) most = rows.size(), biggest = key;
  }
  ASSERT_GT(most, 1000u);
  TaskTimelineModel timeline;
  timeline.Build(*model, *ui.state().Strings(), biggest.first, biggest.second);
  ASSERT_EQ(timeline.bars.size(), most);
  const double width = 1400;
  const double ppm = timeline.axis.PixelsPerMs(static_cast<float>(width));
  std::vector<FoldedItem> items;
  size_t covered = 0;
  for (const TaskTimelineLane& lane : timeline.lanes) {
    std::vector<TimeSpan> lane_spans;
    for (const auto& row : lane.rows) {
      for (size_t i = 1; i < row.size(); ++i) {
        EXPECT_LE(timeline.bars[row[i - 1]].end_ms, timeline.bars[row[i]].start_ms);
      }
      for (uint32_t bar : row) lane_spans.push_back(timeline.bars[bar]);
      items.clear();
      FoldRow(timeline.bars, row, timeline.axis.view_start_ms, timeline.axis.view_end_ms, ppm, 3.0,
              items);
      EXPECT_LE(items.size(), ItemBound(width, 3.0));
      for (const FoldedItem& item : items) covered += item.count;
    }
    EXPECT_EQ(lane.rows.size(), PeakConcurrency(lane_spans));
  }
  EXPECT_EQ(covered, most);
}

}  // namespace timeline_fold_test
}  // namespace afterglow::ui
