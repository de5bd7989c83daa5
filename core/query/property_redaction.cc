#include "core/query/property_redaction.h"

#include <cctype>
#include <string>

namespace afterglow {

bool MatchesDefaultRedaction(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (std::string_view needle : {"secret", "password", "token", "accesskey", "access.key"}) {
    if (lower.find(needle) != std::string::npos) return true;
  }
  return false;
}

std::string_view ShownPropertyValue(std::string_view key, std::string_view value) {
  return MatchesDefaultRedaction(key) || MatchesDefaultRedaction(value) ? kRedactedValue : value;
}

}  // namespace afterglow
