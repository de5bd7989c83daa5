// Executor rows equal what the History Server answers for the corpus logs with memory metrics,
// peak metrics and exclusions, and the GC verdict follows the one threshold.
#include "core/query/executor_rows.h"

#include <gtest/gtest.h>

#include <string>

#include "core/analysis/diagnostics.h"
#include "simdjson.h"
#include "tests/core/query/corpus_attempt.h"

namespace afterglow {
namespace executor_rows_test {

using test_support::CorpusAttempt;
using test_support::ExpectedAnswer;
using test_support::LoadCorpus;

int64_t IntOf(simdjson::dom::element object, const char* key) {
  int64_t value = 0;
  EXPECT_EQ(object[key].get_int64().get(value), simdjson::SUCCESS) << key;
  return value;
}

std::string_view TextOf(simdjson::dom::element object, const char* key) {
  std::string_view text;
  if (object[key].get_string().get(text) != simdjson::SUCCESS) return {};
  return text;
}

// Compares the rows with an expected /executors answer field by field.
void ExpectRowsMatch(const std::vector<ExecutorRow>& rows, const std::string& expected_file) {
  const std::string expected = ExpectedAnswer(expected_file);
  simdjson::dom::parser parser;
  simdjson::dom::array executors;
  ASSERT_EQ(parser.parse(expected).get_array().get(executors), simdjson::SUCCESS);
  ASSERT_EQ(rows.size(), executors.size());
  size_t i = 0;
  for (simdjson::dom::element e : executors) {
    const ExecutorRow& row = rows[i++];
    SCOPED_TRACE(std::string(row.id));
    EXPECT_EQ(row.id, TextOf(e, "id"));
    EXPECT_EQ(row.host_port, TextOf(e, "hostPort"));
    EXPECT_EQ(row.total_cores, IntOf(e, "totalCores"));
    EXPECT_EQ(row.completed_tasks, IntOf(e, "completedTasks"));
    EXPECT_EQ(row.failed_tasks, IntOf(e, "failedTasks"));
    EXPECT_EQ(row.total_duration_ms, IntOf(e, "totalDuration"));
    EXPECT_EQ(row.total_gc_time_ms, IntOf(e, "totalGCTime"));
    EXPECT_EQ(row.total_input_bytes, IntOf(e, "totalInputBytes"));
    EXPECT_EQ(row.total_shuffle_read, IntOf(e, "totalShuffleRead"));
    EXPECT_EQ(row.total_shuffle_write, IntOf(e, "totalShuffleWrite"));
    EXPECT_EQ(row.max_memory, IntOf(e, "maxMemory"));
    bool excluded = false;
    EXPECT_EQ(e["isExcluded"].get_bool().get(excluded), simdjson::SUCCESS);
    EXPECT_EQ(row.is_excluded, excluded);
    simdjson::dom::element memory;
    const bool has_memory =
        e["memoryMetrics"].get(memory) == simdjson::SUCCESS && memory.is_object();
    EXPECT_EQ(row.has_memory_metrics, has_memory);
    if (has_memory) {
      EXPECT_EQ(row.total_on_heap_storage, IntOf(memory, "totalOnHeapStorageMemory"));
      EXPECT_EQ(row.total_off_heap_storage, IntOf(memory, "totalOffHeapStorageMemory"));
      EXPECT_EQ(row.used_on_heap_storage, IntOf(memory, "usedOnHeapStorageMemory"));
    }
    simdjson::dom::object peaks;
    const bool has_peaks = e["peakMemoryMetrics"].get_object().get(peaks) == simdjson::SUCCESS;
    EXPECT_EQ(row.peak_memory != nullptr, has_peaks);
    if (has_peaks) {
      for (size_t m = 0; m < kExecutorMetricCount; ++m) {
        int64_t value = 0;
        const std::string name(kExecutorMetricNames[m]);
        if (peaks[name].get_int64().get(value) != simdjson::SUCCESS) continue;  // newer metric
        EXPECT_EQ(row.Peak(m), value) << name;
      }
    } else {
      EXPECT_EQ(row.Peak(0), -1);
    }
    EXPECT_EQ(row.gc_heavy, static_cast<double>(row.total_gc_time_ms) >
                                kGcHeavyFraction * static_cast<double>(row.total_duration_ms));
  }
}

TEST(ExecutorRows, MemoryMetricsAndExclusionAsTheHistoryServerShowsThem) {
  CorpusAttempt loaded;
  ASSERT_NO_FATAL_FAILURE(LoadCorpus(loaded, "spark/spark-events/app-20161116163331-0000"));
  ExpectRowsMatch(ExecutorRows(*loaded.model, *loaded.pool, /*active_only=*/true, 0),
                  "executor_memory_usage_expectation.json");
}

TEST(ExecutorRows, PeakMemoryMetricsAsTheHistoryServerShowsThem) {
  CorpusAttempt loaded;
  ASSERT_NO_FATAL_FAILURE(LoadCorpus(loaded, "spark/spark-events/application_1553914137147_0018"));
  const std::vector<ExecutorRow> rows =
      ExecutorRows(*loaded.model, *loaded.pool, /*active_only=*/true, 0);
  ExpectRowsMatch(rows, "executor_list_with_executor_metrics_json_expectation.json");
  ASSERT_FALSE(rows.empty());
  EXPECT_NE(rows.front().peak_memory, nullptr);
}

TEST(ExecutorRows, AllExecutorsAscendActiveOnesDescend) {
  CorpusAttempt loaded;
  ASSERT_NO_FATAL_FAILURE(LoadCorpus(loaded, "spark/spark-events/app-20161116163331-0000"));
  const std::vector<ExecutorRow> all = ExecutorRows(*loaded.model, *loaded.pool, false, 0);
  const std::vector<ExecutorRow> active = ExecutorRows(*loaded.model, *loaded.pool, true, 0);
  ASSERT_GE(all.size(), active.size());
  ASSERT_GE(all.size(), 2u);
  for (size_t i = 1; i < all.size(); ++i) EXPECT_LT(all[i - 1].id, all[i].id);
  for (size_t i = 1; i < active.size(); ++i) EXPECT_GT(active[i - 1].id, active[i].id);
}

TEST(GcThreshold, OverTenPercentOfTaskTimeIsHeavy) {
  EXPECT_DOUBLE_EQ(kGcHeavyFraction, 0.1);
  EXPECT_EQ(DiagnosticRules().gc_fraction, kGcHeavyFraction);
  EXPECT_FALSE(IsGcHeavy(100, 1000));  // exactly 10 %: Spark's test is strictly greater
  EXPECT_TRUE(IsGcHeavy(101, 1000));
  EXPECT_FALSE(IsGcHeavy(0, 0));
}

}  // namespace executor_rows_test
}  // namespace afterglow
