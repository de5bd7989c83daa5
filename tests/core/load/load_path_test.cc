// Loading real layouts from the corpus: one rolling log, stored three ways, is one application
// with the same answers each way.
#include "core/load/load_path.h"

#include <gtest/gtest.h>
#include <zstd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace afterglow {
namespace load_path_test {

namespace fs = std::filesystem;

const std::string kQualification =
    std::string(AFTERGLOW_CORPUS_DIR) + "/rapids-tools/qualification";

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string Unzstd(const std::string& compressed) {
  std::string out;
  ZSTD_DStream* stream = ZSTD_createDStream();
  ZSTD_inBuffer in{compressed.data(), compressed.size(), 0};
  std::string buffer(1 << 20, '\0');
  while (in.pos < in.size) {
    ZSTD_outBuffer o{buffer.data(), buffer.size(), 0};
    if (ZSTD_isError(ZSTD_decompressStream(stream, &o, &in))) break;
    out.append(buffer.data(), o.pos);
  }
  ZSTD_freeDStream(stream);
  return out;
}

std::string Answer(const std::string& path, const std::string& api) {
  Session session;
  std::string error;
  EXPECT_TRUE(LoadPath(session, path, &error)) << error;
  EXPECT_TRUE(session.problems().empty()) << path << ": " << session.problems().front().cause;
  return session.Api(api).body;
}

TEST(LoadPath, RollingDatabricksAndConcatenatedLogsGiveTheSameAnswers) {
  const std::string rolling = kQualification + "/eventlog_v2_local-1623876083964";
  if (!fs::exists(rolling)) GTEST_SKIP() << "corpus missing: " << rolling;
  const fs::path dir = fs::temp_directory_path() / "afterglow-load-path-test";
  fs::create_directories(dir);
  const std::string concatenated = (dir / "local-1623876083964").string();
  {
    std::ofstream out(concatenated, std::ios::binary);
    out << Unzstd(ReadFile(rolling + "/events_1_local-1623876083964.zstd"))
        << Unzstd(ReadFile(rolling + "/events_2_local-1623876083964.zstd"));
  }
  for (const std::string api : {"/api/v1/applications/local-1623876083964/jobs",
                                "/api/v1/applications/local-1623876083964/stages"}) {
    const std::string expected = Answer(concatenated, api);
    EXPECT_GT(expected.size(), 100u);
    EXPECT_EQ(Answer(rolling, api), expected) << api;
    EXPECT_EQ(Answer(kQualification + "/db_sim_eventlog", api), expected) << api;
  }
  Session session;
  std::string error;
  ASSERT_TRUE(LoadPath(session, rolling, &error));
  ASSERT_EQ(session.Summaries().size(), 1u);  // two parts, one model
  EXPECT_TRUE(session.Summaries()[0].completed);
  fs::remove_all(dir);
}

}  // namespace load_path_test
}  // namespace afterglow
