#include "ui/executor_order.h"

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

}  // namespace

bool ExecutorIdLess(std::string_view a, std::string_view b) {
  int64_t x = 0, y = 0;
  const bool a_number = ParseId(a, &x), b_number = ParseId(b, &y);
  if (a_number != b_number) return !a_number;  // the driver first
  if (a_number && x != y) return x < y;
  return a < b;
}

}  // namespace afterglow::ui
