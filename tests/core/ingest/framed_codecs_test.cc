// Every codec Spark writes event logs with, through LogStream: any chunking gives the plain
// lines; a file cut anywhere or with flipped bytes never crashes, names an offset inside the
// file, and keeps the lines decoded before the damage.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/ingest/inflate_decompressor.h"
#include "core/ingest/log_stream.h"
#include "core/ingest/lzf_decompressor.h"
#include "tests/core/ingest/codec_writers.h"
#include "tests/core/ingest/collecting_consumer.h"

namespace afterglow {
namespace framed_codecs_test {

using testing::CollectingConsumer;

std::string SampleLog(int lines, uint32_t seed) {
  std::mt19937 rng(seed);
  std::string text;
  for (int i = 0; i < lines; ++i) {
    text += R"({"Event":"SparkListenerTaskEnd","Stage ID":)" + std::to_string(rng() % 7) +
            R"(,"Task Info":{"Task ID":)" + std::to_string(i) + R"(,"Host":"host-)" +
            std::to_string(rng() % 1000) + R"("}})" + "\n";
  }
  return text;
}

std::vector<std::string> LinesOf(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  for (size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1) {
    lines.push_back(text.substr(start, nl - start));
  }
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

void PushInChunks(LogStream& stream, const std::string& bytes, std::mt19937& rng,
                  size_t max_chunk) {
  std::uniform_int_distribution<size_t> chunk_size(1, max_chunk);
  for (size_t pos = 0; pos < bytes.size();) {
    const size_t n = std::min(chunk_size(rng), bytes.size() - pos);
    std::vector<uint8_t> chunk(n + kReadPadding);
    std::copy(bytes.begin() + pos, bytes.begin() + pos + n, chunk.begin());
    stream.Push(chunk.data(), n);
    pos += n;
  }
  stream.Finish();
}

struct CodecCase {
  const char* file_name;
  Codec codec;
  std::function<std::string(const std::string&)> write;
  bool checksummed;  // every flipped byte is detected before its block is delivered
};

std::vector<CodecCase> Cases() {
  return {
      {"app.lz4", Codec::kLz4,
       [](const std::string& t) { return testing::Lz4BlockStream(t, 32 * 1024); }, true},
      {"app.snappy", Codec::kSnappy,
       [](const std::string& t) { return testing::SnappyJavaStream(t, 32 * 1024); }, false},
      {"app.lzf", Codec::kLzf, [](const std::string& t) { return testing::LzfChunks(t); }, false},
      {"eventlog-2021-06-15--15-00.gz", Codec::kGzip,
       [](const std::string& t) { return testing::GzipMembers(t, 3); }, false},
      {"app.zstd", Codec::kZstd,
       [](const std::string& t) { return testing::ZstdFrames(t, 20000); }, false},
  };
}

// Lines given before an error are the original's first lines; a last line given with no error
// (a cut that fell between blocks, mid-line) is a prefix of its original line.
void ExpectPrefixOfOriginal(const std::vector<std::string>& got, const std::vector<std::string>& all,
                            bool last_may_be_partial, const std::string& what) {
  ASSERT_LE(got.size(), all.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) {
    if (i + 1 == got.size() && last_may_be_partial) {
      ASSERT_EQ(all[i].compare(0, got[i].size(), got[i]), 0) << what << " line " << i;
    } else {
      ASSERT_EQ(got[i], all[i]) << what << " line " << i;
    }
  }
}

TEST(FramedCodecs, EveryCodecGivesThePlainLinesForAnyChunking) {
  const std::string text = SampleLog(4000, 1);
  const std::vector<std::string> all = LinesOf(text);
  for (const CodecCase& c : Cases()) {
    const std::string stored = c.write(text);
    for (uint32_t seed = 1; seed <= 6; ++seed) {
      std::mt19937 rng(seed);
      CollectingConsumer lines;
      LogStream stream(c.file_name, &lines);
      PushInChunks(stream, stored, rng, seed % 2 ? 9 : 70000);
      ASSERT_FALSE(stream.error().has_value()) << c.file_name << ": " << stream.error()->cause;
      EXPECT_EQ(stream.codec(), c.codec);
      EXPECT_EQ(stream.bytes_in(), stored.size());
      ASSERT_EQ(lines.lines, all) << c.file_name << " seed " << seed;
    }
  }
}

TEST(FramedCodecs, CutAnywhereKeepsEarlierLinesAndNamesAnOffset) {
  const std::string text = SampleLog(3000, 2);
  const std::vector<std::string> all = LinesOf(text);
  for (const CodecCase& c : Cases()) {
    const std::string stored = c.write(text);
    std::mt19937 rng(99);
    std::uniform_int_distribution<size_t> cut_at(1, stored.size() - 1);
    size_t errors = 0;
    for (int trial = 0; trial < 60; ++trial) {
      const size_t cut = cut_at(rng);
      CollectingConsumer lines;
      LogStream stream(c.file_name, &lines);
      PushInChunks(stream, stored.substr(0, cut), rng, 5000);
      const std::string what = std::string(c.file_name) + " cut at " + std::to_string(cut);
      if (stream.error()) {
        ++errors;
        EXPECT_LE(stream.error()->offset, cut) << what;
        EXPECT_NE(stream.error()->cause.find("cut off"), std::string::npos)
            << what << ": " << stream.error()->cause;
      }
      ExpectPrefixOfOriginal(lines.lines, all, !stream.error(), what);
      // A cut in the second half leaves a good part of the log.
      if (cut > stored.size() / 2) EXPECT_GT(lines.lines.size(), all.size() / 4) << what;
    }
    EXPECT_GT(errors, 30u) << c.file_name;
  }
}

TEST(FramedCodecs, InProgressLogCutMidBlockIsNotAnError) {
  const std::string text = SampleLog(3000, 3);
  for (const CodecCase& c : Cases()) {
    const std::string stored = c.write(text);
    const std::string cut = stored.substr(0, stored.size() * 3 / 5);
    std::mt19937 rng(4);
    CollectingConsumer lines;
    LogStream stream(std::string(c.file_name) + ".inprogress", &lines);
    PushInChunks(stream, cut, rng, 4096);
    EXPECT_FALSE(stream.error().has_value()) << c.file_name << ": " << stream.error()->cause;
    EXPECT_GT(lines.lines.size(), 1000u) << c.file_name;
    ExpectPrefixOfOriginal(lines.lines, LinesOf(text), true, c.file_name);
  }
}

TEST(FramedCodecs, FlippedBytesNeverCrashAndNameAnOffsetInTheFile) {
  const std::string text = SampleLog(3000, 5);
  const std::vector<std::string> all = LinesOf(text);
  for (const CodecCase& c : Cases()) {
    const std::string stored = c.write(text);
    std::mt19937 rng(17);
    std::uniform_int_distribution<size_t> where(0, stored.size() - 1);
    size_t errors = 0;
    for (int trial = 0; trial < 80; ++trial) {
      std::string damaged = stored;
      const size_t at = where(rng);
      damaged[at] = static_cast<char>(damaged[at] ^ (1 + rng() % 255));
      CollectingConsumer lines;
      LogStream stream(c.file_name, &lines);
      PushInChunks(stream, damaged, rng, 8192);
      const std::string what = std::string(c.file_name) + " flipped at " + std::to_string(at);
      if (stream.error()) {
        ++errors;
        EXPECT_LE(stream.error()->offset, damaged.size()) << what;
      }
      if (c.checksummed) {
        ASSERT_TRUE(stream.error().has_value()) << what;
        EXPECT_LE(stream.error()->offset, at) << what;
        ExpectPrefixOfOriginal(lines.lines, all, false, what);
      }
    }
    EXPECT_GT(errors, 0u) << c.file_name;
  }
}

TEST(FramedCodecs, Lz4ChecksumIsCheckedAndNamesTheBlock) {
  const std::string text = SampleLog(500, 6);
  std::string stored = testing::Lz4BlockStream(text, 4096);
  // The second block's stored checksum (bytes 17..20 of its header).
  const size_t second = stored.find("LZ4Block", 1);
  ASSERT_NE(second, std::string::npos);
  stored[second + 17] ^= 0x01;
  CollectingConsumer lines;
  LogStream stream("app.lz4", &lines);
  std::mt19937 rng(1);
  PushInChunks(stream, stored, rng, 100000);
  ASSERT_TRUE(stream.error().has_value());
  EXPECT_EQ(stream.error()->offset, second);
  EXPECT_NE(stream.error()->cause.find("checksum"), std::string::npos) << stream.error()->cause;
  // The first block's 4096 bytes were delivered: its whole lines at least.
  const size_t whole_lines_in_first_block =
      static_cast<size_t>(std::count(text.begin(), text.begin() + 4096, '\n'));
  EXPECT_EQ(lines.lines.size(), whole_lines_in_first_block);
}

TEST(FramedCodecs, ConcatenatedStreamsReadAsOne) {
  const std::string first = SampleLog(300, 7);
  const std::string second = SampleLog(200, 8);
  const std::vector<std::string> all = LinesOf(first + second);
  const std::pair<const char*, std::string> cases[] = {
      {"a.lz4", testing::Lz4BlockStream(first, 1024) + testing::Lz4BlockStream(second, 2048)},
      {"a.snappy", testing::SnappyJavaStream(first, 1000) + testing::SnappyJavaStream(second, 999)},
      {"a.lzf", testing::LzfChunks(first, 700) + testing::LzfChunks(second)},
      {"a.gz", testing::GzipMembers(first, 1) + testing::GzipMembers(second, 2)},
  };
  for (const auto& [name, stored] : cases) {
    std::mt19937 rng(2);
    CollectingConsumer lines;
    LogStream stream(name, &lines);
    PushInChunks(stream, stored, rng, 333);
    ASSERT_FALSE(stream.error().has_value()) << name << ": " << stream.error()->cause;
    EXPECT_EQ(lines.lines, all) << name;
  }
}

TEST(FramedCodecs, Lz4WithoutItsEndBlockEndsCleanlyAtABlockBoundary) {
  const std::string text = SampleLog(400, 9);
  CollectingConsumer lines;
  LogStream stream("app.lz4", &lines);
  std::mt19937 rng(3);
  PushInChunks(stream, testing::Lz4BlockStream(text, 8192, /*end_block=*/false), rng, 1000);
  EXPECT_FALSE(stream.error().has_value());
  EXPECT_EQ(lines.lines, LinesOf(text));
}

TEST(LzfBlock, RejectsReferencesBeforeTheStartAndWrongSizes) {
  uint8_t out[16];
  const uint8_t literal[] = {2, 'a', 'b', 'c'};
  EXPECT_TRUE(LzfDecodeBlock(literal, sizeof literal, out, 3));
  EXPECT_FALSE(LzfDecodeBlock(literal, sizeof literal, out, 4));
  EXPECT_FALSE(LzfDecodeBlock(literal, sizeof literal - 1, out, 3));
  // "abc" then a back-reference of 3 bytes at distance 3: "abcabc".
  const uint8_t repeat[] = {2, 'a', 'b', 'c', 1 << 5, 2};
  ASSERT_TRUE(LzfDecodeBlock(repeat, sizeof repeat, out, 6));
  EXPECT_EQ(std::string(reinterpret_cast<char*>(out), 6), "abcabc");
  const uint8_t too_far[] = {2, 'a', 'b', 'c', 1 << 5, 3};
  EXPECT_FALSE(LzfDecodeBlock(too_far, sizeof too_far, out, 6));
}

class StringSink final : public ByteSink {
 public:
  void OnBytes(const char* data, size_t size) override { text.append(data, size); }
  std::string text;
};

TEST(Inflate, RawDeflateIsOneStreamAndACutOneIsTruncated) {
  const std::string text = SampleLog(800, 10);
  std::string deflated = testing::RawDeflate(text);
  deflated.append(kReadPadding, '\0');
  const size_t size = deflated.size() - kReadPadding;
  {
    InflateDecompressor inflater(InflateDecompressor::Framing::kRawDeflate);
    StringSink sink;
    EXPECT_EQ(inflater.Push(reinterpret_cast<const uint8_t*>(deflated.data()), size, sink),
              DecodeStatus::kNeedInput);
    EXPECT_EQ(inflater.Finish(sink), DecodeStatus::kEnd);
    EXPECT_EQ(sink.text, text);
  }
  {
    InflateDecompressor inflater(InflateDecompressor::Framing::kRawDeflate);
    StringSink sink;
    inflater.Push(reinterpret_cast<const uint8_t*>(deflated.data()), size / 2, sink);
    EXPECT_EQ(inflater.Finish(sink), DecodeStatus::kTruncated);
    EXPECT_EQ(text.compare(0, sink.text.size(), sink.text), 0);
  }
}

}  // namespace framed_codecs_test
}  // namespace afterglow
