// The page's memcmp and bcmp: CompareBytes (core/base/compare_bytes.h), eight bytes at a time, in
// place of musl's byte-at-a-time loop. Defined here, the linker takes them before the C library's;
// every compare in the page's module, the engine's, ImGui's and the C++ library's, runs them.
#include <cstddef>

#include "core/base/compare_bytes.h"

extern "C" {

int memcmp(const void* a, const void* b, size_t size) { return afterglow::CompareBytes(a, b, size); }

// Clang turns a memcmp whose answer is only tested against zero into bcmp.
int bcmp(const void* a, const void* b, size_t size) { return afterglow::CompareBytes(a, b, size); }

}  // extern "C"
