// Bytes that must stay readable after every buffer handed to the line splitter or the event
// decoder. simdjson's on-demand parser reads up to SIMDJSON_PADDING bytes past a document's end
// (their content does not matter), so every buffer in the ingest path is allocated with this much
// slack and no line is ever copied just to pad it.
#pragma once

#include <cstddef>

namespace afterglow {

inline constexpr size_t kReadPadding = 64;

}  // namespace afterglow
