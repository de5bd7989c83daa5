#include "core/load/file_stream.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/base/read_padding.h"

#if (defined(__unix__) || defined(__APPLE__)) && !defined(__EMSCRIPTEN__)
#define AFTERGLOW_MAP_FILES 1
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace afterglow {
namespace {

// Read() chunks small enough to still be in the CPU cache when the parser reads them after the
// kernel's copy.
constexpr size_t kReadChunkSize = 256u << 10;

#ifdef AFTERGLOW_MAP_FILES
// Mapped a window at a time, so the pages a load has touched stay bounded (as the 16 MB read
// buffer did); each window maps kLookahead more bytes than it hands on, which covers the
// padding read past its last line. Both are multiples of any page size.
constexpr uint64_t kWindowSize = 16u << 20;
constexpr uint64_t kLookahead = 64u << 10;
// Below this a file is read: mapping costs more than copying a few pages.
constexpr uint64_t kMinMappedSize = 1u << 20;

// Hands on [0, size_at_open) of the open file `fd`; returns how many bytes it handed on (fewer
// when a mapping fails or the file was cut shorter: the caller reads on to the end with read()).
//
// Touching a mapped page that lies wholly past the end of the file raises SIGBUS, which would kill
// the CLI. So each window maps only bytes the file holds at that moment (fstat before mmap), and
// the last kReadPadding bytes are copied out, never read past. The race left: a file truncated
// while one of its windows is being handed on (between that fstat and the munmap, the time the
// parser takes for 16 MiB) still faults. Logs Spark writes are only appended to; a file cut short
// is a log rotated or rewritten in place while it is read.
uint64_t StreamMapped(int fd, uint64_t size_at_open, const ChunkCallback& on_chunk) {
  uint64_t offset = 0;
  while (offset < size_at_open) {
    struct stat now;
    if (fstat(fd, &now) != 0) return offset;
    const uint64_t size = std::min(size_at_open, static_cast<uint64_t>(now.st_size));
    if (offset >= size) return offset;
    const uint64_t window = std::min(kWindowSize, size - offset);
    const uint64_t mapped = std::min(kWindowSize + kLookahead, size - offset);
    void* map = mmap(nullptr, mapped, PROT_READ, MAP_PRIVATE, fd, static_cast<off_t>(offset));
    if (map == MAP_FAILED) return offset;
    madvise(map, mapped, MADV_SEQUENTIAL);
    const uint8_t* data = static_cast<const uint8_t*>(map);
    // Only the file's last kReadPadding bytes lack readable bytes after them in the mapping
    // (past the end of file a mapping may fault): those are copied to a padded buffer.
    const uint64_t in_place = std::min(window, mapped - std::min<uint64_t>(mapped, kReadPadding));
    if (in_place > 0) on_chunk(data, static_cast<size_t>(in_place));
    if (in_place < window) {
      std::vector<uint8_t> tail(data + in_place, data + window);
      const size_t tail_size = tail.size();
      tail.resize(tail_size + kReadPadding);
      on_chunk(tail.data(), tail_size);
    }
    munmap(map, mapped);
    offset += window;
  }
  return offset;
}
#endif

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
  const ChunkCallback counted = [&](const uint8_t* data, size_t size) {
    result.bytes_read += size;
    on_chunk(data, size);
  };
  uint64_t offset = 0;
#ifdef AFTERGLOW_MAP_FILES
  struct stat info;
  const int fd = fileno(in.get());
  if (fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
    result.size_at_open = static_cast<uint64_t>(info.st_size);
    if (result.size_at_open >= kMinMappedSize) {
      offset = StreamMapped(fd, result.size_at_open, counted);
    }
  }
#else
  if (std::fseek(in.get(), 0, SEEK_END) == 0) {
    const long size = std::ftell(in.get());
    if (size > 0) result.size_at_open = static_cast<uint64_t>(size);
  }
#endif
  ReadFileRange(in.get(), offset, UINT64_MAX, counted);
  result.read_failed = std::ferror(in.get()) != 0;
  return result;
}

}  // namespace afterglow
