#include "core/load/load_path.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "core/base/read_padding.h"

namespace afterglow {

namespace fs = std::filesystem;

bool ListLogFiles(const std::string& path, std::vector<std::string>* files, std::string* error) {
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec || !fs::exists(status)) {
    *error = "cannot read " + path + ": no such file or directory";
    return false;
  }
  if (!fs::is_directory(status)) {
    files->push_back(path);
    return true;
  }
  std::vector<std::string> found;
  for (const fs::directory_entry& entry : fs::directory_iterator(path, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    std::error_code entry_ec;
    if (!entry.is_regular_file(entry_ec)) continue;  // eventlog_v2_ folders: issue 3
    if (entry.file_size(entry_ec) == 0) continue;
    found.push_back(entry.path().string());
  }
  if (ec) {
    *error = "cannot list " + path + ": " + ec.message();
    return false;
  }
  std::sort(found.begin(), found.end());
  files->insert(files->end(), found.begin(), found.end());
  return true;
}

void LoadFile(Session& session, const std::string& file) {
  std::error_code ec;
  const uint64_t size = fs::file_size(file, ec);
  session.BeginFile(file, ec ? 0 : size);
  std::unique_ptr<FILE, int (*)(FILE*)> in(std::fopen(file.c_str(), "rb"), &std::fclose);
  if (in) {
    std::vector<uint8_t> buffer(kReadChunkBytes + kReadPadding);
    for (;;) {
      const size_t got = std::fread(buffer.data(), 1, kReadChunkBytes, in.get());
      if (got > 0) session.PushBytes(buffer.data(), got);
      if (got < kReadChunkBytes) break;
    }
  }
  session.EndFile();
}

bool LoadPath(Session& session, const std::string& path, std::string* error) {
  std::vector<std::string> files;
  if (!ListLogFiles(path, &files, error)) return false;
  for (const std::string& file : files) LoadFile(session, file);
  return true;
}

}  // namespace afterglow
