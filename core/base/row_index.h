// An id -> row index in one flat open-addressing table (linear probing, deletion by backward
// shift, so no tombstones pile up) that stays as large as the most ids ever held at once. Live
// tasks by task id (AppStatusListener's liveTasks: every task enters at its TaskStart and leaves at
// its TaskEnd, so a node-based map allocated and freed once per task) and a stage's executor
// summaries by executor id use it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace afterglow {

class RowIndex {
 public:
  // Maps `id` to `row`, replacing a row it had.
  void Set(int64_t id, uint32_t row);
  // The row of `id`, or -1 when it has none.
  int64_t Find(int64_t id) const;
  // Removes `id`; false when it was not there.
  bool Erase(int64_t id);
  size_t size() const { return size_; }

 private:
  struct Slot {
    int64_t id = 0;
    uint32_t row_plus_one = 0;  // 0: empty
  };
  size_t Home(int64_t id) const;
  // The slot holding `id`, or the empty slot where its probe ends.
  size_t Probe(int64_t id) const;
  void Grow();

  std::vector<Slot> slots_;  // a power of two, at most half full
  size_t size_ = 0;
  unsigned shift_ = 64;  // 64 - log2(slots_.size())
};

}  // namespace afterglow
