// The first '\n' of a chunk. The page's C library (musl) searches memchr four bytes at a time,
// which took 8% of a 1 GB log's load in the page (a CPU profile of the page build); there the
// search runs sixteen bytes at a time in a 128-bit vector (SIMD128). Natively glibc's memchr is
// faster than that loop and is kept. The vector loop is plain C++ vector code, so the native tests
// run the same code the page does.
#pragma once

#include <cstring>

namespace afterglow {

// The first '\n' in [p, end), or null: sixteen bytes at a time, then byte by byte.
const char* FindNewlineVector(const char* p, const char* end);

inline const char* FindNewline(const char* p, const char* end) {
#if defined(__wasm__)
  return FindNewlineVector(p, end);
#else
  return static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p)));
#endif
}

}  // namespace afterglow
