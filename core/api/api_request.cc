#include "core/api/api_request.h"

#include <cctype>

namespace afterglow {
namespace {

std::string PercentDecode(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() &&
        std::isxdigit(static_cast<unsigned char>(text[i + 1])) &&
        i + 2 < text.size() && std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
      out += static_cast<char>(std::stoi(std::string(text.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else if (text[i] == '+') {
      out += ' ';
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace

ApiRequest ApiRequest::Parse(std::string_view path_and_query) {
  ApiRequest request;
  const size_t question = path_and_query.find('?');
  std::string_view path = path_and_query.substr(0, question);
  while (!path.empty()) {
    const size_t slash = path.find('/');
    const std::string_view segment = path.substr(0, slash);
    if (!segment.empty()) request.segments.push_back(PercentDecode(segment));
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  if (question != std::string_view::npos) {
    std::string_view query = path_and_query.substr(question + 1);
    while (!query.empty()) {
      const size_t amp = query.find('&');
      const std::string_view pair = query.substr(0, amp);
      if (!pair.empty()) {
        const size_t eq = pair.find('=');
        request.query.emplace(PercentDecode(pair.substr(0, eq)),
                              eq == std::string_view::npos ? "" : PercentDecode(pair.substr(eq + 1)));
      }
      if (amp == std::string_view::npos) break;
      query.remove_prefix(amp + 1);
    }
  }
  return request;
}

std::vector<std::string> ApiRequest::Values(const std::string& name) const {
  std::vector<std::string> values;
  auto [begin, end] = query.equal_range(name);
  for (auto it = begin; it != end; ++it) values.push_back(it->second);
  return values;
}

std::optional<std::string> ApiRequest::Value(const std::string& name) const {
  auto it = query.find(name);
  if (it == query.end()) return std::nullopt;
  return it->second;
}

bool EqualsIgnoreCase(std::string_view text, std::string_view candidate) {
  if (text.size() != candidate.size()) return false;
  for (size_t i = 0; i < text.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) !=
        std::tolower(static_cast<unsigned char>(candidate[i]))) {
      return false;
    }
  }
  return true;
}

bool IsDigits(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

}  // namespace afterglow
