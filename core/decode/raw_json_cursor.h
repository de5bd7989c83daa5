// A fast path for the objects every task event carries (Task Info, its Accumulables, Task
// Metrics, Task Executor Metrics) and for the stage and job events: a cursor over the line's raw text that reads the one exact
// shape Spark's JsonProtocol writes (no whitespace, no escapes in keys, plain integers) without
// the on-demand parser's per-token bookkeeping. At the first byte outside that shape it gives up
// (returns kNotCanonical) and the caller decodes the same value with simdjson instead, so any
// other spelling of the same JSON still decodes, and any damage is still reported by simdjson.
//
// The cursor validates what it accepts, so a line it reads from its first byte to its last is
// valid JSON without simdjson's structural pass: strings must be printable ASCII (anything else,
// such as UTF-8, is left to simdjson) and, except where a reader takes escapes (ReadRawString, and
// values that are skipped), without a backslash; numbers follow JSON's grammar. Nothing at or
// past `end` (the line's end) is accepted, but whole 8- and 16-byte words are loaded up to 15
// bytes past it: lines carry kReadPadding readable bytes after their end.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "core/decode/json_fields.h"
#include "core/decode/simd128_bytes.h"
#include "simdjson.h"

namespace afterglow::json {

// Not an error of the log: the fast path's "decode this value with simdjson instead".
inline constexpr error_code kNotCanonical = simdjson::INCORRECT_TYPE;

// A key's text as the raw cursor matches it, `"key":`, in little-endian words; the bytes of the
// last word past the text are zero and masked off the input before the compare.
struct RawKey {
  static constexpr size_t kMaxWords = 5;  // keys up to 37 bytes
  std::array<uint64_t, kMaxWords> words{};
  uint64_t last_mask = 0;
  uint8_t size = 0;        // bytes of `"key":`
  uint8_t last_word = 0;   // index of the last word

  static constexpr RawKey Of(std::string_view key) {
    RawKey raw;
    const size_t size = key.size() + 3;
    if (size > kMaxWords * 8) KeyIsTooLongForRawKey();
    for (size_t i = 0; i < size; ++i) {
      const char c = i == 0 || i == size - 2 ? '"' : i == size - 1 ? ':' : key[i - 1];
      raw.words[i / 8] |= uint64_t{static_cast<unsigned char>(c)} << (8 * (i % 8));
    }
    raw.size = static_cast<uint8_t>(size);
    raw.last_word = static_cast<uint8_t>((size - 1) / 8);
    const size_t last_bytes = size - 8 * raw.last_word;
    raw.last_mask = last_bytes == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * last_bytes)) - 1;
    return raw;
  }

  // Any fixed text, matched as written: a separator and key together (`,"Name":`), so a reader
  // of one exact shape compares them in one step. The text must be plain (no quote inside a
  // string, no backslash, printable ASCII), as a key's is.
  static constexpr RawKey Literal(std::string_view text) {
    RawKey raw;
    const size_t size = text.size();
    if (size == 0 || size > kMaxWords * 8) KeyIsTooLongForRawKey();
    for (size_t i = 0; i < size; ++i) {
      raw.words[i / 8] |= uint64_t{static_cast<unsigned char>(text[i])} << (8 * (i % 8));
    }
    raw.size = static_cast<uint8_t>(size);
    raw.last_word = static_cast<uint8_t>((size - 1) / 8);
    const size_t last_bytes = size - 8 * raw.last_word;
    raw.last_mask = last_bytes == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * last_bytes)) - 1;
    return raw;
  }

  // Not constexpr, and never defined: Of() calls it for a key too long, which then fails to
  // compile.
  static void KeyIsTooLongForRawKey();
};

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

  // A string of printable ASCII without backslashes: its text, viewed in place.
  error_code ReadPlainString(std::string_view& out) {
    if (!Consume('"')) return kNotCanonical;
    const char* close = NextStopByte(at_);
    if (close >= end_ || *close != '"') return kNotCanonical;
    out = std::string_view(at_, static_cast<size_t>(close - at_));
    at_ = close + 1;
    return simdjson::SUCCESS;
  }

  // A string of printable ASCII that may hold escapes (a stage's Details call stack, an RDD's
  // Scope): its text between the quotes as written, viewed in place, and whether it holds a
  // backslash. Each escape is checked against JSON's grammar (\" \\ \/ \b \f \n \r \t, \u and
  // four hex digits); non-ASCII and control bytes are left to simdjson, as in ReadPlainString.
  error_code ReadRawString(std::string_view& raw, bool& escaped) {
    escaped = false;
    if (!Consume('"')) return kNotCanonical;
    const char* p = at_;
    while (p < end_) {
      const char* stop = NextStopByte(p);
      if (stop >= end_) return kNotCanonical;
      if (*stop == '"') {
        raw = std::string_view(at_, static_cast<size_t>(stop - at_));
        at_ = stop + 1;
        return simdjson::SUCCESS;
      }
      if (*stop != '\\' || end_ - stop < 2) return kNotCanonical;  // control or non-ASCII
      escaped = true;
      switch (stop[1]) {
        case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
          p = stop + 2;
          break;
        case 'u':
          if (end_ - stop < 6) return kNotCanonical;
          for (int i = 2; i < 6; ++i) {
            if (!IsHexDigit(stop[i])) return kNotCanonical;
          }
          p = stop + 6;
          break;
        default: return kNotCanonical;
      }
    }
    return kNotCanonical;
  }

  // Past a string whose text between the quotes is exactly `raw`, when that string is at the
  // cursor; false, the cursor unmoved, otherwise. `raw` must be a text ReadRawString accepted (so
  // it holds no unescaped quote and ends with no unfinished escape): then the quote after it
  // closes the string, and the string at the cursor is valid without a scan of its bytes.
  bool ConsumeRawString(std::string_view raw) {
    if (static_cast<size_t>(end_ - at_) < raw.size() + 2 || at_[0] != '"' ||
        at_[raw.size() + 1] != '"' || std::memcmp(at_ + 1, raw.data(), raw.size()) != 0) {
      return false;
    }
    at_ += raw.size() + 2;
    return true;
  }

  // Past `text` when the line continues with exactly it; false, the cursor unmoved, otherwise.
  // `text` must be a whole value the cursor accepted before (then the same bytes here are the
  // same valid value, ended where `text` ends).
  bool ConsumeRawText(std::string_view text) {
    if (static_cast<size_t>(end_ - at_) < text.size() ||
        std::memcmp(at_, text.data(), text.size()) != 0) {
      return false;
    }
    at_ += text.size();
    return true;
  }

  // Past a copy of a token this cursor has already read and validated on the same line (`size`
  // bytes at `token`, at most 16), when that copy is at the cursor and followed by `next`; false,
  // the cursor unmoved, otherwise. A complete JSON token (a number, or a string with its quotes)
  // repeated byte for byte and ended the same way is the same valid token, so it needs no second
  // scan: a task accumulable's "Value" mostly repeats its "Update". Compared as two words (lines
  // carry readable padding, and `token` lies before the cursor).
  bool ConsumeCopyOf(const char* token, size_t size, char next) {
    if (size == 0 || size > 16 || static_cast<size_t>(end_ - at_) <= size || at_[size] != next) {
      return false;
    }
    uint64_t here[2];
    uint64_t there[2];
    std::memcpy(here, at_, 16);
    std::memcpy(there, token, 16);
    const uint64_t low_mask = size >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * size)) - 1;
    const uint64_t high_mask = size <= 8    ? 0
                               : size >= 16 ? ~uint64_t{0}
                                            : (uint64_t{1} << (8 * (size - 8))) - 1;
    if ((((here[0] ^ there[0]) & low_mask) | ((here[1] ^ there[1]) & high_mask)) != 0) {
      return false;
    }
    at_ += size;
    return true;
  }

  // An integer as JSON writes it: optional '-', then 1 to 18 digits, no leading zero, no
  // fraction or exponent. Anything else (5.0, 1e3, 19+ digits) is left to simdjson's lenient read.
  // Most integers of a log are one digit (zero metrics) followed by the object's or array's next
  // separator: those are read inline; the rest by ReadInt64Digits.
  simdjson_inline error_code ReadInt64(int64_t& out) {
    if (end_ - at_ >= 2) {
      const unsigned digit = static_cast<unsigned char>(at_[0]) - '0';
      const char next = at_[1];
      if (digit <= 9 && (next == ',' || next == '}' || next == ']')) {
        out = static_cast<int64_t>(digit);
        ++at_;
        return simdjson::SUCCESS;
      }
    }
    return ReadInt64Digits(out);
  }

  // ReadInt64 for any length, up to eight digits at a time (a task event also holds 9- to 13-digit
  // times).
  error_code ReadInt64Digits(int64_t& out) {
    const char* p = at_;
    const bool negative = p < end_ && *p == '-';
    if (negative) ++p;
    const char* digits = p;
    uint64_t value = 0;
    // Three words hold 24 digits: past 18 the number is refused anyway.
    for (int word_index = 0; word_index < 3; ++word_index) {
      uint64_t word;
      std::memcpy(&word, p, 8);
      const size_t run = std::min(LeadingDigits(word), static_cast<size_t>(end_ - p));
      if (run == 0) break;
      value = value * kPowersOfTen[run] + DigitsValue(word, run);
      p += run;
      if (run < 8) break;
    }
    const size_t count = static_cast<size_t>(p - digits);
    if (count == 0 || count > 18 || (count > 1 && *digits == '0')) return kNotCanonical;
    if (p < end_ && (*p == '.' || *p == 'e' || *p == 'E')) return kNotCanonical;
    out = negative ? -static_cast<int64_t>(value) : static_cast<int64_t>(value);
    at_ = p;
    return simdjson::SUCCESS;
  }

  // `true` or `false`, compared as one word (the line's padding keeps the load readable).
  simdjson_inline error_code ReadBool(bool& out) {
    const size_t left = static_cast<size_t>(end_ - at_);
    uint32_t word;
    std::memcpy(&word, at_, 4);
    if (left >= 4 && word == Word4("true")) {
      out = true;
      at_ += 4;
      return simdjson::SUCCESS;
    }
    if (left >= 5 && word == Word4("fals") && at_[4] == 'e') {
      out = false;
      at_ += 5;
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
  // predicts keys this way). The key is a plain string, so a match is one too.
  simdjson_inline bool ConsumeKey(const RawKey& key) {
    if (static_cast<size_t>(end_ - at_) < key.size) return false;
    uint64_t word;
    for (size_t i = 0; i < key.last_word; ++i) {
      std::memcpy(&word, at_ + 8 * i, 8);
      if (word != key.words[i]) return false;
    }
    std::memcpy(&word, at_ + 8 * key.last_word, 8);
    if ((word & key.last_mask) != key.words[key.last_word]) return false;
    at_ += key.size;
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
        bool escaped = false;
        return ReadRawString(ignored, escaped);
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

  // The first byte at or after `p` that ends a plain string or is outside one (a quote, a
  // backslash, a control or non-ASCII byte; see StopBytes), or a pointer at or past end_ when
  // none is before it. Sixteen bytes at a time where the build has 128-bit vectors (SSSE3, wasm
  // SIMD128), else eight: keys and values are short, and a call to memchr costs more than the
  // scan.
  const char* NextStopByte(const char* p) const {
    while (p < end_) {
      uint32_t stop;
      size_t step;
      if constexpr (simd128::kBestBytesIsVector) {
        stop = StopBytes16(p);
        step = 16;
      } else {
        uint64_t word;
        std::memcpy(&word, p, 8);
        const uint64_t stop_bits = StopBytes(word);
        stop = stop_bits == 0 ? 0 : 1u << (__builtin_ctzll(stop_bits) >> 3);
        step = 8;
      }
      if (stop != 0) return p + __builtin_ctz(stop);
      p += step;
    }
    return p;
  }

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

  // Bit i set where byte i of the 16 at `p` ends a plain string or is outside it (as StopBytes).
  static uint32_t StopBytes16(const char* p) {
    using B = simd128::BestBytes;
    const B::Bytes bytes = B::Load(reinterpret_cast<const uint8_t*>(p));
    const B::Bytes stops = B::Or(B::Or(B::Eq(bytes, B::Splat('"')), B::Eq(bytes, B::Splat('\\'))),
                                 B::AtMost(bytes, 0x1F));
    return B::HighBits(stops) | B::HighBits(bytes);
  }

  static bool IsHexDigit(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  static constexpr uint32_t Word4(const char (&text)[5]) {
    return static_cast<uint32_t>(static_cast<unsigned char>(text[0])) |
           static_cast<uint32_t>(static_cast<unsigned char>(text[1])) << 8 |
           static_cast<uint32_t>(static_cast<unsigned char>(text[2])) << 16 |
           static_cast<uint32_t>(static_cast<unsigned char>(text[3])) << 24;
  }

  static constexpr uint64_t kPowersOfTen[9] = {1,      10,      100,      1000,     10000,
                                               100000, 1000000, 10000000, 100000000};

  // How many of the 8 bytes of `word` (first byte lowest) are ASCII digits before the first
  // that is not. Exact up to that byte: a byte's +6 carries into the next only from 0xFA up.
  static size_t LeadingDigits(uint64_t word) {
    constexpr uint64_t kHighNibbles = 0xF0F0F0F0F0F0F0F0ull;
    constexpr uint64_t kThrees = 0x3030303030303030ull;
    constexpr uint64_t kSixes = 0x0606060606060606ull;
    const uint64_t not_digit =
        ((word & kHighNibbles) ^ kThrees) | (((word + kSixes) & kHighNibbles) ^ kThrees);
    return not_digit == 0 ? 8 : static_cast<size_t>(__builtin_ctzll(not_digit) >> 3);
  }

  // The value of the first `count` (1 to 8) bytes of `word`, all digits: moved to the top of the
  // word (zero bytes below read as leading zeros), then combined in pairs, fours and eights.
  static uint64_t DigitsValue(uint64_t word, size_t count) {
    uint64_t v = (word << (8 * (8 - count))) & 0x0F0F0F0F0F0F0F0Full;
    v = (v * 10 + (v >> 8)) & 0x00FF00FF00FF00FFull;
    v = (v * 100 + (v >> 16)) & 0x0000FFFF0000FFFFull;
    return (v * 10000 + (v >> 32)) & 0xFFFFFFFFull;
  }

  // Eight digits at a time: the "Update" and "Value" of internal accumulables are mostly 4- to
  // 10-digit numbers read as tokens.
  bool SkipDigits(const char*& p) const {
    const char* start = p;
    while (p < end_) {
      uint64_t word;
      std::memcpy(&word, p, 8);
      const size_t run = std::min(LeadingDigits(word), static_cast<size_t>(end_ - p));
      p += run;
      if (run < 8) break;
    }
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

// Whether `line` starts with `prefix` (an event's `{"Event":"...",`). SameText, not starts_with:
// in wasm a memcmp call costs more than these compares.
inline bool LineStartsWith(std::string_view line, std::string_view prefix) {
  return line.size() >= prefix.size() && SameText(line.substr(0, prefix.size()), prefix);
}

// Calls `on_field(key, cursor)` for every top-level field of the event on `line` ("Event"
// included), then requires the rest of the line to be blanks: a decoder that delivers only after
// this succeeds has read a whole, valid line.
template <typename OnField>
error_code ForEachRawLineField(std::string_view line, OnField&& on_field) {
  RawCursor cursor(line.data(), line.data() + line.size());
  AG_JSON_TRY(cursor.ForEachFieldOf(on_field));
  while (!cursor.AtEnd()) {
    if (!cursor.Consume(' ') && !cursor.Consume('\t') && !cursor.Consume('\r')) {
      return kNotCanonical;
    }
  }
  return simdjson::SUCCESS;
}

}  // namespace afterglow::json
