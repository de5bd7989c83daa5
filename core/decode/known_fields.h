// Object walks over a list of the keys a decoder reads, given in the order Spark writes them.
// The decoder switches on a key's index in its list (KeyIndex gives the case labels at compile
// time) instead of comparing the key with each name it knows. On the raw fast path the cursor
// first tries the key after the previous one as a literal (`"Name":`, packed into words at
// compile time), a compare of two to five words; only when that fails does it read the key as a
// string and look it up. Every task event is about 170 keys (its Accumulables, Task Metrics and
// Task Executor Metrics), most of its bytes, so matching them this way is the larger part of
// the raw path's saving. Any other order still finds every key, by the lookup.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>

#include "core/decode/json_fields.h"
#include "core/decode/raw_json_cursor.h"
#include "simdjson.h"

namespace afterglow::json {

// A decoder's keys: their names (simdjson's path, KeyIndex) and their raw forms (the fast path).
template <size_t N>
struct KnownKeys {
  std::array<std::string_view, N> names;
  std::array<RawKey, N> raw;
};

template <size_t N>
constexpr KnownKeys<N> MakeKnownKeys(const std::array<std::string_view, N>& names) {
  KnownKeys<N> keys;
  for (size_t i = 0; i < N; ++i) {
    keys.names[i] = names[i];
    keys.raw[i] = RawKey::Of(names[i]);
  }
  return keys;
}
template <size_t N>
constexpr KnownKeys<N> MakeKnownKeys(const std::string_view (&names)[N]) {
  return MakeKnownKeys(std::to_array(names));
}

// A KnownKeys of any size, as the walks take it.
struct KeyList {
  template <size_t N>
  constexpr KeyList(const KnownKeys<N>& keys) : names(keys.names), raw(keys.raw) {}
  std::span<const std::string_view> names;
  std::span<const RawKey> raw;
  size_t size() const { return names.size(); }
};

// The index of `key` in `keys`, trying keys[next] first (then next moves past it); keys.size()
// when the key is not in the list.
inline size_t FindKey(std::span<const std::string_view> keys, std::string_view key, size_t& next) {
  if (next < keys.size() && SameText(keys[next], key)) return next++;
  for (size_t i = 0; i < keys.size(); ++i) {
    if (SameText(keys[i], key)) {
      next = i + 1;
      return i;
    }
  }
  return keys.size();
}

// Not constexpr, and never defined: KeyIndex calls it for a name missing from its list, which
// then fails to compile.
void KeyIndexNameIsNotInTheList();

// `name`'s index in `keys`, for case labels.
template <size_t N>
consteval size_t KeyIndex(const KnownKeys<N>& keys, std::string_view name) {
  for (size_t i = 0; i < N; ++i) {
    if (keys.names[i] == name) return i;
  }
  KeyIndexNameIsNotInTheList();
  return N;
}

// Calls `on_field(index, value)` for every field of `value` (an object; null reads as empty),
// `index` being the key's index in `keys` (keys.size() for a key not in it).
template <typename OnField>
error_code ForEachKnownField(od::value value, KeyList keys, OnField&& on_field) {
  size_t next = 0;
  return ForEachField(value, [&](std::string_view key, od::value v) -> error_code {
    return on_field(FindKey(keys.names, key, next), v);
  });
}

// The rest of an object's fields over the raw text, from a key on: the walk of
// ForEachKnownField below, with keys[next] the key predicted first.
template <typename OnField>
error_code ContinueKnownFields(RawCursor& cursor, KeyList keys, size_t next, OnField&& on_field) {
  do {
    size_t index;
    if (next < keys.size() && cursor.ConsumeKey(keys.raw[next])) {
      index = next++;
    } else {
      std::string_view key;
      AG_JSON_TRY(cursor.ReadPlainString(key));
      if (!cursor.Consume(':')) return kNotCanonical;
      index = FindKey(keys.names, key, next);
    }
    const char* value_start = cursor.at();
    AG_JSON_TRY(on_field(index, cursor));
    if (cursor.at() == value_start) AG_JSON_TRY(cursor.SkipValue());
  } while (cursor.Consume(','));
  return cursor.Consume('}') ? simdjson::SUCCESS : kNotCanonical;
}

// The same over the raw text (raw_json_cursor.h); keys must be plain strings.
template <typename OnField>
error_code ForEachKnownField(RawCursor& cursor, KeyList keys, OnField&& on_field) {
  if (!cursor.Consume('{')) return kNotCanonical;
  if (cursor.Consume('}')) return simdjson::SUCCESS;
  return ContinueKnownFields(cursor, keys, 0, on_field);
}

// Where the in-order walk below stands.
enum class InOrderWalk : uint8_t {
  kAtKey,    // at a key (after '{' or ','), not yet matched
  kClosing,  // no ',' after the last value: the object must end here
};

// One step of the in-order walk: key kKeys[I] as a compile-time literal; when it is there, its
// value, read by on_field with the index as a std::integral_constant, so that each step's
// instance of on_field is its one case. A key that is not there is passed over (an older Spark
// writes fewer keys), the cursor staying where it is for the next step.
template <const auto& kKeys, size_t I, typename OnField>
simdjson_inline error_code KnownFieldInOrder(RawCursor& cursor, OnField& on_field,
                                             InOrderWalk& walk, size_t& next) {
  if (walk != InOrderWalk::kAtKey || !cursor.ConsumeKey(kKeys.raw[I])) return simdjson::SUCCESS;
  next = I + 1;
  const char* value_start = cursor.at();
  AG_JSON_TRY(on_field(std::integral_constant<size_t, I>(), cursor));
  if (cursor.at() == value_start) AG_JSON_TRY(cursor.SkipValue());
  if (!cursor.Consume(',')) walk = InOrderWalk::kClosing;
  return simdjson::SUCCESS;
}

template <const auto& kKeys, typename OnField, size_t... I>
simdjson_inline error_code KnownFieldsInOrder(RawCursor& cursor, OnField& on_field,
                                              InOrderWalk& walk, size_t& next,
                                              std::index_sequence<I...>) {
  error_code error = simdjson::SUCCESS;
  // Stops at the first error (&& short-circuits the fold); the fold's own value is not needed,
  // hence the cast (clang warns of an unused result otherwise).
  (void)(((error = KnownFieldInOrder<kKeys, I>(cursor, on_field, walk, next)) ==
          simdjson::SUCCESS) && ...);
  return error;
}

// ForEachKnownField with the list known at compile time (kKeys, a KnownKeys of static storage);
// `on_field(key, value)` takes its index as `auto` (a size_t, or a std::integral_constant).
// On the raw text the keys of the list are tried in its order as straight-line code, each
// compared as literal words and its value read by an instance of on_field for that one key.
// That is the order Spark writes, so for a task event's ~50 metric fields the general walk's
// per-key bookkeeping (predicting the next key, dispatching on its index) is gone. Whatever the
// pass leaves (a key out of order, one not in the list) the general walk reads from there on:
// on_field still sees every field once, in the text's order.
template <const auto& kKeys, typename OnField>
error_code ForEachKnownField(od::value value, OnField&& on_field) {
  return ForEachKnownField(value, KeyList(kKeys), on_field);
}
template <const auto& kKeys, typename OnField>
error_code ForEachKnownField(RawCursor& cursor, OnField&& on_field) {
  if (!cursor.Consume('{')) return kNotCanonical;
  if (cursor.Consume('}')) return simdjson::SUCCESS;
  constexpr size_t kCount = std::tuple_size_v<decltype(kKeys.names)>;
  InOrderWalk walk = InOrderWalk::kAtKey;
  size_t next = 0;
  AG_JSON_TRY(KnownFieldsInOrder<kKeys>(cursor, on_field, walk, next,
                                        std::make_index_sequence<kCount>()));
  if (walk == InOrderWalk::kClosing) {
    return cursor.Consume('}') ? simdjson::SUCCESS : kNotCanonical;
  }
  return ContinueKnownFields(cursor, KeyList(kKeys), next, on_field);
}

}  // namespace afterglow::json
