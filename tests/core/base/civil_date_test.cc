// Days since 1970 and back (core/base/civil_date.h): known dates, every day of 1600-2400 there
// and back, months past 12 rolling over, and the rounding down of instants before 1970.
#include "core/base/civil_date.h"

#include <gtest/gtest.h>

namespace afterglow {
namespace civil_date_test {

TEST(CivilDate, KnownDates) {
  EXPECT_EQ(DaysFromCivil(1970, 1, 1), 0);
  EXPECT_EQ(DaysFromCivil(2000, 3, 1), 11017);
  EXPECT_EQ(DaysFromCivil(1969, 12, 31), -1);
  const CivilDate leap = CivilFromDays(DaysFromCivil(2024, 2, 29));
  EXPECT_EQ(leap.year, 2024);
  EXPECT_EQ(leap.month, 2);
  EXPECT_EQ(leap.day, 29);
}

TEST(CivilDate, EveryDayThereAndBack) {
  int wrong = 0;
  for (int64_t days = DaysFromCivil(1600, 1, 1); days <= DaysFromCivil(2400, 12, 31); ++days) {
    const CivilDate date = CivilFromDays(days);
    if (DaysFromCivil(date.year, date.month, date.day) != days) ++wrong;
  }
  EXPECT_EQ(wrong, 0);
}

TEST(CivilDate, MonthsPastTwelveRollOver) {
  EXPECT_EQ(DaysFromCivil(2020, 13, 1), DaysFromCivil(2021, 1, 1));
  EXPECT_EQ(DaysFromCivil(2020, 0, 1), DaysFromCivil(2019, 12, 1));
}

TEST(CivilDate, FloorDivRoundsDown) {
  EXPECT_EQ(FloorDiv(86399, 86400), 0);
  EXPECT_EQ(FloorDiv(-1, 86400), -1);
  EXPECT_EQ(FloorDiv(-86400, 86400), -1);
  EXPECT_EQ(FloorDiv(-86401, 86400), -2);
}

}  // namespace civil_date_test
}  // namespace afterglow
