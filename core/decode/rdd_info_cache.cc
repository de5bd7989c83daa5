#include "core/decode/rdd_info_cache.h"

#include "core/decode/recent_strings.h"

namespace afterglow {

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
  if (operations) {
    info.rdd_operations.insert(info.rdd_operations.end(), slot.rdd_operations.begin(),
                               slot.rdd_operations.end());
  }
  return true;
}

void RddInfoCache::Keep(std::string_view raw, bool operations, const StageInfoEvent& info,
                        size_t ids_from, size_t persisted_from, size_t operations_from) {
  if (raw.size() < kKeyBytes) return;
  Slot& slot = slots_[SlotOf(raw.data())];
  slot.raw.assign(raw);
  slot.operations = operations;
  slot.rdd_ids.assign(info.rdd_ids.begin() + static_cast<ptrdiff_t>(ids_from),
                      info.rdd_ids.end());
  slot.persisted_rdds.assign(
      info.persisted_rdds.begin() + static_cast<ptrdiff_t>(persisted_from),
      info.persisted_rdds.end());
  if (operations) {
    slot.rdd_operations.assign(
        info.rdd_operations.begin() + static_cast<ptrdiff_t>(operations_from),
        info.rdd_operations.end());
  } else {
    slot.rdd_operations.clear();
  }
}

}  // namespace afterglow
