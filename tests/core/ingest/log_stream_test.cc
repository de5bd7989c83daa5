#include "core/ingest/log_stream.h"

#include <gtest/gtest.h>
#include <zstd.h>

#include <random>
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "tests/core/ingest/collecting_consumer.h"

namespace afterglow {
namespace log_stream_test {

using testing::CollectingConsumer;

std::string SampleLog(int lines) {
  std::string text;
  for (int i = 0; i < lines; ++i) {
    text += R"({"Event":"SparkListenerTaskEnd","Stage ID":)" + std::to_string(i % 7) +
            R"(,"Task Info":{"Task ID":)" + std::to_string(i) + "}}\n";
  }
  return text;
}

// zstd as Spark writes it: one frame per flush, so several frames back to back.
std::string ZstdFrames(const std::string& text, size_t frame_input_size) {
  std::string out;
  for (size_t pos = 0; pos < text.size(); pos += frame_input_size) {
    size_t n = std::min(frame_input_size, text.size() - pos);
    std::string frame(ZSTD_compressBound(n), '\0');
    size_t written = ZSTD_compress(frame.data(), frame.size(), text.data() + pos, n, 3);
    EXPECT_FALSE(ZSTD_isError(written));
    out.append(frame.data(), written);
  }
  return out;
}

void PushInChunks(LogStream& stream, const std::string& bytes, std::mt19937& rng,
                  size_t max_chunk) {
  std::uniform_int_distribution<size_t> chunk_size(1, max_chunk);
  for (size_t pos = 0; pos < bytes.size();) {
    size_t n = std::min(chunk_size(rng), bytes.size() - pos);
    std::vector<uint8_t> chunk(n + kReadPadding);
    std::copy(bytes.begin() + pos, bytes.begin() + pos + n, chunk.begin());
    stream.Push(chunk.data(), n);
    pos += n;
  }
  stream.Finish();
}

std::vector<std::string> LinesOf(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  for (size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1) {
    lines.push_back(text.substr(start, nl - start));
  }
  return lines;
}

TEST(LogStream, PlainAndZstdGiveTheSameLinesForAnyChunking) {
  std::string text = SampleLog(3000);
  std::string zstd = ZstdFrames(text, 10000);
  for (uint32_t seed = 1; seed <= 12; ++seed) {
    std::mt19937 rng(seed);
    size_t max_chunk = seed % 2 ? 7 : 65536;
    CollectingConsumer plain_lines, zstd_lines;
    LogStream plain("app-1", &plain_lines);
    LogStream compressed("app-1.zstd", &zstd_lines);
    PushInChunks(plain, text, rng, max_chunk);
    PushInChunks(compressed, zstd, rng, max_chunk);
    ASSERT_FALSE(plain.error().has_value()) << plain.error()->cause;
    ASSERT_FALSE(compressed.error().has_value()) << compressed.error()->cause;
    EXPECT_EQ(plain.codec(), Codec::kPlain);
    EXPECT_EQ(compressed.codec(), Codec::kZstd);
    EXPECT_EQ(plain_lines.lines, LinesOf(text));
    EXPECT_EQ(zstd_lines.lines, LinesOf(text));
    EXPECT_EQ(compressed.bytes_in(), zstd.size());
  }
}

TEST(LogStream, ZstdCutInAFrameKeepsEarlierLinesAndNamesTheOffset) {
  std::string text = SampleLog(2000);
  std::string zstd = ZstdFrames(text, 4096);
  std::string cut = zstd.substr(0, zstd.size() * 2 / 3);
  std::mt19937 rng(7);
  CollectingConsumer lines;
  LogStream stream("events_1_app.zstd", &lines);
  PushInChunks(stream, cut, rng, 1000);
  ASSERT_TRUE(stream.error().has_value());
  EXPECT_EQ(stream.error()->offset, cut.size());
  EXPECT_NE(stream.error()->cause.find("cut off"), std::string::npos);
  ASSERT_GT(lines.lines.size(), 100u);
  std::vector<std::string> all = LinesOf(text);
  for (size_t i = 0; i < lines.lines.size(); ++i) ASSERT_EQ(lines.lines[i], all[i]);
}

TEST(LogStream, InProgressZstdCutInAFrameIsNotAnError) {
  std::string zstd = ZstdFrames(SampleLog(2000), 4096);
  std::string cut = zstd.substr(0, zstd.size() / 2);
  std::mt19937 rng(3);
  CollectingConsumer lines;
  LogStream stream("app-2.zstd.inprogress", &lines);
  EXPECT_TRUE(stream.in_progress());
  PushInChunks(stream, cut, rng, 5000);
  EXPECT_FALSE(stream.error().has_value());
  EXPECT_GT(lines.lines.size(), 100u);
}

TEST(LogStream, CorruptZstdStopsWithTheOffsetOfTheDamage) {
  std::string zstd = ZstdFrames(SampleLog(2000), 4096);
  std::string damaged = zstd;
  for (size_t i = zstd.size() / 2; i < zstd.size() / 2 + 64; ++i) damaged[i] ^= 0x5A;
  std::mt19937 rng(11);
  CollectingConsumer lines;
  LogStream stream("app.zstd", &lines);
  PushInChunks(stream, damaged, rng, 3000);
  ASSERT_TRUE(stream.error().has_value());
  EXPECT_LE(stream.error()->offset, damaged.size());
  EXPECT_NE(stream.error()->cause.find("zstd"), std::string::npos);
}

TEST(LogStream, NameAndContentDisagreeingIsReported) {
  CollectingConsumer lines;
  LogStream stream("app.zstd", &lines);
  std::string text = SampleLog(3);
  std::mt19937 rng(1);
  PushInChunks(stream, text, rng, 2);
  ASSERT_TRUE(stream.error().has_value());
  EXPECT_EQ(stream.error()->cause, "the name says zstd but the content looks plain");
  EXPECT_TRUE(lines.lines.empty());
}

TEST(LogStream, ZstdWithoutItsExtensionIsStillDecoded) {
  std::string text = SampleLog(50);
  std::mt19937 rng(5);
  CollectingConsumer lines;
  LogStream stream("eventlog", &lines);
  PushInChunks(stream, ZstdFrames(text, 1000), rng, 3);
  EXPECT_FALSE(stream.error().has_value());
  EXPECT_EQ(stream.codec(), Codec::kZstd);
  EXPECT_EQ(lines.lines, LinesOf(text));
}

TEST(LogStream, EveryCodecSparkWritesHasADecoder) {
  for (const char* name : {"app.lz4", "app.snappy", "app.lzf", "app.zstd", "eventlog-1.gz"}) {
    CollectingConsumer lines;
    LogStream stream(name, &lines);
    EXPECT_FALSE(stream.error().has_value()) << name;
  }
}

TEST(Codec, FileNamesFollowSparksRule) {
  EXPECT_EQ(CodecFromFileName("dir/app-1.zstd"), Codec::kZstd);
  EXPECT_EQ(CodecFromFileName("events_2_app.lz4.inprogress"), Codec::kLz4);
  EXPECT_EQ(CodecFromFileName("events_1_app.snappy.compact"), Codec::kSnappy);
  EXPECT_EQ(CodecFromFileName("local-1422981780767"), Codec::kPlain);
  EXPECT_EQ(CodecFromFileName("application_1.inprogress"), Codec::kPlain);
  EXPECT_EQ(CodecFromFileName("eventlog-2021-06-15--15-00.gz"), Codec::kGzip);
  EXPECT_TRUE(IsInProgressName("x.zstd.inprogress"));
  EXPECT_FALSE(IsInProgressName("x.zstd"));
}

}  // namespace log_stream_test
}  // namespace afterglow
