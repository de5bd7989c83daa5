// Helpers the targets share: the corpus's small logs as seeds, pushing bytes in chunks with the
// read padding the engine's buffers promise, and a byte sink that checks that promise.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/ingest/decompressor.h"
#include "tests/fuzz/fuzz_target.h"

namespace afterglow::fuzz {

// Whole small plain logs of the corpus (name, text): the seeds every log-shaped target starts from.
std::vector<std::pair<std::string, std::string>> SmallLogs(const SeedWriter& out);

// The first input byte picks a chunk size (1 to a few KiB); the rest is pushed in chunks of it,
// each copied into a buffer with kReadPadding readable bytes after it, so ASan sees any read
// past the padding. `push(data, size)` gets each chunk.
template <typename Push>
void PushInChunks(const uint8_t* data, size_t size, Push&& push);

// Discards decompressed bytes after touching the last padding byte the decoder promised, and
// stops the decoder after kMaxOutput bytes (a bomb within a fuzz input's few KiB).
class CheckingByteSink final : public ByteSink {
 public:
  static constexpr uint64_t kMaxOutput = uint64_t{64} << 20;
  void OnBytes(const char* data, size_t size) override;
  bool Stopped() const override { return total_ > kMaxOutput; }
  uint64_t total() const { return total_; }

 private:
  uint64_t total_ = 0;
};

// Runs one decompressor over a fuzz input (Push in chunks, then Finish).
void FuzzDecompressor(Decompressor& decompressor, const uint8_t* data, size_t size);

// --- template definitions -------------------------------------------------------------------------

size_t ChunkSizeFromByte(uint8_t byte);
void PaddedCopy(const uint8_t* data, size_t size, std::vector<uint8_t>* buffer);

template <typename Push>
void PushInChunks(const uint8_t* data, size_t size, Push&& push) {
  if (size == 0) return;
  const size_t chunk = ChunkSizeFromByte(data[0]);
  ++data;
  --size;
  std::vector<uint8_t> buffer;
  for (size_t pos = 0; pos < size; pos += chunk) {
    const size_t n = std::min(chunk, size - pos);
    PaddedCopy(data + pos, n, &buffer);
    push(buffer.data(), n);
  }
}

}  // namespace afterglow::fuzz
