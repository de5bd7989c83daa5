// Writes a zip archive of whole files, stored (method 0, no compression), streaming each file
// twice in chunks: once for its CRC-32, once into the archive. What the History Server's
// `applications/<id>[/<attempt>]/logs` answers: the attempt's event log files, byte-identical,
// each named by its path under the log directory. Archives and members stay below 4 GiB (no
// zip64); a larger input is refused with an error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace afterglow {

// CRC-32 (IEEE 802.3, the zip polynomial), continued from `crc` (0 to start).
uint32_t Crc32(uint32_t crc, const uint8_t* data, size_t size);

class StoredZipWriter {
 public:
  // `out` must stay open until Finish(); the writer does not close it.
  explicit StoredZipWriter(std::FILE* out) : out_(out) {}

  // Appends the file at `path` as the member `entry_name`. False with `error` set on failure.
  bool AddFile(const std::string& entry_name, const std::string& path, std::string* error);
  // Appends an empty directory member; `entry_name` ends with '/'.
  bool AddDirectory(const std::string& entry_name, std::string* error);
  // Writes the central directory. False with `error` set on failure.
  bool Finish(std::string* error);

 private:
  struct Member {
    std::string name;
    uint32_t crc = 0;
    uint32_t size = 0;
    uint32_t offset = 0;
    bool directory = false;
  };
  bool Write(const void* data, size_t size);
  bool WriteLocalHeader(const Member& member, std::string* error);

  std::FILE* out_;
  uint64_t written_ = 0;
  std::vector<Member> members_;
};

}  // namespace afterglow
