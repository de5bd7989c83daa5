#include "core/ingest/codec.h"

#include <cstring>
#include <string>

namespace afterglow {
namespace {

bool ConsumeSuffix(std::string_view& s, std::string_view suffix) {
  if (s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix) {
    s.remove_suffix(suffix.size());
    return true;
  }
  return false;
}

std::string_view BaseName(std::string_view path) {
  size_t slash = path.find_last_of("/\\");
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

bool StartsWith(const uint8_t* data, size_t size, const void* magic, size_t magic_size) {
  return size >= magic_size && std::memcmp(data, magic, magic_size) == 0;
}

constexpr uint8_t kZstdMagic[] = {0x28, 0xB5, 0x2F, 0xFD};
constexpr uint8_t kLz4BlockMagic[] = {'L', 'Z', '4', 'B', 'l', 'o', 'c', 'k'};
constexpr uint8_t kSnappyStreamMagic[] = {0x82, 'S', 'N', 'A', 'P', 'P', 'Y', 0x00};
constexpr uint8_t kLzfMagic[] = {'Z', 'V'};
constexpr uint8_t kGzipMagic[] = {0x1F, 0x8B};

}  // namespace

std::string_view CodecName(Codec codec) {
  switch (codec) {
    case Codec::kPlain: return "plain";
    case Codec::kZstd: return "zstd";
    case Codec::kLz4: return "lz4";
    case Codec::kSnappy: return "snappy";
    case Codec::kLzf: return "lzf";
    case Codec::kGzip: return "gzip";
  }
  return "unknown";
}

Codec CodecFromFileName(std::string_view file_name) {
  std::string_view name = BaseName(file_name);
  ConsumeSuffix(name, ".compact");
  ConsumeSuffix(name, ".inprogress");
  size_t dot = name.rfind('.');
  if (dot == std::string_view::npos) return Codec::kPlain;
  std::string_view ext = name.substr(dot + 1);
  if (ext == "zstd" || ext == "zst") return Codec::kZstd;
  if (ext == "lz4") return Codec::kLz4;
  if (ext == "snappy") return Codec::kSnappy;
  if (ext == "lzf") return Codec::kLzf;
  if (ext == "gz") return Codec::kGzip;
  return Codec::kPlain;
}

bool CodecFromSparkName(std::string_view name, Codec* codec) {
  size_t dot = name.rfind('.');
  std::string_view last = dot == std::string_view::npos ? name : name.substr(dot + 1);
  std::string lower;
  for (char c : last) lower.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
  const std::string_view n = lower;
  if (n == "lz4" || n == "lz4compressioncodec") *codec = Codec::kLz4;
  else if (n == "lzf" || n == "lzfcompressioncodec") *codec = Codec::kLzf;
  else if (n == "snappy" || n == "snappycompressioncodec") *codec = Codec::kSnappy;
  else if (n == "zstd" || n == "zstdcompressioncodec" || n == "zstandardcompressioncodec")
    *codec = Codec::kZstd;
  else return false;
  return true;
}

bool IsInProgressName(std::string_view file_name) {
  std::string_view name = BaseName(file_name);
  ConsumeSuffix(name, ".compact");
  return ConsumeSuffix(name, ".inprogress");
}

bool MagicMatches(Codec codec, const uint8_t* data, size_t size) {
  switch (codec) {
    case Codec::kPlain: return CodecFromMagic(data, size) == Codec::kPlain;
    case Codec::kZstd: return StartsWith(data, size, kZstdMagic, sizeof kZstdMagic);
    case Codec::kLz4: return StartsWith(data, size, kLz4BlockMagic, sizeof kLz4BlockMagic);
    case Codec::kSnappy: return StartsWith(data, size, kSnappyStreamMagic, sizeof kSnappyStreamMagic);
    case Codec::kLzf: return StartsWith(data, size, kLzfMagic, sizeof kLzfMagic);
    case Codec::kGzip: return StartsWith(data, size, kGzipMagic, sizeof kGzipMagic);
  }
  return false;
}

Codec CodecFromMagic(const uint8_t* data, size_t size) {
  for (Codec c : {Codec::kZstd, Codec::kLz4, Codec::kSnappy, Codec::kGzip}) {
    if (MagicMatches(c, data, size)) return c;
  }
  // "ZV" alone is too weak to call a text file LZF: a JSON log starts with '{'.
  if (StartsWith(data, size, kLzfMagic, sizeof kLzfMagic) && size > 2 && data[2] <= 1) {
    return Codec::kLzf;
  }
  return Codec::kPlain;
}

}  // namespace afterglow
