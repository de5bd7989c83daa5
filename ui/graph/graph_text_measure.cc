#include "ui/graph/graph_text_measure.h"

#include <cstddef>

namespace afterglow::ui {
namespace {

// UTF-8 continuation bytes are 10xxxxxx: a character starts at every other byte.
bool StartsCharacter(char byte) { return (static_cast<unsigned char>(byte) & 0xC0) != 0x80; }

}  // namespace

float TextMeasure::Width(std::string_view text, bool bold) const {
  if (width) return width(text, bold);
  size_t characters = 0;
  for (char byte : text) characters += StartsCharacter(byte) ? 1 : 0;
  return static_cast<float>(characters) * line_height * (bold ? 0.6f : 0.55f);
}

std::string ElideToWidth(const TextMeasure& measure, std::string_view text, bool bold,
                         float max_width, bool* elided) {
  if (elided != nullptr) *elided = false;
  if (measure.Width(text, bold) <= max_width) return std::string(text);
  if (elided != nullptr) *elided = true;
  constexpr std::string_view kEllipsis = "...";
  const float room = max_width - measure.Width(kEllipsis, bold);
  // The longest prefix that fits: binary search over byte lengths, then back to a character start.
  size_t lo = 0, hi = text.size();
  while (lo < hi) {
    const size_t mid = (lo + hi + 1) / 2;
    if (measure.Width(text.substr(0, mid), bold) <= room) lo = mid;
    else hi = mid - 1;
  }
  while (lo > 0 && lo < text.size() && !StartsCharacter(text[lo])) --lo;
  std::string out(text.substr(0, lo));
  while (!out.empty() && out.back() == ' ') out.pop_back();
  out += kEllipsis;
  return out;
}

}  // namespace afterglow::ui
