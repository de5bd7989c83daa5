#include "core/api/json_writer.h"

#include "core/base/shortest_digits.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace afterglow {

namespace {

// Whether any of the 8 bytes at `at` is a control character, '"' or '\\' (JSON's escapes).
// Bytes of UTF-8 sequences (0x80 and up) are plain. Exact for "any", as a byte scan would be.
bool AnyNeedsEscape(const char* at) {
  constexpr uint64_t kOnes = 0x0101010101010101ull;
  constexpr uint64_t kHighBits = 0x8080808080808080ull;
  uint64_t word;
  std::memcpy(&word, at, 8);
  const auto any_below = [&](uint64_t x, uint64_t n) { return (x - kOnes * n) & ~x & kHighBits; };
  return (any_below(word, 0x20) | any_below(word ^ (kOnes * '"'), 1) |
          any_below(word ^ (kOnes * '\\'), 1)) != 0;
}

}  // namespace

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
  out_ += '"';
  // Runs of characters that need no escape (nearly all) are appended whole: appending them one
  // at a time was a third of the Stages tab's build in wasm on a 1 GB log (80 of 205 ms).
  size_t plain_from = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    // Eight plain characters at a time (a stage's details are a call stack of ~1 KB).
    while (i + 8 <= text.size() && !AnyNeedsEscape(text.data() + i)) i += 8;
    if (i == text.size()) break;
    const char c = text[i];
    const unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x20 && c != '"' && c != '\\') continue;
    out_.append(text.data() + plain_from, i - plain_from);
    plain_from = i + 1;
    switch (c) {
      case '"': out_ += "\\\""; break;
      case '\\': out_ += "\\\\"; break;
      case '\n': out_ += "\\n"; break;
      case '\r': out_ += "\\r"; break;
      case '\t': out_ += "\\t"; break;
      case '\b': out_ += "\\b"; break;
      case '\f': out_ += "\\f"; break;
      default: {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04X", u);
        out_ += buf;
      }
    }
  }
  out_.append(text.data() + plain_from, text.size() - plain_from);
  out_ += '"';
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
