// Collects a run of N contiguous bytes out of input that arrives in pieces of any size. When the
// run lies whole inside the current piece it is returned in place (no copy); only a run cut by a
// piece boundary is gathered into an owned buffer. The framed decoders (lz4-java, snappy-java,
// compress-lzf) read each header and each compressed block through one of these.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace afterglow {

class ByteGather {
 public:
  // Starts a new run of `want` bytes, dropping whatever was gathered before.
  void Reset(size_t want) {
    want_ = want;
    buffer_.clear();
  }

  // Takes bytes from the front of [*data, *data + *size), advancing both. Returns the run's first
  // byte once all `want` bytes are there (valid until the next Take, Reset or until *data's
  // buffer goes away), or null when the input ran out first (then it was all consumed).
  const uint8_t* Take(const uint8_t** data, size_t* size) {
    if (buffer_.empty() && *size >= want_) {
      const uint8_t* run = *data;
      *data += want_;
      *size -= want_;
      return run;
    }
    const size_t take = want_ - buffer_.size() < *size ? want_ - buffer_.size() : *size;
    // Grows with the bytes that really arrived: a corrupt length never allocates up front.
    buffer_.insert(buffer_.end(), *data, *data + take);
    *data += take;
    *size -= take;
    return buffer_.size() == want_ ? buffer_.data() : nullptr;
  }

  // Bytes of the current run gathered so far (0 when nothing of it has arrived or it came whole).
  size_t gathered() const { return buffer_.size(); }
  size_t want() const { return want_; }

 private:
  size_t want_ = 0;
  std::vector<uint8_t> buffer_;
};

}  // namespace afterglow
