// CompareBytes (core/base/compare_bytes.h), the page's memcmp: the same sign as memcmp for every
// length up to 40 and every position of a first difference, bytes above 0x7F included, and it
// reads no byte past `size` (each input ends at its buffer's end, where AddressSanitizer would
// report a read past it).
#include "core/base/compare_bytes.h"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <random>

namespace afterglow {
namespace compare_bytes_test {

int Sign(int value) { return (value > 0) - (value < 0); }

TEST(CompareBytes, AgreesWithMemcmpAtEveryLengthAndFirstDifference) {
  std::mt19937 random(5);
  for (size_t size = 0; size <= 40; ++size) {
    // Each text at the end of its own allocation: a read past `size` leaves the buffer.
    auto a_buffer = std::make_unique<unsigned char[]>(size + 1);
    auto b_buffer = std::make_unique<unsigned char[]>(size + 1);
    unsigned char* a = a_buffer.get() + 1;
    unsigned char* b = b_buffer.get() + 1;
    for (size_t differ = 0; differ <= size; ++differ) {  // == size: the texts are equal
      for (int round = 0; round < 8; ++round) {
        for (size_t i = 0; i < size; ++i) a[i] = b[i] = static_cast<unsigned char>(random());
        if (differ < size) {
          b[differ] = static_cast<unsigned char>(a[differ] + 1 + random() % 255);
          // Bytes after the first difference differ too, the other way round, in half the rounds.
          if (round % 2 == 1 && differ + 1 < size) a[size - 1] = static_cast<unsigned char>(b[size - 1] + 1);
        }
        ASSERT_EQ(Sign(CompareBytes(a, b, size)), Sign(std::memcmp(a, b, size)))
            << "size " << size << " differ " << differ << " round " << round;
        ASSERT_EQ(Sign(CompareBytes(b, a, size)), Sign(std::memcmp(b, a, size)));
        if (differ < size) ASSERT_NE(CompareBytes(a, b, size), 0);
      }
    }
  }
}

TEST(CompareBytes, ComparesBytesAsUnsigned) {
  const unsigned char high[] = {'a', 0xFF, 'c', 'd', 'e', 'f', 'g', 'h', 'i'};
  const unsigned char low[] = {'a', 0x01, 'c', 'd', 'e', 'f', 'g', 'h', 'i'};
  for (size_t size = 2; size <= sizeof high; ++size) {
    EXPECT_GT(CompareBytes(high, low, size), 0) << size;
    EXPECT_LT(CompareBytes(low, high, size), 0) << size;
  }
  EXPECT_EQ(CompareBytes(high, low, 1), 0);
  EXPECT_EQ(CompareBytes(high, low, 0), 0);
}

}  // namespace compare_bytes_test
}  // namespace afterglow
