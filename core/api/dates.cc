#include "core/api/dates.h"

#include <cctype>
#include <cstdio>

#include "core/base/civil_date.h"

namespace afterglow {
namespace {

// Reads an unsigned decimal number of at most `max_digits` digits.
bool ReadNumber(std::string_view text, size_t& pos, int max_digits, int64_t& out) {
  const size_t start = pos;
  out = 0;
  while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])) &&
         static_cast<int>(pos - start) < max_digits) {
    out = out * 10 + (text[pos] - '0');
    ++pos;
  }
  return pos > start;
}

bool Expect(std::string_view text, size_t& pos, char c) {
  if (pos < text.size() && text[pos] == c) {
    ++pos;
    return true;
  }
  return false;
}

// General time zone of SimpleDateFormat's 'z': GMT/UTC names, GMT+hh:mm, or RFC 822 +hhmm.
std::optional<int64_t> ParseZoneOffsetMs(std::string_view zone) {
  int64_t sign = 1;
  if (zone.starts_with("GMT") || zone.starts_with("UTC")) {
    zone.remove_prefix(3);
    if (zone.empty()) return 0;
  } else if (zone == "Z") {
    return std::nullopt;  // 'z' does not accept ISO "Z"
  }
  if (zone.empty() || (zone[0] != '+' && zone[0] != '-')) return std::nullopt;
  sign = zone[0] == '-' ? -1 : 1;
  zone.remove_prefix(1);
  size_t pos = 0;
  int64_t hours = 0, minutes = 0;
  if (!ReadNumber(zone, pos, 2, hours)) return std::nullopt;
  if (Expect(zone, pos, ':')) {
    if (!ReadNumber(zone, pos, 2, minutes)) return std::nullopt;
  } else if (pos < zone.size()) {
    if (!ReadNumber(zone, pos, 2, minutes)) return std::nullopt;
  }
  return sign * (hours * 60 + minutes) * 60000;
}

}  // namespace

std::string FormatSparkDate(int64_t epoch_ms) {
  const int64_t days = FloorDiv(epoch_ms, 86400000);
  const int64_t ms_of_day = epoch_ms - days * 86400000;
  const CivilDate date = CivilFromDays(days);
  char buf[128];
  std::snprintf(buf, sizeof buf, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld.%03lldGMT",
                static_cast<long long>(date.year), static_cast<long long>(date.month),
                static_cast<long long>(date.day),
                static_cast<long long>(ms_of_day / 3600000),
                static_cast<long long>(ms_of_day / 60000 % 60),
                static_cast<long long>(ms_of_day / 1000 % 60),
                static_cast<long long>(ms_of_day % 1000));
  return buf;
}

std::optional<int64_t> ParseSparkDate(std::string_view text) {
  size_t pos = 0;
  int64_t y, mo, d;
  if (!ReadNumber(text, pos, 9, y) || !Expect(text, pos, '-') || !ReadNumber(text, pos, 9, mo) ||
      !Expect(text, pos, '-') || !ReadNumber(text, pos, 9, d)) {
    return std::nullopt;
  }
  const int64_t day_ms = DaysFromCivil(y, mo, d) * 86400000;
  // Full form: 'T'HH:mm:ss.SSS then a zone.
  size_t full = pos;
  int64_t h, mi, s, ms;
  if (Expect(text, full, 'T') && ReadNumber(text, full, 9, h) && Expect(text, full, ':') &&
      ReadNumber(text, full, 9, mi) && Expect(text, full, ':') && ReadNumber(text, full, 9, s) &&
      Expect(text, full, '.') && ReadNumber(text, full, 9, ms)) {
    if (auto offset = ParseZoneOffsetMs(text.substr(full))) {
      return day_ms + ((h * 60 + mi) * 60 + s) * 1000 + ms - *offset;
    }
  }
  return day_ms;
}

}  // namespace afterglow
