// lz4 as Spark writes it (LZ4CompressionCodec -> lz4-java's LZ4BlockOutputStream), which is NOT
// the standard lz4 frame format. The stream is a sequence of blocks, each with a 21-byte header:
//   "LZ4Block" | token | compressed length | original length | checksum   (int32s little-endian)
// token = method (0x10 raw, 0x20 lz4) | (log2(block size) - 10). The checksum is XXH32 of the
// original bytes with seed 0x9747b28c, masked to its low 28 bits (lz4-java's asChecksum()). The
// stream closes with an empty block (lengths 0, checksum 0); Spark's reader accepts further
// streams after it (concatenation), and so do we. A log still being written has no end block.
#pragma once

#include <vector>

#include "core/ingest/byte_gather.h"
#include "core/ingest/decompressor.h"

namespace afterglow {

class Lz4BlockDecompressor final : public Decompressor {
 public:
  Lz4BlockDecompressor() = default;
  DecodeStatus Push(const uint8_t* data, size_t size, ByteSink& sink) override;
  DecodeStatus Finish(ByteSink& sink) override;

 private:
  enum class State : uint8_t { kHeader, kPayload };
  DecodeStatus Fail(std::string cause);
  bool OnHeader(const uint8_t* header);
  bool OnPayload(const uint8_t* payload, ByteSink& sink);

  State state_ = State::kHeader;
  ByteGather gather_;
  bool started_ = false;        // gather_ holds a run for state_
  bool failed_ = false;
  uint8_t method_ = 0;
  uint32_t compressed_length_ = 0;
  uint32_t original_length_ = 0;
  uint32_t checksum_ = 0;
  uint64_t consumed_ = 0;       // compressed bytes taken so far
  uint64_t block_offset_ = 0;   // where the current block's header began
  std::vector<char> output_;    // original_length_ + kReadPadding
};

}  // namespace afterglow
