// The Storage page's rows: the cached RDDs as /storage/rdd lists them and, for the RDD the user
// picks, its distribution over executors and its partitions as /storage/rdd/<id> gives them. Read
// from the session's REST answers so the page shows the API's numbers. The list is rebuilt by
// RefreshModels; the selected RDD's detail on selection.
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

// One executor's share of the selected RDD (dataDistribution).
struct RddDistributionRow {
  std::string address;
  int64_t memory_used = 0, memory_remaining = 0, disk_used = 0;
  // On/off-heap split, -1 when the API leaves it out (no memory metrics in the log).
  int64_t on_heap_used = -1, off_heap_used = -1, on_heap_remaining = -1, off_heap_remaining = -1;
};

// One cached block of the selected RDD (partitions).
struct RddPartitionRow {
  std::string block_name;  // "rdd_3_7"
  std::string storage_level;
  int64_t memory_used = 0, disk_used = 0;
  std::string executors;  // the executor ids holding it, ", "-joined
};

struct StorageTableModel {
  std::vector<RddRow> rows;  // by RDD id, as the API lists them
  std::string error;
  // The selected RDD (-1: none) and its detail.
  int64_t selected = -1;
  std::vector<RddDistributionRow> distribution;
  std::vector<RddPartitionRow> partitions;
  std::string detail_error;

  void Clear();
  void Build(const Session& session, const AttemptSummary& app);
  // Reads /storage/rdd/<id>; an id the list does not hold clears the selection.
  void Select(const Session& session, const AttemptSummary& app, int64_t rdd_id);
  std::string Tsv() const;            // the RDD list
  std::string PartitionsTsv() const;  // the selected RDD's partitions
};

}  // namespace afterglow::ui
