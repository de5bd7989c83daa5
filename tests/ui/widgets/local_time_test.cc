// The views' local times (ui/widgets/local_time.h) equal the C library's localtime_r at every
// instant, in zones with daylight saving (on the hour, at half past, a half-hour shift), with a
// half-hour or no offset, and far from now (1970, 2200: logs whose clocks lie). Zones are POSIX
// TZ strings, so the test needs no time zone database on the machine.
#include "ui/widgets/local_time.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <ctime>
#include <string>

#include "ui/widgets/format.h"

namespace afterglow::ui {
namespace local_time_test {

// Sets the process's zone for the test's scope, and restores the one before.
class ZoneScope {
 public:
  explicit ZoneScope(const char* zone) {
    if (const char* old = std::getenv("TZ"); old != nullptr) old_ = old, had_ = true;
    Set(zone);
  }
  ~ZoneScope() {
    if (had_) {
      Set(old_.c_str());
    } else {
      unsetenv("TZ");
      tzset();
      ForgetLocalTimeOffsets();
    }
  }

 private:
  static void Set(const char* zone) {
    setenv("TZ", zone, 1);
    tzset();
    ForgetLocalTimeOffsets();
  }
  std::string old_;
  bool had_ = false;
};

// The number of instants from `from` to `to`, `step` seconds apart, where LocalTimeOf and
// localtime_r disagree (the first one is reported).
int Disagreements(int64_t from, int64_t to, int64_t step) {
  int wrong = 0;
  for (int64_t t = from; t < to; t += step) {
    const std::time_t seconds = static_cast<std::time_t>(t);
    std::tm want{};
    localtime_r(&seconds, &want);
    const LocalTime got = LocalTimeOf(t);
    const bool same = got.year == want.tm_year + 1900 && got.month == want.tm_mon + 1 &&
                      got.day == want.tm_mday && got.hour == want.tm_hour &&
                      got.minute == want.tm_min && got.second == want.tm_sec;
    if (!same && wrong++ == 0) {
      ADD_FAILURE() << "at " << t << ": " << got.year << "-" << got.month << "-" << got.day << " "
                    << got.hour << ":" << got.minute << ":" << got.second << ", localtime_r "
                    << want.tm_year + 1900 << "-" << want.tm_mon + 1 << "-" << want.tm_mday << " "
                    << want.tm_hour << ":" << want.tm_min << ":" << want.tm_sec;
    }
  }
  return wrong;
}

constexpr int64_t k2021 = 1609459200;  // 2021-01-01T00:00:00Z
constexpr int64_t kYear = 365 * 86400;

TEST(LocalTime, EqualsLocaltimeAcrossDaylightSavingChangesInManyZones) {
  const char* zones[] = {
      "UTC0",
      "EST5EDT,M3.2.0,M11.1.0",             // New York: changes at 02:00 local
      "CET-1CEST,M3.5.0,M10.5.0/3",         // Berlin
      "ACST-9:30ACDT,M10.1.0,M4.1.0/3",     // Adelaide: changes at half past the hour in UTC
      "LHST-10:30LHDT-11,M10.1.0,M4.1.0",   // Lord Howe: a half-hour shift
      "NST3:30NDT,M3.2.0,M11.1.0",          // St John's: a half-hour offset with daylight saving
      "IST-5:30",                           // India: a half-hour offset, no daylight saving
      "NPT-5:45",                           // Nepal: a quarter-hour offset
  };
  for (const char* zone : zones) {
    SCOPED_TRACE(zone);
    const ZoneScope scope(zone);
    // Every 599 s (so the instants drift through every minute and second) over two years.
    EXPECT_EQ(Disagreements(k2021, k2021 + 2 * kYear, 599), 0);
  }
}

TEST(LocalTime, EqualsLocaltimeAroundEachChangeToTheSecond) {
  const ZoneScope scope("ACST-9:30ACDT,M10.1.0,M4.1.0/3");
  // Adelaide, 2021: daylight saving ended 2021-04-04 03:00 local (16:30 UTC the day before) and
  // began 2021-10-03 02:00 local (2021-10-02 16:30 UTC).
  const int64_t ended = 1617467400, began = 1633192200;
  EXPECT_EQ(Disagreements(ended - 3600, ended + 3600, 1), 0);
  EXPECT_EQ(Disagreements(began - 3600, began + 3600, 1), 0);
}

TEST(LocalTime, EqualsLocaltimeIn1970And2200) {
  const ZoneScope scope("EST5EDT,M3.2.0,M11.1.0");
  EXPECT_EQ(Disagreements(0, 2 * 86400, 61), 0);
  const int64_t in2200 = 7258118400;  // 2200-01-01T00:00:00Z
  EXPECT_EQ(Disagreements(in2200, in2200 + kYear, 3607), 0);
}

TEST(LocalTime, FormatTimestampWritesTheLocalTime) {
  const ZoneScope scope("IST-5:30");
  char text[40];
  // 2021-01-01T00:00:00.999Z is 05:30:00 in India.
  EXPECT_STREQ(FormatTimestamp(k2021 * 1000 + 999, text, sizeof text), "2021-01-01 05:30:00");
}

}  // namespace local_time_test
}  // namespace afterglow::ui
