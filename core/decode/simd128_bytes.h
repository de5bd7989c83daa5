// Sixteen bytes in one register, with the few operations simd128_stage1's block classifier and
// simd128_string_unescape need, in three backends that give bit-identical answers: WebAssembly
// SIMD128 (the page, built with -msimd128), x86 SSSE3 (native builds and tests) and portable
// scalar code (anywhere else, and in the tests, which run every backend this machine has).
//
// Each backend is a struct with the same static interface:
//   Bytes Load(const uint8_t* p)              16 bytes from p (unaligned)
//   void Store(uint8_t* p, Bytes a)           16 bytes to p (unaligned)
//   Bytes Splat(uint8_t b)                    b in every lane
//   Bytes Eq(Bytes a, Bytes b)                0xFF where a == b, else 0
//   Bytes AtMost(Bytes a, uint8_t b)          0xFF where a <= b (unsigned), else 0
//   Bytes Or(Bytes a, Bytes b)
//   Bytes LookupLowNibble(Bytes table, Bytes a)
//                                             table[a & 0x0F] in each lane
//   uint32_t HighBits(Bytes a)                bit i = the top bit of lane i (16 bits)
#pragma once

#include <cstdint>
#include <cstring>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif
#if defined(__SSSE3__)
#include <tmmintrin.h>
#endif

namespace afterglow::simd128 {

// Plain C++ lanes: the reference the vector backends are tested against, and the backend of a
// build with neither SIMD128 nor SSSE3.
struct PortableBytes {
  struct Bytes {
    uint8_t lane[16];
  };
  static Bytes Load(const uint8_t* p) {
    Bytes out;
    std::memcpy(out.lane, p, 16);
    return out;
  }
  static void Store(uint8_t* p, Bytes a) { std::memcpy(p, a.lane, 16); }
  static Bytes Splat(uint8_t b) {
    Bytes out;
    std::memset(out.lane, b, 16);
    return out;
  }
  static Bytes Eq(Bytes a, Bytes b) {
    for (int i = 0; i < 16; ++i) a.lane[i] = a.lane[i] == b.lane[i] ? 0xFF : 0;
    return a;
  }
  static Bytes AtMost(Bytes a, uint8_t b) {
    for (int i = 0; i < 16; ++i) a.lane[i] = a.lane[i] <= b ? 0xFF : 0;
    return a;
  }
  static Bytes Or(Bytes a, Bytes b) {
    for (int i = 0; i < 16; ++i) a.lane[i] |= b.lane[i];
    return a;
  }
  static Bytes LookupLowNibble(Bytes table, Bytes a) {
    for (int i = 0; i < 16; ++i) a.lane[i] = table.lane[a.lane[i] & 0x0F];
    return a;
  }
  static uint32_t HighBits(Bytes a) {
    uint32_t bits = 0;
    for (int i = 0; i < 16; ++i) bits |= uint32_t(a.lane[i] >> 7) << i;
    return bits;
  }
};

#if defined(__wasm_simd128__)
struct Simd128Bytes {
  using Bytes = v128_t;
  static Bytes Load(const uint8_t* p) { return wasm_v128_load(p); }
  static void Store(uint8_t* p, Bytes a) { wasm_v128_store(p, a); }
  static Bytes Splat(uint8_t b) { return wasm_u8x16_splat(b); }
  static Bytes Eq(Bytes a, Bytes b) { return wasm_i8x16_eq(a, b); }
  static Bytes AtMost(Bytes a, uint8_t b) { return wasm_u8x16_le(a, wasm_u8x16_splat(b)); }
  static Bytes Or(Bytes a, Bytes b) { return wasm_v128_or(a, b); }
  // swizzle answers 0 for an index >= 16, so the index is masked to its low nibble first.
  static Bytes LookupLowNibble(Bytes table, Bytes a) {
    return wasm_i8x16_swizzle(table, wasm_v128_and(a, wasm_u8x16_splat(0x0F)));
  }
  static uint32_t HighBits(Bytes a) { return wasm_i8x16_bitmask(a); }
};
#endif

#if defined(__SSSE3__)
struct SseBytes {
  using Bytes = __m128i;
  static Bytes Load(const uint8_t* p) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  }
  static void Store(uint8_t* p, Bytes a) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), a); }
  static Bytes Splat(uint8_t b) { return _mm_set1_epi8(static_cast<char>(b)); }
  static Bytes Eq(Bytes a, Bytes b) { return _mm_cmpeq_epi8(a, b); }
  static Bytes AtMost(Bytes a, uint8_t b) { return _mm_cmpeq_epi8(_mm_min_epu8(a, Splat(b)), a); }
  static Bytes Or(Bytes a, Bytes b) { return _mm_or_si128(a, b); }
  // pshufb answers 0 for an index with its top bit set, so the index is masked first.
  static Bytes LookupLowNibble(Bytes table, Bytes a) {
    return _mm_shuffle_epi8(table, _mm_and_si128(a, Splat(0x0F)));
  }
  static uint32_t HighBits(Bytes a) { return static_cast<uint32_t>(_mm_movemask_epi8(a)); }
};
#endif

// The fastest backend this build has.
#if defined(__wasm_simd128__)
using BestBytes = Simd128Bytes;
inline constexpr bool kBestBytesIsVector = true;
#elif defined(__SSSE3__)
using BestBytes = SseBytes;
inline constexpr bool kBestBytesIsVector = true;
#else
using BestBytes = PortableBytes;
inline constexpr bool kBestBytesIsVector = false;
#endif

}  // namespace afterglow::simd128
