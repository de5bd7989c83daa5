// Accumulator id -> metric type of an SQL execution's plans: what the SQL listener asks of every
// task accumulable ("is this one of the plan's metrics?") and keeps until the execution is
// written. A flat open-addressing table: a node-based hash map cost an allocation per metric and
// a free at the end of each execution, a fifth of a streaming log's listener time. Never shrinks
// (Spark's map is only added to), so there is no erase.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/base/string_pool.h"

namespace afterglow {

class AccumulatorTypes {
 public:
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  // Room for `count` ids without growing.
  void reserve(size_t count) {
    if (2 * count > slots_.size()) Rehash(count);
  }

  // Sets `id`'s type (the latest plan's wins, as in Spark's map).
  void Set(int64_t id, StringId type) { *Place(id, type) = type; }
  // Adds `id` with `type` unless it is there already.
  void Insert(int64_t id, StringId type) { Place(id, type); }

  // `id`'s type, or null.
  const StringId* Find(int64_t id) const {
    if (size_ == 0) return nullptr;
    const size_t mask = slots_.size() - 1;
    for (size_t i = Home(id, mask);; i = (i + 1) & mask) {
      const Slot& slot = slots_[i];
      if (!slot.used) return nullptr;
      if (slot.id == id) return &slot.type;
    }
  }
  bool Contains(int64_t id) const { return Find(id) != nullptr; }

  // Every (id, type), sorted by id.
  std::vector<std::pair<int64_t, StringId>> Sorted() const {
    std::vector<std::pair<int64_t, StringId>> out;
    out.reserve(size_);
    for (const Slot& slot : slots_) {
      if (slot.used) out.emplace_back(slot.id, slot.type);
    }
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  struct Slot {
    int64_t id = 0;
    StringId type = kEmptyString;
    bool used = false;
  };

  static size_t Home(int64_t id, size_t mask) {
    return static_cast<size_t>((static_cast<uint64_t>(id) * 0x9E3779B97F4A7C15ull) >> 32) & mask;
  }

  // The slot of `id`, added with `type` when absent (at most half the slots are used).
  StringId* Place(int64_t id, StringId type) {
    if (2 * (size_ + 1) > slots_.size()) Rehash(size_ + 1);
    const size_t mask = slots_.size() - 1;
    for (size_t i = Home(id, mask);; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (!slot.used) {
        slot = Slot{id, type, true};
        ++size_;
        return &slot.type;
      }
      if (slot.id == id) return &slot.type;
    }
  }

  void Rehash(size_t count) {
    size_t capacity = 16;
    while (capacity < 2 * count) capacity *= 2;
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(capacity, Slot{});
    size_ = 0;
    for (const Slot& slot : old) {
      if (slot.used) Place(slot.id, slot.type);
    }
  }

  std::vector<Slot> slots_;  // a power of two in size, or empty
  size_t size_ = 0;
};

}  // namespace afterglow
