// `afterglow api PATH /api/v1/applications/<id>[/<attempt>]/logs`: the History Server answers
// these with a zip of the attempts' event log files (OAR getEventLogs, FsHistoryProvider
// writeEventLogs). Only the CLI knows the files on disk, so it answers them, writing the zip's
// bytes to stdout.
#pragma once

#include <optional>
#include <string>

#include "core/session.h"

namespace afterglow::cli {

// The app id and optional attempt id of a logs path, or nullopt for any other path.
struct LogsRequest {
  std::string app_id;
  std::optional<std::string> attempt_id;
};
std::optional<LogsRequest> ParseLogsPath(const std::string& api_path);

// Writes the zip to stdout and returns 0, or prints "404 no such app: ..." (or a write error) to
// stderr and returns 1.
int DownloadLogs(const Session& session, const LogsRequest& request);

}  // namespace afterglow::cli
