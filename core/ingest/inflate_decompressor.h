// Deflate through zlib, in two framings:
//  - kGzip: gzip files (Databricks' rolled `eventlog-<date>.gz` parts), including several gzip
//    members back to back, which read as one stream (as `gzip -d` reads them). Zero bytes after a
//    member are padding and ignored.
//  - kRawDeflate: one raw deflate stream, the content of a zip entry (method 8).
#pragma once

#include <vector>

#include "core/ingest/decompressor.h"

struct z_stream_s;

namespace afterglow {

class InflateDecompressor final : public Decompressor {
 public:
  enum class Framing : uint8_t { kGzip, kRawDeflate };
  explicit InflateDecompressor(Framing framing);
  ~InflateDecompressor() override;
  DecodeStatus Push(const uint8_t* data, size_t size, ByteSink& sink) override;
  DecodeStatus Finish(ByteSink& sink) override;

 private:
  DecodeStatus Fail(uint64_t offset, std::string cause);

  Framing framing_;
  z_stream_s* stream_;
  std::vector<char> output_;       // kOutputSize + kReadPadding
  uint64_t consumed_ = 0;          // compressed bytes taken so far
  uint64_t member_offset_ = 0;     // where the current gzip member began
  bool in_member_ = false;         // a member (or the raw stream) has begun and not ended
  bool ended_ = false;             // kRawDeflate: the stream is complete
  bool failed_ = false;
};

}  // namespace afterglow
