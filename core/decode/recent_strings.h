// A small cache in front of StringPool::Intern for the texts every task event repeats (executor
// ids, hosts, localities, end reasons): a hit costs a few byte loads and one compare instead of
// hashing the whole text and probing the pool's map. Direct-mapped: a colliding text replaces
// the slot and is looked up in the pool, so any text still gets the pool's one id for it.
// 2^kSlotBits slots: a task event's few repeated texts fit in 64 (RecentStrings); a SQL plan's
// node names, simple strings and metric names and types, repeated by every execution of the
// same query, need more (PlanStrings, in sql_event_decoder).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "core/base/string_pool.h"

namespace afterglow {

// A slot of 2^bits for `text` in a direct-mapped cache of texts. Mixes the length and up to 24
// bytes from the start, middle and end: hosts such as "...-w-1.c.example.internal" and
// "...-w-2.c.example.internal" differ only in the middle. A hit must still compare the whole text.
inline size_t TextSlot(std::string_view text, unsigned bits) {
  uint64_t head = 0, middle = 0, tail = 0;
  const size_t size = text.size();
  if (size >= 8) {
    std::memcpy(&head, text.data(), 8);
    std::memcpy(&middle, text.data() + size / 2 - 4, 8);
    std::memcpy(&tail, text.data() + size - 8, 8);
  } else if (size > 0) {
    std::memcpy(&head, text.data(), size);
  }
  const uint64_t mixed = (head * 0x9E3779B97F4A7C15ull) ^ (middle * 0xC2B2AE3D27D4EB4Full) ^
                         (tail * 0x165667B19E3779F9ull) ^ size;
  return static_cast<size_t>((mixed * 0xFF51AFD7ED558CCDull) >> (64 - bits));
}

template <unsigned kSlotBits>
class RecentStringCache {
 public:
  // `pool` must outlive this cache; the cache keeps views of the pool's own copies.
  explicit RecentStringCache(StringPool* pool) : pool_(pool) {}

  StringId Intern(std::string_view text) {
    Slot& slot = slots_[TextSlot(text, kSlotBits)];
    if (slot.text == text) return slot.id;  // an empty slot holds "", which is id 0 too
    slot.id = pool_->Intern(text);
    slot.text = pool_->Get(slot.id);
    return slot.id;
  }

 private:
  struct Slot {
    std::string_view text;
    StringId id = kEmptyString;
  };

  StringPool* pool_;
  std::array<Slot, size_t{1} << kSlotBits> slots_{};
};

using RecentStrings = RecentStringCache<6>;

}  // namespace afterglow
