// A column of int64 values stored as narrowly as the values seen so far allow: nothing while
// every value is 0, then 1, 2 or 4 bytes a row while every value fits that unsigned width, and
// 8 bytes once a value is negative or passes 2^32-1. Most task metrics are small counts or
// millisecond times, so most columns settle at 1 or 2 bytes. Widening re-encodes the column
// once per width (at most four times), so filling n rows stays O(n). Rows never written read as 0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace afterglow {

class NarrowColumn {
 public:
  int64_t Get(size_t row) const {
    if (row >= rows_) return 0;
    const uint8_t* at = bytes_.data() + row * width_;
    switch (width_) {
      case 1: return at[0];
      case 2: { uint16_t v; std::memcpy(&v, at, 2); return v; }
      case 4: { uint32_t v; std::memcpy(&v, at, 4); return v; }
      case 8: { int64_t v; std::memcpy(&v, at, 8); return v; }
      default: return 0;
    }
  }
  void Set(size_t row, int64_t value);
  size_t bytes() const { return bytes_.capacity(); }
  size_t width() const { return width_; }  // bytes a row: 0, 1, 2, 4 or 8

 private:
  static uint8_t WidthFor(int64_t value);
  void Widen(uint8_t width);

  std::vector<uint8_t> bytes_;  // rows_ values of width_ bytes each
  size_t rows_ = 0;
  uint8_t width_ = 0;
};

}  // namespace afterglow
