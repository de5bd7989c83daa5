#include "tests/core/ingest/codec_writers.h"

#include <lz4.h>
#include <snappy.h>
#include <xxhash.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

namespace afterglow::testing {
namespace {

void PutLe32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>(v >> (8 * i)));
}
void PutBe32(std::string& out, uint32_t v) {
  for (int i = 3; i >= 0; --i) out.push_back(static_cast<char>(v >> (8 * i)));
}
void PutBe16(std::string& out, uint32_t v) {
  out.push_back(static_cast<char>(v >> 8));
  out.push_back(static_cast<char>(v));
}

void PutLe16(std::string& s, uint32_t v) {
  s.push_back(static_cast<char>(v));
  s.push_back(static_cast<char>(v >> 8));
}

std::string LzfBlock(const uint8_t* in, size_t n) {
  std::string out;
  std::vector<int64_t> table(1 << 14, -1);
  size_t literal_start = 0;
  auto flush_literals = [&](size_t end) {
    while (literal_start < end) {
      const size_t run = std::min<size_t>(32, end - literal_start);
      out.push_back(static_cast<char>(run - 1));
      out.append(reinterpret_cast<const char*>(in + literal_start), run);
      literal_start += run;
    }
  };
  size_t i = 0;
  while (i + 2 < n) {
    const uint32_t key = uint32_t{in[i]} << 16 | uint32_t{in[i + 1]} << 8 | in[i + 2];
    const uint32_t slot = (key * 2654435761u) >> 18;
    const int64_t candidate = table[slot];
    table[slot] = static_cast<int64_t>(i);
    if (candidate >= 0 && i - candidate <= 8192 && std::memcmp(in + candidate, in + i, 3) == 0) {
      size_t length = 3;
      const size_t max_length = std::min<size_t>(264, n - i);
      while (length < max_length && in[candidate + length] == in[i + length]) ++length;
      flush_literals(i);
      const size_t offset = i - candidate - 1;
      const size_t coded = length - 2;
      if (coded < 7) {
        out.push_back(static_cast<char>(coded << 5 | offset >> 8));
      } else {
        out.push_back(static_cast<char>(7 << 5 | offset >> 8));
        out.push_back(static_cast<char>(coded - 7));
      }
      out.push_back(static_cast<char>(offset & 0xFF));
      i += length;
      literal_start = i;
    } else {
      ++i;
    }
  }
  flush_literals(n);
  return out;
}

}  // namespace

std::string Lz4BlockStream(const std::string& text, size_t block_size, bool end_block) {
  int level = 32 - __builtin_clz(static_cast<unsigned>(block_size - 1)) - 10;
  if (level < 0) level = 0;
  std::string out;
  std::vector<char> compressed(LZ4_compressBound(static_cast<int>(block_size)));
  auto header = [&](uint8_t method, uint32_t clen, uint32_t olen, uint32_t check) {
    out.append("LZ4Block");
    out.push_back(static_cast<char>(method | level));
    PutLe32(out, clen);
    PutLe32(out, olen);
    PutLe32(out, check);
  };
  for (size_t pos = 0; pos < text.size(); pos += block_size) {
    const size_t n = std::min(block_size, text.size() - pos);
    const uint32_t check = LZ4_XXH32(text.data() + pos, n, 0x9747b28c) & 0x0FFFFFFF;
    const int clen = LZ4_compress_default(text.data() + pos, compressed.data(), static_cast<int>(n),
                                          static_cast<int>(compressed.size()));
    if (clen <= 0 || static_cast<size_t>(clen) >= n) {
      header(0x10, static_cast<uint32_t>(n), static_cast<uint32_t>(n), check);
      out.append(text, pos, n);
    } else {
      header(0x20, static_cast<uint32_t>(clen), static_cast<uint32_t>(n), check);
      out.append(compressed.data(), clen);
    }
  }
  if (end_block) header(0x10, 0, 0, 0);
  return out;
}

std::string SnappyJavaStream(const std::string& text, size_t block_size) {
  std::string out("\x82SNAPPY\0", 8);
  PutBe32(out, 1);
  PutBe32(out, 1);
  for (size_t pos = 0; pos < text.size(); pos += block_size) {
    std::string chunk;
    snappy::Compress(text.data() + pos, std::min(block_size, text.size() - pos), &chunk);
    PutBe32(out, static_cast<uint32_t>(chunk.size()));
    out += chunk;
  }
  return out;
}

std::string LzfChunks(const std::string& text, size_t chunk_size) {
  std::string out;
  for (size_t pos = 0; pos < text.size(); pos += chunk_size) {
    const size_t n = std::min(chunk_size, text.size() - pos);
    const std::string block =
        LzfBlock(reinterpret_cast<const uint8_t*>(text.data() + pos), n);
    out.append("ZV");
    if (block.size() >= n) {
      out.push_back('\0');
      PutBe16(out, static_cast<uint32_t>(n));
      out.append(text, pos, n);
    } else {
      out.push_back('\1');
      PutBe16(out, static_cast<uint32_t>(block.size()));
      PutBe16(out, static_cast<uint32_t>(n));
      out += block;
    }
  }
  return out;
}

namespace {
std::string Deflate(const std::string& text, int window_bits) {
  z_stream stream{};
  deflateInit2(&stream, 6, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&stream, text.size()) + 64, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return out;
}
}  // namespace

std::string GzipMembers(const std::string& text, int members) {
  std::string out;
  const size_t per = text.size() / members + 1;
  for (size_t pos = 0; pos < text.size(); pos += per) {
    out += Deflate(text.substr(pos, per), 15 + 16);
  }
  return out;
}

std::string RawDeflate(const std::string& text) { return Deflate(text, -15); }

std::string ZstdFrames(const std::string& text, size_t frame_input_size) {
  std::string out;
  for (size_t pos = 0; pos < text.size(); pos += frame_input_size) {
    const size_t n = std::min(frame_input_size, text.size() - pos);
    std::string frame(ZSTD_compressBound(n), '\0');
    const size_t written = ZSTD_compress(frame.data(), frame.size(), text.data() + pos, n, 3);
    out.append(frame.data(), written);
  }
  return out;
}

// A zip as java.util.zip.ZipOutputStream writes it: local headers with zero sizes and a data
// descriptor (flag bit 3), the sizes only in the central directory.
std::string JavaStyleZip(const std::vector<std::pair<std::string, std::string>>& files) {
  std::string zip, directory;
  for (const auto& [name, content] : files) {
    const std::string deflated = RawDeflate(content);
    const uint32_t offset = static_cast<uint32_t>(zip.size());
    PutLe32(zip, 0x04034b50);
    PutLe16(zip, 20); PutLe16(zip, 8); PutLe16(zip, 8); PutLe16(zip, 0); PutLe16(zip, 0);
    PutLe32(zip, 0); PutLe32(zip, 0); PutLe32(zip, 0);
    PutLe16(zip, static_cast<uint32_t>(name.size())); PutLe16(zip, 0);
    zip += name;
    zip += deflated;
    PutLe32(zip, 0x08074b50); PutLe32(zip, 0);
    PutLe32(zip, static_cast<uint32_t>(deflated.size())); PutLe32(zip, static_cast<uint32_t>(content.size()));
    PutLe32(directory, 0x02014b50);
    PutLe16(directory, 20); PutLe16(directory, 20); PutLe16(directory, 8); PutLe16(directory, 8);
    PutLe16(directory, 0); PutLe16(directory, 0); PutLe32(directory, 0);
    PutLe32(directory, static_cast<uint32_t>(deflated.size()));
    PutLe32(directory, static_cast<uint32_t>(content.size()));
    PutLe16(directory, static_cast<uint32_t>(name.size()));
    PutLe16(directory, 0); PutLe16(directory, 0); PutLe16(directory, 0); PutLe16(directory, 0);
    PutLe32(directory, 0); PutLe32(directory, offset);
    directory += name;
  }
  const uint32_t directory_offset = static_cast<uint32_t>(zip.size());
  zip += directory;
  PutLe32(zip, 0x06054b50);
  PutLe16(zip, 0); PutLe16(zip, 0);
  PutLe16(zip, static_cast<uint32_t>(files.size())); PutLe16(zip, static_cast<uint32_t>(files.size()));
  PutLe32(zip, static_cast<uint32_t>(directory.size())); PutLe32(zip, directory_offset);
  PutLe16(zip, 0);
  return zip;
}

}  // namespace afterglow::testing
