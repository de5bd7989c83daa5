#include "core/base/stored_zip.h"

#include <array>
#include <memory>

namespace afterglow {
namespace {

constexpr size_t kChunkBytes = 1u << 20;
constexpr uint16_t kVersion = 10;  // 1.0: stored members, no directories, no zip64
constexpr uint16_t kDosTime = 0;   // 00:00:00
constexpr uint16_t kDosDate = (0 << 9) | (1 << 5) | 1;  // 1980-01-01, the DOS epoch

std::array<uint32_t, 256> MakeCrcTable() {
  std::array<uint32_t, 256> table{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
  return table;
}

void Put16(std::string& out, uint16_t v) {
  out += static_cast<char>(v & 0xFF);
  out += static_cast<char>(v >> 8);
}
void Put32(std::string& out, uint32_t v) {
  Put16(out, static_cast<uint16_t>(v & 0xFFFF));
  Put16(out, static_cast<uint16_t>(v >> 16));
}

using File = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

}  // namespace

uint32_t Crc32(uint32_t crc, const uint8_t* data, size_t size) {
  static const std::array<uint32_t, 256> kTable = MakeCrcTable();
  crc = ~crc;
  for (size_t i = 0; i < size; ++i) crc = kTable[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

bool StoredZipWriter::Write(const void* data, size_t size) {
  if (size > 0 && std::fwrite(data, 1, size, out_) != size) return false;
  written_ += size;
  return true;
}

bool StoredZipWriter::WriteLocalHeader(const Member& member, std::string* error) {
  std::string header;
  Put32(header, 0x04034b50);  // local file header
  Put16(header, kVersion);
  Put16(header, 0);  // flags
  Put16(header, 0);  // method: stored
  Put16(header, kDosTime);
  Put16(header, kDosDate);
  Put32(header, member.crc);
  Put32(header, member.size);  // compressed size
  Put32(header, member.size);  // uncompressed size
  Put16(header, static_cast<uint16_t>(member.name.size()));
  Put16(header, 0);  // extra field length
  header += member.name;
  if (!Write(header.data(), header.size())) {
    *error = "write failed";
    return false;
  }
  return true;
}

bool StoredZipWriter::AddDirectory(const std::string& entry_name, std::string* error) {
  Member member;
  member.name = entry_name;
  member.directory = true;
  member.offset = static_cast<uint32_t>(written_);
  if (written_ + 30 + entry_name.size() > 0xFFFFFFFFu) {
    *error = "zip64 is not supported: the archive is too large";
    return false;
  }
  if (!WriteLocalHeader(member, error)) return false;
  members_.push_back(std::move(member));
  return true;
}

bool StoredZipWriter::AddFile(const std::string& entry_name, const std::string& path,
                              std::string* error) {
  std::vector<uint8_t> chunk(kChunkBytes);
  // Pass 1: size and CRC.
  Member member;
  member.name = entry_name;
  uint64_t size = 0;
  {
    File in(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!in) {
      *error = "cannot read " + path;
      return false;
    }
    size_t got;
    while ((got = std::fread(chunk.data(), 1, chunk.size(), in.get())) > 0) {
      member.crc = Crc32(member.crc, chunk.data(), got);
      size += got;
    }
  }
  if (size > 0xFFFFFFFFu || written_ + size + 30 + entry_name.size() > 0xFFFFFFFFu) {
    *error = "zip64 is not supported: " + path + " makes the archive 4 GiB or larger";
    return false;
  }
  member.size = static_cast<uint32_t>(size);
  member.offset = static_cast<uint32_t>(written_);
  if (!WriteLocalHeader(member, error)) return false;
  // Pass 2: the bytes themselves; the file must not have changed in between.
  File in(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!in) {
    *error = "cannot read " + path;
    return false;
  }
  uint64_t copied = 0;
  uint32_t crc = 0;
  size_t got;
  while ((got = std::fread(chunk.data(), 1, chunk.size(), in.get())) > 0) {
    crc = Crc32(crc, chunk.data(), got);
    copied += got;
    if (copied > size) break;
    if (!Write(chunk.data(), got)) {
      *error = "write failed";
      return false;
    }
  }
  if (copied != size || crc != member.crc) {
    *error = path + " changed while it was being archived";
    return false;
  }
  members_.push_back(std::move(member));
  return true;
}

bool StoredZipWriter::Finish(std::string* error) {
  const uint64_t directory_offset = written_;
  std::string directory;
  for (const Member& m : members_) {
    Put32(directory, 0x02014b50);  // central directory header
    Put16(directory, kVersion);    // made by
    Put16(directory, kVersion);    // needed to extract
    Put16(directory, 0);
    Put16(directory, 0);
    Put16(directory, kDosTime);
    Put16(directory, kDosDate);
    Put32(directory, m.crc);
    Put32(directory, m.size);
    Put32(directory, m.size);
    Put16(directory, static_cast<uint16_t>(m.name.size()));
    Put16(directory, 0);  // extra
    Put16(directory, 0);  // comment
    Put16(directory, 0);  // disk number
    Put16(directory, 0);  // internal attributes
    Put32(directory, m.directory ? 0x10 : 0);  // external attributes: MS-DOS directory bit
    Put32(directory, m.offset);
    directory += m.name;
  }
  if (directory_offset + directory.size() > 0xFFFFFFFFu || members_.size() > 0xFFFF) {
    *error = "zip64 is not supported: the archive is too large";
    return false;
  }
  std::string end;
  Put32(end, 0x06054b50);  // end of central directory
  Put16(end, 0);
  Put16(end, 0);
  Put16(end, static_cast<uint16_t>(members_.size()));
  Put16(end, static_cast<uint16_t>(members_.size()));
  Put32(end, static_cast<uint32_t>(directory.size()));
  Put32(end, static_cast<uint32_t>(directory_offset));
  Put16(end, 0);  // comment length
  if (!Write(directory.data(), directory.size()) || !Write(end.data(), end.size()) ||
      std::fflush(out_) != 0) {
    *error = "write failed";
    return false;
  }
  return true;
}

}  // namespace afterglow
