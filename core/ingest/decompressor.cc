#include "core/ingest/decompressor.h"

#include <string>

#include "core/ingest/inflate_decompressor.h"
#include "core/ingest/lz4_block_decompressor.h"
#include "core/ingest/lzf_decompressor.h"
#include "core/ingest/snappy_stream_decompressor.h"
#include "core/ingest/zstd_decompressor.h"

namespace afterglow {

std::unique_ptr<Decompressor> MakeDecompressor(Codec codec, std::string* why_not) {
  switch (codec) {
    case Codec::kPlain: return nullptr;
    case Codec::kZstd: return std::make_unique<ZstdDecompressor>();
    case Codec::kLz4: return std::make_unique<Lz4BlockDecompressor>();
    case Codec::kSnappy: return std::make_unique<SnappyStreamDecompressor>();
    case Codec::kLzf: return std::make_unique<LzfDecompressor>();
    case Codec::kGzip:
      return std::make_unique<InflateDecompressor>(InflateDecompressor::Framing::kGzip);
  }
  if (why_not) *why_not = std::string(CodecName(codec)) + " logs are not supported yet";
  return nullptr;
}

}  // namespace afterglow
