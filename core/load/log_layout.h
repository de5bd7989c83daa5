// Which event logs a set of files holds, by the files' names alone: the History Server's rules
// for a log directory (docs/SPARK-SEMANTICS.md §1), plus the layouts users also have. Pure: the
// native loader (load_path) and the page's folder and zip drops both list names and sizes, and read
// the files in the order given here.
//
//   single file          any top-level file not starting with '.', not empty
//   rolling folder       `eventlog_v2_<appId>/` with `events_<N>_<appId>[.codec]` parts and an
//                        `appstatus_<appId>[.inprogress]` marker: parts by N, from the last
//                        `.compact` part; in progress iff the marker ends in `.inprogress`
//   Databricks folder    `eventlog-<yyyy-mm-dd--hh-mm>[.gz]` rolled parts in time order, then the
//                        live `eventlog`
//   Spark 1.x folder     `EVENT_LOG_<N>` with `SPARK_VERSION_<v>`, `COMPRESSION_CODEC_<codec>` and
//                        `APPLICATION_COMPLETE` markers; in progress iff that marker is missing
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace afterglow {

struct LayoutFile {
  std::string path;  // '/'-separated, relative to the folder (or zip) being listed
  uint64_t size = 0;
};

enum class LogLayout : uint8_t { kSingleFile, kRolling, kDatabricks, kSpark1 };

struct LogSource {
  LogLayout layout = LogLayout::kSingleFile;
  std::string name;                // the file, or the folder holding the parts ("" = the root)
  std::vector<LayoutFile> parts;   // in reading order; one for a single file
  bool in_progress = false;        // multi-part logs: from the folder's marker
  std::string codec;               // Spark 1.x: the COMPRESSION_CODEC_ marker's value, else ""
  std::string problem;             // a layout defect worth telling (e.g. missing rolling parts)
};

// The logs among `files` (paths relative to one folder, with at most one '/' level looked at).
// When the folder itself is a rolling, Databricks or Spark 1.x folder, that is the one log and
// its name is `root_name`. Otherwise every top-level file is a log and every sub-folder that is
// one of those layouts is a log; other sub-folders are skipped, as the History Server skips them.
// Logs come sorted by name.
std::vector<LogSource> FindLogs(const std::vector<LayoutFile>& files, const std::string& root_name);

// The log `files` form when they are one folder's content, or false.
bool LogOfFolder(const std::vector<LayoutFile>& files, const std::string& folder_name,
                 LogSource* log);

}  // namespace afterglow
