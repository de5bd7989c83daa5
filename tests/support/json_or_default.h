// Readers for tests that walk JSON in which a field may be absent (an event log's lines, optional
// fields of an API answer) and compare what they find: a missing or mistyped value reads as -1 or
// "" instead of failing the test, so the comparison that follows says what differs. An array that
// must be there fails the test when it is not. simdjson is built without exceptions, hence these.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>

#include <gtest/gtest.h>

#include "simdjson.h"

namespace afterglow::test_support {

using JsonField = simdjson::simdjson_result<simdjson::dom::element>;

// The integer at `field`; -1 when absent or not an integer.
inline int64_t IntOrMissing(JsonField field) {
  int64_t value = -1;
  if (field.get_int64().get(value) != simdjson::SUCCESS) return -1;
  return value;
}
inline int64_t IntOrMissing(simdjson::dom::element element) {
  return IntOrMissing(JsonField(std::move(element)));
}

// The string at `field`; "" when absent or not a string. A view into the parser's document.
inline std::string_view TextOrEmpty(JsonField field) {
  std::string_view text;
  if (field.get_string().get(text) != simdjson::SUCCESS) return "";
  return text;
}

// The array at `field`; fails the test (and reads as empty) when there is none.
inline simdjson::dom::array ArrayExpected(JsonField field) {
  simdjson::dom::array array;
  if (field.get_array().get(array) != simdjson::SUCCESS) ADD_FAILURE() << "not an array";
  return array;
}

}  // namespace afterglow::test_support
