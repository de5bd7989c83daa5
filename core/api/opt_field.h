// A text field the History Server writes only when it is present: its mapper leaves an absent
// Option out of the JSON (JacksonMessageWriter's NON_ABSENT inclusion).
#pragma once

#include <string_view>

#include "core/api/json_writer.h"
#include "core/base/string_pool.h"
#include "core/events/events.h"

namespace afterglow {

inline void WriteOptField(JsonWriter& w, const StringPool& pool, std::string_view key,
                          const OptString& value) {
  if (value.present) w.Field(key, pool.Get(value.id));
}

}  // namespace afterglow
