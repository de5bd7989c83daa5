// Interned strings: every repeated string of a log (executor ids, hosts, stage names, reasons)
// is stored once and referred to by a 32-bit id. Id 0 is always the empty string, so a
// zero-initialised id column reads as "".
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>

namespace afterglow {

using StringId = uint32_t;
inline constexpr StringId kEmptyString = 0;

class StringPool {
 public:
  StringPool();
  StringPool(const StringPool&) = delete;
  StringPool& operator=(const StringPool&) = delete;

  // Copies `text` in on first sight; later calls return the same id without allocating.
  StringId Intern(std::string_view text);
  // Valid for the pool's lifetime (strings never move: a deque keeps its elements in place).
  std::string_view Get(StringId id) const { return strings_[id]; }
  size_t size() const { return strings_.size(); }

 private:
  std::deque<std::string> strings_;
  std::unordered_map<std::string_view, StringId> ids_;
};

}  // namespace afterglow
