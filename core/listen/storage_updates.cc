// AppStatusListener's RDD storage tracking (docs/SPARK-SEMANTICS.md facts 69, 74-78; ASL
// onStageSubmitted's RDD infos, onBlockUpdated, updateRDDBlock, updateBroadcastBlock,
// updateExecutorMemoryDiskInfo, onUnpersistRDD, onExecutorRemoved; LE LiveRDD*). Every amount
// goes through Spark's addDeltaToValue, which never lets a value drop below 0.
#include <algorithm>
#include <charconv>
#include <string_view>

#include "core/listen/app_status_listener.h"

namespace afterglow {
namespace {

int64_t AddDelta(int64_t value, int64_t delta) { return std::max<int64_t>(0, value + delta); }

bool ParseDigits(std::string_view text, int32_t& out) {
  if (text.empty()) return false;
  const auto result = std::from_chars(text.data(), text.data() + text.size(), out);
  return result.ec == std::errc() && result.ptr == text.data() + text.size();
}

// BlockId "rdd_<rddId>_<splitIndex>".
bool ParseRddBlock(std::string_view block, int32_t& rdd_id) {
  constexpr std::string_view kPrefix = "rdd_";
  if (!block.starts_with(kPrefix)) return false;
  block.remove_prefix(kPrefix.size());
  const size_t underscore = block.find('_');
  if (underscore == std::string_view::npos) return false;
  int32_t split = 0;
  return ParseDigits(block.substr(0, underscore), rdd_id) &&
         ParseDigits(block.substr(underscore + 1), split);
}

// BlockId "broadcast_<id>[_<piece>]".
bool IsBroadcastBlock(std::string_view block) {
  constexpr std::string_view kPrefix = "broadcast_";
  if (!block.starts_with(kPrefix)) return false;
  block.remove_prefix(kPrefix.size());
  size_t digits = 0;
  while (digits < block.size() && block[digits] >= '0' && block[digits] <= '9') ++digits;
  return digits > 0;
}

RddPartition& PartitionOf(Rdd& rdd, StringId block_name) {
  auto known = rdd.partition_index.find(block_name);
  if (known != rdd.partition_index.end()) return rdd.partitions[known->second];
  rdd.partition_index[block_name] = static_cast<uint32_t>(rdd.partitions.size());
  rdd.cached_partitions += 1;
  RddPartition& created = rdd.partitions.emplace_back();
  created.block_name = block_name;
  return created;
}

void RemovePartition(Rdd& rdd, StringId block_name) {
  auto known = rdd.partition_index.find(block_name);
  if (known == rdd.partition_index.end()) return;
  rdd.partitions[known->second].removed = true;
  rdd.partition_index.erase(known);
  rdd.cached_partitions -= 1;
}

RddDistribution& DistributionOf(Rdd& rdd, StringId executor_id) {
  for (RddDistribution& dist : rdd.distributions) {
    if (dist.executor_id == executor_id) return dist;
  }
  rdd.distributions_ever += 1;
  RddDistribution& created = rdd.distributions.emplace_back();
  created.executor_id = executor_id;
  return created;
}

bool RemoveDistribution(Rdd& rdd, StringId executor_id) {
  auto it = std::find_if(rdd.distributions.begin(), rdd.distributions.end(),
                         [&](const RddDistribution& d) { return d.executor_id == executor_id; });
  if (it == rdd.distributions.end()) return false;
  rdd.distributions.erase(it);
  return true;
}

}  // namespace

void AppStatusListener::TrackPersistedRdds(const StageInfoEvent& info) {
  for (const PersistedRddInfo& persisted : info.persisted_rdds) {
    if (model_->rdds.count(persisted.rdd_id) != 0) continue;  // the first level sticks
    Rdd& rdd = model_->rdds[persisted.rdd_id];
    rdd.id = persisted.rdd_id;
    rdd.name = persisted.name;
    rdd.num_partitions = persisted.num_partitions;
    rdd.level = persisted.level;
  }
}

void AppStatusListener::UpdateExecutorMemoryDisk(Executor& executor, const StorageLevelInfo& level,
                                                 int64_t memory_delta, int64_t disk_delta) {
  if (executor.has_memory_info()) {
    if (level.use_off_heap) {
      executor.used_off_heap = AddDelta(executor.used_off_heap, memory_delta);
    } else {
      executor.used_on_heap = AddDelta(executor.used_on_heap, memory_delta);
    }
  }
  executor.memory_used = AddDelta(executor.memory_used, memory_delta);
  executor.disk_used = AddDelta(executor.disk_used, disk_delta);
}

void AppStatusListener::OnBlockUpdated(const BlockUpdatedEvent& event) {
  const std::string_view block = pool_->Get(event.block_id);
  const StorageLevelInfo& level = event.level;
  // Whether the sizes are added to or removed from the accounting.
  const int64_t disk_delta = event.disk_size * (level.use_disk ? 1 : -1);
  const int64_t memory_delta = event.memory_size * (level.use_memory ? 1 : -1);
  Executor* executor = nullptr;
  auto live = model_->live_executors.find(event.executor_id);
  if (live != model_->live_executors.end()) executor = &model_->executors[live->second];

  if (IsBroadcastBlock(block)) {
    if (executor != nullptr) UpdateExecutorMemoryDisk(*executor, level, memory_delta, disk_delta);
    return;
  }
  int32_t rdd_id = 0;
  if (!ParseRddBlock(block, rdd_id)) return;  // stream and other blocks: not in api/v1

  if (executor != nullptr) UpdateExecutorMemoryDisk(*executor, level, memory_delta, disk_delta);
  int32_t rdd_blocks_delta = 0;
  auto tracked = model_->rdds.find(rdd_id);
  if (tracked != model_->rdds.end()) {
    Rdd& rdd = tracked->second;
    RddPartition& partition = PartitionOf(rdd, event.block_id);
    std::vector<StringId> executors = partition.executors;
    if (level.IsValid()) {
      if (std::find(executors.begin(), executors.end(), event.executor_id) == executors.end()) {
        rdd_blocks_delta = 1;
        executors.push_back(event.executor_id);
      }
    } else {
      // Spark counts a block gone even from an executor the partition did not list.
      rdd_blocks_delta = -1;
      executors.erase(std::remove(executors.begin(), executors.end(), event.executor_id),
                      executors.end());
    }
    if (!executors.empty()) {
      partition.executors = std::move(executors);
      partition.memory_used = AddDelta(partition.memory_used, memory_delta);
      partition.disk_used = AddDelta(partition.disk_used, disk_delta);
    } else {
      RemovePartition(rdd, event.block_id);
    }
    if (executor != nullptr) {
      if (executor->rdd_blocks + rdd_blocks_delta > 0) {
        RddDistribution& dist = DistributionOf(rdd, event.executor_id);
        dist.memory_used = AddDelta(dist.memory_used, memory_delta);
        dist.disk_used = AddDelta(dist.disk_used, disk_delta);
        if (executor->has_memory_info()) {
          if (level.use_off_heap) {
            dist.off_heap_used = AddDelta(dist.off_heap_used, memory_delta);
          } else {
            dist.on_heap_used = AddDelta(dist.on_heap_used, memory_delta);
          }
        }
      } else {
        RemoveDistribution(rdd, event.executor_id);
      }
    }
    rdd.memory_used = AddDelta(rdd.memory_used, memory_delta);
    rdd.disk_used = AddDelta(rdd.disk_used, disk_delta);
    // Spark drops the cached API view of this executor's distribution in every RDD and rewrites
    // those RDDs now, so they show the executor's memory as of this block.
    if (executor != nullptr) {
      for (auto& [id, any_rdd] : model_->rdds) {
        for (RddDistribution& dist : any_rdd.distributions) {
          if (dist.executor_id != event.executor_id) continue;
          const Executor& e = *executor;
          dist.address = e.host_port != kEmptyString ? e.host_port : e.host;
          dist.memory_remaining = e.max_memory - e.memory_used;
          dist.has_memory_info = e.has_memory_info();
          dist.on_heap_remaining = e.total_on_heap - e.used_on_heap;
          dist.off_heap_remaining = e.total_off_heap - e.used_off_heap;
        }
      }
    }
  }
  if (executor != nullptr) executor->rdd_blocks += rdd_blocks_delta;
}

void AppStatusListener::OnUnpersistRdd(int32_t rdd_id) {
  auto tracked = model_->rdds.find(rdd_id);
  if (tracked == model_->rdds.end()) return;
  const Rdd& rdd = tracked->second;
  for (const RddPartition& partition : rdd.partitions) {
    if (partition.removed) continue;
    for (StringId executor_id : partition.executors) {
      auto live = model_->live_executors.find(executor_id);
      if (live != model_->live_executors.end()) model_->executors[live->second].rdd_blocks -= 1;
    }
  }
  for (const RddDistribution& dist : rdd.distributions) {
    auto live = model_->live_executors.find(dist.executor_id);
    if (live == model_->live_executors.end()) continue;
    Executor& executor = model_->executors[live->second];
    if (executor.has_memory_info()) {
      if (rdd.level.use_off_heap) {
        executor.used_off_heap = AddDelta(executor.used_off_heap, -dist.off_heap_used);
      } else {
        executor.used_on_heap = AddDelta(executor.used_on_heap, -dist.on_heap_used);
      }
    }
    executor.memory_used = AddDelta(executor.memory_used, -dist.memory_used);
    executor.disk_used = AddDelta(executor.disk_used, -dist.disk_used);
  }
  model_->rdds.erase(tracked);
}

void AppStatusListener::RemoveExecutorFromRdds(const Executor& executor) {
  const StringId id = executor.executor_id;
  for (auto& [rdd_id, rdd] : model_->rdds) {
    RemoveDistribution(rdd, id);
    for (RddPartition& partition : rdd.partitions) {
      if (partition.removed) continue;
      auto& holders = partition.executors;
      if (std::find(holders.begin(), holders.end(), id) == holders.end()) continue;
      const int64_t count = static_cast<int64_t>(holders.size());
      if (count == 1) {
        rdd.memory_used = AddDelta(rdd.memory_used, -partition.memory_used);
        rdd.disk_used = AddDelta(rdd.disk_used, -partition.disk_used);
        RemovePartition(rdd, partition.block_name);
      } else {
        const int64_t memory_share = partition.memory_used / count;
        const int64_t disk_share = partition.disk_used / count;
        rdd.memory_used = AddDelta(rdd.memory_used, -memory_share);
        rdd.disk_used = AddDelta(rdd.disk_used, -disk_share);
        holders.erase(std::remove(holders.begin(), holders.end(), id), holders.end());
        partition.memory_used = AddDelta(partition.memory_used, -memory_share);
        partition.disk_used = AddDelta(partition.disk_used, -disk_share);
      }
    }
  }
}

}  // namespace afterglow
