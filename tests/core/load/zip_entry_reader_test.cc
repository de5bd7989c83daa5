#include "core/load/zip_entry_reader.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <string>
#include <vector>

#include "core/base/read_padding.h"

namespace afterglow {
namespace zip_entry_reader_test {

const std::string kLog =
    R"({"Event":"SparkListenerApplicationStart","App Name":"zip","App ID":"app-zip",)"
    R"("Timestamp":1000,"User":"u"})"
    "\n"
    R"({"Event":"SparkListenerApplicationEnd","Timestamp":2000})"
    "\n";

std::string RawDeflate(const std::string& text) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out(deflateBound(&z, text.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

ZipEntry EntryFor(const std::string& content, const std::string& stored, uint16_t method) {
  ZipEntry entry;
  entry.name = "app-zip";
  entry.method = method;
  entry.size = content.size();
  entry.compressed_size = stored.size();
  entry.crc32 = static_cast<uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(content.data()), static_cast<uInt>(content.size())));
  return entry;
}

// Streams `stored` (the entry's bytes as in the zip) in chunks of `chunk` bytes into a session.
std::optional<LoadProblem> ReadEntry(Session& session, const ZipEntry& entry,
                                     const std::string& stored, size_t chunk) {
  session.BeginFile("logs.zip/app-zip", entry.size);
  ZipEntryReader reader(entry, &session);
  for (size_t pos = 0; pos < stored.size(); pos += chunk) {
    const size_t n = std::min(chunk, stored.size() - pos);
    std::vector<uint8_t> buffer(stored.begin() + pos, stored.begin() + pos + n);
    buffer.resize(n + kReadPadding);
    reader.Push(buffer.data(), n);
  }
  auto problem = reader.Finish("logs.zip/app-zip");
  session.EndFile();
  return problem;
}

TEST(ZipEntryReader, DeflatedAndStoredEntriesReadWholeWithTheirCrcChecked) {
  const std::string deflated = RawDeflate(kLog);
  for (size_t chunk : {1u, 7u, 4096u}) {
    Session deflated_session, stored_session;
    EXPECT_FALSE(ReadEntry(deflated_session, EntryFor(kLog, deflated, 8), deflated, chunk));
    EXPECT_FALSE(ReadEntry(stored_session, EntryFor(kLog, kLog, 0), kLog, chunk));
    for (Session* session : {&deflated_session, &stored_session}) {
      ASSERT_EQ(session->Summaries().size(), 1u);
      EXPECT_EQ(session->Summaries()[0].app_id, "app-zip");
      EXPECT_TRUE(session->Summaries()[0].completed);
    }
  }
}

TEST(ZipEntryReader, AFlippedByteInAStoredEntryIsCaughtByTheCrc) {
  std::string damaged = kLog;
  damaged[30] ^= 0x01;  // inside "App Name": still valid JSON, so only the CRC can tell
  Session session;
  auto problem = ReadEntry(session, EntryFor(kLog, kLog, 0), damaged, 16);
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(problem->file, "logs.zip/app-zip");
  EXPECT_NE(problem->cause.find("CRC-32"), std::string::npos) << problem->cause;
}

TEST(ZipEntryReader, DamagedOrCutDeflateIsAProblemUnlessTheContentIsIntact) {
  const std::string deflated = RawDeflate(kLog);
  for (size_t at = 0; at < deflated.size(); ++at) {
    std::string damaged = deflated;
    damaged[at] ^= 0x40;
    Session session;
    if (ReadEntry(session, EntryFor(kLog, deflated, 8), damaged, 5).has_value()) continue;
    // Unnoticed only where the flip cannot change the content (e.g. the unused bits after the
    // last deflate block): then the CRC matched and the log read is the original.
    ASSERT_EQ(session.Summaries().size(), 1u) << "flipped byte " << at;
    EXPECT_EQ(session.Summaries()[0].name, "zip") << "flipped byte " << at;
    EXPECT_TRUE(session.Summaries()[0].completed) << "flipped byte " << at;
  }
  Session session;
  const std::string cut = deflated.substr(0, deflated.size() / 2);
  auto problem = ReadEntry(session, EntryFor(kLog, deflated, 8), cut, 3);
  ASSERT_TRUE(problem.has_value());
}

TEST(ZipEntryReader, OnlyStoredAndDeflatedAreSupported) {
  ZipEntry bzip2;
  bzip2.method = 12;
  ASSERT_TRUE(ZipEntryReader::Unsupported(bzip2).has_value());
  EXPECT_EQ(*ZipEntryReader::Unsupported(bzip2),
            "zip: compression method 12 is not supported (only stored and deflated)");
  bzip2.method = 8;
  EXPECT_FALSE(ZipEntryReader::Unsupported(bzip2).has_value());
}

}  // namespace zip_entry_reader_test
}  // namespace afterglow
