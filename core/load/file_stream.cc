#include "core/load/file_stream.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/base/read_padding.h"

namespace afterglow {
namespace {

// Read() chunks small enough to still be in the CPU cache when the parser reads them after the
// kernel's copy (file_stream.h says what mapping cost instead).
constexpr size_t kReadChunkSize = 256u << 10;

}  // namespace

bool ReadFileRange(FILE* in, uint64_t offset, uint64_t length, const ChunkCallback& on_chunk) {
  if (std::fseek(in, static_cast<long>(offset), SEEK_SET) != 0) return false;
  std::vector<uint8_t> buffer(kReadChunkSize + kReadPadding);
  uint64_t left = length;
  while (left > 0) {
    const size_t want = static_cast<size_t>(std::min<uint64_t>(left, kReadChunkSize));
    const size_t got = std::fread(buffer.data(), 1, want, in);
    if (got > 0) on_chunk(buffer.data(), got);
    left -= got;
    if (got < want) return length == UINT64_MAX;
  }
  return true;
}

std::string FileStreamResult::Problem() const {
  if (!opened) return "cannot be read";
  if (read_failed) {
    return "a read failed after " + std::to_string(bytes_read) +
           " bytes; the log is shown up to there";
  }
  if (bytes_read < size_at_open) {
    return "the file was cut shorter while it was read (rotated or rewritten?): " +
           std::to_string(bytes_read) + " of its " + std::to_string(size_at_open) +
           " bytes were read; the log is shown up to there";
  }
  return "";
}

FileStreamResult StreamFile(const std::string& path, const ChunkCallback& on_chunk) {
  FileStreamResult result;
  std::unique_ptr<FILE, int (*)(FILE*)> in(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!in) return result;
  result.opened = true;
  // A pipe or device has no size; its ftell fails and size_at_open stays 0.
  if (std::fseek(in.get(), 0, SEEK_END) == 0) {
    const long size = std::ftell(in.get());
    if (size > 0) result.size_at_open = static_cast<uint64_t>(size);
  }
  ReadFileRange(in.get(), 0, UINT64_MAX, [&](const uint8_t* data, size_t size) {
    result.bytes_read += size;
    on_chunk(data, size);
  });
  result.read_failed = std::ferror(in.get()) != 0;
  return result;
}

}  // namespace afterglow
