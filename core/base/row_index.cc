#include "core/base/row_index.h"

#include <utility>

namespace afterglow {

size_t RowIndex::Home(int64_t id) const {
  // Fibonacci hashing: ids are mostly consecutive, and the top bits of the product spread
  // them over the table.
  return static_cast<size_t>((static_cast<uint64_t>(id) * 0x9E3779B97F4A7C15ull) >> shift_);
}

size_t RowIndex::Probe(int64_t id) const {
  const size_t mask = slots_.size() - 1;
  size_t slot = Home(id);
  while (slots_[slot].row_plus_one != 0 && slots_[slot].id != id) {
    slot = (slot + 1) & mask;
  }
  return slot;
}

void RowIndex::Grow() {
  std::vector<Slot> old = std::move(slots_);
  const size_t capacity = old.empty() ? 16 : old.size() * 2;
  slots_.assign(capacity, Slot{});
  shift_ = 64;
  for (size_t c = capacity; c > 1; c >>= 1) --shift_;
  for (const Slot& slot : old) {
    if (slot.row_plus_one != 0) slots_[Probe(slot.id)] = slot;
  }
}

void RowIndex::Set(int64_t id, uint32_t row) {
  if (2 * (size_ + 1) > slots_.size()) Grow();
  Slot& slot = slots_[Probe(id)];
  if (slot.row_plus_one == 0) ++size_;
  slot = {id, row + 1};
}

int64_t RowIndex::Find(int64_t id) const {
  if (size_ == 0) return -1;
  const Slot& slot = slots_[Probe(id)];
  return slot.row_plus_one == 0 ? -1 : int64_t{slot.row_plus_one} - 1;
}

bool RowIndex::Erase(int64_t id) {
  if (size_ == 0) return false;
  size_t hole = Probe(id);
  if (slots_[hole].row_plus_one == 0) return false;
  // Backward shift: each later entry of the run moves into the hole unless its home lies
  // cyclically after the hole (it would then be unreachable from its home).
  const size_t mask = slots_.size() - 1;
  for (size_t next = (hole + 1) & mask; slots_[next].row_plus_one != 0; next = (next + 1) & mask) {
    const size_t home = Home(slots_[next].id);
    const bool stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next);
    if (stays) continue;
    slots_[hole] = slots_[next];
    hole = next;
  }
  slots_[hole] = Slot{};
  --size_;
  return true;
}

}  // namespace afterglow
