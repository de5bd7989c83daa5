// Small readers of parsed REST answers for the conformance tests (simdjson is built without
// exceptions, so every access is checked): a missing or mistyped field reads as empty/false.
#pragma once

#include <string>

#include "simdjson.h"

namespace afterglow::conformance {

inline std::string JsonString(simdjson::dom::element object, const char* key) {
  std::string_view text;
  if (object[key].get_string().get(text) != simdjson::SUCCESS) return "";
  return std::string(text);
}

inline bool JsonBool(simdjson::dom::element object, const char* key) {
  bool value = false;
  return object[key].get_bool().get(value) == simdjson::SUCCESS && value;
}

// `element` (or its field `key`) as an array; false when it is not one.
inline bool JsonArray(simdjson::dom::element element, simdjson::dom::array* array) {
  return element.get_array().get(*array) == simdjson::SUCCESS;
}
inline bool JsonArray(simdjson::dom::element object, const char* key, simdjson::dom::array* array) {
  return object[key].get_array().get(*array) == simdjson::SUCCESS;
}

}  // namespace afterglow::conformance
