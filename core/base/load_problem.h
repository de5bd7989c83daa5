// A problem found in the input. Kept apart from core/session.h, which lists them, so the layers
// below the session (the memory cap's notice in core/listen/) can make one.
#pragma once

#include <cstdint>
#include <string>

namespace afterglow {

// Something wrong with the input, kept with where it was found. Loading goes on after it.
struct LoadProblem {
  // The file the problem is in, named as the user sees it: the path given to BeginFile or
  // BeginPart (under a dropped folder, "zip/entry" inside a zip), or the log's folder for a
  // problem of the whole log.
  std::string file;
  uint64_t line = 0;      // 1-based line in the decompressed log, 0 when not line-related
  uint64_t offset = 0;    // byte offset in the file as stored (compressed bytes), when known
  std::string cause;
};

}  // namespace afterglow
