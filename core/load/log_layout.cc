#include "core/load/log_layout.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string_view>

namespace afterglow {
namespace {

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && s.substr(0, prefix.size()) == prefix;
}
bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}
std::string_view FileNameOf(std::string_view path) {
  const size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// The N of `<prefix><N>...`, or nothing when digits do not follow the prefix.
std::optional<uint64_t> IndexAfter(std::string_view name, std::string_view prefix) {
  if (!StartsWith(name, prefix)) return std::nullopt;
  uint64_t n = 0;
  size_t i = prefix.size();
  if (i >= name.size() || name[i] < '0' || name[i] > '9') return std::nullopt;
  for (; i < name.size() && name[i] >= '0' && name[i] <= '9'; ++i) n = n * 10 + (name[i] - '0');
  return n;
}

bool RollingLog(const std::vector<LayoutFile>& files, LogSource* log) {
  // ELR RollingEventLogFilesFileReader: events_<N>_ files by N, from the last .compact one.
  std::vector<std::pair<uint64_t, const LayoutFile*>> events;
  const LayoutFile* status = nullptr;
  for (const LayoutFile& f : files) {
    const std::string_view name = FileNameOf(f.path);
    if (StartsWith(name, "appstatus_")) status = &f;
    if (auto n = IndexAfter(name, "events_"); n && name.size() > 7 &&
                                              name.find('_', 7) != std::string_view::npos) {
      events.emplace_back(*n, &f);
    }
  }
  if (!status || events.empty()) return false;
  std::sort(events.begin(), events.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  size_t first = 0;
  for (size_t i = 0; i < events.size(); ++i) {
    if (EndsWith(FileNameOf(events[i].second->path), ".compact")) first = i;
  }
  log->layout = LogLayout::kRolling;
  log->in_progress = EndsWith(FileNameOf(status->path), ".inprogress");
  for (size_t i = first; i < events.size(); ++i) {
    if (i > first && events[i].first != events[i - 1].first + 1 && log->problem.empty()) {
      log->problem = "rolling log parts are not contiguous: events_" +
                     std::to_string(events[i - 1].first + 1) + "_ is missing";
    }
    log->parts.push_back(*events[i].second);
  }
  return true;
}

bool DatabricksLog(const std::vector<LayoutFile>& files, LogSource* log) {
  const LayoutFile* live = nullptr;
  std::vector<const LayoutFile*> rolled;
  for (const LayoutFile& f : files) {
    const std::string_view name = FileNameOf(f.path);
    if (name == "eventlog") {
      live = &f;
    } else if (StartsWith(name, "eventlog-") && name.size() > 9 && name[9] >= '0' &&
               name[9] <= '9') {
      rolled.push_back(&f);
    }
  }
  if (rolled.empty()) return false;
  // eventlog-<yyyy-mm-dd--hh-mm>: the name's order is the time order.
  std::sort(rolled.begin(), rolled.end(),
            [](const LayoutFile* a, const LayoutFile* b) { return a->path < b->path; });
  log->layout = LogLayout::kDatabricks;
  for (const LayoutFile* f : rolled) log->parts.push_back(*f);
  if (live) log->parts.push_back(*live);
  return true;
}

bool Spark1Log(const std::vector<LayoutFile>& files, LogSource* log) {
  std::vector<std::pair<uint64_t, const LayoutFile*>> events;
  bool complete = false;
  for (const LayoutFile& f : files) {
    const std::string_view name = FileNameOf(f.path);
    if (auto n = IndexAfter(name, "EVENT_LOG_")) events.emplace_back(*n, &f);
    if (name == "APPLICATION_COMPLETE") complete = true;
    if (StartsWith(name, "COMPRESSION_CODEC_")) log->codec = std::string(name.substr(18));
  }
  if (events.empty()) {
    log->codec.clear();
    return false;
  }
  std::sort(events.begin(), events.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  log->layout = LogLayout::kSpark1;
  log->in_progress = !complete;
  for (const auto& [n, f] : events) log->parts.push_back(*f);
  return true;
}

}  // namespace

bool LogOfFolder(const std::vector<LayoutFile>& files, const std::string& folder_name,
                 LogSource* log) {
  LogSource found;
  found.name = folder_name;
  if (RollingLog(files, &found) || DatabricksLog(files, &found) || Spark1Log(files, &found)) {
    *log = std::move(found);
    return true;
  }
  return false;
}

std::vector<LogSource> FindLogs(const std::vector<LayoutFile>& files, const std::string& root_name) {
  std::vector<LayoutFile> top;
  std::map<std::string, std::vector<LayoutFile>> folders;
  for (const LayoutFile& f : files) {
    const size_t slash = f.path.find('/');
    if (slash == std::string::npos) {
      top.push_back(f);
    } else if (f.path.find('/', slash + 1) == std::string::npos && slash + 1 < f.path.size()) {
      folders[f.path.substr(0, slash)].push_back(f);
    }
  }
  std::vector<LogSource> logs;
  LogSource root;
  if (LogOfFolder(top, root_name, &root)) {
    logs.push_back(std::move(root));
    return logs;
  }
  for (const LayoutFile& f : top) {
    const std::string_view name = FileNameOf(f.path);
    if (name.empty() || name[0] == '.' || f.size == 0) continue;  // FHP checkForLogs
    LogSource log;
    log.name = f.path;
    log.parts.push_back(f);
    logs.push_back(std::move(log));
  }
  for (const auto& [folder, content] : folders) {
    if (folder.empty() || folder[0] == '.') continue;
    LogSource log;
    if (LogOfFolder(content, folder, &log)) logs.push_back(std::move(log));
  }
  std::sort(logs.begin(), logs.end(),
            [](const LogSource& a, const LogSource& b) { return a.name < b.name; });
  return logs;
}

}  // namespace afterglow
