#include "tests/conformance/json_compare.h"

#include <sstream>

namespace afterglow::conformance {
namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

enum class Kind { kObject, kArray, kInteger, kDouble, kString, kBool, kNull };

Kind KindOf(element e) {
  switch (e.type()) {
    case element_type::OBJECT: return Kind::kObject;
    case element_type::ARRAY: return Kind::kArray;
    case element_type::INT64:
    case element_type::UINT64: return Kind::kInteger;
    case element_type::DOUBLE: return Kind::kDouble;
    case element_type::STRING: return Kind::kString;
    case element_type::BOOL: return Kind::kBool;
    default: return Kind::kNull;
  }
}

std::string Show(element e) {
  std::string text = simdjson::minify(e);
  if (text.size() > 120) text = text.substr(0, 117) + "...";
  return text;
}

}  // namespace

std::string JsonDifference(element actual, element expected, const std::string& path) {
  const Kind kind = KindOf(actual);
  if (kind != KindOf(expected)) {
    return path + ": actual " + Show(actual) + ", expected " + Show(expected) + " (types differ)";
  }
  switch (kind) {
    case Kind::kObject: {
      simdjson::dom::object a = actual.get_object().value_unsafe();
      simdjson::dom::object b = expected.get_object().value_unsafe();
      for (auto [key, value] : b) {
        element mine;
        if (a.at_key(key).get(mine)) return path + "." + std::string(key) + ": missing in actual";
        if (key == "lastUpdated" || key == "lastUpdatedEpoch") continue;
        std::string diff = JsonDifference(mine, value, path + "." + std::string(key));
        if (!diff.empty()) return diff;
      }
      for (auto [key, value] : a) {
        element theirs;
        if (b.at_key(key).get(theirs)) {
          return path + "." + std::string(key) + ": not expected, actual " + Show(value);
        }
      }
      return "";
    }
    case Kind::kArray: {
      simdjson::dom::array a = actual.get_array().value_unsafe();
      simdjson::dom::array b = expected.get_array().value_unsafe();
      if (a.size() != b.size()) {
        return path + ": actual " + std::to_string(a.size()) + " elements, expected " +
               std::to_string(b.size());
      }
      size_t i = 0;
      auto it_b = b.begin();
      for (element value : a) {
        std::string diff = JsonDifference(value, *it_b, path + "[" + std::to_string(i) + "]");
        if (!diff.empty()) return diff;
        ++it_b;
        ++i;
      }
      return "";
    }
    default:
      if (simdjson::minify(actual) != simdjson::minify(expected)) {
        return path + ": actual " + Show(actual) + ", expected " + Show(expected);
      }
      return "";
  }
}

}  // namespace afterglow::conformance
