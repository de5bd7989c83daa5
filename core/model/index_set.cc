#include "core/model/index_set.h"

#include <algorithm>

namespace afterglow {

bool IndexSet::insert(int32_t index) {
  if (index < 0 || index >= kDenseLimit) {
    auto at = std::lower_bound(outside_.begin(), outside_.end(), index);
    if (at != outside_.end() && *at == index) return false;
    outside_.insert(at, index);
    ++size_;
    return true;
  }
  const size_t word = static_cast<size_t>(index) >> 6;
  if (word >= bits_.size()) {
    // Indices mostly arrive in rising order: grow by half again so a stage's bitmap is copied a
    // few times, not once per 64 tasks (the bitmap is 1/8 byte a task, so the slack is small).
    bits_.resize(std::max(word + 1, bits_.size() + bits_.size() / 2), 0);
  }
  const uint64_t bit = uint64_t{1} << (index & 63);
  if ((bits_[word] & bit) != 0) return false;
  bits_[word] |= bit;
  ++size_;
  return true;
}

bool IndexSet::contains(int32_t index) const {
  if (index < 0 || index >= kDenseLimit) {
    return std::binary_search(outside_.begin(), outside_.end(), index);
  }
  const size_t word = static_cast<size_t>(index) >> 6;
  return word < bits_.size() && (bits_[word] >> (index & 63) & 1) != 0;
}

size_t IndexSet::bytes() const {
  return bits_.capacity() * sizeof(uint64_t) + outside_.capacity() * sizeof(int32_t);
}

}  // namespace afterglow
