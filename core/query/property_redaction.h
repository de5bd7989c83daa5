// The History Server's redaction of property values (Utils.redact with spark.redaction.regex at
// its default), shared by /environment and every other place that shows a property's value.
#pragma once

#include <string_view>

namespace afterglow {

inline constexpr std::string_view kRedactedValue = "*********(redacted)";

// (?i)secret|password|token|access[.]?key, searched anywhere in the text (Regex.findFirstIn).
bool MatchesDefaultRedaction(std::string_view text);

// The value as shown: kRedactedValue when the key or the value itself matches.
std::string_view ShownPropertyValue(std::string_view key, std::string_view value);

}  // namespace afterglow
