// Native loading: a PATH that is one log file or a History Server log directory, read in 16 MB
// chunks (with kReadPadding slack) and fed to a Session. The browser does the same through wasm/.
#pragma once

#include <string>
#include <vector>

#include "core/session.h"

namespace afterglow {

inline constexpr size_t kReadChunkBytes = 16u << 20;

// The log files under `path` as the History Server's directory scan sees them (fact 1): a plain
// file is itself; a directory gives its top-level regular files whose names do not start with
// '.' and that are not empty, sorted by name. Rolling `eventlog_v2_*` directories are not read
// yet (issue 3). Returns false with `error` set when `path` cannot be read.
bool ListLogFiles(const std::string& path, std::vector<std::string>* files, std::string* error);

// Streams one file into `session` (BeginFile .. EndFile). A read failure is a LoadProblem.
void LoadFile(Session& session, const std::string& file);

// ListLogFiles + LoadFile for each.
bool LoadPath(Session& session, const std::string& path, std::string* error);

}  // namespace afterglow
