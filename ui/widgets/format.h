// Numbers and times as the views print them, into caller-owned buffers so drawing a frame
// allocates nothing. Each returns `out`.
#pragma once

#include <cstddef>
#include <cstdint>

namespace afterglow::ui {

// "850 ms", "12.3 s", "4.5 min", "2.1 h", as Spark's UI rounds durations; "—" when negative.
const char* FormatDuration(int64_t ms, char* out, size_t size);
// Local date and time, "2015-02-03 16:43:02"; "—" when negative (unknown).
const char* FormatTimestamp(int64_t epoch_ms, char* out, size_t size);
// 1234567 -> "1,234,567".
const char* FormatCount(uint64_t value, char* out, size_t size);
// 1536 -> "1.5 KiB".
const char* FormatBytes(uint64_t bytes, char* out, size_t size);

}  // namespace afterglow::ui
