// Targets for the stream decoders of Spark's codecs (core/ingest/): lz4-java's LZ4Block framing,
// snappy-java's stream, compress-lzf's chunks, zstd frames and gzip members. Seeds are small
// corpus logs written in each framing as tests/core/ingest/codec_writers writes them, behind the
// chunk-size byte.
#include <memory>
#include <string>

#include "core/ingest/inflate_decompressor.h"
#include "tests/core/ingest/codec_writers.h"
#include "tests/fuzz/fuzz_inputs.h"
#include "tests/fuzz/fuzz_target.h"

namespace afterglow::fuzz {
namespace codec_targets {

void RunCodec(Codec codec, const uint8_t* data, size_t size) {
  std::string why_not;
  std::unique_ptr<Decompressor> decompressor = MakeDecompressor(codec, &why_not);
  if (!decompressor) Fail("no decompressor for a codec Spark writes");
  FuzzDecompressor(*decompressor, data, size);
}

// Each small log, whole and as its first 2 KiB, written by `write`, under two chunk sizes.
template <typename Write>
void WriteCodecSeeds(SeedWriter& out, Write&& write) {
  for (const auto& [name, text] : SmallLogs(out)) {
    for (const std::string& content : {text, text.substr(0, 2048)}) {
      const std::string stored = write(content);
      const std::string suffix = content.size() == text.size() ? "" : "-head";
      out.Write(name + suffix + "-chunk1", std::string(1, '\0') + stored);
      out.Write(name + suffix + "-chunk9k", std::string(1, '\xff') + stored);
    }
  }
}

}  // namespace codec_targets

using codec_targets::RunCodec;
using codec_targets::WriteCodecSeeds;

void FuzzLz4(const uint8_t* data, size_t size) { RunCodec(Codec::kLz4, data, size); }
void SeedLz4(SeedWriter& out) {
  WriteCodecSeeds(out, [](const std::string& text) { return testing::Lz4BlockStream(text, 4096); });
}

void FuzzSnappy(const uint8_t* data, size_t size) { RunCodec(Codec::kSnappy, data, size); }
void SeedSnappy(SeedWriter& out) {
  WriteCodecSeeds(out, [](const std::string& text) { return testing::SnappyJavaStream(text, 4096); });
}

void FuzzLzf(const uint8_t* data, size_t size) { RunCodec(Codec::kLzf, data, size); }
void SeedLzf(SeedWriter& out) {
  WriteCodecSeeds(out, [](const std::string& text) { return testing::LzfChunks(text, 4096); });
}

void FuzzZstd(const uint8_t* data, size_t size) { RunCodec(Codec::kZstd, data, size); }
void SeedZstd(SeedWriter& out) {
  WriteCodecSeeds(out, [](const std::string& text) { return testing::ZstdFrames(text, 4096); });
  // A log as Spark 2 wrote it with zstd-jni.
  const std::string spark2 = out.Corpus("rapids-tools/profiling/spark2-eventlog.zstd");
  if (!spark2.empty()) out.Write("spark2-eventlog.zstd", std::string(1, '\x20') + spark2);
}

void FuzzGzip(const uint8_t* data, size_t size) { RunCodec(Codec::kGzip, data, size); }
void SeedGzip(SeedWriter& out) {
  WriteCodecSeeds(out, [](const std::string& text) { return testing::GzipMembers(text, 2); });
}

}  // namespace afterglow::fuzz
