#include "core/model/narrow_column.h"

namespace afterglow {

uint8_t NarrowColumn::WidthFor(int64_t value) {
  if (value == 0) return 0;
  if (value < 0 || value > 0xFFFFFFFFll) return 8;
  if (value > 0xFFFF) return 4;
  if (value > 0xFF) return 2;
  return 1;
}

void NarrowColumn::Widen(uint8_t width) {
  std::vector<uint8_t> wider(rows_ * width, 0);
  for (size_t row = 0; row < rows_; ++row) {
    const int64_t value = Get(row);
    switch (width) {
      case 1: wider[row] = static_cast<uint8_t>(value); break;
      case 2: { const uint16_t v = static_cast<uint16_t>(value); std::memcpy(&wider[row * 2], &v, 2); break; }
      case 4: { const uint32_t v = static_cast<uint32_t>(value); std::memcpy(&wider[row * 4], &v, 4); break; }
      default: std::memcpy(&wider[row * 8], &value, 8); break;
    }
  }
  bytes_.swap(wider);
  width_ = width;
}

void NarrowColumn::Set(size_t row, int64_t value) {
  if (value == 0 && row >= rows_) return;  // unwritten rows already read as 0
  const uint8_t needed = WidthFor(value);
  if (needed > width_) Widen(needed);
  if (row >= rows_) {
    // Grow geometrically (vector::resize doubles capacity when it must reallocate).
    rows_ = row + 1;
    bytes_.resize(rows_ * width_, 0);
  }
  uint8_t* at = bytes_.data() + row * width_;
  switch (width_) {
    case 1: at[0] = static_cast<uint8_t>(value); break;
    case 2: { const uint16_t v = static_cast<uint16_t>(value); std::memcpy(at, &v, 2); break; }
    case 4: { const uint32_t v = static_cast<uint32_t>(value); std::memcpy(at, &v, 4); break; }
    default: std::memcpy(at, &value, 8); break;
  }
}

}  // namespace afterglow
