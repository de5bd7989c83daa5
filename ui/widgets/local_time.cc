#include "ui/widgets/local_time.h"

#include <array>
#include <ctime>

#include "core/base/civil_date.h"

namespace afterglow::ui {
namespace {

constexpr int64_t kQuarterHour = 15 * 60;
constexpr int64_t kNoQuarter = INT64_MIN;

// Direct-mapped by quarter hour: a log's timestamps fall in a few hours, so a few dozen entries
// hold them all, and a missed entry costs one localtime_r.
struct ZoneOffset {
  int64_t quarter = kNoQuarter;
  int64_t offset_seconds = 0;
};
std::array<ZoneOffset, 64> g_offsets;

// The zone's offset from UTC at `epoch_seconds`, from the C library: the local wall-clock time
// read as UTC, minus the instant.
int64_t LookUpOffset(int64_t epoch_seconds) {
  const std::time_t seconds = static_cast<std::time_t>(epoch_seconds);
  std::tm local{};
  if (localtime_r(&seconds, &local) == nullptr) return 0;
  const int64_t wall = DaysFromCivil(local.tm_year + 1900, local.tm_mon + 1, local.tm_mday) * 86400 +
                       local.tm_hour * 3600 + local.tm_min * 60 + local.tm_sec;
  return wall - epoch_seconds;
}

int64_t OffsetAt(int64_t epoch_seconds) {
  const int64_t quarter = FloorDiv(epoch_seconds, kQuarterHour);
  ZoneOffset& entry = g_offsets[static_cast<uint64_t>(quarter) % g_offsets.size()];
  if (entry.quarter != quarter) {
    entry.quarter = quarter;
    entry.offset_seconds = LookUpOffset(quarter * kQuarterHour);
  }
  return entry.offset_seconds;
}

}  // namespace

LocalTime LocalTimeOf(int64_t epoch_seconds) {
  const int64_t wall = epoch_seconds + OffsetAt(epoch_seconds);
  const int64_t days = FloorDiv(wall, 86400);
  const int64_t second_of_day = wall - days * 86400;
  const CivilDate date = CivilFromDays(days);
  LocalTime time;
  time.year = static_cast<int>(date.year);
  time.month = static_cast<int>(date.month);
  time.day = static_cast<int>(date.day);
  time.hour = static_cast<int>(second_of_day / 3600);
  time.minute = static_cast<int>(second_of_day / 60 % 60);
  time.second = static_cast<int>(second_of_day % 60);
  return time;
}

void ForgetLocalTimeOffsets() { g_offsets.fill(ZoneOffset{}); }

}  // namespace afterglow::ui
