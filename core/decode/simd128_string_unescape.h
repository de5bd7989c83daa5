// simdjson's string unescaping (dom_parser_implementation::parse_string, which the on-demand
// parser calls for every get_string() and unescaped_key()), 16 bytes at a time.
//
// In the page simdjson's builtin kernel is the scalar fallback, whose parse_string copies one
// byte per step. This one copies and searches 16 bytes per step with simd128_bytes.h and gives
// the same answer as every simdjson kernel: the same bytes up to the returned end, the same end,
// and nullptr for the same bad escapes (an unknown escape letter, a \u with a bad hex digit, a
// lone or mismatched surrogate).
#pragma once

#include <cstdint>

#include "core/decode/simd128_stage1.h"

namespace afterglow {

// Unescapes the string whose first byte (after the opening quote) is at `src` into `dst`,
// stopping at the closing quote: returns the end of what was written, or nullptr on a bad escape.
// Reads and writes up to 15 bytes past the string (simdjson's buffers have 64 bytes of padding).
uint8_t* UnescapeJsonString(const uint8_t* src, uint8_t* dst, Stage1Backend backend);

}  // namespace afterglow
