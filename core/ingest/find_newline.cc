#include "core/ingest/find_newline.h"

#include <cstdint>

namespace afterglow {

const char* FindNewlineVector(const char* p, const char* end) {
  // GCC and Clang vector extensions: a compare of 16 byte lanes, the lanes then read as two
  // little-endian words (x86 and WebAssembly are both little-endian).
  typedef uint8_t Lanes __attribute__((vector_size(16)));
  const Lanes newline = Lanes{} + static_cast<uint8_t>('\n');
  for (; end - p >= 16; p += 16) {
    Lanes bytes;
    std::memcpy(&bytes, p, 16);
    const auto hit = bytes == newline;  // 0xFF in each lane that holds '\n'
    uint64_t words[2];
    std::memcpy(words, &hit, 16);
    if (words[0] != 0) return p + (__builtin_ctzll(words[0]) >> 3);
    if (words[1] != 0) return p + 8 + (__builtin_ctzll(words[1]) >> 3);
  }
  for (; p < end; ++p) {
    if (*p == '\n') return p;
  }
  return nullptr;
}

}  // namespace afterglow
