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
  auto reads_back = [&](int precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision, value);
    return std::strtod(buf, nullptr) == value;
  };
  // Each printf + strtod costs thousands of instructions, and values widened from floats (SQL
  // timing metrics) need 16 or 17 digits, so the first precision is found by bisection where that
  // gives the same answer as trying them in order: when the doubles that read back as `value`
  // lie symmetrically around it, p + 1 correctly rounded digits are never farther from it than p
  // digits, so reading back is monotonic in p. Only at a power of two (mantissa 0.5) is the
  // interval below half as wide as above; there the precisions are tried in order.
  int exponent2 = 0;
  int precision = 17;  // 17 digits always read back
  if (std::frexp(value, &exponent2) != 0.5) {
    int low = 0;
    while (low < precision) {
      const int middle = (low + precision) / 2;
      if (reads_back(middle)) precision = middle;
      else low = middle + 1;
    }
  } else {
    for (precision = 0; precision < 17 && !reads_back(precision); ++precision) {
    }
  }
  std::snprintf(buf, sizeof buf, "%.*e", precision, value);  // the search may have left another
  const char* p = buf;
  for (; *p != 'e'; ++p) {
    if (*p != '.') out.digits += *p;
  }
  out.exponent = std::atoi(p + 1);
  return out;
}

}  // namespace afterglow
