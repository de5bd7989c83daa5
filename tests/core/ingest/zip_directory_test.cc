#include "core/ingest/zip_directory.h"

#include <gtest/gtest.h>

#include <string>

#include "core/base/read_padding.h"
#include "core/ingest/inflate_decompressor.h"
#include "tests/core/ingest/codec_writers.h"

namespace afterglow {
namespace zip_directory_test {

using testing::JavaStyleZip;

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
