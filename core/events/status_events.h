// Decoded events for executors, storage, environment and miscellaneous processes.
// Like events.h: strings are interned ids, references are valid only during the sink call.
#pragma once

#include <cstdint>

#include "core/base/string_pool.h"
#include "core/events/storage_types.h"

namespace afterglow {

// An RDD that a StageInfo's "RDD Info" lists with a valid storage level (the only ones the
// status model tracks).
struct PersistedRddInfo {
  int32_t rdd_id = 0;
  StringId name = kEmptyString;
  int32_t num_partitions = 0;
  StorageLevelInfo level;
};

// The exclusion events, old (*Blacklisted*) and new (*Excluded*) names alike. They have no
// JsonProtocol case, so Jackson writes their Scala field names: time, executorId or hostId,
// stageId, stageAttemptId.
struct ExclusionEvent {
  enum class Target : uint8_t { kExecutor, kNode };
  Target target = Target::kExecutor;
  bool excluded = true;    // false for Unexcluded/Unblacklisted
  bool for_stage = false;  // the ...ForStage variants
  StringId id = kEmptyString;  // executor id, or host for node events
  int32_t stage_id = 0;
  int32_t stage_attempt_id = 0;
  int64_t time = -1;
};

// SparkListenerBlockUpdated "Block Updated Info".
struct BlockUpdatedEvent {
  StringId executor_id = kEmptyString;
  StringId host = kEmptyString;
  int32_t port = 0;
  StringId block_id = kEmptyString;  // "rdd_<rdd>_<split>", "broadcast_<id>[_<piece>]", ...
  StorageLevelInfo level;
  int64_t memory_size = 0;
  int64_t disk_size = 0;
};

// SparkListenerMiscellaneousProcessAdded (Jackson field names: time, processId, info).
struct MiscProcessAddedEvent {
  int64_t time = 0;
  StringId process_id = kEmptyString;
  StringId host_port = kEmptyString;
  int32_t cores = 0;
  StringPairs log_urls;
};

}  // namespace afterglow
