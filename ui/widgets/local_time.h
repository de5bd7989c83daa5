// The wall-clock time of an instant in the viewer's time zone, as the views show timestamps.
#pragma once

#include <cstdint>

namespace afterglow::ui {

struct LocalTime {
  int year = 1970, month = 1, day = 1;  // month 1..12
  int hour = 0, minute = 0, second = 0;
};

// Asks the C library (the browser, in wasm) for the zone's offset once per quarter hour of UTC
// and keeps it: in Emscripten localtime_r is a JavaScript call that makes three Dates and looks
// up the zone for each (some 10 us), and a timeline writes a timestamp into each of thousands of
// bars. Every zone's offset, and every change of it since the 1970s, falls on a quarter hour, so
// one offset holds for a whole quarter hour.
LocalTime LocalTimeOf(int64_t epoch_seconds);

// Forgets the offsets looked up, after the process's time zone changed (TZ and tzset in tests).
void ForgetLocalTimeOffsets();

}  // namespace afterglow::ui
