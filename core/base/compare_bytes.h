// memcmp's answer, eight bytes at a time. The page's C library (musl, in Emscripten) compares a
// byte at a time, and every text compare in the engine goes through it (string_view's ==, the
// interners' and caches' hits, the listing's prefix test): 3-4% of the page's load in a CPU
// profile of the page build (scripts/profile-page). The page links wasm/libc_compare.cc, which
// makes this its memcmp and bcmp; natively glibc's vector memcmp is faster and is kept. Plain
// C++ on 64-bit words, so the native tests check the same code the page runs.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace afterglow {

static_assert(std::endian::native == std::endian::little,
              "CompareBytes reads the first differing byte as the lowest differing bits of a word");

namespace compare_bytes_detail {

// The sign of the first byte that differs between two little-endian words (`x != y`), as
// unsigned bytes compare.
inline int FirstDifference(uint64_t x, uint64_t y) {
  const int shift = std::countr_zero(x ^ y) & ~7;
  return static_cast<int>((x >> shift) & 0xFF) - static_cast<int>((y >> shift) & 0xFF);
}

inline uint64_t LoadWord(const unsigned char* p) {
  uint64_t word;
  std::memcpy(&word, p, 8);
  return word;
}

}  // namespace compare_bytes_detail

// < 0, 0 or > 0 as the first differing byte of `a` is below or above that of `b` (unsigned), as
// memcmp answers. Reads only the `size` bytes of each.
inline int CompareBytes(const void* a, const void* b, size_t size) {
  using compare_bytes_detail::FirstDifference;
  using compare_bytes_detail::LoadWord;
  const auto* x = static_cast<const unsigned char*>(a);
  const auto* y = static_cast<const unsigned char*>(b);
  if (size >= 8) {
    const unsigned char* last = x + size - 8;
    for (; x < last; x += 8, y += 8) {
      const uint64_t wx = LoadWord(x), wy = LoadWord(y);
      if (wx != wy) return FirstDifference(wx, wy);
    }
    // The last eight bytes, overlapping bytes already found equal.
    y += last - x;
    const uint64_t wx = LoadWord(last), wy = LoadWord(y);
    return wx == wy ? 0 : FirstDifference(wx, wy);
  }
  // Fewer than eight: gathered into words, lowest byte first (no loop a compiler could turn
  // back into a call to memcmp).
  uint64_t wx = 0, wy = 0;
  for (size_t i = 0; i < size; ++i) {
    wx |= uint64_t{x[i]} << (8 * i);
    wy |= uint64_t{y[i]} << (8 * i);
  }
  return wx == wy ? 0 : FirstDifference(wx, wy);
}

}  // namespace afterglow
