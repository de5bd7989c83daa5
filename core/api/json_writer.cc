#include "core/api/json_writer.h"

#include "core/base/json_escape.h"
#include "core/base/shortest_digits.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace afterglow {

void JsonWriter::Indent(size_t object_depth) { out_.append(object_depth * 2, ' '); }

void JsonWriter::BeforeValue() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (levels_.empty()) return;
  Level& level = levels_.back();
  // Values inside objects come after Key(); here we are in an array.
  out_ += level.count == 0 ? " " : ", ";
  ++level.count;
  if (items_ != nullptr && levels_.size() == 1) item_start_ = out_.size();
}

void JsonWriter::AfterValue() {
  if (items_ == nullptr || levels_.size() != 1 || levels_[0].is_object) return;
  (*items_)(std::string_view(out_).substr(item_start_));
  out_.clear();
  item_start_ = 0;
}

void JsonWriter::BeginObject() {
  BeforeValue();
  out_ += '{';
  levels_.push_back({true, 0});
  ++object_depth_;
}

void JsonWriter::EndObject() {
  const Level level = levels_.back();
  levels_.pop_back();
  --object_depth_;
  if (level.count == 0) {
    out_ += " }";
  } else {
    out_ += '\n';
    Indent(object_depth_);
    out_ += '}';
  }
  AfterValue();
}

void JsonWriter::BeginArray() {
  BeforeValue();
  out_ += '[';
  levels_.push_back({false, 0});
}

void JsonWriter::EndArray() {
  levels_.pop_back();
  out_ += " ]";
  AfterValue();
}

void JsonWriter::Key(std::string_view key) {
  Level& level = levels_.back();
  out_ += level.count == 0 ? "\n" : ",\n";
  ++level.count;
  Indent(object_depth_);
  String(key);
  out_ += " : ";
  after_key_ = true;
}

void JsonWriter::String(std::string_view text) {
  // Keys call this too, right after writing their own separator.
  if (!levels_.empty() && !levels_.back().is_object) BeforeValue();
  else if (after_key_) after_key_ = false;
  AppendJsonString(text, out_);  // Jackson's escapes (upper-case hex)
  AfterValue();  // a key is inside an object: never an item
}

void JsonWriter::Int(int64_t value) {
  BeforeValue();
  out_ += std::to_string(value);
  AfterValue();
}

void JsonWriter::Double(double value) {
  BeforeValue();
  // Jackson's WRITE_NAN_AS_STRINGS
  out_ += std::isnan(value) ? std::string("\"NaN\"") : JavaDoubleToString(value);
  AfterValue();
}

void JsonWriter::Bool(bool value) {
  BeforeValue();
  out_ += value ? "true" : "false";
  AfterValue();
}

void JsonWriter::Null() {
  BeforeValue();
  out_ += "null";
  AfterValue();
}

std::string JavaDoubleToString(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value == 0) return std::signbit(value) ? "-0.0" : "0.0";
  // Shortest round-trip digits, then laid out as Java does.
  const std::string sign = std::signbit(value) ? "-" : "";
  const DecimalDigits shortest = ShortestDigits(value);
  std::string digits = shortest.digits;
  const int exponent = shortest.exponent;
  const double magnitude = std::fabs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    std::string out;
    if (exponent >= 0) {
      const size_t int_len = static_cast<size_t>(exponent) + 1;
      while (digits.size() < int_len) digits += '0';
      out = digits.substr(0, int_len) + "." +
            (digits.size() > int_len ? digits.substr(int_len) : std::string("0"));
    } else {
      out = "0." + std::string(static_cast<size_t>(-exponent - 1), '0') + digits;
    }
    return sign + out;
  }
  std::string mantissa = digits.substr(0, 1) + "." + (digits.size() > 1 ? digits.substr(1) : "0");
  return sign + mantissa + "E" + std::to_string(exponent);
}

}  // namespace afterglow
