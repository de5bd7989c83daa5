// The storage unit shared by the task columns (packed_column.h, narrow_column.h): rows live in
// fixed pages of kPageRows values, each page stored at its own byte width. Pages never move once
// made, so a column grows without copying or freeing what it holds (in the wasm heap, which never
// returns memory, a doubling vector leaves every old block behind as a hole), its slack is at most
// one page, and row r is at page r >> kPageShift, slot r & kPageMask.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace afterglow::packed {

static_assert(std::endian::native == std::endian::little,
              "pages store the low bytes of each value (x86-64 and wasm are little-endian)");

inline constexpr unsigned kPageShift = 12;
inline constexpr size_t kPageRows = size_t{1} << kPageShift;  // 4096 rows a page
inline constexpr size_t kPageMask = kPageRows - 1;

// The low `width` bytes (0 to 8) of the value at `at`; 0 when width is 0.
inline uint64_t Load(const uint8_t* at, unsigned width) {
  uint64_t v = 0;
  switch (width) {
    case 0: return 0;
    case 1: return at[0];
    case 2: { uint16_t s; std::memcpy(&s, at, 2); return s; }
    case 3: std::memcpy(&v, at, 3); return v;
    case 4: { uint32_t s; std::memcpy(&s, at, 4); return s; }
    case 5: std::memcpy(&v, at, 5); return v;
    case 6: std::memcpy(&v, at, 6); return v;
    case 7: std::memcpy(&v, at, 7); return v;
    default: std::memcpy(&v, at, 8); return v;
  }
}

// Writes the low `width` bytes (1 to 8) of `value` at `at`. Each width is its own constant-size
// copy: a copy of a variable size is a call to memcpy (a task end makes about 40 such writes).
inline void Store(uint8_t* at, unsigned width, uint64_t value) {
  switch (width) {
    case 1: at[0] = static_cast<uint8_t>(value); return;
    case 2: std::memcpy(at, &value, 2); return;
    case 3: std::memcpy(at, &value, 3); return;
    case 4: std::memcpy(at, &value, 4); return;
    case 5: std::memcpy(at, &value, 5); return;
    case 6: std::memcpy(at, &value, 6); return;
    case 7: std::memcpy(at, &value, 7); return;
    default: std::memcpy(at, &value, 8); return;
  }
}

// Bytes needed to hold `value` unsigned: 0 for 0, else 1 to 8.
inline unsigned WidthFor(uint64_t value) {
  return static_cast<unsigned>((std::bit_width(value) + 7) / 8);
}

// Whether `value` fits in `width` bytes unsigned.
inline bool Fits(uint64_t value, unsigned width) {
  return width >= 8 || value < (uint64_t{1} << (8 * width));
}

}  // namespace afterglow::packed
