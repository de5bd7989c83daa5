// An optional interned text as rows carry it: Spark tells an absent value (None, omitted from the
// JSON) from an empty one, so rows keep `present` beside the text.
#pragma once

#include <string_view>

#include "core/base/string_pool.h"
#include "core/events/events.h"

namespace afterglow {

struct OptText {
  bool present = false;
  std::string_view text;  // "" when absent; valid for the pool's lifetime
};

inline OptText OptTextOf(const StringPool& pool, const OptString& value) {
  return value.present ? OptText{true, pool.Get(value.id)} : OptText{};
}

}  // namespace afterglow
