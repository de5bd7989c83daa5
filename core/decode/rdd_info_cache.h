// The decoded "RDD Info" arrays of recent StageInfos, kept by their text as written, for the raw
// fast path. Spark writes a stage's RDD Info array three times with the same bytes (in the
// JobStart's stage infos, in StageSubmitted and in StageCompleted), and each entry costs a dozen
// keys, a storage level and three or four interned texts (the Scope is a JSON document with
// escapes). A repeat here costs one compare of the array's text and a copy of what it decoded to.
// Direct-mapped by the array's first bytes (which hold its first RDD's id and name): a miss is
// decoded as before, so every array still decodes to exactly what DecodeRddInfo gives.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/decode/raw_json_cursor.h"
#include "core/events/events.h"

namespace afterglow {

class RddInfoCache {
 public:
  // Arrays shorter than this are not kept: their slot is chosen by this many bytes, and an empty
  // or one-entry array costs little to decode anyway.
  static constexpr size_t kKeyBytes = 32;

  // When the array at the cursor is one kept before (with its operation-graph fields if
  // `operations`): appends what it decoded to (ids, persisted RDDs and, with `operations`, the
  // operation-graph entries) to `info`, moves the cursor past it and returns true. False, with the
  // cursor and `info` unchanged, otherwise.
  bool ConsumeRepeat(json::RawCursor& value, bool operations, StageInfoEvent& info) const;

  // Where an array's entries start in a StageInfoEvent's vectors.
  struct Positions {
    size_t ids = 0;
    size_t persisted = 0;
    size_t operations = 0;
    size_t parent_ids = 0;  // in rdd_operations.parent_ids
  };

  // Keeps the array whose text is `raw` (a whole array the raw cursor accepted) and which decoded
  // to the entries of `info` from `from` on; `operations` says whether its operation-graph fields
  // were read.
  void Keep(std::string_view raw, bool operations, const StageInfoEvent& info, Positions from);

 private:
  struct Slot {
    std::string raw;  // empty: nothing kept
    bool operations = false;
    std::vector<int32_t> rdd_ids;
    std::vector<PersistedRddInfo> persisted_rdds;
    RddOperationList rdd_operations;  // parent ranges into its own parent_ids
  };
  // A job's stages each have their array; streaming jobs have a few stages, SQL jobs some more.
  static constexpr unsigned kSlotBits = 6;

  static size_t SlotOf(const char* text);

  std::array<Slot, size_t{1} << kSlotBits> slots_{};
};

}  // namespace afterglow
