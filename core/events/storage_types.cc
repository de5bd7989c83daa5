#include "core/events/storage_types.h"

namespace afterglow {

void SetPair(StringPairs& pairs, StringId key, StringId value) {
  for (auto& [known, known_value] : pairs) {
    if (known == key) {
      known_value = value;
      return;
    }
  }
  pairs.emplace_back(key, value);
}

std::string StorageLevelInfo::Description() const {
  std::string text;
  if (use_disk) text += "Disk ";
  if (use_memory) text += use_off_heap ? "Memory (off heap) " : "Memory ";
  text += deserialized ? "Deserialized " : "Serialized ";
  text += std::to_string(replication) + "x Replicated";
  return text;
}

}  // namespace afterglow
