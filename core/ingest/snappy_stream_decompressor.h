// snappy as Spark writes it (SnappyCompressionCodec -> snappy-java's SnappyOutputStream), which is
// NOT snappy's own framing format. A 16-byte header
//   0x82 "SNAPPY" 0x00 | version int32 | compatible version int32      (big-endian)
// then chunks of [int32 big-endian compressed length][one raw snappy block]. Like
// SnappyInputStream, a header may appear again where a chunk length is expected (streams written
// one after the other are read as one). The stream has no end marker: it may end after any chunk.
#pragma once

#include <vector>

#include "core/ingest/byte_gather.h"
#include "core/ingest/decompressor.h"

namespace afterglow {

class SnappyStreamDecompressor final : public Decompressor {
 public:
  SnappyStreamDecompressor() = default;
  DecodeStatus Push(const uint8_t* data, size_t size, ByteSink& sink) override;
  DecodeStatus Finish(ByteSink& sink) override;

 private:
  enum class State : uint8_t { kStreamHeader, kLength, kHeaderRest, kChunk };
  DecodeStatus Fail(uint64_t offset, std::string cause);
  size_t RunSize() const;

  State state_ = State::kStreamHeader;
  ByteGather gather_;
  bool started_ = false;       // gather_ holds a run for state_
  bool failed_ = false;
  uint32_t chunk_length_ = 0;
  uint64_t consumed_ = 0;      // compressed bytes taken so far
  uint64_t unit_offset_ = 0;   // where the current header or chunk (its length field) began
  std::vector<char> output_;
};

}  // namespace afterglow
