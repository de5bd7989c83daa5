// Query parameters and path segments converted as the History Server's JAX-RS layer converts
// them, with Java's number parsers: what parses there parses here, and nothing else.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace afterglow {

// java.lang.Integer.parseInt: optional sign, digits, in range.
std::optional<int32_t> ParseJavaInt(std::string_view text);

// java.lang.Double.parseDouble (String.toDouble): surrounding whitespace and control characters
// are trimmed; "NaN", "Infinity", decimal and exponent forms, an optional d/f suffix.
std::optional<double> ParseJavaDouble(std::string_view text);

}  // namespace afterglow
