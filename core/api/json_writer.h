// Writes JSON the way the History Server's Jackson mapper does (INDENT_OUTPUT with the default
// pretty printer): objects one field per line as `"key" : value` indented two spaces per object
// level, arrays inline as `[ a, b ]`, empties as `{ }` and `[ ]`. Doubles follow Java's
// Double.toString. The caller pairs Begin/End calls.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace afterglow {

// Receives one item of a top-level array as its own JSON text, valid during the call.
using JsonItemSink = std::function<void(std::string_view item)>;

class JsonWriter {
 public:
  JsonWriter() = default;
  // With a sink, each item of a top-level array goes to `items` once it is complete and is not
  // kept: the text never holds more than one item, so a list answer of any length costs the
  // memory of its largest item (the page's list models read the /stages of a 1 GB log, 3 MB of
  // JSON, this way). text() then holds only what is left of the array's brackets. `items` must
  // outlive the writer; null writes the whole answer as usual.
  explicit JsonWriter(const JsonItemSink* items) : items_(items) {}

  void BeginObject();
  void EndObject();
  void BeginArray();
  void EndArray();
  void Key(std::string_view key);
  void String(std::string_view text);
  void Int(int64_t value);
  void Double(double value);
  void Bool(bool value);
  void Null();

  // Shorthands for a key followed by a value.
  void Field(std::string_view key, std::string_view text) { Key(key); String(text); }
  void Field(std::string_view key, const char* text) { Key(key); String(text); }
  void FieldInt(std::string_view key, int64_t value) { Key(key); Int(value); }
  void FieldBool(std::string_view key, bool value) { Key(key); Bool(value); }

  const std::string& text() const { return out_; }
  std::string Take() { return std::move(out_); }

 private:
  struct Level {
    bool is_object;
    uint32_t count;
  };
  void BeforeValue();
  // After each complete value: hands a finished item of the top-level array to items_.
  void AfterValue();
  void Indent(size_t object_depth);

  std::string out_;
  std::vector<Level> levels_;
  size_t object_depth_ = 0;
  bool after_key_ = false;
  const JsonItemSink* items_ = nullptr;
  size_t item_start_ = 0;  // where the current top-level item's text begins in out_
};

// Java's Double.toString: "1.0", "0.25", "2.5E7", "1.0E-4"; NaN as Jackson writes it ("NaN" as
// a string is the caller's choice; this returns the bare token).
std::string JavaDoubleToString(double value);

}  // namespace afterglow
