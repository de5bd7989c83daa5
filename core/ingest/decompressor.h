// One interface for every codec's streaming decoder. Input arrives in chunks of any size;
// decompressed bytes go to a ByteSink as soon as they exist. Results are explicit values: a
// decoder never throws and never aborts on bad input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/ingest/codec.h"

namespace afterglow {

class ByteSink {
 public:
  virtual ~ByteSink() = default;
  // Decompressed bytes; kReadPadding bytes after data + size are readable. Valid during the call.
  virtual void OnBytes(const char* data, size_t size) = 0;
  // True once the reader behind the sink has stopped (a line past the length limit, a memory
  // cap): decoders then return from Push without decoding the rest of the input they hold, so a
  // decompression bomb costs what was read up to that point, not what it would inflate to.
  virtual bool Stopped() const { return false; }
};

enum class DecodeStatus : uint8_t {
  kNeedInput,  // all input consumed; more is expected (or the stream may end here)
  kEnd,        // the stream ended cleanly (Finish at a frame boundary)
  kTruncated,  // Finish in the middle of a frame: everything before it was delivered
  kError,      // corrupt input; see error() and error_offset()
};

class Decompressor {
 public:
  virtual ~Decompressor() = default;
  virtual DecodeStatus Push(const uint8_t* data, size_t size, ByteSink& sink) = 0;
  virtual DecodeStatus Finish(ByteSink& sink) = 0;
  const std::string& error() const { return error_; }
  // Offset in the compressed input at which the error was seen.
  uint64_t error_offset() const { return error_offset_; }

 protected:
  std::string error_;
  uint64_t error_offset_ = 0;
};

// The decoder for `codec`, or null for Codec::kPlain. A codec whose decoder is not built yet also
// gives null, with `why_not` saying so.
std::unique_ptr<Decompressor> MakeDecompressor(Codec codec, std::string* why_not);

}  // namespace afterglow
