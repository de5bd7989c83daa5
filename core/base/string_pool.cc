#include "core/base/string_pool.h"

#include <cstring>

namespace afterglow {
namespace {

// Texts are copied into chunks of this size; a longer text gets a chunk of its own, so a chunk
// wastes at most the tail a text did not fit in.
constexpr size_t kTextChunkBytes = 64 * 1024;
constexpr size_t kOwnChunkTextBytes = kTextChunkBytes / 8;

uint64_t MixTextWord(uint64_t h, uint64_t word) {
  h = (h ^ word) * 0x9E3779B97F4A7C15ULL;
  return h ^ (h >> 32);
}

}  // namespace

uint64_t HashText(std::string_view text) {
  const char* p = text.data();
  size_t n = text.size();
  uint64_t h = 0x2545F4914F6CDD1DULL ^ n;
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t word;
    std::memcpy(&word, p, 8);
    h = MixTextWord(h, word);
  }
  if (n > 0) {
    uint64_t word = 0;
    std::memcpy(&word, p, n);
    h = MixTextWord(h, word);
  }
  // A final avalanche: the table takes the low bits for the slot and the high ones for Slot::hash.
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ULL;
  return h ^ (h >> 31);
}

StringPool::StringPool() {
  slots_.resize(1024);
  Intern("");
}

StringId StringPool::Intern(std::string_view text) {
  // Room for one more text before probing, so the probe's free slot is where a new text goes.
  if (2 * (texts_.size() + 1) > slots_.size()) Grow();
  const uint64_t hash = HashText(text);
  const uint32_t tag = static_cast<uint32_t>(hash >> 32);
  const size_t mask = slots_.size() - 1;
  size_t i = static_cast<size_t>(hash) & mask;
  for (;; i = (i + 1) & mask) {
    const Slot slot = slots_[i];
    if (slot.id == kFree) break;
    if (slot.hash == tag && texts_[slot.id] == text) return slot.id;
  }
  const StringId id = static_cast<StringId>(texts_.size());
  texts_.push_back(Copy(text));
  slots_[i] = {tag, id};
  return id;
}

std::string_view StringPool::Copy(std::string_view text) {
  if (text.empty()) return {};
  if (text.size() > kOwnChunkTextBytes) {
    chunks_.emplace_back(new char[text.size()]);  // not zeroed: every byte is copied over
    std::memcpy(chunks_.back().get(), text.data(), text.size());
    return {chunks_.back().get(), text.size()};
  }
  if (text.size() > chunk_left_) {
    chunks_.emplace_back(new char[kTextChunkBytes]);
    chunk_free_ = chunks_.back().get();
    chunk_left_ = kTextChunkBytes;
  }
  char* at = chunk_free_;
  std::memcpy(at, text.data(), text.size());
  chunk_free_ += text.size();
  chunk_left_ -= text.size();
  return {at, text.size()};
}

// Doubles the table and puts every id back (the slots keep only part of each hash).
void StringPool::Grow() {
  std::vector<Slot> slots(slots_.size() * 2);
  const size_t mask = slots.size() - 1;
  for (const Slot& old : slots_) {
    if (old.id == kFree) continue;
    const uint64_t hash = HashText(texts_[old.id]);
    size_t i = static_cast<size_t>(hash) & mask;
    while (slots[i].id != kFree) i = (i + 1) & mask;
    slots[i] = old;
  }
  slots_ = std::move(slots);
}

}  // namespace afterglow
