#include "core/ingest/lz4_block_decompressor.h"

#include <lz4.h>
#include <xxhash.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "core/base/read_padding.h"

namespace afterglow {
namespace {

constexpr uint8_t kMagic[] = {'L', 'Z', '4', 'B', 'l', 'o', 'c', 'k'};
constexpr size_t kHeaderSize = sizeof kMagic + 1 + 4 + 4 + 4;
constexpr uint8_t kMethodRaw = 0x10;
constexpr uint8_t kMethodLz4 = 0x20;
constexpr int kBlockSizeLogBase = 10;     // lz4-java's COMPRESSION_LEVEL_BASE
constexpr uint32_t kChecksumSeed = 0x9747b28c;
constexpr uint32_t kChecksumMask = 0x0FFFFFFF;  // StreamingXXHash32.asChecksum() keeps 28 bits

uint32_t ReadLe32(const uint8_t* p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

}  // namespace

DecodeStatus Lz4BlockDecompressor::Fail(std::string cause) {
  failed_ = true;
  error_offset_ = block_offset_;
  error_ = "lz4: block at offset " + std::to_string(block_offset_) + ": " + std::move(cause);
  return DecodeStatus::kError;
}

bool Lz4BlockDecompressor::OnHeader(const uint8_t* header) {
  if (std::memcmp(header, kMagic, sizeof kMagic) != 0) {
    Fail("does not start with \"LZ4Block\"");
    return false;
  }
  const uint8_t token = header[8];
  method_ = token & 0xF0;
  const uint32_t max_block = 1u << (kBlockSizeLogBase + (token & 0x0F));
  compressed_length_ = ReadLe32(header + 9);
  original_length_ = ReadLe32(header + 13);
  checksum_ = ReadLe32(header + 17);
  if (method_ != kMethodRaw && method_ != kMethodLz4) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", method_);
    Fail(std::string("unknown compression method ") + hex);
    return false;
  }
  // The same checks as LZ4BlockInputStream, plus the block size the token announces.
  // lz4 never expands a block past LZ4_COMPRESSBOUND; a larger length is a damaged header.
  const bool bad = original_length_ > max_block ||
                   compressed_length_ > static_cast<uint32_t>(LZ4_COMPRESSBOUND(max_block)) ||
                   (original_length_ == 0) != (compressed_length_ == 0) ||
                   (method_ == kMethodRaw && original_length_ != compressed_length_) ||
                   (original_length_ == 0 && checksum_ != 0) ||
                   // lz4 inflates at most 255-fold (a match's length bytes add 255 each); more
                   // is a damaged header, refused before 32 MiB of output is allocated for it.
                   uint64_t{original_length_} > uint64_t{compressed_length_} * 255 + 64;
  if (bad) {
    Fail("lengths " + std::to_string(compressed_length_) + " -> " +
         std::to_string(original_length_) + " are impossible (corrupt header)");
    return false;
  }
  return true;
}

bool Lz4BlockDecompressor::OnPayload(const uint8_t* payload, ByteSink& sink) {
  if (output_.size() < original_length_ + kReadPadding) output_.resize(original_length_ + kReadPadding);
  if (method_ == kMethodRaw) {
    std::memcpy(output_.data(), payload, original_length_);
  } else {
    const int got = LZ4_decompress_safe(reinterpret_cast<const char*>(payload), output_.data(),
                                        static_cast<int>(compressed_length_),
                                        static_cast<int>(original_length_));
    if (got < 0 || static_cast<uint32_t>(got) != original_length_) {
      Fail("corrupt lz4 data");
      return false;
    }
  }
  const uint32_t actual = LZ4_XXH32(output_.data(), original_length_, kChecksumSeed) & kChecksumMask;
  if (actual != checksum_) {
    Fail("checksum mismatch (stored " + std::to_string(checksum_) + ", computed " +
         std::to_string(actual) + ")");
    return false;
  }
  sink.OnBytes(output_.data(), original_length_);
  return true;
}

DecodeStatus Lz4BlockDecompressor::Push(const uint8_t* data, size_t size, ByteSink& sink) {
  if (failed_) return DecodeStatus::kError;
  while (size > 0 && !sink.Stopped()) {
    if (!started_) {
      if (state_ == State::kHeader) block_offset_ = consumed_;
      gather_.Reset(state_ == State::kHeader ? kHeaderSize : compressed_length_);
      started_ = true;
    }
    const size_t before = size;
    const uint8_t* run = gather_.Take(&data, &size);
    consumed_ += before - size;
    if (!run) break;
    started_ = false;
    if (state_ == State::kHeader) {
      if (!OnHeader(run)) return DecodeStatus::kError;
      // The end block has no payload; anything after it must be another stream's first block.
      if (original_length_ != 0) state_ = State::kPayload;
    } else {
      if (!OnPayload(run, sink)) return DecodeStatus::kError;
      state_ = State::kHeader;
    }
  }
  return DecodeStatus::kNeedInput;
}

DecodeStatus Lz4BlockDecompressor::Finish(ByteSink& /*sink*/) {
  if (failed_) return DecodeStatus::kError;
  if (state_ == State::kPayload || (started_ && gather_.gathered() > 0)) {
    error_offset_ = block_offset_;
    error_ = "lz4: the stream ends inside the block at offset " + std::to_string(block_offset_) +
             " (cut off)";
    return DecodeStatus::kTruncated;
  }
  return DecodeStatus::kEnd;
}

}  // namespace afterglow
