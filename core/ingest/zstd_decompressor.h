// zstd as Spark writes it (ZstdCompressionCodec): a sequence of standard frames, one per flush.
// A log still being written may end in the middle of its last frame; that is reported as
// kTruncated after every complete byte before it was delivered.
#pragma once

#include <vector>

#include "core/ingest/decompressor.h"

struct ZSTD_DCtx_s;

namespace afterglow {

class ZstdDecompressor final : public Decompressor {
 public:
  ZstdDecompressor();
  ~ZstdDecompressor() override;
  DecodeStatus Push(const uint8_t* data, size_t size, ByteSink& sink) override;
  DecodeStatus Finish(ByteSink& sink) override;

 private:
  ZSTD_DCtx_s* context_;
  std::vector<char> output_;  // kZstdOutputChunkSize + kReadPadding
  uint64_t consumed_ = 0;     // compressed bytes consumed so far
  bool mid_frame_ = false;    // a frame has begun and not been completely flushed
  bool failed_ = false;
};

}  // namespace afterglow
