// StageMetricValues: one stage attempt's SQL metric values, by accumulator id and task index.
#include "core/listen/stage_metric_values.h"

#include <gtest/gtest.h>

#include <map>
#include <span>
#include <utility>
#include <vector>

namespace afterglow {
namespace {

TEST(StageMetricValuesTest, MetricsKeepTheirValuesAndFirstComeOrder) {
  StageMetricValues values(3);
  EXPECT_TRUE(values.empty());
  EXPECT_EQ(values.Find(7), nullptr);
  StageMetricValues::Metric& seven = values.GetOrAdd(7);
  values.Values(seven)[2] = 40;
  StageMetricValues::Metric& minus = values.GetOrAdd(-2);
  values.Values(minus)[0] = 5;
  minus.has_max = true;
  minus.max_value = 5;
  minus.max_task_id = 11;
  values.Values(values.GetOrAdd(7))[0] = 1;  // the same metric again
  ASSERT_EQ(values.metrics().size(), 2u);
  EXPECT_EQ(values.metrics()[0].id, 7);
  EXPECT_EQ(values.metrics()[1].id, -2);
  const StageMetricValues::Metric* found = values.Find(7);
  ASSERT_NE(found, nullptr);
  EXPECT_FALSE(found->has_max);
  const std::span<const int64_t> seven_values = std::as_const(values).Values(*found);
  EXPECT_EQ(std::vector<int64_t>(seven_values.begin(), seven_values.end()),
            (std::vector<int64_t>{1, 0, 40}));
  ASSERT_NE(values.Find(-2), nullptr);
  EXPECT_EQ(values.Find(-2)->max_task_id, 11);
  EXPECT_EQ(values.Find(3), nullptr);
}

// A stage of no tasks still lists its metrics, with no values (Spark's array of length 0).
TEST(StageMetricValuesTest, NoTasksMeansNoValues) {
  StageMetricValues values(0);
  values.GetOrAdd(1);
  ASSERT_NE(values.Find(1), nullptr);
  EXPECT_TRUE(values.Values(*values.Find(1)).empty());
}

// Many ids, through growth and a reserve, against a std::map.
TEST(StageMetricValuesTest, GrowsAndAgreesWithAMap) {
  StageMetricValues values(2);
  std::map<int64_t, int64_t> expected;
  for (int64_t i = 0; i < 3000; ++i) {
    const int64_t id = (i * 7919) % 2003 - 1000 + (i % 5 == 0 ? (int64_t{1} << 36) : 0);
    values.Values(values.GetOrAdd(id))[1] = i;
    expected[id] = i;
    if (i == 50) values.reserve(2500);
  }
  EXPECT_EQ(values.metrics().size(), expected.size());
  for (const auto& [id, last] : expected) {
    const StageMetricValues::Metric* metric = values.Find(id);
    ASSERT_NE(metric, nullptr);
    EXPECT_EQ(values.Values(*metric)[0], 0);
    EXPECT_EQ(values.Values(*metric)[1], last);
  }
}

}  // namespace
}  // namespace afterglow
