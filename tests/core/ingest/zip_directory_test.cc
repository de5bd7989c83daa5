#include "core/ingest/zip_directory.h"

#include <gtest/gtest.h>

#include <string>

#include "core/base/read_padding.h"
#include "core/ingest/inflate_decompressor.h"
#include "tests/core/ingest/codec_writers.h"

namespace afterglow {
namespace zip_directory_test {

void Le16(std::string& s, uint32_t v) {
  s.push_back(static_cast<char>(v));
  s.push_back(static_cast<char>(v >> 8));
}
void Le32(std::string& s, uint32_t v) {
  Le16(s, v & 0xFFFF);
  Le16(s, v >> 16);
}

// A zip as java.util.zip.ZipOutputStream writes it: local headers with zero sizes and a data
// descriptor (flag bit 3), the sizes only in the central directory.
std::string JavaStyleZip(const std::vector<std::pair<std::string, std::string>>& files) {
  std::string zip, directory;
  for (const auto& [name, content] : files) {
    const std::string deflated = testing::RawDeflate(content);
    const uint32_t offset = static_cast<uint32_t>(zip.size());
    Le32(zip, 0x04034b50);
    Le16(zip, 20); Le16(zip, 8); Le16(zip, 8); Le16(zip, 0); Le16(zip, 0);
    Le32(zip, 0); Le32(zip, 0); Le32(zip, 0);
    Le16(zip, static_cast<uint32_t>(name.size())); Le16(zip, 0);
    zip += name;
    zip += deflated;
    Le32(zip, 0x08074b50); Le32(zip, 0);
    Le32(zip, static_cast<uint32_t>(deflated.size())); Le32(zip, static_cast<uint32_t>(content.size()));
    Le32(directory, 0x02014b50);
    Le16(directory, 20); Le16(directory, 20); Le16(directory, 8); Le16(directory, 8);
    Le16(directory, 0); Le16(directory, 0); Le32(directory, 0);
    Le32(directory, static_cast<uint32_t>(deflated.size()));
    Le32(directory, static_cast<uint32_t>(content.size()));
    Le16(directory, static_cast<uint32_t>(name.size()));
    Le16(directory, 0); Le16(directory, 0); Le16(directory, 0); Le16(directory, 0);
    Le32(directory, 0); Le32(directory, offset);
    directory += name;
  }
  const uint32_t directory_offset = static_cast<uint32_t>(zip.size());
  zip += directory;
  Le32(zip, 0x06054b50);
  Le16(zip, 0); Le16(zip, 0);
  Le16(zip, static_cast<uint32_t>(files.size())); Le16(zip, static_cast<uint32_t>(files.size()));
  Le32(zip, static_cast<uint32_t>(directory.size())); Le32(zip, directory_offset);
  Le16(zip, 0);
  return zip;
}

class StringSink final : public ByteSink {
 public:
  void OnBytes(const char* data, size_t size) override { text.append(data, size); }
  std::string text;
};

TEST(ZipDirectory, ReadsEntriesWrittenWithDataDescriptors) {
  const std::string log = "{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"3.5.0\"}\n";
  const std::string zip = JavaStyleZip({{"eventlog_v2_a/events_1_a", log + log},
                                        {"application_1_1", log}});
  const auto* bytes = reinterpret_cast<const uint8_t*>(zip.data());
  const uint64_t tail_size = ZipTailSize(zip.size());
  uint64_t offset = 0, size = 0;
  std::string error;
  ASSERT_TRUE(FindZipDirectory(bytes + zip.size() - tail_size, tail_size, zip.size(), &offset,
                               &size, &error)) << error;
  std::vector<ZipEntry> entries;
  ASSERT_TRUE(ParseZipDirectory(bytes + offset, size, &entries, &error)) << error;
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].name, "eventlog_v2_a/events_1_a");
  EXPECT_EQ(entries[0].method, 8);
  EXPECT_EQ(entries[0].size, 2 * log.size());
  uint64_t data_offset = 0;
  ASSERT_TRUE(ZipDataOffset(bytes + entries[1].local_header_offset, entries[1], &data_offset));
  std::string padded = zip.substr(data_offset, entries[1].compressed_size);
  padded.append(kReadPadding, '\0');
  InflateDecompressor inflater(InflateDecompressor::Framing::kRawDeflate);
  StringSink sink;
  inflater.Push(reinterpret_cast<const uint8_t*>(padded.data()), entries[1].compressed_size, sink);
  EXPECT_EQ(inflater.Finish(sink), DecodeStatus::kEnd);
  EXPECT_EQ(sink.text, log);
}

TEST(ZipDirectory, ATextFileIsNotAZip) {
  const std::string text(300, 'x');
  uint64_t offset = 0, size = 0;
  std::string error;
  EXPECT_FALSE(FindZipDirectory(reinterpret_cast<const uint8_t*>(text.data()), text.size(),
                                text.size(), &offset, &size, &error));
  EXPECT_FALSE(error.empty());
}

}  // namespace zip_directory_test
}  // namespace afterglow
