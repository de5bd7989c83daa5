#include "core/ingest/zip_directory.h"

#include <cstring>
#include <string>

namespace afterglow {
namespace {

constexpr uint32_t kEndSignature = 0x06054b50;
constexpr uint32_t kZip64EndSignature = 0x06064b50;
constexpr uint32_t kZip64LocatorSignature = 0x07064b50;
constexpr uint32_t kCentralSignature = 0x02014b50;
constexpr uint32_t kLocalSignature = 0x04034b50;
constexpr size_t kEndSize = 22;
constexpr size_t kZip64LocatorSize = 20;
constexpr size_t kZip64EndSize = 56;
constexpr size_t kCentralSize = 46;

uint16_t Le16(const uint8_t* p) { return static_cast<uint16_t>(p[0] | p[1] << 8); }
uint32_t Le32(const uint8_t* p) { return uint32_t{Le16(p)} | uint32_t{Le16(p + 2)} << 16; }
uint64_t Le64(const uint8_t* p) { return uint64_t{Le32(p)} | uint64_t{Le32(p + 4)} << 32; }

}  // namespace

uint64_t ZipTailSize(uint64_t file_size) {
  const uint64_t want = 0xFFFF + kEndSize + kZip64LocatorSize;
  return file_size < want ? file_size : want;
}

bool FindZipDirectory(const uint8_t* tail, size_t tail_size, uint64_t file_size,
                      uint64_t* directory_offset, uint64_t* directory_size, std::string* error) {
  if (tail_size < kEndSize) {
    *error = "not a zip file (too short)";
    return false;
  }
  // The end record is the last one whose comment reaches exactly to the end of the file.
  for (size_t at = tail_size - kEndSize + 1; at-- > 0;) {
    const uint8_t* end = tail + at;
    if (Le32(end) != kEndSignature || at + kEndSize + Le16(end + 20) != tail_size) continue;
    uint64_t size = Le32(end + 12);
    uint64_t offset = Le32(end + 16);
    if ((size == 0xFFFFFFFF || offset == 0xFFFFFFFF) && at >= kZip64LocatorSize &&
        Le32(end - kZip64LocatorSize) == kZip64LocatorSignature) {
      const uint64_t record = Le64(end - kZip64LocatorSize + 8);
      const uint64_t tail_start = file_size - tail_size;
      if (record < tail_start || record - tail_start + kZip64EndSize > tail_size ||
          Le32(tail + (record - tail_start)) != kZip64EndSignature) {
        *error = "zip64 end record not found";
        return false;
      }
      const uint8_t* r = tail + (record - tail_start);
      size = Le64(r + 40);
      offset = Le64(r + 48);
    }
    if (offset > file_size || size > file_size - offset) {
      *error = "zip directory lies outside the file";
      return false;
    }
    *directory_offset = offset;
    *directory_size = size;
    return true;
  }
  *error = "not a zip file (no end of central directory record)";
  return false;
}

bool ParseZipDirectory(const uint8_t* directory, size_t directory_size,
                       std::vector<ZipEntry>* entries, std::string* error) {
  size_t at = 0;
  while (at + 4 <= directory_size && Le32(directory + at) == kCentralSignature) {
    if (at + kCentralSize > directory_size) break;
    const uint8_t* h = directory + at;
    const size_t name_size = Le16(h + 28);
    const size_t extra_size = Le16(h + 30);
    const size_t comment_size = Le16(h + 32);
    if (at + kCentralSize + name_size + extra_size + comment_size > directory_size) break;
    ZipEntry entry;
    entry.method = Le16(h + 10);
    entry.crc32 = Le32(h + 16);
    entry.compressed_size = Le32(h + 20);
    entry.size = Le32(h + 24);
    entry.local_header_offset = Le32(h + 42);
    entry.name.assign(reinterpret_cast<const char*>(h + kCentralSize), name_size);
    // zip64 extra field (id 1): the 0xFFFFFFFF fields, in this order.
    const uint8_t* extra = h + kCentralSize + name_size;
    for (size_t e = 0; e + 4 <= extra_size;) {
      const uint16_t id = Le16(extra + e);
      const uint16_t length = Le16(extra + e + 2);
      if (e + 4 + length > extra_size) break;
      if (id == 1) {
        const uint8_t* v = extra + e + 4;
        size_t left = length;
        auto next = [&](uint64_t* field) {
          if (*field == 0xFFFFFFFF && left >= 8) {
            *field = Le64(v);
            v += 8;
            left -= 8;
          }
        };
        next(&entry.size);
        next(&entry.compressed_size);
        next(&entry.local_header_offset);
      }
      e += 4 + length;
    }
    entries->push_back(std::move(entry));
    at += kCentralSize + name_size + extra_size + comment_size;
  }
  if (at != directory_size) {
    *error = "corrupt zip central directory at its byte " + std::to_string(at);
    return false;
  }
  return true;
}

bool ZipDataOffset(const uint8_t* local_header, const ZipEntry& entry, uint64_t* data_offset) {
  if (Le32(local_header) != kLocalSignature) return false;
  *data_offset = entry.local_header_offset + kZipLocalHeaderSize + Le16(local_header + 26) +
                 Le16(local_header + 28);
  return true;
}

}  // namespace afterglow
