#include "core/ingest/inflate_decompressor.h"

#include <zlib.h>

#include <string>

#include "core/base/read_padding.h"

namespace afterglow {
namespace {
constexpr size_t kOutputSize = 256 * 1024;
constexpr int kGzipWindowBits = 15 + 32;  // gzip, or zlib, told apart by the header
constexpr int kRawWindowBits = -15;
}  // namespace

InflateDecompressor::InflateDecompressor(Framing framing)
    : framing_(framing), stream_(new z_stream_s{}), output_(kOutputSize + kReadPadding) {
  if (inflateInit2(stream_, framing == Framing::kGzip ? kGzipWindowBits : kRawWindowBits) != Z_OK) {
    failed_ = true;
    error_ = "zlib: cannot initialize inflate";
  }
}

InflateDecompressor::~InflateDecompressor() {
  inflateEnd(stream_);
  delete stream_;
}

DecodeStatus InflateDecompressor::Fail(uint64_t offset, std::string cause) {
  failed_ = true;
  error_offset_ = offset;
  error_ = std::string(framing_ == Framing::kGzip ? "gzip" : "deflate") + ": at offset " +
           std::to_string(offset) + ": " + std::move(cause);
  return DecodeStatus::kError;
}

DecodeStatus InflateDecompressor::Push(const uint8_t* data, size_t size, ByteSink& sink) {
  if (failed_) return DecodeStatus::kError;
  const uint8_t* const begin = data;
  const uint8_t* const end = data + size;
  const uint8_t* in = data;
  bool output_pending = false;  // the last call filled the output: zlib may hold more
  while (in < end || output_pending) {
    if (!in_member_) {
      if (ended_) return Fail(consumed_ + (in - begin), "bytes after the end of the stream");
      if (framing_ == Framing::kGzip && *in == 0) {  // padding after a member
        ++in;
        continue;
      }
      in_member_ = true;
      member_offset_ = consumed_ + (in - begin);
    }
    stream_->next_in = const_cast<Bytef*>(in);
    stream_->avail_in = static_cast<uInt>(end - in < (1 << 30) ? end - in : (1 << 30));
    stream_->next_out = reinterpret_cast<Bytef*>(output_.data());
    stream_->avail_out = static_cast<uInt>(kOutputSize);
    const int result = inflate(stream_, Z_NO_FLUSH);
    const size_t produced = kOutputSize - stream_->avail_out;
    const uint8_t* const next = reinterpret_cast<const uint8_t*>(stream_->next_in);
    if (produced > 0) sink.OnBytes(output_.data(), produced);
    if (sink.Stopped()) return DecodeStatus::kNeedInput;
    output_pending = stream_->avail_out == 0 && result == Z_OK;
    if (result == Z_STREAM_END) {
      in_member_ = false;
      if (framing_ == Framing::kRawDeflate) ended_ = true;
      inflateReset(stream_);
    } else if (result != Z_OK && result != Z_BUF_ERROR) {
      const char* why = stream_->msg ? stream_->msg : "corrupt data";
      return Fail(consumed_ + (next - begin),
                  std::string(why) + " (in the member that starts at offset " +
                      std::to_string(member_offset_) + ")");
    } else if (result == Z_BUF_ERROR && produced == 0 && next == in) {
      break;  // no progress possible without more input
    }
    in = next;
  }
  consumed_ += size;
  return DecodeStatus::kNeedInput;
}

DecodeStatus InflateDecompressor::Finish(ByteSink& sink) {
  if (failed_) return DecodeStatus::kError;
  if (in_member_) {
    // zlib may still hold output for input it has already taken.
    for (;;) {
      stream_->next_in = nullptr;
      stream_->avail_in = 0;
      stream_->next_out = reinterpret_cast<Bytef*>(output_.data());
      stream_->avail_out = static_cast<uInt>(kOutputSize);
      const int result = inflate(stream_, Z_NO_FLUSH);
      const size_t produced = kOutputSize - stream_->avail_out;
      if (produced > 0) sink.OnBytes(output_.data(), produced);
      if (sink.Stopped()) break;
      if (result == Z_STREAM_END) {
        in_member_ = false;
        break;
      }
      if (produced == 0) break;
    }
  }
  if (in_member_) {
    error_offset_ = member_offset_;
    error_ = std::string(framing_ == Framing::kGzip ? "gzip" : "deflate") +
             ": the stream ends inside the member that starts at offset " +
             std::to_string(member_offset_) + " (cut off)";
    return DecodeStatus::kTruncated;
  }
  if (framing_ == Framing::kRawDeflate && !ended_) {
    error_offset_ = 0;
    error_ = "deflate: the stream is empty";
    return DecodeStatus::kTruncated;
  }
  return DecodeStatus::kEnd;
}

}  // namespace afterglow
