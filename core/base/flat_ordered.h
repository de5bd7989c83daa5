// Ordered maps and sets in one sorted array, for keys that mostly arrive in increasing order and
// leave from the front: the rows Spark's store holds by job and stage id, and the retention's
// cleanup orders by completion time (core/listen/retention_updates.cc). A log writes and deletes
// a job and a stage row per job, and as red-black trees these cost two allocations and four
// rebalancings a job; on a log of many small jobs, the trees' erases alone were 3% of the load.
//
// Inserting past the last key and erasing the first are O(1); any other insert or erase moves
// the shorter side of the array by one slot (the array keeps a gap before its first element for
// that). Iterators are pointers into the array: any insert or erase invalidates them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <stdexcept>
#include <utility>
#include <vector>

namespace afterglow {

namespace flat_ordered_detail {

// The sorted array under FlatOrderedMap and FlatOrderedSet. `KeyOf` reads an element's key.
template <typename Element, typename Key, typename KeyOf>
class SortedArray {
 public:
  using iterator = Element*;
  using const_iterator = const Element*;

  iterator begin() { return items_.data() + head_; }
  iterator end() { return items_.data() + items_.size(); }
  const_iterator begin() const { return items_.data() + head_; }
  const_iterator end() const { return items_.data() + items_.size(); }
  size_t size() const { return items_.size() - head_; }
  bool empty() const { return items_.size() == head_; }

  std::reverse_iterator<iterator> rbegin() { return std::reverse_iterator<iterator>(end()); }
  std::reverse_iterator<iterator> rend() { return std::reverse_iterator<iterator>(begin()); }
  std::reverse_iterator<const_iterator> rbegin() const {
    return std::reverse_iterator<const_iterator>(end());
  }
  std::reverse_iterator<const_iterator> rend() const {
    return std::reverse_iterator<const_iterator>(begin());
  }

  iterator lower_bound(const Key& key) {
    return std::lower_bound(begin(), end(), key,
                            [](const Element& item, const Key& k) { return KeyOf{}(item) < k; });
  }
  const_iterator lower_bound(const Key& key) const {
    return const_cast<SortedArray*>(this)->lower_bound(key);
  }
  iterator upper_bound(const Key& key) {
    return std::upper_bound(begin(), end(), key,
                            [](const Key& k, const Element& item) { return k < KeyOf{}(item); });
  }
  const_iterator upper_bound(const Key& key) const {
    return const_cast<SortedArray*>(this)->upper_bound(key);
  }
  iterator find(const Key& key) {
    const iterator at = lower_bound(key);
    return at != end() && !(key < KeyOf{}(*at)) ? at : end();
  }
  const_iterator find(const Key& key) const { return const_cast<SortedArray*>(this)->find(key); }
  size_t count(const Key& key) const { return find(key) != end() ? 1 : 0; }

  // Adds `element` unless its key is there; the element with that key, and whether it was added.
  std::pair<iterator, bool> insert(Element element) {
    if (empty() || KeyOf{}(items_.back()) < KeyOf{}(element)) {
      items_.push_back(std::move(element));
      return {&items_.back(), true};
    }
    const iterator at = lower_bound(KeyOf{}(element));
    if (at != end() && !(KeyOf{}(element) < KeyOf{}(*at))) return {at, false};
    const size_t index = static_cast<size_t>(at - items_.data());
    if (head_ > 0 && index - head_ < items_.size() - index) {
      // Into the gap: the elements before it move one slot towards the front.
      std::move(items_.begin() + static_cast<std::ptrdiff_t>(head_),
                items_.begin() + static_cast<std::ptrdiff_t>(index),
                items_.begin() + static_cast<std::ptrdiff_t>(head_ - 1));
      --head_;
      items_[index - 1] = std::move(element);
      return {&items_[index - 1], true};
    }
    items_.insert(items_.begin() + static_cast<std::ptrdiff_t>(index), std::move(element));
    return {&items_[index], true};
  }

  void erase(iterator at) {
    const size_t index = static_cast<size_t>(at - items_.data());
    if (index - head_ < items_.size() - 1 - index) {
      // The elements before it move one slot towards the back, widening the gap.
      std::move_backward(items_.begin() + static_cast<std::ptrdiff_t>(head_),
                         items_.begin() + static_cast<std::ptrdiff_t>(index),
                         items_.begin() + static_cast<std::ptrdiff_t>(index + 1));
      items_[head_] = Element{};
      ++head_;
      // A gap as large as what it holds is dropped: moves stay amortized O(1) per erase.
      if (head_ >= kMinGapToDrop && 2 * head_ >= items_.size()) {
        items_.erase(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(head_));
        head_ = 0;
      }
    } else {
      std::move(items_.begin() + static_cast<std::ptrdiff_t>(index + 1), items_.end(),
                items_.begin() + static_cast<std::ptrdiff_t>(index));
      items_.pop_back();
    }
    if (empty()) clear();
  }
  size_t erase(const Key& key) {
    const iterator at = find(key);
    if (at == end()) return 0;
    erase(at);
    return 1;
  }

  void clear() {
    items_.clear();
    head_ = 0;
  }

 private:
  static constexpr size_t kMinGapToDrop = 32;

  std::vector<Element> items_;  // [head_, size) sorted by key, unique; before head_ unused
  size_t head_ = 0;
};

template <typename Key, typename Value>
struct FirstOf {
  const Key& operator()(const std::pair<Key, Value>& item) const { return item.first; }
};

template <typename Key>
struct Itself {
  const Key& operator()(const Key& item) const { return item; }
};

}  // namespace flat_ordered_detail

// std::map's ordered operations for a key with operator<.
template <typename Key, typename Value>
class FlatOrderedMap
    : public flat_ordered_detail::SortedArray<std::pair<Key, Value>, Key,
                                              flat_ordered_detail::FirstOf<Key, Value>> {
 public:
  Value& operator[](const Key& key) { return this->insert({key, Value{}}).first->second; }

  // The value of `key`; std::out_of_range where it is absent, as std::map::at.
  const Value& at(const Key& key) const {
    const auto found = this->find(key);
    if (found == this->end()) throw std::out_of_range("FlatOrderedMap::at: no such key");
    return found->second;
  }
};

// std::set's ordered operations for a key with operator<.
template <typename Key>
class FlatOrderedSet
    : public flat_ordered_detail::SortedArray<Key, Key, flat_ordered_detail::Itself<Key>> {};

}  // namespace afterglow
