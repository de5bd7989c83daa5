#include "core/load/file_stream.h"

#include <algorithm>
#include <memory>
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

// Hands on [0, size) of the open file `fd`; returns how many bytes it handed on (fewer when a
// mapping fails: the caller reads the rest).
uint64_t StreamMapped(int fd, uint64_t size, const ChunkCallback& on_chunk) {
  uint64_t offset = 0;
  while (offset < size) {
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

bool StreamFile(const std::string& path, const ChunkCallback& on_chunk) {
  std::unique_ptr<FILE, int (*)(FILE*)> in(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!in) return false;
  uint64_t offset = 0;
#ifdef AFTERGLOW_MAP_FILES
  struct stat info;
  const int fd = fileno(in.get());
  if (fstat(fd, &info) == 0 && S_ISREG(info.st_mode) &&
      static_cast<uint64_t>(info.st_size) >= kMinMappedSize) {
    offset = StreamMapped(fd, static_cast<uint64_t>(info.st_size), on_chunk);
  }
#endif
  return ReadFileRange(in.get(), offset, UINT64_MAX, on_chunk);
}

}  // namespace afterglow
