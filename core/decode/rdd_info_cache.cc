#include "core/decode/rdd_info_cache.h"

#include "core/decode/recent_strings.h"

namespace afterglow {
namespace {

// Appends `from`'s entries from `first` on, and its parent ids from `first_parent` on, to `to`,
// each entry's parent range moved to where its ids land. Every range of those entries lies at or
// after `first_parent` (the decoder opens even an empty range at the list's end).
void AppendOperations(const RddOperationList& from, size_t first, size_t first_parent,
                      RddOperationList& to) {
  const uint32_t base = static_cast<uint32_t>(to.parent_ids.size());
  const uint32_t skipped = static_cast<uint32_t>(first_parent);
  to.parent_ids.insert(to.parent_ids.end(),
                       from.parent_ids.begin() + static_cast<ptrdiff_t>(first_parent),
                       from.parent_ids.end());
  for (size_t i = first; i < from.rdds.size(); ++i) {
    RddOperationInfo& rdd = to.rdds.emplace_back(from.rdds[i]);
    rdd.parents_begin = rdd.parents_begin - skipped + base;
    rdd.parents_end = rdd.parents_end - skipped + base;
  }
}

}  // namespace

size_t RddInfoCache::SlotOf(const char* text) {
  return TextSlot(std::string_view(text, kKeyBytes), kSlotBits);
}

bool RddInfoCache::ConsumeRepeat(json::RawCursor& value, bool operations,
                                 StageInfoEvent& info) const {
  // kKeyBytes from the cursor are readable even near the line's end: lines carry their read
  // padding (a slot chosen from padding bytes only misses).
  if (value.Peek() != '[') return false;
  const Slot& slot = slots_[SlotOf(value.at())];
  if (slot.raw.empty() || (operations && !slot.operations)) return false;
  // The kept text is a whole array, so the same bytes at the cursor are that array and end with
  // it: the compare needs no scan for its end.
  if (!value.ConsumeRawText(slot.raw)) return false;
  info.rdd_ids.insert(info.rdd_ids.end(), slot.rdd_ids.begin(), slot.rdd_ids.end());
  info.persisted_rdds.insert(info.persisted_rdds.end(), slot.persisted_rdds.begin(),
                             slot.persisted_rdds.end());
  if (operations) AppendOperations(slot.rdd_operations, 0, 0, info.rdd_operations);
  return true;
}

void RddInfoCache::Keep(std::string_view raw, bool operations, const StageInfoEvent& info,
                        Positions from) {
  if (raw.size() < kKeyBytes) return;
  Slot& slot = slots_[SlotOf(raw.data())];
  slot.raw.assign(raw);
  slot.operations = operations;
  slot.rdd_ids.assign(info.rdd_ids.begin() + static_cast<ptrdiff_t>(from.ids), info.rdd_ids.end());
  slot.persisted_rdds.assign(info.persisted_rdds.begin() + static_cast<ptrdiff_t>(from.persisted),
                             info.persisted_rdds.end());
  slot.rdd_operations.Clear();
  if (operations) {
    AppendOperations(info.rdd_operations, from.operations, from.parent_ids, slot.rdd_operations);
  }
}

}  // namespace afterglow
