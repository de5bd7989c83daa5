// The stored zip writer behind `applications/<id>/logs`: CRC-32 and a byte-exact archive layout.
#include "core/base/stored_zip.h"
#include "tests/support/unique_temp_path.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace afterglow {
namespace stored_zip_test {

uint32_t Le32(const std::string& s, size_t at) {
  return static_cast<uint32_t>(static_cast<unsigned char>(s[at])) |
         static_cast<uint32_t>(static_cast<unsigned char>(s[at + 1])) << 8 |
         static_cast<uint32_t>(static_cast<unsigned char>(s[at + 2])) << 16 |
         static_cast<uint32_t>(static_cast<unsigned char>(s[at + 3])) << 24;
}

TEST(StoredZip, Crc32MatchesTheZipCheckValue) {
  const std::string text = "123456789";
  EXPECT_EQ(Crc32(0, reinterpret_cast<const uint8_t*>(text.data()), text.size()), 0xCBF43926u);
  // Continuing a CRC over a split input gives the same value.
  const uint32_t first = Crc32(0, reinterpret_cast<const uint8_t*>(text.data()), 4);
  EXPECT_EQ(Crc32(first, reinterpret_cast<const uint8_t*>(text.data()) + 4, 5), 0xCBF43926u);
}

TEST(StoredZip, MembersAreStoredVerbatimWithACentralDirectory) {
  const std::filesystem::path dir = afterglow::test_support::UniqueTempPath("afterglow_zip_test");
  std::filesystem::create_directories(dir);
  const std::string content = "{\"Event\":\"SparkListenerLogStart\"}\n";
  { std::ofstream(dir / "log-a") << content; }
  const std::filesystem::path zip_path = dir / "out.zip";
  std::FILE* out = std::fopen(zip_path.string().c_str(), "wb");
  ASSERT_NE(out, nullptr);
  StoredZipWriter zip(out);
  std::string error;
  ASSERT_TRUE(zip.AddFile("log-a", (dir / "log-a").string(), &error)) << error;
  EXPECT_FALSE(zip.AddFile("missing", (dir / "missing").string(), &error));
  ASSERT_TRUE(zip.Finish(&error)) << error;
  std::fclose(out);
  std::ifstream in(zip_path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_EQ(bytes.size(), 30 + 5 + content.size() + 46 + 5 + 22);
  EXPECT_EQ(Le32(bytes, 0), 0x04034b50u);
  EXPECT_EQ(Le32(bytes, 18), content.size());  // compressed size == size: stored
  EXPECT_EQ(bytes.substr(30, 5), "log-a");
  EXPECT_EQ(bytes.substr(35, content.size()), content);
  const size_t end = bytes.size() - 22;
  EXPECT_EQ(Le32(bytes, end), 0x06054b50u);
  EXPECT_EQ(Le32(bytes, end + 16), 30 + 5 + content.size());  // central directory offset
  std::filesystem::remove_all(dir);
}

}  // namespace stored_zip_test
}  // namespace afterglow
