// The set of task indices that completed in one stage attempt (LiveStage.completedIndices), whose
// size is the API's numCompletedIndices. Spark keeps an OpenHashSet[Int]; a node-based hash set
// costs 16 to 40 bytes per task here, which on a 350,000-task log was a fifth of the wasm heap.
// Task indices are 0 .. numTasks-1, so they are held as one bit each; an index outside
// [0, kDenseLimit) (only a broken log has one) goes to a sorted side list instead, so a stray huge
// index cannot make the bitmap huge.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace afterglow {

class IndexSet {
 public:
  // Indices below this are bits (at most 2 MB of bitmap); others are kept in a sorted list.
  static constexpr int64_t kDenseLimit = int64_t{1} << 24;

  // Adds `index`; true when it was not in the set yet.
  bool insert(int32_t index);
  bool contains(int32_t index) const;
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  size_t bytes() const;  // memory held, for the size report

 private:
  // Bit i of word i / 64 set: index i is in the set. The first word is held inline: most
  // stages of streaming and RDD jobs have fewer than 64 tasks, and then need no allocation.
  uint64_t first_word_ = 0;
  std::vector<uint64_t> more_words_;  // words 1, 2, ...
  std::vector<int32_t> outside_;      // indices outside [0, kDenseLimit), sorted, distinct
  size_t size_ = 0;
};

}  // namespace afterglow
