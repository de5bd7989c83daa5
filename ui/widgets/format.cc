#include "ui/widgets/format.h"

#include <cstdio>

#include "ui/widgets/local_time.h"

namespace afterglow::ui {

namespace {
constexpr const char* kUnknown = "\xe2\x80\x94";  // an em dash
}

const char* FormatDuration(int64_t ms, char* out, size_t size) {
  if (ms < 0) {
    std::snprintf(out, size, "%s", kUnknown);
  } else if (ms < 1000) {
    std::snprintf(out, size, "%lld ms", static_cast<long long>(ms));
  } else if (ms < 60 * 1000) {
    std::snprintf(out, size, "%.1f s", ms / 1000.0);
  } else if (ms < 60 * 60 * 1000) {
    std::snprintf(out, size, "%.1f min", ms / 60000.0);
  } else {
    std::snprintf(out, size, "%.1f h", ms / 3600000.0);
  }
  return out;
}

const char* FormatTimestamp(int64_t epoch_ms, char* out, size_t size) {
  if (epoch_ms < 0) {
    std::snprintf(out, size, "%s", kUnknown);
    return out;
  }
  // Neither strftime nor localtime_r per call: Emscripten implements both in JavaScript, and a
  // timeline writes a timestamp into each bar's tooltip (strftime took 170 of the 230 ms the
  // timeline's model took to build in wasm on a 1 GB log).
  const LocalTime local = LocalTimeOf(epoch_ms / 1000);
  std::snprintf(out, size, "%04d-%02d-%02d %02d:%02d:%02d", local.year, local.month, local.day,
                local.hour, local.minute, local.second);
  return out;
}

const char* FormatCount(uint64_t value, char* out, size_t size) {
  char digits[32];
  const int length =
      std::snprintf(digits, sizeof digits, "%llu", static_cast<unsigned long long>(value));
  size_t pos = 0;
  for (int i = 0; i < length && pos + 1 < size; ++i) {
    if (i > 0 && (length - i) % 3 == 0 && pos + 2 < size) out[pos++] = ',';
    out[pos++] = digits[i];
  }
  out[pos] = '\0';
  return out;
}

const char* FormatBytes(uint64_t bytes, char* out, size_t size) {
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double value = static_cast<double>(bytes);
  int unit = 0;
  while (value >= 1024 && unit < 4) {
    value /= 1024;
    ++unit;
  }
  if (unit == 0) {
    std::snprintf(out, size, "%llu B", static_cast<unsigned long long>(bytes));
  } else {
    std::snprintf(out, size, "%.1f %s", value, kUnits[unit]);
  }
  return out;
}

}  // namespace afterglow::ui
