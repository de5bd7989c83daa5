#include "tests/core/ingest/bomb_writers.h"

#include <zlib.h>
#include <zstd.h>

#include <cstdint>
#include <string>
#include <vector>

namespace afterglow::testing {
namespace {

// Everything deflate writes for `input` with `flush`.
std::string DeflateStep(z_stream* stream, const std::string& input, int flush) {
  std::string out;
  stream->next_in = reinterpret_cast<Bytef*>(const_cast<char*>(input.data()));
  stream->avail_in = static_cast<uInt>(input.size());
  std::vector<unsigned char> buffer(1 << 20);
  do {
    stream->next_out = buffer.data();
    stream->avail_out = static_cast<uInt>(buffer.size());
    deflate(stream, flush);
    out.append(reinterpret_cast<char*>(buffer.data()), buffer.size() - stream->avail_out);
  } while (stream->avail_out == 0);
  return out;
}

void BombLe16(std::string& s, uint32_t v) {
  s.push_back(static_cast<char>(v));
  s.push_back(static_cast<char>(v >> 8));
}
void BombLe32(std::string& s, uint32_t v) {
  BombLe16(s, v & 0xFFFF);
  BombLe16(s, v >> 16);
}

}  // namespace

std::string DeflateBomb(const std::string& prefix, size_t zero_mib, bool gzip) {
  z_stream stream{};
  deflateInit2(&stream, 9, Z_DEFLATED, gzip ? 31 : -15, 9, Z_DEFAULT_STRATEGY);
  std::string out = DeflateStep(&stream, prefix, Z_FULL_FLUSH);
  // After a full flush the compressor keeps no history: every later MiB of zeros compresses to
  // the same bytes, so one block stands for all of them.
  const std::string zeros(1 << 20, '\0');
  const std::string block = DeflateStep(&stream, zeros, Z_FULL_FLUSH);
  for (size_t i = 0; i < zero_mib; ++i) out += block;
  out += DeflateStep(&stream, "", Z_FINISH);
  deflateEnd(&stream);
  return out;
}

std::string ZstdBomb(const std::string& prefix, size_t zero_mib) {
  auto frame = [](const std::string& text) {
    std::string out(ZSTD_compressBound(text.size()), '\0');
    out.resize(ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 3));
    return out;
  };
  std::string out = frame(prefix);
  const std::string zeros = frame(std::string(1 << 20, '\0'));
  for (size_t i = 0; i < zero_mib; ++i) out += zeros;
  return out;
}

std::string ZipOfDeflated(const std::string& name, const std::string& deflated, uint64_t size,
                          uint32_t crc) {
  std::string zip, directory;
  BombLe32(zip, 0x04034b50);
  BombLe16(zip, 20); BombLe16(zip, 0); BombLe16(zip, 8); BombLe16(zip, 0); BombLe16(zip, 0);
  BombLe32(zip, crc); BombLe32(zip, static_cast<uint32_t>(deflated.size()));
  BombLe32(zip, static_cast<uint32_t>(size));
  BombLe16(zip, static_cast<uint32_t>(name.size())); BombLe16(zip, 0);
  zip += name;
  zip += deflated;
  BombLe32(directory, 0x02014b50);
  BombLe16(directory, 20); BombLe16(directory, 20); BombLe16(directory, 0); BombLe16(directory, 8);
  BombLe16(directory, 0); BombLe16(directory, 0); BombLe32(directory, crc);
  BombLe32(directory, static_cast<uint32_t>(deflated.size()));
  BombLe32(directory, static_cast<uint32_t>(size));
  BombLe16(directory, static_cast<uint32_t>(name.size()));
  BombLe16(directory, 0); BombLe16(directory, 0); BombLe16(directory, 0); BombLe16(directory, 0);
  BombLe32(directory, 0); BombLe32(directory, 0);
  directory += name;
  const uint32_t directory_offset = static_cast<uint32_t>(zip.size());
  zip += directory;
  BombLe32(zip, 0x06054b50);
  BombLe16(zip, 0); BombLe16(zip, 0); BombLe16(zip, 1); BombLe16(zip, 1);
  BombLe32(zip, static_cast<uint32_t>(directory.size())); BombLe32(zip, directory_offset);
  BombLe16(zip, 0);
  return zip;
}

}  // namespace afterglow::testing
