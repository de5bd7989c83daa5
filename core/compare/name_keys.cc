#include "core/compare/name_keys.h"

#include <cctype>

namespace afterglow::compare {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Copies `text` leaving out every `marker` followed by digits (and, if `long_suffix`, an 'L'
// right after them that does not start a word).
std::string DropNumbered(std::string_view text, char marker, bool long_suffix) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == marker && i + 1 < text.size() && IsDigit(text[i + 1])) {
      size_t end = i + 1;
      while (end < text.size() && IsDigit(text[end])) ++end;
      if (long_suffix && end < text.size() && text[end] == 'L' &&
          (end + 1 == text.size() || !std::isalnum(static_cast<unsigned char>(text[end + 1])))) {
        ++end;
      }
      i = end - 1;
      continue;
    }
    out.push_back(text[i]);
  }
  return out;
}

}  // namespace

std::string WithoutLineNumbers(std::string_view call_site) {
  return DropNumbered(call_site, ':', false);
}

std::string WithoutExpressionIds(std::string_view plan_text) {
  return DropNumbered(plan_text, '#', true);
}

std::string_view TrimBlanks(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

}  // namespace afterglow::compare
