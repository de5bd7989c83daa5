#include "core/load/load_path.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "core/base/read_padding.h"
#include "core/ingest/zip_directory.h"
#include "core/load/file_stream.h"
#include "core/load/zip_entry_reader.h"

namespace afterglow {

namespace fs = std::filesystem;

namespace {

using File = std::unique_ptr<FILE, int (*)(FILE*)>;

File Open(const std::string& path) { return File(std::fopen(path.c_str(), "rb"), &std::fclose); }

bool IsZipName(const std::string& path) {
  return path.size() > 4 && path.compare(path.size() - 4, 4, ".zip") == 0;
}

bool ReadExactly(FILE* in, uint64_t offset, size_t size, std::vector<uint8_t>* out) {
  out->assign(size, 0);
  return std::fseek(in, static_cast<long>(offset), SEEK_SET) == 0 &&
         std::fread(out->data(), 1, size, in) == size;
}

// Streams `file` into the session's current file or part; a file that cannot be opened, fails a
// read or is cut shorter while read is a problem, at the byte where reading stopped.
void StreamPart(Session& session, const std::string& file) {
  const FileStreamResult result =
      StreamFile(file, [&](const uint8_t* data, size_t size) { session.PushBytes(data, size); });
  std::string problem = result.Problem();
  if (!problem.empty()) session.AddProblem({file, 0, result.bytes_read, std::move(problem)});
}

void StreamZipEntry(Session& session, FILE* zip, const std::string& shown_name,
                    const ZipEntry& entry) {
  std::vector<uint8_t> header;
  uint64_t data_offset = 0;
  if (!ReadExactly(zip, entry.local_header_offset, kZipLocalHeaderSize, &header) ||
      !ZipDataOffset(header.data(), entry, &data_offset)) {
    session.AddProblem({shown_name, 0, entry.local_header_offset, "zip: bad local header"});
    return;
  }
  if (auto why_not = ZipEntryReader::Unsupported(entry)) {
    session.AddProblem({shown_name, 0, 0, *why_not});
    return;
  }
  ZipEntryReader reader(entry, &session);
  ReadFileRange(zip, data_offset, entry.compressed_size,
                [&](const uint8_t* data, size_t size) { reader.Push(data, size); });
  if (auto problem = reader.Finish(shown_name)) session.AddProblem(std::move(*problem));
}

void LoadZip(Session& session, const std::string& zip_path) {
  File in = Open(zip_path);
  std::error_code ec;
  const uint64_t file_size = fs::file_size(zip_path, ec);
  std::vector<uint8_t> tail, directory;
  uint64_t directory_offset = 0, directory_size = 0;
  std::vector<ZipEntry> entries;
  std::string error;
  const uint64_t tail_size = ZipTailSize(ec ? 0 : file_size);
  if (!in || ec || !ReadExactly(in.get(), file_size - tail_size, tail_size, &tail) ||
      !FindZipDirectory(tail.data(), tail.size(), file_size, &directory_offset, &directory_size,
                        &error) ||
      !ReadExactly(in.get(), directory_offset, directory_size, &directory) ||
      !ParseZipDirectory(directory.data(), directory.size(), &entries, &error)) {
    session.AddProblem({zip_path, 0, 0, error.empty() ? "cannot be read as a zip" : error});
    return;
  }
  std::vector<LayoutFile> files;
  for (const ZipEntry& e : entries) {
    if (!e.name.empty() && e.name.back() != '/') files.push_back({e.name, e.size});
  }
  auto entry_of = [&](const std::string& name) -> const ZipEntry* {
    for (const ZipEntry& e : entries) {
      if (e.name == name) return &e;
    }
    return nullptr;
  };
  const std::string prefix = zip_path + "/";
  for (const LogSource& log : FindLogs(files, "")) {
    const bool single = log.layout == LogLayout::kSingleFile;
    if (!single) {
      session.BeginLog(prefix + log.name, log.in_progress);
      if (!log.problem.empty()) session.AddProblem({prefix + log.name, 0, 0, log.problem});
    }
    for (const LayoutFile& part : log.parts) {
      const std::string shown = prefix + part.path;
      if (single) {
        session.BeginFile(shown, part.size);
      } else {
        session.BeginPart(shown, part.size, log.codec);
      }
      StreamZipEntry(session, in.get(), shown, *entry_of(part.path));
    }
    session.EndFile();
  }
}

}  // namespace

bool ListLogs(const std::string& path, std::vector<LogSource>* logs, std::string* error) {
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec || !fs::exists(status)) {
    *error = "cannot read " + path + ": no such file or directory";
    return false;
  }
  if (!fs::is_directory(status)) {
    LogSource log;
    log.name = path;
    log.parts.push_back({path, fs::file_size(path, ec)});
    logs->push_back(std::move(log));
    return true;
  }
  // The folder's files and its sub-folders' files, relative to it (log_layout.h looks no deeper).
  std::vector<LayoutFile> files;
  auto add_regular = [&](const fs::directory_entry& entry, const std::string& relative) {
    std::error_code entry_ec;
    if (!entry.is_regular_file(entry_ec)) return;
    files.push_back({relative, entry.file_size(entry_ec)});
  };
  for (const fs::directory_entry& entry : fs::directory_iterator(path, ec)) {
    const std::string name = entry.path().filename().string();
    std::error_code entry_ec;
    if (entry.is_directory(entry_ec)) {
      for (const fs::directory_entry& inner : fs::directory_iterator(entry.path(), entry_ec)) {
        add_regular(inner, name + "/" + inner.path().filename().string());
      }
    } else {
      add_regular(entry, name);
    }
  }
  if (ec) {
    *error = "cannot list " + path + ": " + ec.message();
    return false;
  }
  const fs::path root(path);
  for (LogSource log : FindLogs(files, root.string())) {
    if (log.name != root.string()) log.name = (root / log.name).string();
    for (LayoutFile& part : log.parts) part.path = (root / part.path).string();
    logs->push_back(std::move(log));
  }
  return true;
}

void LoadFile(Session& session, const std::string& file) {
  std::error_code ec;
  const uint64_t size = fs::file_size(file, ec);
  session.BeginFile(file, ec ? 0 : size);
  StreamPart(session, file);
  session.EndFile();
}

void LoadLog(Session& session, const LogSource& log) {
  if (log.layout == LogLayout::kSingleFile) {
    if (IsZipName(log.parts.front().path)) return LoadZip(session, log.parts.front().path);
    return LoadFile(session, log.parts.front().path);
  }
  session.BeginLog(log.name, log.in_progress);
  if (!log.problem.empty()) session.AddProblem({log.name, 0, 0, log.problem});
  for (const LayoutFile& part : log.parts) {
    session.BeginPart(part.path, part.size, log.codec);
    StreamPart(session, part.path);
  }
  session.EndFile();
}

bool LoadPath(Session& session, const std::string& path, std::string* error) {
  std::vector<LogSource> logs;
  if (!ListLogs(path, &logs, error)) return false;
  for (const LogSource& log : logs) LoadLog(session, log);
  return true;
}

}  // namespace afterglow
