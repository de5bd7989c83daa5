// The (stage, task index) pairs of a job's succeeded tasks (LiveJob.completedIndices, whose size is
// the API's numCompletedIndices for jobs). Spark keys one OpenHashSet[Long] by
// (stageId << 32) | index; a node-based set costs an allocation per succeeded task here, freed
// again when the job ends. A job runs a few stages, so it keeps one IndexSet (a bit per index)
// per stage instead.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/model/index_set.h"

namespace afterglow {

class StageIndexSets {
 public:
  // Adds (stage_id, index); true when it was not in the set yet.
  bool insert(int32_t stage_id, int32_t index);
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Empties the set and frees its memory.
  void Release() { *this = StageIndexSets{}; }

 private:
  std::vector<std::pair<int32_t, IndexSet>> stages_;  // by the stage's first insert
  size_t last_ = 0;  // the entry the last insert went to: a stage's tasks end in runs
  size_t size_ = 0;
};

}  // namespace afterglow
