// lzf as Spark writes it (LZFCompressionCodec -> compress-lzf's LZFOutputStream): a sequence of
// chunks, each "ZV" + type + big-endian 16-bit lengths:
//   "ZV" 0 | length              then `length` stored bytes
//   "ZV" 1 | compressed length | original length   then one LZF block
// A chunk holds at most 65535 original bytes. No end marker: the stream may end after any chunk.
// The LZF block decoder is ours (the format is a few lines; no pinned library packages it).
#pragma once

#include <vector>

#include "core/ingest/byte_gather.h"
#include "core/ingest/decompressor.h"

namespace afterglow {

// Decodes one LZF block into exactly `output_size` bytes. False when the block is corrupt (a
// back-reference before the start, too much or too little output, or input left over).
bool LzfDecodeBlock(const uint8_t* input, size_t input_size, uint8_t* output, size_t output_size);

class LzfDecompressor final : public Decompressor {
 public:
  LzfDecompressor() = default;
  DecodeStatus Push(const uint8_t* data, size_t size, ByteSink& sink) override;
  DecodeStatus Finish(ByteSink& sink) override;

 private:
  enum class State : uint8_t { kHeader, kOriginalLength, kPayload };
  DecodeStatus Fail(std::string cause);

  State state_ = State::kHeader;
  ByteGather gather_;
  bool started_ = false;       // gather_ holds a run for state_
  bool failed_ = false;
  bool compressed_ = false;
  uint32_t payload_length_ = 0;
  uint32_t original_length_ = 0;
  uint64_t consumed_ = 0;      // compressed bytes taken so far
  uint64_t chunk_offset_ = 0;  // where the current chunk's "ZV" began
  std::vector<uint8_t> output_;
};

}  // namespace afterglow
