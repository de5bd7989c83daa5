#include "core/model/stage_index_sets.h"

namespace afterglow {

bool StageIndexSets::insert(int32_t stage_id, int32_t index) {
  if (last_ >= stages_.size() || stages_[last_].first != stage_id) {
    last_ = 0;
    while (last_ < stages_.size() && stages_[last_].first != stage_id) ++last_;
    if (last_ == stages_.size()) stages_.emplace_back(stage_id, IndexSet{});
  }
  if (!stages_[last_].second.insert(index)) return false;
  ++size_;
  return true;
}

}  // namespace afterglow
