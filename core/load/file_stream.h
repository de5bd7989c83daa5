// Streams a whole file as chunks, each followed by kReadPadding readable bytes (what the line
// splitter and simdjson read past a line's end). The file is read() in 256 KiB chunks into one
// buffer, not mapped: the parser then reads a buffer that sits in the CPU's L2 cache. Mapping the
// page cache instead (16 MiB windows, sessions 5-6) cost more than the kernel's copy it saved: on
// the 1 GB log, a memchr over the mapped pages took 0.55 s of user time against 0.03 s over
// read() chunks (a TLB miss per 4 KiB page, dear in a virtual machine), and `afterglow summary`
// spent 2.45 s of CPU mapped against 1.65 s read. Bytes appended after the file was opened are
// read too (a log still being written); a file cut shorter while it is read (a log rotated or
// rewritten) is read up to its new end and said so.
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

// The whole of `path`.
FileStreamResult StreamFile(const std::string& path, const ChunkCallback& on_chunk);

}  // namespace afterglow
