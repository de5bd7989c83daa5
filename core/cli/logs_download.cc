#include "core/cli/logs_download.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "core/api/api_request.h"
#include "core/base/stored_zip.h"
#include "core/model/app_model.h"
#include "core/query/application_index.h"

namespace afterglow::cli {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> Segments(const std::string& path) {
  std::vector<std::string> segments;
  const std::string without_query = path.substr(0, path.find('?'));
  size_t at = 0;
  while (at <= without_query.size()) {
    const size_t slash = without_query.find('/', at);
    const std::string segment =
        without_query.substr(at, slash == std::string::npos ? std::string::npos : slash - at);
    if (!segment.empty()) segments.push_back(segment);
    if (slash == std::string::npos) break;
    at = slash + 1;
  }
  return segments;
}

// Adds one attempt's log as the History Server's readers zip it: a single-file log as one member
// named by its file name; a log folder (rolling eventlog_v2_*, and the other multi-file layouts)
// as a directory member "<folder>/" followed by every file in it (EventLogFileReader
// zipEventLogFiles).
bool AddLog(StoredZipWriter& zip, const std::string& log_path, std::string* error) {
  const fs::path path(log_path);
  std::error_code ec;
  if (!fs::is_directory(path, ec)) {
    return zip.AddFile(path.filename().string(), log_path, error);
  }
  const std::string folder = path.filename().string() + "/";
  if (!zip.AddDirectory(folder, error)) return false;
  std::vector<fs::path> files;
  for (const fs::directory_entry& entry : fs::directory_iterator(path, ec)) {
    std::error_code entry_ec;
    if (entry.is_regular_file(entry_ec)) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    if (!zip.AddFile(folder + file.filename().string(), file.string(), error)) return false;
  }
  return true;
}

}  // namespace

std::optional<LogsRequest> ParseLogsPath(const std::string& api_path) {
  const std::vector<std::string> s = Segments(api_path);
  if (s.size() < 5 || s.size() > 6 || s[0] != "api" || s[1] != "v1" || s[2] != "applications" ||
      s.back() != "logs") {
    return std::nullopt;
  }
  LogsRequest request{s[3], std::nullopt};
  if (s.size() == 6) request.attempt_id = s[4];
  return request;
}

int DownloadLogs(const Session& session, const LogsRequest& request) {
  ApiData data;
  data.pool = &session.strings();
  data.attempts = session.models();
  // The UI must exist first (BaseAppResource.getEventLogs: withUI), for the exact attempt; a
  // request without one falls back to attempt "1" (for logs from before attempt ids) and then
  // still zips every attempt.
  const bool has_ui =
      FindAttemptUi(*data.pool, data.attempts, request.app_id, request.attempt_id) != nullptr ||
      (!request.attempt_id &&
       FindAttemptUi(*data.pool, data.attempts, request.app_id, std::string("1")) != nullptr);
  if (!has_ui) {
    // Without an attempt id the error is the fallback's, so it names attempt 1.
    const std::string key = request.app_id + "/" + request.attempt_id.value_or("1");
    std::fprintf(stderr, "404 no such app: %s\n", key.c_str());
    return 1;
  }
  // Every listed attempt of the app, or those whose listed attempt id is the one asked for
  // (FsHistoryProvider.writeEventLogs: attempts.filter(_.info.attemptId == Some(id))).
  std::vector<const AttemptModel*> attempts;
  for (const ApplicationEntry& app : BuildApplicationIndex(*data.pool, data.attempts)) {
    if (app.id != request.app_id) continue;
    for (const AttemptModel* attempt : app.attempts) {
      const OptString& id = attempt->listing.attempt_id;
      if (!request.attempt_id || (id.present && data.pool->Get(id.id) == *request.attempt_id)) {
        attempts.push_back(attempt);
      }
    }
  }
  StoredZipWriter zip(stdout);
  std::string error;
  for (const AttemptModel* attempt : attempts) {
    if (!AddLog(zip, attempt->file_name, &error)) {
      std::fprintf(stderr, "500 %s\n", error.c_str());
      return 1;
    }
  }
  if (!zip.Finish(&error)) {
    std::fprintf(stderr, "500 %s\n", error.c_str());
    return 1;
  }
  return 0;
}

}  // namespace afterglow::cli
