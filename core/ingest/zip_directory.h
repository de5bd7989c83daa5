// The History Server's download (`/api/v1/applications/<id>[/<attempt>]/logs`) is a zip written
// by java.util.zip.ZipOutputStream: entries are deflated (method 8) or stored (method 0), their
// sizes known only from the central directory (data descriptors follow the data), zip64 when
// big. This reads that directory from the file's tail; the entries' bytes are then read from
// their ranges (a raw deflate stream: InflateDecompressor::Framing::kRawDeflate). Pure bytes in,
// no I/O: native and browser loaders share it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace afterglow {

struct ZipEntry {
  std::string name;               // '/'-separated; folders end in '/'
  uint16_t method = 0;            // 0 stored, 8 deflated
  uint32_t crc32 = 0;             // of the uncompressed content, from the central directory
  uint64_t compressed_size = 0;
  uint64_t size = 0;
  uint64_t local_header_offset = 0;
};

// How many bytes from the end of a zip of `file_size` bytes to read to find the directory's end
// record (it sits within the last 64 KiB + 22 bytes, or a bit more with zip64).
uint64_t ZipTailSize(uint64_t file_size);

// Finds the end record in `tail` (the last bytes of the file) and says where the central
// directory lies. False with `error` set when this is not a zip.
bool FindZipDirectory(const uint8_t* tail, size_t tail_size, uint64_t file_size,
                      uint64_t* directory_offset, uint64_t* directory_size, std::string* error);

// Parses the central directory (`directory_size` bytes read from `directory_offset`).
bool ParseZipDirectory(const uint8_t* directory, size_t directory_size,
                       std::vector<ZipEntry>* entries, std::string* error);

// Bytes of an entry's local header, to be read at local_header_offset before its data.
inline constexpr size_t kZipLocalHeaderSize = 30;
// Where an entry's data starts, from its 30-byte local header. False when it is not one.
bool ZipDataOffset(const uint8_t* local_header, const ZipEntry& entry, uint64_t* data_offset);

}  // namespace afterglow
