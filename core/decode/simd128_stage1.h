// simdjson's stage 1 (the structural index of a JSON text) for the page, in WebAssembly SIMD128.
//
// simdjson 3.0.1 has no WebAssembly kernel: in the page its on-demand parser ran the scalar
// "fallback" stage 1, about a third of the page's decode time. Simd128Stage1 computes the same
// index 64 bytes at a time with the generic algorithm of simdjson's SIMD kernels (strings by
// prefix XOR of unescaped quotes, operators and scalar starts as "pseudo-structurals"), written
// against the 16-byte vector of simd128_bytes.h, so the same code runs natively in the tests
// (SSSE3 or portable) and is compared there with the builtin kernel's output line by line.
//
// The on-demand parser also asks this object to unescape each string it reads (parse_string),
// which the fallback did a byte at a time: simd128_string_unescape.h does it 16 at a time.
//
// Its answers equal the builtin SIMD kernels' (haswell, westmere, arm64): the same index
// entries, the three entries past the last one that the on-demand iterator reads (len, len, 0),
// and the same error for the same input (UNCLOSED_STRING, then UNESCAPED_CHARS, then EMPTY, then
// UTF8_ERROR). Only stage1_mode::regular is supported: the DOM entry points and the streaming
// modes answer UNSUPPORTED_ARCHITECTURE, so install it only in an on-demand parser.
#pragma once

#include <cstddef>
#include <cstdint>

#include "simdjson.h"

namespace afterglow {

// Which vector backend indexes: the fastest this build has (SIMD128 in the page, SSSE3 natively)
// or the portable one (the reference in the tests).
enum class Stage1Backend { kBest, kPortable };

// Whether the page should use Simd128Stage1: true where its vector backend is SIMD128 (the
// builtin kernel there is the scalar fallback); natively the builtin AVX2 kernel is faster.
// -DAFTERGLOW_NO_SIMD128_STAGE1 builds the page without it, to measure what it gains.
#if defined(__wasm_simd128__) && !defined(AFTERGLOW_NO_SIMD128_STAGE1)
inline constexpr bool kSimd128Stage1BeatsBuiltin = true;
#else
inline constexpr bool kSimd128Stage1BeatsBuiltin = false;
#endif

class Simd128Stage1 final : public simdjson::internal::dom_parser_implementation {
 public:
  explicit Simd128Stage1(Stage1Backend backend) noexcept : backend_(backend) {}

  simdjson::error_code stage1(const uint8_t* buf, size_t len,
                              simdjson::stage1_mode mode) noexcept override;
  // The on-demand parser unescapes every string it hands out here: simd128_string_unescape.h.
  uint8_t* parse_string(const uint8_t* src, uint8_t* dst) const noexcept override;
  simdjson::error_code set_capacity(size_t capacity) noexcept override;
  simdjson::error_code set_max_depth(size_t max_depth) noexcept override;
  // The DOM parser's entry points: not supported (UNSUPPORTED_ARCHITECTURE).
  simdjson::error_code parse(const uint8_t* buf, size_t len,
                             simdjson::dom::document& doc) noexcept override;
  simdjson::error_code stage2(simdjson::dom::document& doc) noexcept override;
  simdjson::error_code stage2_next(simdjson::dom::document& doc) noexcept override;

 private:
  Stage1Backend backend_;
};

// Makes `parser` run Simd128Stage1 for every later iterate(). Call it on a parser that has not
// parsed or allocated yet: simdjson creates a parser's stage-1 object once, from the active
// implementation, on its first allocate, so this makes ours active for that one call and puts the
// previous one back (dom::parser users keep the builtin kernel). Not thread-safe: no other
// thread may create a simdjson parser meanwhile (the page and the CLI decode on one thread).
simdjson::error_code InstallSimd128Stage1(simdjson::ondemand::parser& parser);

}  // namespace afterglow
