#include "core/base/shortest_digits.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace afterglow {

DecimalDigits ShortestDigits(double value) {
  DecimalDigits out;
  value = std::fabs(value);
  if (value == 0) {
    out.digits = "0";
    return out;
  }
  // printf rounds correctly at every precision, so the first precision that reads back exactly
  // gives the shortest round-trip digits, and among those the closest to the value.
  char buf[40];
  for (int precision = 0; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision, value);
    if (std::strtod(buf, nullptr) == value || precision == 17) break;
  }
  const char* p = buf;
  for (; *p != 'e'; ++p) {
    if (*p != '.') out.digits += *p;
  }
  out.exponent = std::atoi(p + 1);
  return out;
}

}  // namespace afterglow
