// Partitions too big. Made: spark/spark-events/application_1553914137147_0018, whose stages 1 and
// 2 read about 2.3 GiB a task on one-core executors with a 3.82 GB unified pool (silent as
// written: each task fits), with the executors' block managers made to report a 1 GiB pool (as a
// smaller spark.executor.memory would): the median task's input is then over the memory per
// core, and the suggested split is half of it, 512m. Silent: the log as written and the JDBC log.
#include "core/analysis/rules/partition_size.h"

#include <gtest/gtest.h>

#include <set>

#include "tests/core/analysis/rules/rule_test_support.h"

namespace afterglow::rule_test {
namespace {

const char* kPartitionYarnLog = "spark/spark-events/application_1553914137147_0018";

TEST(PartitionSize, InputOverTheMemoryPerCoreIsFound) {
  std::string log = Joined(CorpusLines(kPartitionYarnLog));
  const std::string pool = "\"Maximum Memory\":3820172083,";
  for (size_t at = log.find(pool); at != std::string::npos; at = log.find(pool, at)) {
    log.replace(at, pool.size(), "\"Maximum Memory\":1073741824,");
  }
  const std::string on_heap = "\"Maximum Onheap Memory\":3820172083,";
  for (size_t at = log.find(on_heap); at != std::string::npos; at = log.find(on_heap, at)) {
    log.replace(at, on_heap.size(), "\"Maximum Onheap Memory\":1073741824,");
  }
  const Diagnosed d = DiagnoseText(log);
  std::set<int64_t> stages;
  for (const Finding* f : d.Of("partitions-too-big")) {
    stages.insert(f->target_id);
    EXPECT_EQ(EvidenceOf(*f, EvidenceKind::kApp, "unified memory per core")->value, int64_t{1} << 30);
    EXPECT_GT(EvidenceOf(*f, EvidenceKind::kStage, "median task input")->value, int64_t{1} << 30);
    EXPECT_NE(f->fix.find("spark.sql.files.maxPartitionBytes=512m"), std::string::npos) << f->fix;
    // The GC above 5 % of run time over the stage's two parallel tasks.
    const StageAttempt& stage = d.model().stage(d.model().stage_rows.at({static_cast<int32_t>(f->target_id), 0}));
    const int64_t gc = stage.metrics[TaskMetric::kJvmGcTime];
    const int64_t run = stage.metrics[TaskMetric::kExecutorRunTime];
    EXPECT_EQ(f->time_at_stake_ms, std::max<int64_t>(0, gc - run / 20) / 2);
  }
  EXPECT_EQ(stages, (std::set<int64_t>{1, 2}));
}

TEST(PartitionSize, PartitionsThatFitAreSilent) {
  EXPECT_TRUE(DiagnoseCorpus(kPartitionYarnLog).Of("partitions-too-big").empty());
  EXPECT_TRUE(DiagnoseCorpus(kJdbcLog).Of("partitions-too-big").empty());
}

}  // namespace
}  // namespace afterglow::rule_test
