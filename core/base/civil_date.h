// Proleptic Gregorian dates as days since 1970-01-01 and back (H. Hinnant's days_from_civil and
// civil_from_days): the REST API's GMT dates and the views' local times both need them.
#pragma once

#include <cstdint>

namespace afterglow {

struct CivilDate {
  int64_t year = 1970;
  int64_t month = 1;  // 1..12
  int64_t day = 1;    // 1..31
};

// Days since 1970-01-01 of a date; months outside 1..12 roll over into the years around, as
// SimpleDateFormat's lenient calendar does.
int64_t DaysFromCivil(int64_t year, int64_t month, int64_t day);

// The date `days` after 1970-01-01 (before it when negative).
CivilDate CivilFromDays(int64_t days);

// `value / unit` rounded down, not toward zero: an instant before 1970 lies in a day (or a
// quarter hour) with a negative number. `unit` > 0.
inline int64_t FloorDiv(int64_t value, int64_t unit) {
  return value >= 0 ? value / unit : -((-value + unit - 1) / unit);
}

}  // namespace afterglow
