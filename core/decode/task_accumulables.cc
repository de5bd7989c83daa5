#include "core/decode/task_accumulables.h"

#include <string_view>

#include "core/decode/json_fields.h"
#include "core/decode/known_fields.h"
#include "core/decode/raw_json_cursor.h"

namespace afterglow {
namespace {

namespace od = simdjson::ondemand;
using json::ForEachElement;
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

std::string_view TrimTrailingSpace(std::string_view token) {
  while (!token.empty() && (token.back() == ' ' || token.back() == '\t' || token.back() == '\n' ||
                            token.back() == '\r')) {
    token.remove_suffix(1);
  }
  return token;
}

// Characters a JSON number token may hold. The structural pass has already cut the token at the
// next structural character or space, so checking its characters keeps garbage such as `12abc`
// out without parsing the number.
bool LooksLikeNumber(std::string_view token) {
  for (char c : token) {
    if (!((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E')) {
      return false;
    }
  }
  return !token.empty();
}

// Every task carries its accumulables, so this runs for most values of a log: scalars are viewed
// in place through their token and left unconsumed (the object walk steps over them), which
// spares parsing numbers nobody reads as numbers and copying strings that have no escapes.
error_code ReadTextValue(od::value value, TextValue& out) {
  out = TextValue{};
  const std::string_view token = TrimTrailingSpace(value.raw_json_token());
  switch (token.empty() ? '\0' : token.front()) {
    case 'n': {
      bool is_null = false;
      AG_JSON_TRY(value.is_null().get(is_null));
      return is_null ? SUCCESS : simdjson::INCORRECT_TYPE;
    }
    case '"': {
      out.present = out.is_string = true;
      // The token ends at its closing quote; a backslash inside means escapes to unescape.
      if (token.size() >= 2 && token.back() == '"' &&
          token.find('\\') == std::string_view::npos) {
        out.text = token.substr(1, token.size() - 2);
        return SUCCESS;
      }
      return value.get_string().get(out.text);
    }
    case 't':
    case 'f':
      if (token != "true" && token != "false") return simdjson::INCORRECT_TYPE;
      out.present = true;
      out.text = token;
      return SUCCESS;
    case '[': {
      od::array array;
      AG_JSON_TRY(value.get_array().get(array));
      out.present = true;
      return array.raw_json().get(out.text);
    }
    case '{': {
      od::object object;
      AG_JSON_TRY(value.get_object().get(object));
      out.present = true;
      return object.raw_json().get(out.text);
    }
    default:
      if (!LooksLikeNumber(token)) return simdjson::NUMBER_ERROR;
      out.present = out.is_number = true;
      out.text = token;
      return SUCCESS;
  }
}

// The raw-text twin of ReadTextValue (raw_json_cursor.h): strings without escapes, numbers,
// booleans and null; arrays, objects and escaped strings are left to simdjson.
error_code ReadTextValue(json::RawCursor& value, TextValue& out) {
  out = TextValue{};
  switch (value.Peek()) {
    case 'n': return value.Literal("null") ? SUCCESS : json::kNotCanonical;
    case '"':
      out.present = out.is_string = true;
      return value.ReadPlainString(out.text);
    case 't':
    case 'f': {
      const char* start = value.at();
      bool ignored = false;
      AG_JSON_TRY(value.ReadBool(ignored));
      out.present = true;
      out.text = std::string_view(start, static_cast<size_t>(value.at() - start));
      return SUCCESS;
    }
    case '[':
    case '{': return json::kNotCanonical;
    default:
      out.present = out.is_number = true;
      return value.ReadNumberToken(out.text);
  }
}

OptString Intern(StringPool& pool, const TextValue& text) {
  OptString out;
  if (!text.present) return out;
  out.present = true;
  out.id = pool.Intern(text.text);
  return out;
}

// An accumulable's keys in the order Spark writes them ("Count Failed Values" is not read).
constexpr auto kAccumulableKeys = json::MakeKnownKeys(
    {"ID", "Name", "Update", "Value", "Internal", "Count Failed Values", "Metadata"});

// What one element of the array says, before it is handed to its readers.
struct AccumulableFields {
  int64_t id = 0;
  TextValue name, update, accumulated, metadata;
  bool internal = false;
};

// One element, from simdjson's value or from the raw text (Value is od::value or
// json::RawCursor&), in any key order: one list of keys for both paths.
template <typename Value>
error_code ReadAccumulableFields(Value&& element, AccumulableFields& out) {
  return json::ForEachKnownField(element, kAccumulableKeys, [&](size_t key, auto&& v) -> error_code {
    switch (key) {
      case json::KeyIndex(kAccumulableKeys, "ID"): return ReadInt64(v, out.id);
      case json::KeyIndex(kAccumulableKeys, "Name"): return ReadTextValue(v, out.name);
      case json::KeyIndex(kAccumulableKeys, "Update"): return ReadTextValue(v, out.update);
      case json::KeyIndex(kAccumulableKeys, "Value"): return ReadTextValue(v, out.accumulated);
      case json::KeyIndex(kAccumulableKeys, "Internal"): return ReadBool(v, out.internal);
      case json::KeyIndex(kAccumulableKeys, "Metadata"): return ReadTextValue(v, out.metadata);
      default: return SUCCESS;
    }
  });
}

// "Update" and "Value" as JsonProtocol writes them: a string without escapes or a number (a
// boolean, null, array or object goes to the general walk). Inline, unlike ReadTextValue: the
// canonical reader below runs for almost every accumulable of a log.
simdjson_inline error_code ReadCanonicalText(json::RawCursor& c, TextValue& out) {
  out.present = true;
  if (c.Peek() == '"') {
    out.is_string = true;
    return c.ReadPlainString(out.text);
  }
  out.is_number = true;
  return c.ReadNumberToken(out.text);
}

// The one shape JsonProtocol writes, `{"ID":..,"Name":..,"Update":..,"Value":..,"Internal":..,
// "Count Failed Values":..[,"Metadata":..]}`, read with each separator and key matched as one
// compile-time literal (`,"Name":`): a task event holds dozens of these, and the general walk's
// per-key bookkeeping (which key comes next, the dispatch on its index, the check for an unread
// value) costs more than reading the values. The name and the value are viewed in place, not
// interned (most entries are internal, and DeliverAccumulable interns only shown ones), but
// still scanned: a line the raw path accepts must be valid JSON. kNotCanonical at the first
// difference, with the cursor anywhere: the caller rewinds and reads the element with
// ReadAccumulableFields. On success `out` (default-constructed before) is what
// ReadAccumulableFields gives for the same text.
simdjson_inline error_code ReadCanonicalAccumulable(json::RawCursor& c, AccumulableFields& out) {
  static constexpr json::RawKey kOpenId = json::RawKey::Literal(R"({"ID":)");
  static constexpr json::RawKey kName = json::RawKey::Literal(R"(,"Name":)");
  static constexpr json::RawKey kUpdate = json::RawKey::Literal(R"(,"Update":)");
  static constexpr json::RawKey kValue = json::RawKey::Literal(R"(,"Value":)");
  static constexpr json::RawKey kInternal = json::RawKey::Literal(R"(,"Internal":)");
  static constexpr json::RawKey kCountFailedValues =
      json::RawKey::Literal(R"(,"Count Failed Values":)");
  static constexpr json::RawKey kMetadata = json::RawKey::Literal(R"(,"Metadata":)");
  if (!c.ConsumeKey(kOpenId)) return json::kNotCanonical;
  AG_JSON_TRY(c.ReadInt64(out.id));
  if (!c.ConsumeKey(kName)) return json::kNotCanonical;
  out.name.present = out.name.is_string = true;
  AG_JSON_TRY(c.ReadPlainString(out.name.text));
  if (!c.ConsumeKey(kUpdate)) return json::kNotCanonical;
  AG_JSON_TRY(ReadCanonicalText(c, out.update));
  if (!c.ConsumeKey(kValue)) return json::kNotCanonical;
  // Mostly the update again (a task's value of its own accumulator): then no second scan.
  const size_t quotes = out.update.is_string ? 1 : 0;
  const char* value_start = c.at();
  if (c.ConsumeCopyOf(out.update.text.data() - quotes, out.update.text.size() + 2 * quotes, ',')) {
    out.accumulated = out.update;
    out.accumulated.text = std::string_view(value_start + quotes, out.update.text.size());
  } else {
    AG_JSON_TRY(ReadCanonicalText(c, out.accumulated));
  }
  if (!c.ConsumeKey(kInternal)) return json::kNotCanonical;
  AG_JSON_TRY(c.ReadBool(out.internal));
  if (!c.ConsumeKey(kCountFailedValues)) return json::kNotCanonical;
  bool count_failed_values = false;
  AG_JSON_TRY(c.ReadBool(count_failed_values));
  if (c.ConsumeKey(kMetadata)) {
    if (c.Peek() != '"') return json::kNotCanonical;
    out.metadata.present = out.metadata.is_string = true;
    AG_JSON_TRY(c.ReadPlainString(out.metadata.text));
  }
  return c.Consume('}') ? SUCCESS : json::kNotCanonical;
}

// Hands one element to its readers: the SQL listener's id / update pair, and the entry the API
// shows when it is neither internal nor a SQL metric.
simdjson_inline void DeliverAccumulable(const AccumulableFields& fields, StringPool& pool,
                                        std::vector<AccumulableEvent>* shown,
                                        std::vector<TaskAccumUpdate>* sql) {
  if (sql != nullptr) {
    // SQLAppStatusListener: `update.toString.toLong` (java.lang.Long.parseLong of the text),
    // which the listener does for its metrics' ids only; booleans, arrays and objects never parse.
    TaskAccumUpdate& acc = sql->emplace_back();
    acc.id = fields.id;
    const TextValue& update = fields.update;
    if (!update.present) {
      acc.kind = TaskAccumUpdate::Kind::kNone;
    } else if (update.is_string || update.is_number) {
      acc.kind = TaskAccumUpdate::Kind::kText;
      acc.text = update.text;
    } else {
      acc.kind = TaskAccumUpdate::Kind::kInvalid;
    }
  }
  // (Three compares, not operator==: that is a call to memcmp.)
  const std::string_view metadata = fields.metadata.text;
  const bool metadata_sql = fields.metadata.present && metadata.size() == 3 &&
                            metadata[0] == 's' && metadata[1] == 'q' && metadata[2] == 'l';
  if (shown != nullptr && !fields.internal && !metadata_sql) {
    AccumulableEvent& acc = shown->emplace_back();
    acc.id = fields.id;
    acc.name = Intern(pool, fields.name);
    acc.update = Intern(pool, fields.update);
    acc.value = Intern(pool, fields.accumulated);
  }
}

}  // namespace

error_code DecodeTaskAccumulables(od::value value, StringPool& pool,
                                  std::vector<AccumulableEvent>* shown,
                                  std::vector<TaskAccumUpdate>* sql) {
  if (shown != nullptr) shown->clear();
  if (sql != nullptr) sql->clear();
  return ForEachElement(value, [&](od::value element) -> error_code {
    AccumulableFields fields;
    AG_JSON_TRY(ReadAccumulableFields(element, fields));
    DeliverAccumulable(fields, pool, shown, sql);
    return SUCCESS;
  });
}

error_code DecodeTaskAccumulables(json::RawCursor& value, StringPool& pool,
                                  std::vector<AccumulableEvent>* shown,
                                  std::vector<TaskAccumUpdate>* sql) {
  if (shown != nullptr) shown->clear();
  if (sql != nullptr) sql->clear();
  return json::ForEachElement(value, [&](json::RawCursor& element) -> error_code {
    AccumulableFields fields;
    const json::RawCursor element_start = element;
    if (ReadCanonicalAccumulable(element, fields) != SUCCESS) {
      element = element_start;
      fields = AccumulableFields{};
      AG_JSON_TRY(ReadAccumulableFields(element, fields));
    }
    DeliverAccumulable(fields, pool, shown, sql);
    return SUCCESS;
  });
}

}  // namespace afterglow
