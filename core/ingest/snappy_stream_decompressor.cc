#include "core/ingest/snappy_stream_decompressor.h"

#include <snappy.h>

#include <cstring>
#include <string>

#include "core/base/read_padding.h"

namespace afterglow {
namespace {

constexpr uint8_t kSnappyJavaMagicHeader[] = {0x82, 'S', 'N', 'A', 'P', 'P', 'Y', 0x00};
constexpr size_t kSnappyJavaHeaderSize = sizeof kSnappyJavaMagicHeader + 4 + 4;
// Far above any block size Spark configures (spark.io.compression.snappy.blockSize, 32k): a
// larger length is corrupt, and refusing it keeps a flipped bit from waiting for gigabytes.
constexpr uint32_t kMaxChunk = 1u << 28;
// snappy's densest element is a 3-byte copy of 64 bytes, so a chunk never inflates more than about
// 22-fold; a header claiming more is corrupt, and refusing it before the output buffer is sized
// keeps a 10-byte chunk from costing 256 MiB of memory.
constexpr uint64_t kMaxExpansion = 22;

uint32_t ReadBe32(const uint8_t* p) {
  return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 | uint32_t{p[3]};
}

}  // namespace

DecodeStatus SnappyStreamDecompressor::Fail(uint64_t offset, std::string cause) {
  failed_ = true;
  error_offset_ = offset;
  error_ = "snappy: at offset " + std::to_string(offset) + ": " + std::move(cause);
  return DecodeStatus::kError;
}

size_t SnappyStreamDecompressor::RunSize() const {
  switch (state_) {
    case State::kStreamHeader: return kSnappyJavaHeaderSize;
    case State::kLength: return 4;
    case State::kHeaderRest: return kSnappyJavaHeaderSize - 4;
    case State::kChunk: return chunk_length_;
  }
  return 0;
}

DecodeStatus SnappyStreamDecompressor::Push(const uint8_t* data, size_t size, ByteSink& sink) {
  if (failed_) return DecodeStatus::kError;
  while (size > 0 && !sink.Stopped()) {
    if (!started_) {
      if (state_ == State::kStreamHeader || state_ == State::kLength) unit_offset_ = consumed_;
      gather_.Reset(RunSize());
      started_ = true;
    }
    const size_t before = size;
    const uint8_t* run = gather_.Take(&data, &size);
    consumed_ += before - size;
    if (!run) break;
    started_ = false;
    switch (state_) {
      case State::kStreamHeader:
        if (std::memcmp(run, kSnappyJavaMagicHeader, sizeof kSnappyJavaMagicHeader) != 0) {
          return Fail(unit_offset_, "not a snappy-java stream (bad header)");
        }
        state_ = State::kLength;
        break;
      case State::kLength:
        // The first four bytes of the magic, read as a length: another stream's header follows.
        if (std::memcmp(run, kSnappyJavaMagicHeader, 4) == 0) {
          state_ = State::kHeaderRest;
          break;
        }
        chunk_length_ = ReadBe32(run);
        if (chunk_length_ == 0 || chunk_length_ > kMaxChunk) {
          return Fail(unit_offset_, "impossible chunk length " + std::to_string(chunk_length_) +
                                        " (corrupt stream)");
        }
        state_ = State::kChunk;
        break;
      case State::kHeaderRest:
        if (std::memcmp(run, kSnappyJavaMagicHeader + 4, sizeof kSnappyJavaMagicHeader - 4) != 0) {
          return Fail(unit_offset_, "bad header of a concatenated stream");
        }
        state_ = State::kLength;
        break;
      case State::kChunk: {
        const char* compressed = reinterpret_cast<const char*>(run);
        size_t original_length = 0;
        if (!snappy::GetUncompressedLength(compressed, chunk_length_, &original_length) ||
            original_length > kMaxChunk || original_length > kMaxExpansion * chunk_length_) {
          return Fail(unit_offset_, "corrupt chunk (bad uncompressed length)");
        }
        if (output_.size() < original_length + kReadPadding) {
          output_.resize(original_length + kReadPadding);
        }
        if (!snappy::RawUncompress(compressed, chunk_length_, output_.data())) {
          return Fail(unit_offset_, "corrupt chunk");
        }
        if (original_length > 0) sink.OnBytes(output_.data(), original_length);
        state_ = State::kLength;
        break;
      }
    }
  }
  return DecodeStatus::kNeedInput;
}

DecodeStatus SnappyStreamDecompressor::Finish(ByteSink& /*sink*/) {
  if (failed_) return DecodeStatus::kError;
  const bool at_boundary = (state_ == State::kLength && !(started_ && gather_.gathered() > 0)) ||
                           (state_ == State::kStreamHeader && consumed_ == 0);
  if (!at_boundary) {
    error_offset_ = unit_offset_;
    error_ = "snappy: the stream ends inside the chunk at offset " + std::to_string(unit_offset_) +
             " (cut off)";
    return DecodeStatus::kTruncated;
  }
  return DecodeStatus::kEnd;
}

}  // namespace afterglow
