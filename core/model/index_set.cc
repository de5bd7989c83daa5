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
  uint64_t* bits = &first_word_;
  if (word > 0) {
    if (word > more_words_.size()) {
      // Indices mostly arrive in rising order: grow by half again so a stage's bitmap is copied
      // a few times, not once per 64 tasks (the bitmap is 1/8 byte a task, so the slack is small).
      more_words_.resize(std::max(word, more_words_.size() + more_words_.size() / 2), 0);
    }
    bits = &more_words_[word - 1];
  }
  const uint64_t bit = uint64_t{1} << (index & 63);
  if ((*bits & bit) != 0) return false;
  *bits |= bit;
  ++size_;
  return true;
}

bool IndexSet::contains(int32_t index) const {
  if (index < 0 || index >= kDenseLimit) {
    return std::binary_search(outside_.begin(), outside_.end(), index);
  }
  const size_t word = static_cast<size_t>(index) >> 6;
  if (word > more_words_.size()) return false;
  const uint64_t bits = word == 0 ? first_word_ : more_words_[word - 1];
  return (bits >> (index & 63) & 1) != 0;
}

size_t IndexSet::bytes() const {
  return more_words_.capacity() * sizeof(uint64_t) + outside_.capacity() * sizeof(int32_t);
}

}  // namespace afterglow
