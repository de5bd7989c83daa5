#include "ui/pages/executors/executor_order.h"

#include <algorithm>
#include <charconv>
#include <cstdint>

namespace afterglow::ui {
namespace {

// The whole id as a number; false for "driver", "" or "12a".
bool ParseId(std::string_view id, int64_t* value) {
  if (id.empty()) return false;
  const auto parsed = std::from_chars(id.data(), id.data() + id.size(), *value);
  return parsed.ec == std::errc() && parsed.ptr == id.data() + id.size();
}

char LowerAscii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace

bool ExecutorIdLess(std::string_view a, std::string_view b) {
  int64_t x = 0, y = 0;
  const bool a_number = ParseId(a, &x), b_number = ParseId(b, &y);
  if (a_number != b_number) return !a_number;  // the driver first
  if (a_number && x != y) return x < y;
  return a < b;
}

bool IsNumericExecutorId(std::string_view id) {
  int64_t value = 0;
  return ParseId(id, &value);
}

bool StagePageExecutorIdLess(std::string_view a, std::string_view b, bool all_ids_numeric) {
  int64_t x = 0, y = 0;
  if (all_ids_numeric && ParseId(a, &x) && ParseId(b, &y) && x != y) return x < y;
  const size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    const char ca = LowerAscii(a[i]), cb = LowerAscii(b[i]);
    if (ca != cb) return ca < cb;
  }
  return a.size() < b.size();
}

}  // namespace afterglow::ui
