// The Storage page's and the RDD page's models. No corpus log records block updates (Spark logs
// them only with spark.eventLog.logBlockUpdates.enabled), so a hand-written log caches blocks of
// one RDD on two executors: the list row, the fraction cached, the per-executor distribution and
// the partitions are checked against the numbers written into the events. A corpus log shows the
// empty state.
#include "ui/pages/storage/storage_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>

#include "tests/core/inline_log.h"
#include "tests/ui/headless_ui.h"
#include "tests/support/unique_temp_path.h"

namespace afterglow::ui {
namespace storage_model_test {

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

std::string CachedRddLogText() {
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
  return log;
}

std::unique_ptr<Session> CachedRddLog() { return test_support::LoadInlineLog(CachedRddLogText()); }

TEST(StorageModel, CachedRddRowOfTheList) {
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
  const std::string tsv = model.Tsv();
  EXPECT_NE(tsv.find("7\tcached\t"), std::string::npos) << tsv;
  EXPECT_NE(tsv.find("\t75%\t150\t300\n"), std::string::npos) << tsv;
}

// The RDD page's numbers against the block updates written into the log: executor 1 holds
// rdd_7_0 (100 B) and rdd_7_1 (50 B) in memory of its 1000 B (800 on heap, 200 off heap),
// executor 2 holds rdd_7_2 (300 B) on disk.
TEST(StorageModel, RddPageTotalsDistributionAndPartitions) {
  const std::unique_ptr<Session> session = CachedRddLog();
  const std::vector<AttemptSummary> apps = session->Summaries();
  ASSERT_EQ(apps.size(), 1u);
  RddPageModel page;
  page.Build(*session, apps[0], 7);
  ASSERT_TRUE(page.found) << page.error;
  EXPECT_TRUE(page.error.empty()) << page.error;
  EXPECT_EQ(page.rdd_id, 7);
  EXPECT_EQ(page.rdd.name, "cached");
  EXPECT_EQ(page.rdd.storage_level, "Memory Deserialized 1x Replicated");
  EXPECT_EQ(page.rdd.partitions, 4);
  EXPECT_EQ(page.rdd.cached_partitions, 3);
  EXPECT_EQ(page.rdd.memory_used, 150);
  EXPECT_EQ(page.rdd.disk_used, 300);

  ASSERT_EQ(page.partitions.size(), 3u);
  for (const RddPartitionRow& p : page.partitions) {
    SCOPED_TRACE(p.block_name);
    if (p.block_name == "rdd_7_0") {
      EXPECT_EQ(p.memory_used, 100);
      EXPECT_EQ(p.disk_used, 0);
      EXPECT_EQ(p.executors, "1");
    } else if (p.block_name == "rdd_7_1") {
      EXPECT_EQ(p.memory_used, 50);
      EXPECT_EQ(p.executors, "1");
    } else {
      EXPECT_EQ(p.block_name, "rdd_7_2");
      EXPECT_EQ(p.memory_used, 0);
      EXPECT_EQ(p.disk_used, 300);
      EXPECT_EQ(p.executors, "2");
      EXPECT_EQ(p.storage_level, "Disk Serialized 1x Replicated");
    }
  }
  ASSERT_EQ(page.distribution.size(), 2u);  // executors 1 and 2
  for (const RddDistributionRow& d : page.distribution) {
    SCOPED_TRACE(d.address);
    if (d.address.starts_with("h1")) {
      EXPECT_EQ(d.memory_used, 150);
      EXPECT_EQ(d.memory_remaining, 1000 - 150);
      EXPECT_EQ(d.disk_used, 0);
    } else {
      EXPECT_TRUE(d.address.starts_with("h2"));
      EXPECT_EQ(d.memory_used, 0);
      EXPECT_EQ(d.memory_remaining, 1000);
      EXPECT_EQ(d.disk_used, 300);
    }
  }
  const std::string partitions_tsv = page.PartitionsTsv();
  EXPECT_EQ(std::count(partitions_tsv.begin(), partitions_tsv.end(), '\n'), 4);  // header + 3
  EXPECT_NE(partitions_tsv.find("rdd_7_2\tDisk Serialized 1x Replicated\t0\t300\t2\n"),
            std::string::npos)
      << partitions_tsv;
  const std::string distribution_tsv = page.DistributionTsv();
  EXPECT_EQ(std::count(distribution_tsv.begin(), distribution_tsv.end(), '\n'), 3);
}

TEST(StorageModel, RddPageOfAnUnknownIdSaysSo) {
  const std::unique_ptr<Session> session = CachedRddLog();
  const std::vector<AttemptSummary> apps = session->Summaries();
  ASSERT_EQ(apps.size(), 1u);
  RddPageModel page;
  page.Build(*session, apps[0], 99);
  EXPECT_FALSE(page.found);
  EXPECT_NE(page.error.find("no rdd found w/ id 99"), std::string::npos) << page.error;
  EXPECT_TRUE(page.partitions.empty());
  EXPECT_TRUE(page.distribution.empty());
}

// The routed page draws both the RDD and the unknown id, and links back from the list.
TEST(StorageModel, RddRouteDrawsAndDescribes) {
  const std::string path = test_support::UniqueTempPath("afterglow-cached-rdd-log").string();
  {
    std::ofstream file(path, std::ios::binary);
    file << CachedRddLogText();
  }
  testing::HeadlessUi ui;
  ASSERT_EQ(ui.Load(path), "");
  ASSERT_EQ(ui.state().storage.rows.size(), 1u);
  ASSERT_TRUE(ShowRoute(ui.state(), "#/storage/7"));
  ui.Draw();
  EXPECT_TRUE(ui.state().rdd_page.found);
  std::string described = ui.DescribeView();
  EXPECT_NE(described.find("\"found\" : true"), std::string::npos) << described;
  EXPECT_NE(described.find("\"memoryUsed\" : 150"), std::string::npos) << described;
  ASSERT_TRUE(ShowRoute(ui.state(), "#/storage/99"));
  ui.Draw();
  EXPECT_FALSE(ui.state().rdd_page.found);
  described = ui.DescribeView();
  EXPECT_NE(described.find("\"found\" : false"), std::string::npos) << described;
  std::remove(path.c_str());
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

}  // namespace storage_model_test
}  // namespace afterglow::ui
