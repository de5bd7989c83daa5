// A fast path for the objects every task event carries (Task Info, its Accumulables, Task
// Metrics, Task Executor Metrics): a cursor over the line's raw text that reads the one exact
// shape Spark's JsonProtocol writes (no whitespace, no escapes in keys, plain integers) without
// the on-demand parser's per-token bookkeeping. At the first byte outside that shape it gives up
// (returns kNotCanonical) and the caller decodes the same value with simdjson instead, so any
// other spelling of the same JSON still decodes, and any damage is still reported by simdjson.
//
// The cursor validates what it accepts, so a line it reads from its first byte to its last is
// valid JSON without simdjson's structural pass: strings must be printable ASCII without escapes
// (anything else, such as UTF-8 or a backslash, is left to simdjson), numbers follow JSON's
// grammar. Nothing at or past `end` (the line's end) is accepted, but whole 8-byte words are
// loaded up to 7 bytes past it: lines carry kReadPadding readable bytes after their end.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include "core/decode/json_fields.h"
#include "simdjson.h"

namespace afterglow::json {

// Not an error of the log: the fast path's "decode this value with simdjson instead".
inline constexpr error_code kNotCanonical = simdjson::INCORRECT_TYPE;

class RawCursor {
 public:
  RawCursor(const char* at, const char* end) : at_(at), end_(end) {}

  const char* at() const { return at_; }
  bool AtEnd() const { return at_ >= end_; }
  char Peek() const { return at_ < end_ ? *at_ : '\0'; }
  bool Consume(char c) {
    if (at_ >= end_ || *at_ != c) return false;
    ++at_;
    return true;
  }

  // A string of printable ASCII without backslashes: its text, viewed in place. Eight bytes at a
  // time: keys and values are short, and a call to memchr costs more than the scan.
  error_code ReadPlainString(std::string_view& out) {
    if (!Consume('"')) return kNotCanonical;
    const char* p = at_;
    while (p < end_) {
      uint64_t word;
      std::memcpy(&word, p, 8);
      const uint64_t stop = StopBytes(word);
      if (stop == 0) {
        p += 8;
        continue;
      }
      const char* close = p + (__builtin_ctzll(stop) >> 3);
      if (close >= end_ || *close != '"') return kNotCanonical;
      out = std::string_view(at_, static_cast<size_t>(close - at_));
      at_ = close + 1;
      return simdjson::SUCCESS;
    }
    return kNotCanonical;
  }

  // An integer as JSON writes it: optional '-', then 1 to 18 digits, no leading zero, no
  // fraction or exponent. Anything else (5.0, 1e3, 19+ digits) is left to simdjson's lenient read.
  error_code ReadInt64(int64_t& out) {
    const char* p = at_;
    const bool negative = p < end_ && *p == '-';
    if (negative) ++p;
    const char* digits = p;
    uint64_t value = 0;
    while (p < end_ && static_cast<unsigned char>(*p - '0') <= 9) {
      value = value * 10 + static_cast<unsigned>(*p - '0');
      ++p;
    }
    const size_t count = static_cast<size_t>(p - digits);
    if (count == 0 || count > 18 || (count > 1 && *digits == '0')) return kNotCanonical;
    if (p < end_ && (*p == '.' || *p == 'e' || *p == 'E')) return kNotCanonical;
    out = negative ? -static_cast<int64_t>(value) : static_cast<int64_t>(value);
    at_ = p;
    return simdjson::SUCCESS;
  }

  error_code ReadBool(bool& out) {
    if (Literal("true")) {
      out = true;
      return simdjson::SUCCESS;
    }
    if (Literal("false")) {
      out = false;
      return simdjson::SUCCESS;
    }
    return kNotCanonical;
  }

  bool Literal(std::string_view text) {
    if (static_cast<size_t>(end_ - at_) < text.size() ||
        !SameText(std::string_view(at_, text.size()), text)) {
      return false;
    }
    at_ += text.size();
    return true;
  }

  // Past `"key":` when the text at the cursor is exactly that key and its colon (known_fields.h
  // predicts keys this way). `key` must be a plain string, so a match is one too.
  bool ConsumeKey(std::string_view key) {
    const size_t size = key.size();
    if (static_cast<size_t>(end_ - at_) < size + 3 || at_[0] != '"' || at_[size + 1] != '"' ||
        at_[size + 2] != ':' || !SameText(std::string_view(at_ + 1, size), key)) {
      return false;
    }
    at_ += size + 3;
    return true;
  }

  // A number's token, viewed in place; JSON's grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
  error_code ReadNumberToken(std::string_view& out) {
    const char* p = at_;
    if (p < end_ && *p == '-') ++p;
    if (p < end_ && *p == '0') {
      ++p;
    } else if (!SkipDigits(p)) {
      return kNotCanonical;
    }
    if (p < end_ && *p == '.' && !SkipDigits(++p)) return kNotCanonical;
    if (p < end_ && (*p == 'e' || *p == 'E')) {
      ++p;
      if (p < end_ && (*p == '+' || *p == '-')) ++p;
      if (!SkipDigits(p)) return kNotCanonical;
    }
    out = std::string_view(at_, static_cast<size_t>(p - at_));
    at_ = p;
    return simdjson::SUCCESS;
  }

  template <typename OnField>
  error_code ForEachFieldOf(OnField&& on_field) {
    if (!Consume('{')) return kNotCanonical;
    if (Consume('}')) return simdjson::SUCCESS;
    do {
      std::string_view key;
      AG_JSON_TRY(ReadPlainString(key));
      if (!Consume(':')) return kNotCanonical;
      const char* value_start = at_;
      AG_JSON_TRY(on_field(key, *this));
      if (at_ == value_start) AG_JSON_TRY(SkipValue());
    } while (Consume(','));
    return Consume('}') ? simdjson::SUCCESS : kNotCanonical;
  }

  template <typename OnElement>
  error_code ForEachElementOf(OnElement&& on_element) {
    if (!Consume('[')) return kNotCanonical;
    if (Consume(']')) return simdjson::SUCCESS;
    do {
      const char* value_start = at_;
      AG_JSON_TRY(on_element(*this));
      if (at_ == value_start) AG_JSON_TRY(SkipValue());
    } while (Consume(','));
    return Consume(']') ? simdjson::SUCCESS : kNotCanonical;
  }

  // Steps over one value of any kind (a field nobody reads), validating it as it goes.
  error_code SkipValue(int depth = 0) {
    switch (Peek()) {
      case '"': {
        std::string_view ignored;
        return ReadPlainString(ignored);
      }
      case 't':
      case 'f': {
        bool ignored = false;
        return ReadBool(ignored);
      }
      case 'n': return Literal("null") ? simdjson::SUCCESS : kNotCanonical;
      case '[':
      case '{': return depth < kMaxSkipDepth ? SkipNested(depth + 1) : kNotCanonical;
      default: {
        std::string_view ignored;
        return ReadNumberToken(ignored);
      }
    }
  }

 private:
  static constexpr int kMaxSkipDepth = 32;

  // A nonzero byte (0x80) in each byte of `word` that ends a plain string or is outside it: '"',
  // '\\', a control character (< 0x20) or a non-ASCII byte (>= 0x80).
  static uint64_t StopBytes(uint64_t word) {
    constexpr uint64_t kOnes = 0x0101010101010101ull;
    constexpr uint64_t kHigh = 0x8080808080808080ull;
    const uint64_t quote = word ^ (kOnes * '"');
    const uint64_t backslash = word ^ (kOnes * '\\');
    // Zero-byte tests, exact per byte when no byte of the input has its high bit set (those are
    // stops anyway, through `word & kHigh`).
    const uint64_t low7 = word & ~kHigh;
    const uint64_t is_quote = ~(((quote & ~kHigh) + ~kHigh) | quote) & kHigh;
    const uint64_t is_backslash = ~(((backslash & ~kHigh) + ~kHigh) | backslash) & kHigh;
    const uint64_t is_control = ~(low7 + kOnes * (0x80 - 0x20)) & ~word & kHigh;
    return is_quote | is_backslash | is_control | (word & kHigh);
  }

  bool SkipDigits(const char*& p) const {
    const char* start = p;
    while (p < end_ && static_cast<unsigned char>(*p - '0') <= 9) ++p;
    return p != start;
  }

  error_code SkipNested(int depth) {
    const bool object = Peek() == '{';
    auto skip = [&](auto&&...) -> error_code { return SkipValue(depth); };
    if (object) return ForEachFieldOf(skip);
    return ForEachElementOf(skip);
  }

  const char* at_;
  const char* end_;
};

// The RawCursor twins of json_fields.h's readers, so one decoder template serves both paths.
simdjson_inline error_code ReadInt64(RawCursor& value, int64_t& out) { return value.ReadInt64(out); }
simdjson_inline error_code ReadInt32(RawCursor& value, int32_t& out) {
  int64_t wide = 0;
  AG_JSON_TRY(value.ReadInt64(wide));
  out = static_cast<int32_t>(wide);
  return simdjson::SUCCESS;
}
simdjson_inline error_code ReadBool(RawCursor& value, bool& out) { return value.ReadBool(out); }

// Calls `on_field(key, cursor)` for every field of the object at the cursor; `on_field` reads the
// value or leaves it whole (then it is skipped). Keys are plain strings (see the contract above).
template <typename OnField>
error_code ForEachField(RawCursor& cursor, OnField&& on_field) {
  return cursor.ForEachFieldOf(on_field);
}

// Calls `on_element(cursor)` for every element of the array at the cursor.
template <typename OnElement>
error_code ForEachElement(RawCursor& cursor, OnElement&& on_element) {
  return cursor.ForEachElementOf(on_element);
}

}  // namespace afterglow::json
