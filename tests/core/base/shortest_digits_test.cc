// ShortestDigits finds its precision by bisection; these pin that it gives what trying every
// precision in order gives (the first that reads back), on the values the formatters see.
#include "core/base/shortest_digits.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

namespace afterglow {
namespace {

// The reference: every precision in order, the first whose correctly rounded digits read back.
std::string InOrder(double value) {
  value = std::fabs(value);
  if (value == 0) return "0e0";
  char buf[40];
  for (int precision = 0; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision, value);
    if (std::strtod(buf, nullptr) == value || precision == 17) break;
  }
  std::string digits;
  const char* p = buf;
  for (; *p != 'e'; ++p) {
    if (*p != '.') digits += *p;
  }
  return digits + "e" + std::to_string(std::atoi(p + 1));
}

std::string Bisected(double value) {
  const DecimalDigits d = ShortestDigits(value);
  return d.digits + "e" + std::to_string(d.exponent);
}

TEST(ShortestDigits, KnownValues) {
  EXPECT_EQ(Bisected(0.0), "0e0");
  EXPECT_EQ(Bisected(1.0), "1e0");
  EXPECT_EQ(Bisected(0.1), "1e-1");
  EXPECT_EQ(Bisected(123.456), "123456e2");
  EXPECT_EQ(Bisected(-2.5), "25e0");
  EXPECT_EQ(Bisected(static_cast<double>(1.1f)), "1100000023841858e0");
  EXPECT_EQ(Bisected(5e-324), "5e-324");
  EXPECT_EQ(Bisected(1.7976931348623157e308), "17976931348623157e308");
}

TEST(ShortestDigits, BisectionAgreesWithTryingEveryPrecision) {
  std::mt19937_64 random(20261202);
  for (int i = 0; i < 2000; ++i) {
    // Any finite double (random bits), a float widened (SQL timings: ms / 1000.0f), a power of two.
    uint64_t bits = random();
    double any;
    std::memcpy(&any, &bits, sizeof any);
    if (std::isfinite(any)) EXPECT_EQ(Bisected(any), InOrder(any)) << any;
    const float ms_in_seconds = static_cast<float>(random() % 3600000) / 1000.0f;
    EXPECT_EQ(Bisected(ms_in_seconds), InOrder(ms_in_seconds)) << ms_in_seconds;
    const double power = std::ldexp(1.0, static_cast<int>(random() % 2098) - 1074);
    EXPECT_EQ(Bisected(power), InOrder(power)) << power;
    const double short_decimal = static_cast<double>(random() % 100000) / 100.0;
    EXPECT_EQ(Bisected(short_decimal), InOrder(short_decimal)) << short_decimal;
  }
}

}  // namespace
}  // namespace afterglow
