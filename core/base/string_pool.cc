#include "core/base/string_pool.h"

namespace afterglow {

StringPool::StringPool() { Intern(""); }

StringId StringPool::Intern(std::string_view text) {
  auto found = ids_.find(text);
  if (found != ids_.end()) return found->second;
  const StringId id = static_cast<StringId>(strings_.size());
  strings_.emplace_back(text);
  ids_.emplace(std::string_view(strings_.back()), id);
  return id;
}

}  // namespace afterglow
