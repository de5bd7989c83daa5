#include "core/ingest/decompressor.h"

#include <string>

#include "core/ingest/zstd_decompressor.h"

namespace afterglow {

std::unique_ptr<Decompressor> MakeDecompressor(Codec codec, std::string* why_not) {
  switch (codec) {
    case Codec::kPlain: return nullptr;
    case Codec::kZstd: return std::make_unique<ZstdDecompressor>();
    case Codec::kLz4:
    case Codec::kSnappy:
    case Codec::kLzf:
    case Codec::kGzip:
      break;
  }
  if (why_not) *why_not = std::string(CodecName(codec)) + " logs are not supported yet";
  return nullptr;
}

}  // namespace afterglow
