#include "core/load/file_stream.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "tests/support/unique_temp_path.h"

namespace afterglow {
namespace file_stream_test {

namespace fs = std::filesystem;

// Sizes around the 256 KiB read chunk: empty, under one chunk, exactly one, one and a byte,
// and several with a partial last chunk.
TEST(FileStreamTest, ChunksJoinToTheFileAndEachIsFollowedByReadablePadding) {
  const fs::path dir = test_support::UniqueTempPath("afterglow_file_stream_test");
  fs::create_directories(dir);
  const std::vector<size_t> sizes = {
      0, 10, 256u << 10, (256u << 10) + 1, (1u << 20) + 5, (3u << 20) + 70000};
  for (size_t size : sizes) {
    // Bytes that differ from offset to offset, so a chunk handed on twice or out of place shows.
    std::string content(size, '\0');
    for (size_t i = 0; i < size; ++i) {
      content[i] = static_cast<char>('a' + (i * 2654435761u >> 13) % 26);
    }
    const fs::path file = dir / ("log-" + std::to_string(size));
    {
      std::FILE* out = std::fopen(file.string().c_str(), "wb");
      ASSERT_NE(out, nullptr);
      ASSERT_EQ(std::fwrite(content.data(), 1, content.size(), out), content.size());
      std::fclose(out);
    }
    std::string joined;
    size_t padding_bytes_seen = 0;
    const FileStreamResult result =
        StreamFile(file.string(), [&](const uint8_t* data, size_t chunk) {
          joined.append(reinterpret_cast<const char*>(data), chunk);
          // The padding must be readable (its values do not matter): touch every byte.
          volatile uint8_t sink = 0;
          for (size_t i = 0; i < kReadPadding; ++i) sink = sink ^ data[chunk + i];
          padding_bytes_seen += kReadPadding;
        });
    EXPECT_TRUE(result.opened) << size;
    EXPECT_EQ(result.size_at_open, size);
    EXPECT_EQ(result.bytes_read, size);
    EXPECT_EQ(result.Problem(), "") << size;
    EXPECT_EQ(joined.size(), size);
    EXPECT_TRUE(joined == content) << size;
    if (size > 0) EXPECT_GT(padding_bytes_seen, 0u);
    fs::remove(file);
  }
  const FileStreamResult missing =
      StreamFile((dir / "missing").string(), [](const uint8_t*, size_t) {});
  EXPECT_FALSE(missing.opened);
  EXPECT_EQ(missing.Problem(), "cannot be read");
  fs::remove_all(dir);
}

// A log rotated or rewritten while it is read: the file is cut shorter from inside the chunk
// callback. Reading stops at the new end, and the result says how much was read of how much.
TEST(FileStreamTest, FileCutShorterWhileReadIsReadUpToItsNewEnd) {
  const fs::path dir = test_support::UniqueTempPath("afterglow_file_stream_cut_test");
  fs::create_directories(dir);
  constexpr uint64_t kMiB = 1u << 20;
  constexpr uint64_t kChunk = 256u << 10;  // file_stream.cc's read size
  const uint64_t size_at_open = 34 * kMiB + 123;
  std::string content(size_at_open, '\0');
  for (size_t i = 0; i < content.size(); ++i) {
    content[i] = static_cast<char>('a' + (i * 2654435761u >> 13) % 26);
  }
  struct Case {
    const char* what;
    uint64_t cut_to;        // the file's size after the first chunk
    uint64_t expect_bytes;  // what is handed on in all
  };
  const Case cases[] = {
      {"cut after later chunks", 20 * kMiB + 7, 20 * kMiB + 7},
      {"cut at a chunk's end", 2 * kChunk, 2 * kChunk},
      // Inside the chunk being handed on: it was read whole before the cut.
      {"cut inside the first chunk", 5000, kChunk},
      // Emptied (a rotation by truncate).
      {"emptied", 0, kChunk},
  };
  const fs::path file = dir / "log";
  for (const Case& c : cases) {
    {
      std::FILE* out = std::fopen(file.string().c_str(), "wb");
      ASSERT_NE(out, nullptr);
      ASSERT_EQ(std::fwrite(content.data(), 1, content.size(), out), content.size());
      std::fclose(out);
    }
    std::string joined;
    bool cut = false;
    const FileStreamResult result = StreamFile(file.string(), [&](const uint8_t* data, size_t n) {
      joined.append(reinterpret_cast<const char*>(data), n);
      if (!cut) {
        cut = true;
        fs::resize_file(file, c.cut_to);
      }
    });
    EXPECT_TRUE(cut) << c.what;
    EXPECT_TRUE(result.opened) << c.what;
    EXPECT_EQ(result.size_at_open, size_at_open) << c.what;
    EXPECT_EQ(result.bytes_read, c.expect_bytes) << c.what;
    ASSERT_EQ(joined.size(), c.expect_bytes) << c.what;
    EXPECT_TRUE(joined == content.substr(0, c.expect_bytes)) << c.what;
    EXPECT_FALSE(result.read_failed) << c.what;
    EXPECT_EQ(result.Problem(),
              "the file was cut shorter while it was read (rotated or rewritten?): " +
                  std::to_string(c.expect_bytes) + " of its " + std::to_string(size_at_open) +
                  " bytes were read; the log is shown up to there")
        << c.what;
  }
  fs::remove_all(dir);
}

// A file smaller than a few chunks stops at the new end too.
TEST(FileStreamTest, SmallFileCutShorterWhileReadIsReportedShort) {
  const fs::path dir = test_support::UniqueTempPath("afterglow_file_stream_small_cut_test");
  fs::create_directories(dir);
  const fs::path file = dir / "log";
  const std::string content(600u << 10, 'x');  // three 256 KiB reads
  {
    std::FILE* out = std::fopen(file.string().c_str(), "wb");
    ASSERT_NE(out, nullptr);
    ASSERT_EQ(std::fwrite(content.data(), 1, content.size(), out), content.size());
    std::fclose(out);
  }
  uint64_t chunks = 0;
  const FileStreamResult result = StreamFile(file.string(), [&](const uint8_t*, size_t) {
    if (chunks++ == 0) fs::resize_file(file, 300u << 10);
  });
  EXPECT_EQ(result.size_at_open, content.size());
  EXPECT_EQ(result.bytes_read, uint64_t{300} << 10);  // the first 256 KiB, then the 44 KiB left
  EXPECT_NE(result.Problem().find("307200 of its 614400 bytes were read"), std::string::npos)
      << result.Problem();
  fs::remove_all(dir);
}

}  // namespace file_stream_test
}  // namespace afterglow
