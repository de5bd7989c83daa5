#include "core/ingest/zstd_decompressor.h"

#include <zstd.h>

#include <string>

#include "core/base/read_padding.h"

namespace afterglow {
namespace {
// Output is handed on in slices of this size: big enough to amortize the per-call cost, small
// enough to stay in cache while the line splitter and decoder read it.
constexpr size_t kZstdOutputChunkSize = 256 * 1024;
}  // namespace

ZstdDecompressor::ZstdDecompressor()
    : context_(ZSTD_createDCtx()), output_(kZstdOutputChunkSize + kReadPadding) {}

ZstdDecompressor::~ZstdDecompressor() { ZSTD_freeDCtx(context_); }

DecodeStatus ZstdDecompressor::Push(const uint8_t* data, size_t size, ByteSink& sink) {
  if (failed_) return DecodeStatus::kError;
  ZSTD_inBuffer in{data, size, 0};
  while (in.pos < in.size) {
    ZSTD_outBuffer out{output_.data(), kZstdOutputChunkSize, 0};
    size_t before = in.pos;
    size_t hint = ZSTD_decompressStream(context_, &out, &in);
    if (ZSTD_isError(hint)) {
      failed_ = true;
      error_offset_ = consumed_;  // every byte taken before this call
      error_ = std::string("zstd: ") + ZSTD_getErrorName(hint);
      return DecodeStatus::kError;
    }
    consumed_ += in.pos - before;
    // 0 means a frame was completely decoded and flushed: a clean place for the stream to end.
    mid_frame_ = hint != 0;
    if (out.pos > 0) sink.OnBytes(output_.data(), out.pos);
    if (sink.Stopped()) return DecodeStatus::kNeedInput;
  }
  // Drain output still buffered inside the context (a full output buffer can leave some).
  while (mid_frame_) {
    ZSTD_outBuffer out{output_.data(), kZstdOutputChunkSize, 0};
    ZSTD_inBuffer empty{nullptr, 0, 0};
    size_t hint = ZSTD_decompressStream(context_, &out, &empty);
    if (ZSTD_isError(hint)) {
      failed_ = true;
      error_offset_ = consumed_;
      error_ = std::string("zstd: ") + ZSTD_getErrorName(hint);
      return DecodeStatus::kError;
    }
    mid_frame_ = hint != 0;
    if (out.pos == 0) break;
    sink.OnBytes(output_.data(), out.pos);
    if (sink.Stopped()) break;
  }
  return DecodeStatus::kNeedInput;
}

DecodeStatus ZstdDecompressor::Finish(ByteSink& /*sink*/) {
  if (failed_) return DecodeStatus::kError;
  if (mid_frame_) {
    error_offset_ = consumed_;
    error_ = "zstd: the stream ends in the middle of a frame (cut off)";
    return DecodeStatus::kTruncated;
  }
  return DecodeStatus::kEnd;
}

}  // namespace afterglow
