// The exported functions for opening folders, several files and History Server zips: the page
// lists names and sizes, the engine answers with a plan (core/load/log_layout.h decides, exactly as
// the native loader does), and the page streams the planned parts with File.slice:
//   folder / files:  ag_plan_logs(listing) -> logs; for each log ag_log_begin when it has several
//                    parts, ag_part_begin (or ag_file_begin) per part, ag_file_push per slice,
//                    ag_file_end per log
//   zip:             ag_zip_tail_size; the tail into the chunk buffer, ag_zip_find_directory; the
//                    directory into the chunk buffer, ag_zip_plan -> logs of entries; per entry its
//                    30-byte local header into the chunk buffer, ag_zip_entry_begin -> data offset,
//                    ag_file_push per slice of the entry's compressed bytes, ag_zip_entry_end
// Plans are JSON: [{"name","multi","inProgress","codec","problem","parts":[{...}]}], parts in
// reading order. Returned strings stay valid until the next call of the same function.
#include <emscripten/emscripten.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/base/json_escape.h"
#include "core/load/log_layout.h"
#include "wasm/page.h"

namespace afterglow::wasm {
namespace {

void AppendNumber(std::string& out, uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(value));
  out += text;
}

// One log of the plan; `append_part(out, part)` writes the fields that say where a part's bytes are.
template <typename AppendPart>
void AppendLog(std::string& out, const LogSource& log, AppendPart append_part) {
  out += "{\"name\":";
  AppendJsonString(log.name, out);
  out += log.layout == LogLayout::kSingleFile ? ",\"multi\":false" : ",\"multi\":true";
  out += log.in_progress ? ",\"inProgress\":true" : ",\"inProgress\":false";
  out += ",\"codec\":";
  AppendJsonString(log.codec, out);
  out += ",\"problem\":";
  AppendJsonString(log.problem, out);
  out += ",\"parts\":[";
  for (size_t i = 0; i < log.parts.size(); ++i) {
    if (i > 0) out += ',';
    out += "{\"path\":";
    AppendJsonString(log.parts[i].path, out);
    out += ",\"size\":";
    AppendNumber(out, log.parts[i].size);
    append_part(out, log.parts[i]);
    out += '}';
  }
  out += "]}";
}

}  // namespace

void PushChunk(Page& page, uint32_t offset, uint32_t size) {
  if (page.entry_reader) {
    page.entry_reader->Push(page.chunk.data() + offset, size);
  } else {
    page.session->PushBytes(page.chunk.data() + offset, size);
  }
}

}  // namespace afterglow::wasm

using afterglow::AppendJsonString;
using afterglow::LayoutFile;
using afterglow::LogSource;
using afterglow::ZipEntry;
using afterglow::wasm::Page;
using afterglow::wasm::ThePage;

extern "C" {

// `listing`: one line per file, "<size>\t<path>", paths '/'-separated and relative to the folder
// named `root_name` ("" when the files are not one folder's content). Each part in the plan has
// "file": its line's index in the listing.
EMSCRIPTEN_KEEPALIVE const char* ag_plan_logs(const char* listing, const char* root_name) {
  static std::string json;
  std::vector<LayoutFile> files;
  std::unordered_map<std::string, size_t> index_of;
  for (const char* line = listing; *line != '\0';) {
    const char* end = line;
    while (*end != '\0' && *end != '\n') ++end;
    const char* tab = line;
    while (tab < end && *tab != '\t') ++tab;
    if (tab < end) {
      LayoutFile file{std::string(tab + 1, end), std::strtoull(line, nullptr, 10)};
      index_of.emplace(file.path, index_of.size());
      files.push_back(std::move(file));
    }
    line = *end == '\n' ? end + 1 : end;
  }
  json = "[";
  bool first = true;
  for (const LogSource& log : afterglow::FindLogs(files, root_name)) {
    if (!first) json += ',';
    first = false;
    afterglow::wasm::AppendLog(json, log, [&](std::string& out, const LayoutFile& part) {
      out += ",\"file\":";
      afterglow::wasm::AppendNumber(out, index_of.at(part.path));
    });
  }
  json += "]";
  return json.c_str();
}

// Starts one log stored as several files (Session::BeginLog).
EMSCRIPTEN_KEEPALIVE void ag_log_begin(const char* log_name, int in_progress, const char* problem) {
  ThePage().RequestRedraw();
  Page& page = ThePage();
  if (!page.session) return;
  page.session->BeginLog(log_name, in_progress != 0);
  if (*problem != '\0') page.session->AddProblem({log_name, 0, 0, problem});
}

// Starts the next part of the log begun by ag_log_begin (Session::BeginPart).
EMSCRIPTEN_KEEPALIVE void ag_part_begin(const char* part_name, double size_bytes,
                                        const char* codec) {
  ThePage().RequestRedraw();
  Page& page = ThePage();
  if (!page.session) return;
  page.state.progress.current_file = part_name;
  page.session->BeginPart(part_name, static_cast<uint64_t>(size_bytes), codec);
}

// A problem found by the page itself (a file it could not read): kept with the others.
EMSCRIPTEN_KEEPALIVE void ag_add_problem(const char* file, double offset, const char* cause) {
  Page& page = ThePage();
  if (page.session) page.session->AddProblem({file, 0, static_cast<uint64_t>(offset), cause});
}

// How many bytes from a zip's end the page reads for ag_zip_find_directory.
EMSCRIPTEN_KEEPALIVE double ag_zip_tail_size(double file_size) {
  return static_cast<double>(afterglow::ZipTailSize(static_cast<uint64_t>(file_size)));
}

// The tail (`tail_size` bytes in the chunk buffer) of a zip of `file_size` bytes:
// {"offset","size"} of its central directory, or {"error"}.
EMSCRIPTEN_KEEPALIVE const char* ag_zip_find_directory(uint32_t tail_size, double file_size) {
  static std::string json;
  Page& page = ThePage();
  uint64_t offset = 0, size = 0;
  std::string error;
  if (tail_size > page.chunk.size() ||
      !afterglow::FindZipDirectory(page.chunk.data(), tail_size, static_cast<uint64_t>(file_size),
                                   &offset, &size, &error)) {
    json = "{\"error\":";
    AppendJsonString(error.empty() ? "cannot be read as a zip" : error, json);
    json += "}";
    return json.c_str();
  }
  json = "{\"offset\":";
  afterglow::wasm::AppendNumber(json, offset);
  json += ",\"size\":";
  afterglow::wasm::AppendNumber(json, size);
  json += "}";
  return json.c_str();
}

// The central directory (`directory_size` bytes in the chunk buffer): the logs the zip holds, as
// the native loader finds them. Parts carry "entry" (for ag_zip_entry_begin), "headerOffset" and
// "compressedSize". {"error"} when the directory cannot be parsed.
EMSCRIPTEN_KEEPALIVE const char* ag_zip_plan(uint32_t directory_size) {
  static std::string json;
  Page& page = ThePage();
  std::string error;
  page.zip_entries.clear();
  if (directory_size > page.chunk.size() ||
      !afterglow::ParseZipDirectory(page.chunk.data(), directory_size, &page.zip_entries, &error)) {
    json = "{\"error\":";
    AppendJsonString(error.empty() ? "cannot be read as a zip" : error, json);
    json += "}";
    return json.c_str();
  }
  std::vector<LayoutFile> files;
  std::unordered_map<std::string, size_t> index_of;
  for (size_t i = 0; i < page.zip_entries.size(); ++i) {
    const ZipEntry& entry = page.zip_entries[i];
    if (entry.name.empty() || entry.name.back() == '/') continue;
    files.push_back({entry.name, entry.size});
    index_of.emplace(entry.name, i);
  }
  json = "[";
  bool first = true;
  for (const LogSource& log : afterglow::FindLogs(files, "")) {
    if (!first) json += ',';
    first = false;
    afterglow::wasm::AppendLog(json, log, [&](std::string& out, const LayoutFile& part) {
      const size_t index = index_of.at(part.path);
      const ZipEntry& entry = page.zip_entries[index];
      out += ",\"entry\":";
      afterglow::wasm::AppendNumber(out, index);
      out += ",\"headerOffset\":";
      afterglow::wasm::AppendNumber(out, entry.local_header_offset);
      out += ",\"compressedSize\":";
      afterglow::wasm::AppendNumber(out, entry.compressed_size);
    });
  }
  json += "]";
  return json.c_str();
}

// Starts streaming zip entry `entry` into the file or part the page has begun, named `shown_name`.
// The chunk buffer holds the entry's kZipLocalHeaderSize-byte local header. Returns the offset of
// the entry's data in the zip, or -1 (with a problem recorded) when it cannot be read.
EMSCRIPTEN_KEEPALIVE double ag_zip_entry_begin(uint32_t entry, const char* shown_name) {
  Page& page = ThePage();
  page.entry_reader.reset();
  page.entry_name = shown_name;
  if (!page.session || entry >= page.zip_entries.size()) return -1;
  const ZipEntry& zip_entry = page.zip_entries[entry];
  uint64_t data_offset = 0;
  if (page.chunk.size() < afterglow::kZipLocalHeaderSize ||
      !afterglow::ZipDataOffset(page.chunk.data(), zip_entry, &data_offset)) {
    page.session->AddProblem(
        {shown_name, 0, zip_entry.local_header_offset, "zip: bad local header"});
    return -1;
  }
  if (auto why_not = afterglow::ZipEntryReader::Unsupported(zip_entry)) {
    page.session->AddProblem({shown_name, 0, 0, *why_not});
    return -1;
  }
  page.entry_reader = std::make_unique<afterglow::ZipEntryReader>(zip_entry, page.session.get());
  return static_cast<double>(data_offset);
}

// Ends the zip entry: a deflate stream that failed or stopped short, or content whose CRC-32
// differs, is a problem naming the entry; what was read before it is kept.
EMSCRIPTEN_KEEPALIVE void ag_zip_entry_end() {
  Page& page = ThePage();
  if (page.entry_reader && page.session) {
    if (auto problem = page.entry_reader->Finish(page.entry_name)) {
      page.session->AddProblem(std::move(*problem));
    }
  }
  page.entry_reader.reset();
}

}  // extern "C"
