// Native loading: a PATH that is one log file, a History Server download zip, one log stored as
// a folder (rolling `eventlog_v2_*`, Databricks rolled parts, Spark 1.x), or a History Server log
// directory holding any of these. Files are streamed by file_stream.h (read in chunks) and
// fed to a Session; each log, however many files it spans, builds one model. The browser does
// the same through wasm/, with the same layout rules (log_layout.h) and zip reader
// (core/ingest/zip_directory.h).
#pragma once

#include <string>
#include <vector>

#include "core/load/log_layout.h"
#include "core/session.h"

namespace afterglow {

inline constexpr size_t kReadChunkBytes = 16u << 20;

// The logs under `path` (log_layout.h's rules; part paths are full paths). A `.zip` file, alone
// or in the directory, is one log entry of layout kSingleFile whose name ends in ".zip": LoadLog
// opens it. Returns false with `error` set when `path` cannot be read.
bool ListLogs(const std::string& path, std::vector<LogSource>* logs, std::string* error);

// Streams one file into `session` (BeginFile .. EndFile). A read failure is a LoadProblem.
void LoadFile(Session& session, const std::string& file);

// Streams one log: a single file, a multi-part log (BeginLog, BeginPart per part, EndFile), or
// a zip (every log in it; entries are named "<zip>/<entry>").
void LoadLog(Session& session, const LogSource& log);

// ListLogs + LoadLog for each.
bool LoadPath(Session& session, const std::string& path, std::string* error);

}  // namespace afterglow
