// The Storage page's model. No corpus log records block updates (Spark logs them only with
// spark.eventLog.logBlockUpdates.enabled), so a hand-written log caches blocks of one RDD on two
// executors: the list row, the fraction cached, the per-executor distribution and the partitions
// are checked against the numbers written into the events. A corpus log shows the empty state.
#include "ui/storage_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "tests/core/inline_log.h"
#include "tests/ui/headless_ui.h"

namespace afterglow::ui {
namespace {

const std::string kCorpus = AFTERGLOW_CORPUS_DIR;

std::string Line(const std::string& json) { return json + "\n"; }

std::string BlockManagerAdded(const std::string& id, const std::string& host) {
  return Line(R"({"Event":"SparkListenerBlockManagerAdded","Block Manager ID":{"Executor ID":")" +
              id + R"(","Host":")" + host +
              R"(","Port":7000},"Maximum Memory":1000,"Timestamp":1100,"Maximum Onheap Memory":800,"Maximum Offheap Memory":200})");
}

std::string ExecutorAdded(const std::string& id, const std::string& host) {
  return Line(R"({"Event":"SparkListenerExecutorAdded","Timestamp":1100,"Executor ID":")" + id +
              R"(","Executor Info":{"Host":")" + host + R"(","Total Cores":2}})");
}

const char* kMemory = R"({"Use Disk":false,"Use Memory":true,"Deserialized":true,"Replication":1})";
const char* kDisk = R"({"Use Disk":true,"Use Memory":false,"Deserialized":false,"Replication":1})";

std::string BlockUpdated(const std::string& executor, const std::string& host,
                         const std::string& block, const char* level, int64_t memory,
                         int64_t disk) {
  return Line(R"({"Event":"SparkListenerBlockUpdated","Block Updated Info":{"Block Manager ID":{"Executor ID":")" +
              executor + R"(","Host":")" + host + R"(","Port":7000},"Block ID":")" + block +
              R"(","Storage Level":)" + level + R"(,"Memory Size":)" + std::to_string(memory) +
              R"(,"Disk Size":)" + std::to_string(disk) + "}}");
}

std::unique_ptr<Session> CachedRddLog() {
  std::string log =
      Line(R"({"Event":"SparkListenerApplicationStart","App Name":"demo","App ID":"app-1","Timestamp":1000,"User":"u"})");
  log += BlockManagerAdded("1", "h1") + ExecutorAdded("1", "h1");
  log += BlockManagerAdded("2", "h2") + ExecutorAdded("2", "h2");
  // RDD 7 ("cached") has 4 partitions, memory-deserialized.
  log += Line(
      std::string(R"({"Event":"SparkListenerStageSubmitted","Stage Info":{"Stage ID":0,"Stage Attempt ID":0,"Stage Name":"s","Number of Tasks":4,"RDD Info":[{"RDD ID":7,"Name":"cached","Storage Level":)") +
      kMemory +
      R"(,"Number of Partitions":4}],"Details":"","Submission Time":1500,"Accumulables":[]},"Properties":{}})");
  log += BlockUpdated("1", "h1", "rdd_7_0", kMemory, 100, 0);
  log += BlockUpdated("1", "h1", "rdd_7_1", kMemory, 50, 0);
  log += BlockUpdated("2", "h2", "rdd_7_2", kDisk, 0, 300);
  return test_support::LoadInlineLog(log);
}

TEST(StorageModel, CachedRddRowDistributionAndPartitions) {
  const std::unique_ptr<Session> session = CachedRddLog();
  const std::vector<AttemptSummary> apps = session->Summaries();
  ASSERT_EQ(apps.size(), 1u);
  StorageTableModel model;
  model.Build(*session, apps[0]);
  ASSERT_TRUE(model.error.empty()) << model.error;
  ASSERT_EQ(model.rows.size(), 1u);
  const RddRow& rdd = model.rows[0];
  EXPECT_EQ(rdd.id, 7);
  EXPECT_EQ(rdd.name, "cached");
  EXPECT_EQ(rdd.partitions, 4);
  EXPECT_EQ(rdd.cached_partitions, 3);  // three blocks were written
  EXPECT_DOUBLE_EQ(rdd.FractionCached(), 0.75);
  EXPECT_EQ(rdd.memory_used, 150);  // 100 + 50
  EXPECT_EQ(rdd.disk_used, 300);
  EXPECT_EQ(model.selected, -1);

  model.Select(*session, apps[0], 7);
  ASSERT_TRUE(model.detail_error.empty()) << model.detail_error;
  EXPECT_EQ(model.selected, 7);
  ASSERT_EQ(model.partitions.size(), 3u);
  int64_t memory = 0, disk = 0;
  for (const RddPartitionRow& p : model.partitions) {
    memory += p.memory_used;
    disk += p.disk_used;
    if (p.block_name == "rdd_7_2") EXPECT_EQ(p.executors, "2");
    if (p.block_name == "rdd_7_0") EXPECT_EQ(p.executors, "1");
  }
  EXPECT_EQ(memory, 150);
  EXPECT_EQ(disk, 300);
  ASSERT_EQ(model.distribution.size(), 2u);  // executors 1 and 2
  int64_t distributed_memory = 0, distributed_disk = 0;
  for (const RddDistributionRow& d : model.distribution) {
    distributed_memory += d.memory_used;
    distributed_disk += d.disk_used;
  }
  EXPECT_EQ(distributed_memory, 150);
  EXPECT_EQ(distributed_disk, 300);

  const std::string tsv = model.Tsv();
  EXPECT_NE(tsv.find("7\tcached\t"), std::string::npos) << tsv;
  EXPECT_NE(tsv.find("\t75%\t150\t300\n"), std::string::npos) << tsv;
  const std::string partitions_tsv = model.PartitionsTsv();
  EXPECT_EQ(std::count(partitions_tsv.begin(), partitions_tsv.end(), '\n'), 4);  // header + 3

  // An id the list does not hold clears the selection.
  model.Select(*session, apps[0], 99);
  EXPECT_EQ(model.selected, -1);
  EXPECT_TRUE(model.partitions.empty());
}

TEST(StorageModel, CorpusLogWithoutBlockUpdatesHasNoRows) {
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(kCorpus + "/spark/spark-events/local-1422981780767"), "");
  EXPECT_TRUE(ui.state().storage.error.empty());
  EXPECT_TRUE(ui.state().storage.rows.empty());
  Navigate(ui.state(), {ViewId::kStorage});
  ui.Draw();
  EXPECT_NE(ui.DescribeView().find("\"rows\" : 0"), std::string::npos) << ui.DescribeView();
}

}  // namespace
}  // namespace afterglow::ui
