// Writes JSON the way the History Server's Jackson mapper does (INDENT_OUTPUT with the default
// pretty printer): objects one field per line as `"key" : value` indented two spaces per object
// level, arrays inline as `[ a, b ]`, empties as `{ }` and `[ ]`. Doubles follow Java's
// Double.toString. The caller pairs Begin/End calls.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace afterglow {

class JsonWriter {
 public:
  void BeginObject();
  void EndObject();
  void BeginArray();
  void EndArray();
  void Key(std::string_view key);
  void String(std::string_view text);
  void Int(int64_t value);
  void Double(double value);
  void Bool(bool value);

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
  void Indent(size_t object_depth);

  std::string out_;
  std::vector<Level> levels_;
  size_t object_depth_ = 0;
  bool after_key_ = false;
};

// Java's Double.toString: "1.0", "0.25", "2.5E7", "1.0E-4"; NaN as Jackson writes it ("NaN" as
// a string is the caller's choice; this returns the bare token).
std::string JavaDoubleToString(double value);

}  // namespace afterglow
