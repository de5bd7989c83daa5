// The Storage tab's rows: the cached RDDs as /storage/rdd lists them, and the RDD page
// (#/storage/<id>, Spark's RDDPage) as /storage/rdd/<id> gives it: the RDD's totals, its
// distribution over executors and its cached partitions. Read from the session's REST answers so
// the pages show the API's numbers. The list is rebuilt by RefreshModels, the RDD page by
// PrepareRoute.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/session.h"

namespace afterglow::ui {

struct RddRow {
  int64_t id = 0;
  std::string name;
  std::string storage_level;  // "Memory Deserialized 1x Replicated"
  int64_t partitions = 0;         // numPartitions
  int64_t cached_partitions = 0;  // numCachedPartitions
  int64_t memory_used = 0;        // bytes
  int64_t disk_used = 0;          // bytes
  // numCachedPartitions / numPartitions, as the page's "Fraction Cached" (0 with no partitions).
  double FractionCached() const {
    return partitions > 0 ? static_cast<double>(cached_partitions) / static_cast<double>(partitions)
                          : 0.0;
  }
};

// One executor's share of an RDD (dataDistribution).
struct RddDistributionRow {
  std::string address;
  int64_t memory_used = 0, memory_remaining = 0, disk_used = 0;
  // On/off-heap split, -1 when the API leaves it out (no memory metrics in the log).
  int64_t on_heap_used = -1, off_heap_used = -1, on_heap_remaining = -1, off_heap_remaining = -1;
};

// One cached block of an RDD (partitions).
struct RddPartitionRow {
  std::string block_name;  // "rdd_3_7"
  std::string storage_level;
  int64_t memory_used = 0, disk_used = 0;
  std::string executors;  // the executor ids holding it, ", "-joined
};

struct StorageTableModel {
  std::vector<RddRow> rows;  // by RDD id, as the API lists them
  std::string error;

  void Clear();
  void Build(const Session& session, const AttemptSummary& app);
  std::string Tsv() const;  // the RDD list
};

// The RDD page of route #/storage/<id>.
struct RddPageModel {
  int64_t rdd_id = -1;  // the route's id; -1 before Build
  bool found = false;   // the API knows the RDD (else `error` says "no rdd found w/ id 9")
  RddRow rdd;           // name, storage level, partitions, sizes
  std::vector<RddDistributionRow> distribution;
  std::vector<RddPartitionRow> partitions;
  std::string error;

  void Clear();
  void Build(const Session& session, const AttemptSummary& app, int64_t id);
  std::string DistributionTsv() const;
  std::string PartitionsTsv() const;
};

}  // namespace afterglow::ui
