#include "core/decode/json_fields.h"

#include <cstdlib>
#include <limits>
#include <string>

namespace afterglow::json {

namespace {

// A double read as a Long as Java converts it (json4s's extract[Long] of a JDouble is
// Double.toLong): NaN is 0 and a value past the range is its nearest end. A C++ cast of a value
// past the range is undefined (1e34 in a task's Launch Time, found by the task_line fuzz target).
int64_t JavaDoubleToLong(double value) {
  if (value != value) return 0;
  if (value >= 9223372036854775808.0) return std::numeric_limits<int64_t>::max();
  if (value <= -9223372036854775808.0) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(value);
}

}  // namespace

error_code ReadInt64Lenient(od::value value, int64_t& out) {
  od::number number;
  AG_JSON_TRY(value.get_number().get(number));
  switch (number.get_number_type()) {
    case od::number_type::signed_integer: out = number.get_int64(); break;
    case od::number_type::unsigned_integer: out = static_cast<int64_t>(number.get_uint64()); break;
    default: out = JavaDoubleToLong(number.get_double()); break;
  }
  return simdjson::SUCCESS;
}

error_code ReadBool(od::value value, bool& out) { return value.get_bool().get(out); }

error_code ReadString(od::value value, StringPool& pool, StringId& out) {
  std::string_view text;
  AG_JSON_TRY(value.get_string().get(text));
  out = pool.Intern(text);
  return simdjson::SUCCESS;
}

error_code ReadOptText(od::value value, StringPool& pool, OptString& out) {
  od::json_type type;
  AG_JSON_TRY(value.type().get(type));
  switch (type) {
    case od::json_type::null: {
      bool is_null = false;
      out = OptString{};
      return value.is_null().get(is_null);
    }
    case od::json_type::string: {
      out.present = true;
      return ReadString(value, pool, out.id);
    }
    case od::json_type::number:
    case od::json_type::boolean: {
      std::string_view token = value.raw_json_token();
      while (!token.empty() && (token.back() == ' ' || token.back() == '\t' || token.back() == '\n' ||
                                token.back() == '\r')) {
        token.remove_suffix(1);
      }
      out.present = true;
      out.id = pool.Intern(token);
      // raw_json_token does not consume the value; read it so the iterator moves on.
      if (type == od::json_type::boolean) {
        bool ignored = false;
        return value.get_bool().get(ignored);
      }
      double ignored = 0;
      return value.get_double().get(ignored);
    }
    case od::json_type::array: {
      od::array array;
      std::string_view raw;
      AG_JSON_TRY(value.get_array().get(array));
      AG_JSON_TRY(array.raw_json().get(raw));
      out.present = true;
      out.id = pool.Intern(raw);
      return simdjson::SUCCESS;
    }
    default: {
      od::object object;
      std::string_view raw;
      AG_JSON_TRY(value.get_object().get(object));
      AG_JSON_TRY(object.raw_json().get(raw));
      out.present = true;
      out.id = pool.Intern(raw);
      return simdjson::SUCCESS;
    }
  }
}

error_code ReadOptTime(od::value value, int64_t& out) {
  od::json_type type;
  AG_JSON_TRY(value.type().get(type));
  if (type == od::json_type::null) {
    bool is_null = false;
    out = kNoTime;
    return value.is_null().get(is_null);
  }
  return ReadInt64(value, out);
}

error_code ReadStringOrEmpty(od::value value, StringPool& pool, StringId& out) {
  OptString text;
  AG_JSON_TRY(ReadOptText(value, pool, text));
  out = text.present ? text.id : kEmptyString;
  return simdjson::SUCCESS;
}

error_code ReadJavaDouble(od::value value, double& out) {
  od::json_type type;
  AG_JSON_TRY(value.type().get(type));
  if (type == od::json_type::string) {
    std::string_view text;
    AG_JSON_TRY(value.get_string().get(text));
    if (text == "NaN") out = std::numeric_limits<double>::quiet_NaN();
    else if (text == "Infinity") out = std::numeric_limits<double>::infinity();
    else if (text == "-Infinity") out = -std::numeric_limits<double>::infinity();
    else out = std::strtod(std::string(text).c_str(), nullptr);
    return simdjson::SUCCESS;
  }
  if (type == od::json_type::null) {
    bool is_null = false;
    out = 0;
    return value.is_null().get(is_null);
  }
  return value.get_double().get(out);
}

}  // namespace afterglow::json
