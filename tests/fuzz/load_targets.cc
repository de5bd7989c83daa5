// Targets for the loaders: a zip (the History Server's download) read through the native loader,
// and the folder layouts' rules (rolling, Databricks, Spark 1.x) over any listing of names.
#include <unistd.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "core/load/load_path.h"
#include "core/load/log_layout.h"
#include "core/session.h"
#include "tests/core/ingest/codec_writers.h"
#include "tests/fuzz/fuzz_inputs.h"
#include "tests/fuzz/fuzz_target.h"

namespace afterglow::fuzz {
namespace load_targets {

// A file in memory-backed /dev/shm, named once per process.
std::string ScratchZipPath() {
  static const std::string path = "/dev/shm/afterglow-fuzz-" + std::to_string(getpid()) + ".zip";
  return path;
}

}  // namespace load_targets

// The input is the zip file: its directory, the layout of its entries, each entry's inflation
// and CRC check, and the logs they hold, through LoadPath as `afterglow` reads a download.
void FuzzZip(const uint8_t* data, size_t size) {
  const std::string path = load_targets::ScratchZipPath();
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (!file) Fail("cannot write the scratch zip");
  std::fwrite(data, 1, size, file);
  std::fclose(file);
  Session session;
  std::string error;
  LoadPath(session, path, &error);
  for (const auto& summary : session.Summaries()) {
    session.Api("/api/v1/applications/" + summary.app_id + "/jobs");
  }
  std::remove(path.c_str());
}
void SeedZip(SeedWriter& out) {
  const auto logs = SmallLogs(out);
  if (logs.empty()) return;
  const std::string& a = logs[0].second;
  const std::string& b = logs.back().second;
  out.Write("one-log", testing::JavaStyleZip({{logs[0].first, a}}));
  out.Write("rolling", testing::JavaStyleZip({{"eventlog_v2_a/events_1_a", a.substr(0, a.size() / 2)},
                                              {"eventlog_v2_a/events_2_a", a.substr(a.size() / 2)},
                                              {"eventlog_v2_a/appstatus_a", ""}}));
  out.Write("two-logs", testing::JavaStyleZip({{"x", a}, {"y", b.substr(0, 4096)}}));
}

// The input is a listing: one "path size" per line.
void FuzzLayout(const uint8_t* data, size_t size) {
  std::vector<LayoutFile> files;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  for (std::string line; std::getline(in, line);) {
    const size_t space = line.rfind(' ');
    LayoutFile file{line.substr(0, space), 0};
    if (space != std::string::npos) file.size = std::strtoull(line.c_str() + space + 1, nullptr, 10);
    files.push_back(std::move(file));
  }
  for (const LogSource& log : FindLogs(files, "root")) {
    for (const LayoutFile& part : log.parts) {
      bool listed = false;
      for (const LayoutFile& file : files) listed = listed || file.path == part.path;
      if (!listed) Fail("a log part that is not in the listing");
    }
  }
  LogSource folder;
  LogOfFolder(files, "root", &folder);
}
void SeedLayout(SeedWriter& out) {
  out.Write("rolling",
            "eventlog_v2_app-1/events_1_app-1.zstd 100\neventlog_v2_app-1/events_2_app-1.zstd 50\n"
            "eventlog_v2_app-1/events_1_app-1.compact 10\neventlog_v2_app-1/appstatus_app-1.inprogress 0\n");
  out.Write("databricks", "eventlog-2024-01-02--03-04.gz 10\neventlog-2024-01-02--04-04 10\neventlog 5\n");
  out.Write("spark1", "EVENT_LOG_1 100\nSPARK_VERSION_1.2.0 0\nCOMPRESSION_CODEC_lzf 0\n"
                      "APPLICATION_COMPLETE 0\n");
  out.Write("mixed", "local-1 5\n.hidden 3\nsub/eventlog 4\nsub/eventlog-2024-01-02--03-04 9\n"
                     "app.zstd.inprogress 7\nempty 0\n");
}

}  // namespace afterglow::fuzz
