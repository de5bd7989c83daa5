#include "core/load/file_stream.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "core/base/read_padding.h"

namespace afterglow {
namespace {

namespace fs = std::filesystem;

// Sizes around the mapping's thresholds: empty, read (under 1 MiB), mapped in one window,
// and just past a 16 MiB window with fewer and more lookahead bytes than the padding.
TEST(FileStreamTest, ChunksJoinToTheFileAndEachIsFollowedByReadablePadding) {
  const fs::path dir = fs::temp_directory_path() / "afterglow_file_stream_test";
  fs::create_directories(dir);
  const std::vector<size_t> sizes = {0,         10,  (1u << 20) + 5, (16u << 20) - 3,
                                     (16u << 20) + 10, (16u << 20) + 70000};
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
    ASSERT_TRUE(StreamFile(file.string(), [&](const uint8_t* data, size_t chunk) {
      joined.append(reinterpret_cast<const char*>(data), chunk);
      // The padding must be readable (its values do not matter): touch every byte.
      volatile uint8_t sink = 0;
      for (size_t i = 0; i < kReadPadding; ++i) sink = sink ^ data[chunk + i];
      padding_bytes_seen += kReadPadding;
    })) << size;
    EXPECT_EQ(joined.size(), size);
    EXPECT_TRUE(joined == content) << size;
    if (size > 0) EXPECT_GT(padding_bytes_seen, 0u);
    fs::remove(file);
  }
  EXPECT_FALSE(StreamFile((dir / "missing").string(), [](const uint8_t*, size_t) {}));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace afterglow
