// Storage rows over a small log with cached blocks on two executors: the cached list, the
// distribution with memory remaining, and each partition's effective level.
#include "core/query/storage_rows.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/model/app_model.h"
#include "tests/core/inline_log.h"

namespace afterglow {
namespace storage_rows_test {

const std::string kMemory = R"({"Use Disk":false,"Use Memory":true,"Deserialized":true,"Replication":1})";
const std::string kDisk = R"({"Use Disk":true,"Use Memory":false,"Deserialized":false,"Replication":1})";
const std::string kNone = R"({"Use Disk":false,"Use Memory":false,"Deserialized":false,"Replication":1})";

std::string BlockManagerAdded(const std::string& id, int port) {
  return R"({"Event":"SparkListenerBlockManagerAdded","Block Manager ID":{"Executor ID":")" + id +
         R"(","Host":"h1","Port":)" + std::to_string(port) +
         R"(},"Maximum Memory":1000,"Timestamp":1100,"Maximum Onheap Memory":800,)"
         R"("Maximum Offheap Memory":200})" "\n";
}
std::string StageWithRdds() {
  return R"({"Event":"SparkListenerStageSubmitted","Stage Info":{"Stage ID":0,"Stage Attempt ID":0,)"
         R"("Stage Name":"s","Number of Tasks":4,"RDD Info":[{"RDD ID":3,"Name":"cached",)"
         R"("Storage Level":)" + kMemory + R"(,"Number of Partitions":4},{"RDD ID":5,)"
         R"("Name":"dropped","Storage Level":)" + kMemory + R"(,"Number of Partitions":2}],)"
         R"("Details":"","Submission Time":1500,"Accumulables":[]},"Properties":{}})" "\n";
}
std::string BlockUpdated(const std::string& executor, int port, const std::string& block,
                         const std::string& level, int64_t memory, int64_t disk) {
  return R"({"Event":"SparkListenerBlockUpdated","Block Updated Info":{"Block Manager ID":)"
         R"({"Executor ID":")" + executor + R"(","Host":"h1","Port":)" + std::to_string(port) +
         R"(},"Block ID":")" + block + R"(","Storage Level":)" + level + R"(,"Memory Size":)" +
         std::to_string(memory) + R"(,"Disk Size":)" + std::to_string(disk) + "}}\n";
}

class StorageRowsOnInlineLog : public ::testing::Test {
 protected:
  void SetUp() override {
    session_ = test_support::LoadInlineLog(
        R"({"Event":"SparkListenerApplicationStart","App Name":"demo","App ID":"app-1",)"
        R"("Timestamp":1000,"User":"u"})" "\n" +
        BlockManagerAdded("1", 7001) + BlockManagerAdded("2", 7002) + StageWithRdds() +
        BlockUpdated("1", 7001, "rdd_3_0", kMemory, 100, 0) +
        BlockUpdated("2", 7002, "rdd_3_1", kDisk, 0, 40) +
        BlockUpdated("1", 7001, "rdd_3_2", kMemory, 30, 0) +
        BlockUpdated("1", 7001, "rdd_3_2", kNone, 30, 0));  // a drop carries the size it frees
    model_ = session_->model(0);
    ASSERT_NE(model_, nullptr);
    pool_ = &session_->strings();
  }
  std::unique_ptr<Session> session_;
  const AttemptModel* model_ = nullptr;
  const StringPool* pool_ = nullptr;
};

TEST_F(StorageRowsOnInlineLog, OnlyCachedRddsAreListed) {
  const std::vector<RddRow> rows = CachedRddRows(*model_, *pool_);
  ASSERT_EQ(rows.size(), 1u);  // RDD 5 has no cached partition
  EXPECT_EQ(rows[0].id, 3);
  EXPECT_EQ(rows[0].name, "cached");
  EXPECT_EQ(rows[0].num_partitions, 4);
  EXPECT_EQ(rows[0].num_cached_partitions, 2);
  EXPECT_EQ(rows[0].memory_used, 100);
  EXPECT_EQ(rows[0].disk_used, 40);
  EXPECT_EQ(rows[0].storage_level.Description(), "Memory Deserialized 1x Replicated");
  EXPECT_TRUE(rows[0].has_distributions);
  ASSERT_TRUE(FindRddRow(*model_, *pool_, 5).has_value());  // tracked, though not cached
  EXPECT_EQ(FindRddRow(*model_, *pool_, 5)->num_cached_partitions, 0);
  EXPECT_FALSE(FindRddRow(*model_, *pool_, 4).has_value());
}

TEST_F(StorageRowsOnInlineLog, DistributionPerExecutor) {
  const std::vector<RddDistributionRow> rows = RddDistributionRows(*model_, *pool_, 3);
  ASSERT_EQ(rows.size(), 2u);
  for (const RddDistributionRow& row : rows) {
    SCOPED_TRACE(std::string(row.executor_id));
    EXPECT_TRUE(row.has_memory_info);
    if (row.executor_id == "1") {
      EXPECT_EQ(row.address, "h1:7001");
      EXPECT_EQ(row.memory_used, 100);
      EXPECT_EQ(row.memory_remaining, 900);
      EXPECT_EQ(row.on_heap_memory_remaining, 700);
    } else {
      EXPECT_EQ(row.executor_id, "2");
      EXPECT_EQ(row.disk_used, 40);
      EXPECT_EQ(row.memory_used, 0);
    }
  }
  EXPECT_TRUE(RddDistributionRows(*model_, *pool_, 99).empty());
}

TEST_F(StorageRowsOnInlineLog, PartitionsWithTheirEffectiveLevel) {
  std::vector<std::string> seen;
  ForEachRddPartitionRow(*model_, *pool_, 3, [&](const RddPartitionRow& row) {
    ASSERT_EQ(row.executors.size(), 1u);
    seen.push_back(std::string(row.block_name) + " " + row.storage_level.Description() + " " +
                   std::string(row.executors[0]));
  });
  // rdd_3_2 was dropped from every executor: not listed.
  EXPECT_EQ(seen, (std::vector<std::string>{"rdd_3_0 Memory Deserialized 1x Replicated 1",
                                            "rdd_3_1 Disk Serialized 1x Replicated 2"}));
}

}  // namespace storage_rows_test
}  // namespace afterglow
