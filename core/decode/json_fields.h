// Small helpers over simdjson on-demand values that the event decoders share: walk an object's
// fields in whatever order they come, read numbers leniently (a log may write 5 or 5.0), and
// intern strings before the parser reuses its buffer.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include "core/base/string_pool.h"
#include "core/events/events.h"
#include "simdjson.h"

namespace afterglow::json {

namespace od = simdjson::ondemand;
using simdjson::error_code;

#define AG_JSON_TRY(expr)                                   \
  do {                                                      \
    if (::simdjson::error_code ag_error_ = (expr); ag_error_) \
      return ag_error_;                                     \
  } while (0)

// The key of `field`. A key without escapes (every key Spark writes) is viewed in place in the
// line; only a key with a backslash is unescaped into the parser's string buffer, which costs a
// copy per key. The closing quote exists: simdjson's structural pass rejected unclosed strings.
simdjson_inline error_code FieldKey(od::field& field, std::string_view& key) {
  const char* begin = field.key().raw();
  const char* end = begin;
  while (*end != '"' && *end != '\\') ++end;
  if (*end == '"') {
    key = std::string_view(begin, static_cast<size_t>(end - begin));
    return simdjson::SUCCESS;
  }
  return field.unescaped_key().get(key);
}

// Equality of two short texts (keys, 4 to 30 bytes) without a call to memcmp, which costs more
// than the compare when the length is not a compile-time constant, and always in wasm (where
// even `key == "literal"` calls it: 13% of the page's decode before this).
inline bool SameText(std::string_view a, std::string_view b) {
  const size_t size = a.size();
  if (size != b.size()) return false;
  if (size < 8) {
    for (size_t i = 0; i < size; ++i) {
      if (a[i] != b[i]) return false;
    }
    return true;
  }
  uint64_t word_a, word_b;
  for (size_t i = 0; i + 8 < size; i += 8) {
    std::memcpy(&word_a, a.data() + i, 8);
    std::memcpy(&word_b, b.data() + i, 8);
    if (word_a != word_b) return false;
  }
  std::memcpy(&word_a, a.data() + size - 8, 8);  // the last 8 bytes, overlapping the loop's
  std::memcpy(&word_b, b.data() + size - 8, 8);
  return word_a == word_b;
}

// Calls `on_field(key, value)` for every field of an open object, in log order: the one walk over
// an object's fields, for an event's top level (every event decoder) and for the objects inside
// it (ForEachField). "Event" itself is among an event's fields; decoders pass over it.
template <typename OnField>
simdjson_inline error_code ForEachObjectField(od::object& object, OnField&& on_field) {
  for (auto field_result : object) {
    od::field field;
    AG_JSON_TRY(std::move(field_result).get(field));
    std::string_view key;
    AG_JSON_TRY(FieldKey(field, key));
    AG_JSON_TRY(on_field(key, field.value()));
  }
  return simdjson::SUCCESS;
}

// Calls `on_field(key, value)` for every field of `value` (an object), in log order. A null value
// is treated as an empty object, as JsonProtocol treats a null Properties or Task Metrics.
template <typename OnField>
error_code ForEachField(od::value value, OnField&& on_field) {
  od::json_type type;
  AG_JSON_TRY(value.type().get(type));
  if (type == od::json_type::null) {
    bool is_null = false;
    return value.is_null().get(is_null);
  }
  od::object object;
  AG_JSON_TRY(value.get_object().get(object));
  return ForEachObjectField(object, on_field);
}

// Calls `on_element(value)` for every element of an array (null reads as empty).
template <typename OnElement>
error_code ForEachElement(od::value value, OnElement&& on_element) {
  od::json_type type;
  AG_JSON_TRY(value.type().get(type));
  if (type == od::json_type::null) {
    bool is_null = false;
    return value.is_null().get(is_null);
  }
  od::array array;
  AG_JSON_TRY(value.get_array().get(array));
  for (auto element_result : array) {
    od::value element;
    AG_JSON_TRY(std::move(element_result).get(element));
    AG_JSON_TRY(on_element(element));
  }
  return simdjson::SUCCESS;
}

// A number that is not a plain int64 (5.0, 1e3, beyond int64): read as JsonProtocol's
// extractLong would (doubles truncated, large unsigned wrapped).
error_code ReadInt64Lenient(od::value value, int64_t& out);
// Nearly every number in a log is a plain integer: parse it directly, and only fall back to the
// lenient path when that fails (a failed get_int64 does not consume the value).
simdjson_inline error_code ReadInt64(od::value value, int64_t& out) {
  if (value.get_int64().get(out) == simdjson::SUCCESS) return simdjson::SUCCESS;
  return ReadInt64Lenient(value, out);
}
inline error_code ReadInt32(od::value value, int32_t& out) {
  int64_t wide = 0;
  AG_JSON_TRY(ReadInt64(value, wide));
  out = static_cast<int32_t>(wide);
  return simdjson::SUCCESS;
}
error_code ReadBool(od::value value, bool& out);
error_code ReadString(od::value value, StringPool& pool, StringId& out);
// Absent on null; strings are interned unquoted, other scalars as their JSON text.
error_code ReadOptText(od::value value, StringPool& pool, OptString& out);

// A text ReadOptText reads, for a field whose object may turn out not to need it (a stage's
// internal accumulables, which the status model drops): the raw fast path keeps a plain string or
// a number as its text in the line and interns it only when resolved; everything else, and
// simdjson's path, is interned at once. A line is refused in exactly the cases ReadOptText
// refuses it, and a resolved text has the id ReadOptText would have given.
struct PendingText {
  OptString read;         // when interned at once
  std::string_view raw;   // when pending: the text between the quotes, or the number token
  bool pending = false;
};
inline error_code ReadPendingText(od::value value, StringPool& pool, PendingText& out) {
  out.pending = false;
  return ReadOptText(value, pool, out.read);
}
inline error_code ResolvePendingText(StringPool& /*pool*/, const PendingText& text,
                                     OptString& out) {
  out = text.read;
  return simdjson::SUCCESS;
}
// A time that may be null (read as kNoTime).
error_code ReadOptTime(od::value value, int64_t& out);
// A string that may be null (read as ""): Jackson leaves a missing String field null.
error_code ReadStringOrEmpty(od::value value, StringPool& pool, StringId& out);
// A Java double as Jackson writes it: a number, or "NaN" / "Infinity" / "-Infinity" as strings
// (null reads as 0).
error_code ReadJavaDouble(od::value value, double& out);

}  // namespace afterglow::json
