// What a Session holds: one string pool shared by all logs, and one attempt model per log file
// (in load order). Faces read the models through Session::model(), models() and strings(), never
// through this header. The ingest objects of the file being loaded live here too, between
// BeginFile and EndFile.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/base/string_pool.h"
#include "core/decode/event_decoder.h"
#include "core/ingest/log_stream.h"
#include "core/listen/app_status_listener.h"
#include "core/listen/listing_listener.h"
#include "core/listen/sql_listener.h"
#include "core/listen/thrift_server_listener.h"
#include "core/model/app_model.h"
#include "core/session.h"

namespace afterglow {

// Counters of one loaded file, for summaries and the page's problem list.
struct FileLoadStats {
  std::string file_name;
  LoadCounters counters;
};

struct Session::Impl {
  StringPool pool;
  // One model per log file; unique_ptr keeps each model at a fixed address for the API views.
  std::vector<std::unique_ptr<AttemptModel>> attempts;
  std::vector<FileLoadStats> file_stats;  // parallel to attempts
  std::vector<LoadProblem> problems;
  uint64_t bytes_read = 0;

  // The file being loaded (null between files).
  struct Loading {
    std::unique_ptr<AppStatusListener> listener;
    std::unique_ptr<SqlListener> sql_listener;  // SQL executions and streaming (a 2nd listener)
    std::unique_ptr<ThriftServerListener> thrift_listener;  // the JDBC/ODBC server's sessions
    std::unique_ptr<ListingListener> listing;   // the History Server's listing (model->listing)
    std::unique_ptr<EventDecoder> decoder;
    std::unique_ptr<LogStream> stream;
    uint64_t part_start_bytes = 0;  // bytes_read when the current file or part began
    // Set by BeginLog/BeginPart only: a log stored as several files.
    std::string part_name;         // the part being read, named in its problems
    bool log_in_progress = false;  // from the log folder's marker
    // How many of decoder->bad_lines() are in problems already, each under its own part.
    size_t bad_lines_reported = 0;
  };
  Loading loading;

  // Read-only views for faces.
  const std::vector<std::unique_ptr<AttemptModel>>& models() const { return attempts; }
  const StringPool& strings() const { return pool; }
};

}  // namespace afterglow
