// Splits a byte stream into lines at '\n', whatever the chunk boundaries. Lines that lie wholly
// inside a pushed buffer are handed on in place (no copy); only a line cut by a chunk boundary is
// gathered into a carry buffer. Empty lines are counted but not delivered.
//
// A line longer than kMaxLineBytes stops the splitter: that line and everything after it are
// dropped (the lines before it were delivered), and overlong() says so. Spark's longest lines are
// SQL plan descriptions and environment updates, a few MiB in the largest logs known (the
// corpus's longest line is 98 KiB); 64 MiB is far past them, and still bounds what one line costs:
// its carry buffer (at most 1.5x the line) and simdjson's index of it, a few hundred MiB of the
// page's 4 GiB heap. Without the limit a 1 GiB file without a newline took 2.3 GB to report.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/ingest/line_consumer.h"

namespace afterglow {

class LineSplitter {
 public:
  explicit LineSplitter(LineConsumer* consumer) : consumer_(consumer) {}

  // `data` needs kReadPadding readable bytes after data + size (they are never interpreted).
  void Push(const char* data, size_t size);
  // End of input: delivers the last line if it had no '\n'.
  void Finish();

  uint64_t lines() const { return line_number_; }
  // Where the line being delivered begins: its byte offset in the stream pushed so far (the
  // decompressed log). Valid during the consumer's OnLine. The History Server's listing re-reads
  // a finished log's last MiB by this offset (core/listen/listing_listener.h).
  uint64_t line_offset() const { return line_offset_; }
  // Bytes of an unfinished line held back, waiting for its end.
  size_t pending_bytes() const { return carry_size_; }
  // The unfinished line itself (valid until the next Push or Finish).
  std::string_view pending() const { return std::string_view(carry_.data(), carry_size_); }
  // Forgets the unfinished line: Finish will not deliver it (its number is not counted).
  void DropPending() { carry_size_ = 0; }

  static constexpr size_t kMaxLineBytes = size_t{64} << 20;
  // True once a line passed kMaxLineBytes; further input is ignored.
  bool overlong() const { return overlong_; }
  // The overlong line's number and where it begins in the decompressed stream.
  uint64_t overlong_line() const { return line_number_ + 1; }
  uint64_t overlong_offset() const { return next_line_offset_; }

 private:
  // `size` excludes the '\n'; `newline`: one ended the line (not so for a last line at Finish).
  void Deliver(const char* begin, size_t size, bool newline);
  void AppendToCarry(const char* data, size_t size);
  void Stop();

  LineConsumer* consumer_;
  std::vector<char> carry_;  // capacity carry_size_ + kReadPadding at least
  size_t carry_size_ = 0;
  uint64_t line_number_ = 0;
  uint64_t line_offset_ = 0;       // offset of the line being delivered
  uint64_t next_line_offset_ = 0;  // offset just after the last '\n' seen
  bool overlong_ = false;
};

}  // namespace afterglow
