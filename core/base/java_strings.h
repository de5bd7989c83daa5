// java.lang.String behaviour the History Server's answers show and our views repeat.
#pragma once

#include <string_view>

namespace afterglow {

// String.trim: strips the characters <= ' ' at both ends (SQL node and metric names).
inline std::string_view JavaTrim(std::string_view text) {
  while (!text.empty() && static_cast<unsigned char>(text.front()) <= ' ') text.remove_prefix(1);
  while (!text.empty() && static_cast<unsigned char>(text.back()) <= ' ') text.remove_suffix(1);
  return text;
}

}  // namespace afterglow
