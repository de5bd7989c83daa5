// Streams a whole file as chunks, each followed by kReadPadding readable bytes (what the line
// splitter and simdjson read past a line's end). Native builds map the file in windows, so the
// parser reads the page cache in place instead of a copy: on a 1 GB plain log the kernel's copy
// into a read() buffer was ~15% of `afterglow summary`. Where mapping is unavailable or fails,
// it reads with stdio instead. Bytes appended after the mapping was sized are read too (a log
// still being written); a file cut shorter while it is read (a log rotated or rewritten) is read
// up to its new end and said so (see file_stream.cc for the one race left).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>

namespace afterglow {

using ChunkCallback = std::function<void(const uint8_t* data, size_t size)>;

// Reads `length` bytes of `in` from `offset` (to the end when length is UINT64_MAX) in chunks
// with kReadPadding slack. False when the file ends early (for a bounded length) or fails.
bool ReadFileRange(FILE* in, uint64_t offset, uint64_t length, const ChunkCallback& on_chunk);

// What StreamFile read, for its caller to report.
struct FileStreamResult {
  bool opened = false;
  uint64_t size_at_open = 0;  // the file's size when it was opened (0 when not a regular file)
  uint64_t bytes_read = 0;    // bytes handed on: more than size_at_open when the log grew
  bool read_failed = false;   // the system failed a read before the end of the file
  // "" when the file was read to its end and was not cut shorter meanwhile; else why not, as a
  // LoadProblem's cause.
  std::string Problem() const;
};

// The whole of `path`, mapped where possible.
FileStreamResult StreamFile(const std::string& path, const ChunkCallback& on_chunk);

}  // namespace afterglow
