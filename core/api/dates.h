// Dates as the History Server writes and reads them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace afterglow {

// Jackson's date format in the SHS: yyyy-MM-dd'T'HH:mm:ss.SSS'GMT', always UTC.
// -1 (Spark's "no end time") renders as 1969-12-31T23:59:59.999GMT.
std::string FormatSparkDate(int64_t epoch_ms);

// SimpleDateParam: first yyyy-MM-dd'T'HH:mm:ss.SSSz, then yyyy-MM-dd in GMT; a lenient prefix
// parse, so "2015-02-03T16:42:40" falls back to the day. nullopt means 400
// "Couldn't parse date: <value>".
std::optional<int64_t> ParseSparkDate(std::string_view text);

}  // namespace afterglow
