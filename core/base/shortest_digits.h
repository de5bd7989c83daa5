// The shortest decimal digits that read back as a given double: what Java's Double.toString and
// Spark's metric formatting start from. std::to_chars for doubles would do, but Emscripten's C++
// library lacks it, and native and browser builds must print the same numbers.
#pragma once

#include <string>

namespace afterglow {

struct DecimalDigits {
  std::string digits;  // no leading zeros, at least one digit ("0" for zero)
  int exponent = 0;    // value = d1.d2d3... x 10^exponent
};

// `value` must be finite; its sign is ignored.
DecimalDigits ShortestDigits(double value);

}  // namespace afterglow
