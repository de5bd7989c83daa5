// Interned strings: every repeated string of a log (executor ids, hosts, stage names, reasons)
// is stored once and referred to by a 32-bit id. Id 0 is always the empty string, so a
// zero-initialised id column reads as "".
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

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
  // Valid for the pool's lifetime (texts never move: they live in chunks that are never freed
  // or grown before the pool is).
  std::string_view Get(StringId id) const { return texts_[id]; }
  size_t size() const { return texts_.size(); }

 private:
  // A slot of the open-addressing table: part of the text's hash, so a probe compares texts only
  // when those match, and the text's id (kFree: none). A log interns millions of texts; a node
  // per text (std::unordered_map) cost an allocation each and a pointer chase per probe.
  struct Slot {
    uint32_t hash = 0;
    StringId id = kFree;
  };
  static constexpr StringId kFree = UINT32_MAX;

  std::string_view Copy(std::string_view text);
  void Grow();

  std::vector<std::string_view> texts_;  // by id
  std::vector<Slot> slots_;              // a power of two, at most half full
  std::vector<std::unique_ptr<char[]>> chunks_;
  char* chunk_free_ = nullptr;  // the rest of the newest chunk
  size_t chunk_left_ = 0;
};

// The hash StringPool keys its table by (64 bits; a few cycles per 8 bytes).
uint64_t HashText(std::string_view text);

}  // namespace afterglow
