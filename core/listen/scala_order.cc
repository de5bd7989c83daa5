#include "core/listen/scala_order.h"

#include <algorithm>

namespace afterglow {
namespace {

// scala.collection.Hashing.improve, applied to Int.## (the value itself).
uint32_t Improve(int32_t key) {
  uint32_t h = static_cast<uint32_t>(key);
  h = h + ~(h << 9);
  h = h ^ (h >> 14);
  h = h + (h << 4);
  return h ^ (h >> 10);
}

struct Keyed {
  uint32_t hash;
  int32_t key;
};

// A CHAMP node at `shift` holds the keys sharing the hash bits below it. Iteration yields the
// node's own entries (slots with one key) in slot order, then descends into its sub-nodes (slots
// shared by several keys) in slot order. The layout depends only on the hashes, so it is the same
// whatever order the keys were added in, and after filtering (filter rebuilds canonically).
void Walk(std::vector<Keyed>& keys, size_t begin, size_t end, int shift,
          std::vector<int32_t>& out) {
  if (end - begin == 1 || shift >= 35) {
    for (size_t i = begin; i < end; ++i) out.push_back(keys[i].key);
    return;
  }
  auto slot = [shift](const Keyed& k) { return (k.hash >> shift) & 31u; };
  std::stable_sort(keys.begin() + static_cast<long>(begin), keys.begin() + static_cast<long>(end),
                   [&](const Keyed& a, const Keyed& b) { return slot(a) < slot(b); });
  std::vector<std::pair<size_t, size_t>> subnodes;
  for (size_t i = begin; i < end;) {
    size_t j = i;
    while (j < end && slot(keys[j]) == slot(keys[i])) ++j;
    if (j - i == 1) out.push_back(keys[i].key);
    else subnodes.emplace_back(i, j);
    i = j;
  }
  for (const auto& [b, e] : subnodes) Walk(keys, b, e, shift + 5, out);
}

}  // namespace

std::vector<int32_t> ScalaImmutableIntOrder(const std::vector<int32_t>& keys) {
  if (keys.size() <= 4) return keys;
  std::vector<Keyed> keyed;
  keyed.reserve(keys.size());
  for (int32_t key : keys) keyed.push_back({Improve(key), key});
  std::vector<int32_t> out;
  out.reserve(keys.size());
  Walk(keyed, 0, keyed.size(), 0, out);
  return out;
}

}  // namespace afterglow
