#include "core/ingest/lzf_decompressor.h"

#include <cstring>
#include <string>

#include "core/base/read_padding.h"

namespace afterglow {
namespace {

constexpr size_t kLzfChunkHeaderSize = 5;  // 'Z' 'V' type length(2)
constexpr uint8_t kTypeStored = 0;
constexpr uint8_t kTypeCompressed = 1;

uint32_t ReadBe16(const uint8_t* p) { return uint32_t{p[0]} << 8 | uint32_t{p[1]}; }

}  // namespace

bool LzfDecodeBlock(const uint8_t* input, size_t input_size, uint8_t* output, size_t output_size) {
  const uint8_t* in = input;
  const uint8_t* const in_end = input + input_size;
  uint8_t* out = output;
  uint8_t* const out_end = output + output_size;
  while (in < in_end) {
    const uint32_t control = *in++;
    if (control < 32) {  // a run of control + 1 literal bytes
      const size_t run = control + 1;
      if (static_cast<size_t>(in_end - in) < run || static_cast<size_t>(out_end - out) < run) {
        return false;
      }
      std::memcpy(out, in, run);
      in += run;
      out += run;
      continue;
    }
    // A back-reference: length in the top 3 bits (7 = more in the next byte), distance in the
    // low 5 bits and the next byte.
    size_t length = control >> 5;
    if (length == 7) {
      if (in >= in_end) return false;
      length += *in++;
    }
    length += 2;
    if (in >= in_end) return false;
    const size_t distance = ((control & 0x1F) << 8 | *in++) + 1;
    if (distance > static_cast<size_t>(out - output) ||
        length > static_cast<size_t>(out_end - out)) {
      return false;
    }
    const uint8_t* from = out - distance;
    for (size_t i = 0; i < length; ++i) out[i] = from[i];  // may overlap: byte by byte
    out += length;
  }
  return out == out_end;
}

DecodeStatus LzfDecompressor::Fail(std::string cause) {
  failed_ = true;
  error_offset_ = chunk_offset_;
  error_ = "lzf: chunk at offset " + std::to_string(chunk_offset_) + ": " + std::move(cause);
  return DecodeStatus::kError;
}

DecodeStatus LzfDecompressor::Push(const uint8_t* data, size_t size, ByteSink& sink) {
  if (failed_) return DecodeStatus::kError;
  while (size > 0 && !sink.Stopped()) {
    if (!started_) {
      size_t want = kLzfChunkHeaderSize;
      if (state_ == State::kHeader) chunk_offset_ = consumed_;
      if (state_ == State::kOriginalLength) want = 2;
      if (state_ == State::kPayload) want = payload_length_;
      gather_.Reset(want);
      started_ = true;
    }
    const size_t before = size;
    const uint8_t* run = gather_.Take(&data, &size);
    consumed_ += before - size;
    if (!run) break;
    started_ = false;
    switch (state_) {
      case State::kHeader:
        if (run[0] != 'Z' || run[1] != 'V' ||
            (run[2] != kTypeStored && run[2] != kTypeCompressed)) {
          return Fail("does not start with \"ZV\" and a chunk type");
        }
        compressed_ = run[2] == kTypeCompressed;
        payload_length_ = ReadBe16(run + 3);
        original_length_ = payload_length_;
        state_ = compressed_ ? State::kOriginalLength : State::kPayload;
        break;
      case State::kOriginalLength:
        original_length_ = ReadBe16(run);
        state_ = State::kPayload;
        break;
      case State::kPayload: {
        const uint8_t* original = run;
        if (compressed_) {
          if (output_.size() < original_length_ + kReadPadding) {
            output_.resize(original_length_ + kReadPadding);
          }
          if (!LzfDecodeBlock(run, payload_length_, output_.data(), original_length_)) {
            return Fail("corrupt lzf data");
          }
          original = output_.data();
        } else if (gather_.gathered() > 0) {
          // In place, a stored chunk lies inside the pushed buffer, whose padding is readable;
          // gathered across pushes it is copied to a buffer with padding.
          if (output_.size() < original_length_ + kReadPadding) {
            output_.resize(original_length_ + kReadPadding);
          }
          std::memcpy(output_.data(), run, original_length_);
          original = output_.data();
        }
        sink.OnBytes(reinterpret_cast<const char*>(original), original_length_);
        state_ = State::kHeader;
        break;
      }
    }
    if (state_ == State::kPayload && payload_length_ == 0) {
      // An empty chunk: nothing to read or deliver (a compressed one must also be empty inside).
      if (original_length_ != 0) return Fail("an empty compressed chunk cannot hold content");
      state_ = State::kHeader;
    }
  }
  return DecodeStatus::kNeedInput;
}

DecodeStatus LzfDecompressor::Finish(ByteSink& /*sink*/) {
  if (failed_) return DecodeStatus::kError;
  if (state_ != State::kHeader || (started_ && gather_.gathered() > 0)) {
    error_offset_ = chunk_offset_;
    error_ = "lzf: the stream ends inside the chunk at offset " + std::to_string(chunk_offset_) +
             " (cut off)";
    return DecodeStatus::kTruncated;
  }
  return DecodeStatus::kEnd;
}

}  // namespace afterglow
