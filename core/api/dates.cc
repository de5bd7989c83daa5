#include "core/api/dates.h"

#include <cctype>
#include <cstdio>

namespace afterglow {
namespace {

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil); months
// outside 1..12 roll over, as SimpleDateFormat's lenient calendar does.
int64_t DaysFromCivil(int64_t y, int64_t m, int64_t d) {
  y += (m - 1) >= 0 ? (m - 1) / 12 : -((12 - m) / 12);
  m = ((m - 1) % 12 + 12) % 12 + 1;
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

void CivilFromDays(int64_t z, int64_t& y, int64_t& m, int64_t& d) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const int64_t doe = z - era * 146097;
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  y = yoe + era * 400;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int64_t mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp + (mp < 10 ? 3 : -9);
  y += m <= 2;
}

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
  int64_t days = epoch_ms >= 0 ? epoch_ms / 86400000 : -((-epoch_ms + 86399999) / 86400000);
  int64_t ms_of_day = epoch_ms - days * 86400000;
  int64_t y, m, d;
  CivilFromDays(days, y, m, d);
  char buf[128];
  std::snprintf(buf, sizeof buf, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld.%03lldGMT",
                static_cast<long long>(y), static_cast<long long>(m), static_cast<long long>(d),
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
