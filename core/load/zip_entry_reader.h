// One entry of a zip (a History Server download), from its stored bytes to its content in the
// session's current file, whatever the chunking. Used by the native loader and the page alike.
// The content's CRC-32 is checked against the central directory: raw deflate has no checksum of
// its own, so without it flipped bytes would inflate into garbage that surfaces only as bad lines.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/ingest/inflate_decompressor.h"
#include "core/ingest/zip_directory.h"
#include "core/session.h"

namespace afterglow {

class ZipEntryReader {
 public:
  // Why an entry cannot be read (a compression method other than stored or deflated), if so.
  static std::optional<std::string> Unsupported(const ZipEntry& entry);

  // `entry` must be supported; `session` must have a file or part begun for it.
  ZipEntryReader(const ZipEntry& entry, Session* session);
  ~ZipEntryReader();

  // The entry's stored bytes, in order; kReadPadding readable bytes after data + size.
  void Push(const uint8_t* data, size_t size);
  // End of the entry's bytes: the problem (named `shown_name`) if it was damaged or cut off.
  std::optional<LoadProblem> Finish(const std::string& shown_name);

 private:
  class CheckingSink;

  ZipEntry entry_;
  std::unique_ptr<CheckingSink> sink_;
  std::unique_ptr<InflateDecompressor> inflater_;  // null for stored entries
  uint64_t stored_bytes_ = 0;
  bool failed_ = false;
};

}  // namespace afterglow
