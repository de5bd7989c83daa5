// The tiny-tasks and shuffle-partitions rules. Real logs: rapids-tools/profiling/nds_q66_gpu.zstd
// (stages 13, 21 and 23 ran over 2000 tasks each with medians of a few ms) and
// rapids-tools/qualification/jdbc_eventlog.zstd (stage 2 read 2.1 KiB of shuffle in the default
// 200 partitions). Made logs from the JDBC log: stage 2's 200 tasks copied ten times over (2000
// tasks of ~55 ms), and stage 3's single task made to read 4 GiB of shuffle. Silent:
// application_1553914137147_0018 and the JDBC log for tiny tasks.
#include "core/analysis/rules/task_shape.h"

#include <gtest/gtest.h>

#include <set>

#include "tests/core/analysis/rules/rule_test_support.h"

namespace afterglow::rule_test {
namespace {


// "\"Task ID\":17," -> "\"Task ID\":<17 + shift>," (the first occurrence).
void ShiftField(std::string& line, const std::string& field, int64_t shift) {
  const std::string key = "\"" + field + "\":";
  const size_t at = line.find(key);
  ASSERT_NE(at, std::string::npos) << field;
  const size_t start = at + key.size();
  const size_t end = line.find_first_not_of("0123456789", start);
  const int64_t value = std::stoll(line.substr(start, end - start));
  line.replace(start, end - start, std::to_string(value + shift));
}

TEST(TaskShape, TinyTasksOfTheGpuRun) {
  const Diagnosed d = DiagnoseCorpus("rapids-tools/profiling/nds_q66_gpu.zstd");
  std::set<int64_t> stages;
  for (const Finding* f : d.Of("tiny-tasks")) {
    stages.insert(f->target_id);
    const Evidence* median = EvidenceOf(*f, EvidenceKind::kStage, "median task duration");
    ASSERT_NE(median, nullptr);
    EXPECT_LT(median->value, 100);
    EXPECT_GE(EvidenceOf(*f, EvidenceKind::kStage, "successful tasks")->value, 2000);
    EXPECT_NE(f->fix.find("spark.sql.shuffle.partitions"), std::string::npos);
  }
  EXPECT_EQ(stages, (std::set<int64_t>{13, 21, 23}));
}

TEST(TaskShape, TwoThousandShortTasksMadeFromTheJdbcLog) {
  const std::vector<std::string> lines = CorpusLines(kJdbcLog);
  std::vector<std::string> stage2_tasks, made;
  for (const std::string& line : lines) {
    const bool task = line.starts_with("{\"Event\":\"SparkListenerTaskStart\"") ||
                      line.starts_with("{\"Event\":\"SparkListenerTaskEnd\"");
    if (task && line.find("\"Stage ID\":2,") != std::string::npos) stage2_tasks.push_back(line);
  }
  ASSERT_EQ(stage2_tasks.size(), 400u);
  for (const std::string& line : lines) {
    if (line.find("\"Event\":\"SparkListenerStageCompleted\"") != std::string::npos &&
        line.find("\"Stage ID\":2,") != std::string::npos) {
      for (int copy = 1; copy < 10; ++copy) {
        for (std::string task : stage2_tasks) {
          ShiftField(task, "Task ID", 1000 * copy);
          ShiftField(task, "Index", 200 * copy);
          made.push_back(task);
        }
      }
    }
    made.push_back(line);
  }
  const Diagnosed d = DiagnoseText(Joined(made));
  const std::vector<const Finding*> found = d.Of("tiny-tasks");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->target_id, 2);
  EXPECT_EQ(EvidenceOf(*found[0], EvidenceKind::kStage, "successful tasks")->value, 2000);
  // The overhead is the tasks' time outside executor run time, over the 16 slots.
  const auto rows = d.model().stage_task_rows.at({2, 0});
  EXPECT_EQ(found[0]->time_at_stake_ms, rules::TaskOverheadMs(d.model(), rows) / 16);
  EXPECT_TRUE(DiagnoseCorpus(kJdbcLog).Of("tiny-tasks").empty());
}

TEST(TaskShape, DefaultShufflePartitionsOverATinyShuffle) {
  const Diagnosed d = DiagnoseCorpus(kJdbcLog);
  const std::vector<const Finding*> found = d.Of("shuffle-partitions-too-many");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->target_id, 2);
  EXPECT_EQ(EvidenceOf(*found[0], EvidenceKind::kStage, "tasks")->value, 200);
  const Evidence* config = EvidenceOf(*found[0], EvidenceKind::kConfig, "setting");
  ASSERT_NE(config, nullptr);
  EXPECT_EQ(config->key, "spark.sql.shuffle.partitions");
}

TEST(TaskShape, OnePartitionReadingFourGibOfShuffle) {
  std::string log = Joined(CorpusLines(kJdbcLog));
  // Stage 3's only task read 11308 bytes locally; make it 4 GiB.
  const size_t stage3 = log.find("{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":3,");
  ASSERT_NE(stage3, std::string::npos);
  const std::string from = "\"Local Bytes Read\":11308";
  const size_t at = log.find(from, stage3);
  ASSERT_NE(at, std::string::npos);
  log.replace(at, from.size(), "\"Local Bytes Read\":" + std::to_string(int64_t{4} << 30));
  const Diagnosed d = DiagnoseText(log);
  const std::vector<const Finding*> found = d.Of("shuffle-partitions-too-few");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->target_id, 3);
  EXPECT_NE(found[0]->fix.find("about 32"), std::string::npos) << found[0]->fix;  // 4 GiB / 128 MiB
  const int64_t duration = d.findings.empty() ? 0 : rules::StageDurationMs(d.model().stage(d.model().stage_rows.at({3, 0})));
  EXPECT_EQ(found[0]->time_at_stake_ms, duration - duration * 1 / 16);  // 1 task -> 16 slots
}

TEST(TaskShape, QuietClusterLogIsSilent) {
  const Diagnosed d = DiagnoseCorpus("spark/spark-events/application_1553914137147_0018");
  EXPECT_TRUE(d.Of("tiny-tasks").empty());
  EXPECT_TRUE(d.Of("shuffle-partitions-too-many").empty());
  EXPECT_TRUE(d.Of("shuffle-partitions-too-few").empty());
}

}  // namespace
}  // namespace afterglow::rule_test
