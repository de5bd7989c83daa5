#include "core/decode/simd128_string_unescape.h"

#include <bit>

#include "core/decode/simd128_bytes.h"

namespace afterglow {

namespace {

constexpr uint32_t kBadHex = 0xFFFFFFFF;

// The four hex digits at `text` as a number, or kBadHex when one is not a hex digit.
uint32_t ReadHex4(const uint8_t* text) {
  uint32_t value = 0;
  for (int i = 0; i < 4; ++i) {
    const uint8_t c = text[i];
    uint32_t digit;
    if (c >= '0' && c <= '9') digit = c - '0';
    else if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') digit = c - 'A' + 10;
    else return kBadHex;
    value = value << 4 | digit;
  }
  return value;
}

// The UTF-8 bytes of a code point, written at `out`: their count, or 0 beyond U+10FFFF.
int WriteUtf8(uint32_t code_point, uint8_t* out) {
  if (code_point <= 0x7F) {
    out[0] = uint8_t(code_point);
    return 1;
  }
  if (code_point <= 0x7FF) {
    out[0] = uint8_t(0xC0 | code_point >> 6);
    out[1] = uint8_t(0x80 | (code_point & 0x3F));
    return 2;
  }
  if (code_point <= 0xFFFF) {
    out[0] = uint8_t(0xE0 | code_point >> 12);
    out[1] = uint8_t(0x80 | (code_point >> 6 & 0x3F));
    out[2] = uint8_t(0x80 | (code_point & 0x3F));
    return 3;
  }
  if (code_point <= 0x10FFFF) {
    out[0] = uint8_t(0xF0 | code_point >> 18);
    out[1] = uint8_t(0x80 | (code_point >> 12 & 0x3F));
    out[2] = uint8_t(0x80 | (code_point >> 6 & 0x3F));
    out[3] = uint8_t(0x80 | (code_point & 0x3F));
    return 4;
  }
  return 0;
}

// A \uXXXX escape at `src` (and its low surrogate's \uXXXX after a high surrogate), as simdjson
// reads it: false on a bad digit, a high surrogate without a low one after it, or a lone low one.
bool UnescapeUnicode(const uint8_t*& src, uint8_t*& dst) {
  uint32_t code_point = ReadHex4(src + 2);
  src += 6;
  if (code_point >= 0xD800 && code_point < 0xDC00) {
    if (src[0] != '\\' || src[1] != 'u') return false;
    const uint32_t low = ReadHex4(src + 2) - 0xDC00;  // kBadHex wraps far above 0x3FF
    if (low >> 10 != 0) return false;
    code_point = ((code_point - 0xD800) << 10 | low) + 0x10000;
    src += 6;
  } else if (code_point >= 0xDC00 && code_point <= 0xDFFF) {
    return false;
  }
  const int written = WriteUtf8(code_point, dst);
  dst += written;
  return written > 0;
}

// The byte a one-letter escape stands for, or 0 for a letter JSON does not allow.
uint8_t EscapedByte(uint8_t letter) {
  switch (letter) {
    case '"': return '"';
    case '\\': return '\\';
    case '/': return '/';
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    default: return 0;
  }
}

template <class V>
uint8_t* Unescape(const uint8_t* src, uint8_t* dst) {
  const auto quote = V::Splat('"');
  const auto backslash = V::Splat('\\');
  while (true) {
    // Copy 16 bytes whatever they hold: what lies past the closing quote is scratch.
    const auto bytes = V::Load(src);
    V::Store(dst, bytes);
    const uint32_t quotes = V::HighBits(V::Eq(bytes, quote));
    const uint32_t backslashes = V::HighBits(V::Eq(bytes, backslash));
    if (((backslashes - 1) & quotes) != 0) {
      // The closing quote comes before any backslash.
      return dst + std::countr_zero(quotes);
    }
    if (backslashes == 0) {
      src += 16;
      dst += 16;
      continue;
    }
    const int at = std::countr_zero(backslashes);
    const uint8_t letter = src[at + 1];
    if (letter == 'u') {
      src += at;
      dst += at;
      if (!UnescapeUnicode(src, dst)) return nullptr;
      continue;
    }
    const uint8_t escaped = EscapedByte(letter);
    if (escaped == 0) return nullptr;
    dst[at] = escaped;
    src += at + 2;
    dst += at + 1;
  }
}

}  // namespace

uint8_t* UnescapeJsonString(const uint8_t* src, uint8_t* dst, Stage1Backend backend) {
  return backend == Stage1Backend::kBest ? Unescape<simd128::BestBytes>(src, dst)
                                         : Unescape<simd128::PortableBytes>(src, dst);
}

}  // namespace afterglow
