#include "core/decode/raw_text_interner.h"

#include "core/decode/recent_strings.h"
#include "core/decode/simd128_string_unescape.h"

namespace afterglow {

simdjson::error_code RawTextInterner::Intern(std::string_view raw, bool escaped, StringId& out) {
  // A long text's slot comes from a hash of all of it: a streaming query's plan descriptions (3 KB
  // each, a few per batch) differ in a few bytes that sampled bytes miss, so they shared one slot
  // and evicted each other, each miss paying an unescape, the pool's hash and compare. Short texts
  // keep the sampled slot, which costs less than hashing them.
  const size_t index = raw.size() > kHashedText
                           ? static_cast<size_t>(HashText(raw) >> (64 - kSlotBits))
                           : TextSlot(raw, kSlotBits);
  Slot& slot = slots_[index];
  // An empty slot holds "" with id 0, which is the empty string's id too.
  if (slot.raw == raw) {
    out = slot.id;
    return simdjson::SUCCESS;
  }
  StringId id;
  if (escaped) {
    // The unescaper reads and writes up to 15 bytes past the string: the line has its read
    // padding after the closing quote, the scratch gets as much here. The unescaped text is never
    // longer than the escaped one.
    unescaped_.resize(raw.size() + 32);
    const auto* src = reinterpret_cast<const uint8_t*>(raw.data());
    auto* dst = reinterpret_cast<uint8_t*>(unescaped_.data());
    const uint8_t* end = UnescapeJsonString(src, dst, Stage1Backend::kBest);
    if (end == nullptr) return json::kNotCanonical;
    id = pool_->Intern(std::string_view(unescaped_.data(), static_cast<size_t>(end - dst)));
  } else {
    id = pool_->Intern(raw);
  }
  slot.raw.assign(raw);
  slot.id = id;
  out = id;
  return simdjson::SUCCESS;
}

bool RawTextInterner::ConsumeLongRepeat(json::RawCursor& value, StringId& out) {
  // The 16 bytes after the opening quote are readable: lines carry their read padding.
  const Slot& slot = long_slots_[TextSlot(std::string_view(value.at() + 1, 16), kLongSlotBits)];
  if (slot.raw.empty() || !value.ConsumeRawString(slot.raw)) return false;
  out = slot.id;
  return true;
}

void RawTextInterner::KeepLongText(std::string_view raw, StringId id) {
  if (raw.size() < kLongText) return;
  Slot& slot = long_slots_[TextSlot(raw.substr(0, 16), kLongSlotBits)];
  slot.raw.assign(raw);
  slot.id = id;
}

namespace json {
namespace {

// A number token of at most this many bytes and no exponent is a finite double (DBL_MAX has 309
// integer digits), so simdjson's double read of it cannot fail.
constexpr size_t kMaxTokenSureFinite = 300;

// A number token simdjson's path reads as a finite double. It also reads the number as a double,
// which fails past its range (1e999, or 309 and more integer digits): an exponent or a token too
// long to be sure of goes there, so that such a line fails the same way.
error_code ReadSureFiniteNumber(RawCursor& value, std::string_view& token) {
  AG_JSON_TRY(value.ReadNumberToken(token));
  // (A loop, not find_first_of, which calls memchr once per byte of the token.)
  if (token.size() > kMaxTokenSureFinite) return kNotCanonical;
  for (const char c : token) {
    if (c == 'e' || c == 'E') return kNotCanonical;
  }
  return simdjson::SUCCESS;
}

}  // namespace

error_code ReadString(RawCursor& value, RawTextInterner& strings, StringId& out) {
  if (strings.ConsumeLongRepeat(value, out)) return simdjson::SUCCESS;
  std::string_view raw;
  bool escaped = false;
  AG_JSON_TRY(value.ReadRawString(raw, escaped));
  AG_JSON_TRY(strings.Intern(raw, escaped, out));
  strings.KeepLongText(raw, out);
  return simdjson::SUCCESS;
}

error_code ReadOptText(RawCursor& value, RawTextInterner& strings, OptString& out) {
  switch (value.Peek()) {
    case 'n':
      out = OptString{};
      return value.Literal("null") ? simdjson::SUCCESS : kNotCanonical;
    case '"':
      out.present = true;
      return ReadString(value, strings, out.id);
    case 't':
    case 'f': {
      bool flag = false;
      AG_JSON_TRY(value.ReadBool(flag));
      out.present = true;
      out.id = strings.pool().Intern(flag ? "true" : "false");
      return simdjson::SUCCESS;
    }
    case '[':
    case '{': return kNotCanonical;
    default: {
      std::string_view token;
      AG_JSON_TRY(ReadSureFiniteNumber(value, token));
      out.present = true;
      return strings.Intern(token, /*escaped=*/false, out.id);
    }
  }
}

error_code ReadPendingText(RawCursor& value, RawTextInterner& strings, PendingText& out) {
  out.pending = false;
  switch (value.Peek()) {
    case '"': {
      // An escaped string is interned at once: its unescaping may refuse the line.
      std::string_view raw;
      bool escaped = false;
      AG_JSON_TRY(value.ReadRawString(raw, escaped));
      if (escaped) {
        out.read.present = true;
        return strings.Intern(raw, /*escaped=*/true, out.read.id);
      }
      out.raw = raw;
      out.pending = true;
      return simdjson::SUCCESS;
    }
    case 'n':
    case 't':
    case 'f':
    case '[':
    case '{': return ReadOptText(value, strings, out.read);
    default:
      AG_JSON_TRY(ReadSureFiniteNumber(value, out.raw));
      out.pending = true;
      return simdjson::SUCCESS;
  }
}

error_code ResolvePendingText(RawTextInterner& strings, const PendingText& text, OptString& out) {
  if (!text.pending) {
    out = text.read;
    return simdjson::SUCCESS;
  }
  out.present = true;
  return strings.Intern(text.raw, /*escaped=*/false, out.id);
}

error_code ReadOptTime(RawCursor& value, int64_t& out) {
  if (value.Peek() == 'n') {
    out = kNoTime;
    return value.Literal("null") ? simdjson::SUCCESS : kNotCanonical;
  }
  return value.ReadInt64(out);
}

}  // namespace json
}  // namespace afterglow
