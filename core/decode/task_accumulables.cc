#include "core/decode/task_accumulables.h"

#include <string_view>

#include "core/decode/json_fields.h"
#include "core/decode/sql_event_decoder.h"

namespace afterglow {
namespace {

namespace od = simdjson::ondemand;
using json::ForEachElement;
using json::ForEachField;
using json::ReadBool;
using json::ReadInt64;
using simdjson::error_code;
using simdjson::SUCCESS;

// One JSON value seen as text, without interning: strings unescaped, scalars as their token,
// arrays and objects as their raw JSON. Views stay valid while the parser is on this document.
struct TextValue {
  bool present = false;  // absent or null reads as not present
  bool is_string = false;
  bool is_number = false;
  std::string_view text;
};

error_code ReadTextValue(od::value value, TextValue& out) {
  out = TextValue{};
  od::json_type type;
  AG_JSON_TRY(value.type().get(type));
  switch (type) {
    case od::json_type::null: {
      bool is_null = false;
      return value.is_null().get(is_null);
    }
    case od::json_type::string:
      out.present = out.is_string = true;
      return value.get_string().get(out.text);
    case od::json_type::number:
    case od::json_type::boolean: {
      std::string_view token = value.raw_json_token();
      while (!token.empty() && (token.back() == ' ' || token.back() == '\t' ||
                                token.back() == '\n' || token.back() == '\r')) {
        token.remove_suffix(1);
      }
      out.present = true;
      out.is_number = type == od::json_type::number;
      out.text = token;
      if (type == od::json_type::boolean) {
        bool ignored = false;
        return value.get_bool().get(ignored);
      }
      double ignored = 0;
      return value.get_double().get(ignored);
    }
    case od::json_type::array: {
      od::array array;
      AG_JSON_TRY(value.get_array().get(array));
      out.present = true;
      return array.raw_json().get(out.text);
    }
    default: {
      od::object object;
      AG_JSON_TRY(value.get_object().get(object));
      out.present = true;
      return object.raw_json().get(out.text);
    }
  }
}

OptString Intern(StringPool& pool, const TextValue& text) {
  OptString out;
  if (!text.present) return out;
  out.present = true;
  out.id = pool.Intern(text.text);
  return out;
}

}  // namespace

error_code DecodeTaskAccumulables(od::value value, StringPool& pool,
                                  std::vector<AccumulableEvent>* shown,
                                  std::vector<TaskAccumUpdate>* sql) {
  if (shown != nullptr) shown->clear();
  if (sql != nullptr) sql->clear();
  return ForEachElement(value, [&](od::value element) -> error_code {
    int64_t id = 0;
    TextValue name, update, accumulated, metadata;
    bool internal = false;
    AG_JSON_TRY(ForEachField(element, [&](std::string_view key, od::value v) -> error_code {
      if (key == "ID") return ReadInt64(v, id);
      if (key == "Name") return ReadTextValue(v, name);
      if (key == "Update") return ReadTextValue(v, update);
      if (key == "Value") return ReadTextValue(v, accumulated);
      if (key == "Internal") return ReadBool(v, internal);
      if (key == "Metadata") return ReadTextValue(v, metadata);
      return SUCCESS;
    }));
    if (sql != nullptr) {
      // SQLAppStatusListener: `update.toString.toLong` (java.lang.Long.parseLong of the text);
      // booleans, arrays and objects never parse.
      TaskAccumUpdate& acc = sql->emplace_back();
      acc.id = id;
      if (!update.present) {
        acc.kind = TaskAccumUpdate::Kind::kNone;
      } else if ((update.is_string || update.is_number) && ParseJavaLong(update.text, acc.value)) {
        acc.kind = TaskAccumUpdate::Kind::kLong;
      } else {
        acc.kind = TaskAccumUpdate::Kind::kInvalid;
      }
    }
    const bool metadata_sql = metadata.present && metadata.text == "sql";
    if (shown != nullptr && !internal && !metadata_sql) {
      AccumulableEvent& acc = shown->emplace_back();
      acc.id = id;
      acc.name = Intern(pool, name);
      acc.update = Intern(pool, update);
      acc.value = Intern(pool, accumulated);
    }
    return SUCCESS;
  });
}

}  // namespace afterglow
