#include "core/cli/report_command.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/base/read_padding.h"
#include "core/load/load_path.h"
#include "core/share/share_job.h"

namespace afterglow::cli {

namespace {

namespace fs = std::filesystem;

constexpr const char* kReportUsage =
    "Usage: afterglow report PATH -o FILE [--redact] [--route ROUTE] [--viewer FILE]\n"
    "  Saves the logs at PATH inside a copy of the single-file viewer: FILE opens offline in any\n"
    "  browser and shows ROUTE (default #/overview).\n"
    "  --redact        replace host names, IP addresses, user names, file-system paths and\n"
    "                  secret property values (host-1, ip-1, user-1, dir-1/file-1.ext, ...)\n"
    "  --viewer FILE   the viewer page (default: web/afterglow-standalone.html next to the\n"
    "                  folder holding this program, as the build lays it out)\n";

struct ReportOptions {
  std::string path;
  std::string output;
  std::string route = "#/overview";
  std::string viewer;
  bool redact = false;
};

bool ParseOptions(int argc, char** argv, ReportOptions* options, std::string* error) {
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&](std::string* into) {
      if (i + 1 >= argc) {
        *error = arg + " needs a value";
        return false;
      }
      *into = argv[++i];
      return true;
    };
    if (arg == "-o" || arg == "--output") {
      if (!value(&options->output)) return false;
    } else if (arg == "--route") {
      if (!value(&options->route)) return false;
    } else if (arg == "--viewer") {
      if (!value(&options->viewer)) return false;
    } else if (arg == "--redact") {
      options->redact = true;
    } else if (!arg.empty() && arg[0] == '-') {
      *error = "unknown option " + arg;
      return false;
    } else if (options->path.empty()) {
      options->path = arg;
    } else {
      *error = "more than one PATH: " + options->path + " and " + arg;
      return false;
    }
  }
  if (options->path.empty()) *error = "PATH is missing";
  else if (options->output.empty()) *error = "-o FILE is missing";
  else if (options->route.rfind("#/", 0) != 0) *error = "--route must start with #/, e.g. #/stages";
  return error->empty();
}

// The build writes the CLI to build/<kind>/afterglow and the site to build/web/.
std::string DefaultViewer() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  return (exe.parent_path().parent_path() / "web" / "afterglow-standalone.html").string();
}

bool ReadWhole(const std::string& path, std::string* text, std::string* error) {
  std::unique_ptr<FILE, int (*)(FILE*)> in(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!in) {
    *error = "cannot read " + path + ": " + std::strerror(errno);
    return false;
  }
  char buffer[1 << 16];
  size_t got;
  while ((got = std::fread(buffer, 1, sizeof buffer, in.get())) > 0) text->append(buffer, got);
  if (std::ferror(in.get())) {
    *error = "cannot read " + path;
    return false;
  }
  return true;
}

struct PartToSave {
  std::string file;   // where it is on disk
  std::string name;   // relative name in the analysis
  uint64_t size = 0;
  std::string codec;  // a Spark 1.x folder's marker codec
};

// The parts of every log at `path`, named relative to the folder they were opened from: a log
// file by its name, a log folder with its name in front, a directory of logs relative to it.
bool PlanParts(const std::string& path, std::vector<PartToSave>* parts, std::string* error) {
  std::vector<LogSource> logs;
  if (!ListLogs(path, &logs, error)) return false;
  std::error_code ec;
  const bool is_directory = fs::is_directory(path, ec);
  const fs::path root = fs::path(path).lexically_normal();
  const bool folder_is_one_log = is_directory && logs.size() == 1 &&
                                 logs[0].layout != LogLayout::kSingleFile &&
                                 fs::path(logs[0].name).lexically_normal() == root;
  fs::path base = is_directory && !folder_is_one_log ? root : root.parent_path();
  if (folder_is_one_log && root.filename().empty()) base = root.parent_path().parent_path();
  for (const LogSource& log : logs) {
    for (const LayoutFile& part : log.parts) {
      const std::string& file = part.path;
      if (file.size() > 4 && file.compare(file.size() - 4, 4, ".zip") == 0) {
        *error = file + ": zip files are not saved by report yet: unzip it and pass the folder";
        return false;
      }
      std::string name = fs::path(file).lexically_normal().lexically_relative(base).generic_string();
      if (name.empty() || name.rfind("..", 0) == 0) name = fs::path(file).filename().string();
      parts->push_back({file, name, part.size, log.codec});
    }
  }
  if (parts->empty()) {
    *error = "no event logs under " + path;
    return false;
  }
  return true;
}

bool StreamPart(share::ShareJob& job, const PartToSave& part, int pass, std::vector<uint8_t>& buffer,
                std::string* error) {
  std::unique_ptr<FILE, int (*)(FILE*)> in(std::fopen(part.file.c_str(), "rb"), &std::fclose);
  if (!in) {
    *error = "cannot read " + part.file + ": " + std::strerror(errno);
    return false;
  }
  bool ok = job.BeginFile(part.name, part.size, part.codec, pass);
  size_t got;
  while (ok && (got = std::fread(buffer.data(), 1, kReadChunkBytes, in.get())) > 0) {
    ok = job.Push(buffer.data(), got);
  }
  if (ok && std::ferror(in.get())) {
    *error = "cannot read " + part.file;
    return false;
  }
  ok = ok && job.EndFile();
  if (!ok) *error = job.error();
  return ok;
}

std::string Size(uint64_t bytes) {
  char text[32];
  if (bytes >= (1u << 20)) {
    std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / (1 << 20));
  } else if (bytes >= 1024) {
    std::snprintf(text, sizeof text, "%.1f KB", static_cast<double>(bytes) / 1024);
  } else {
    std::snprintf(text, sizeof text, "%llu B", static_cast<unsigned long long>(bytes));
  }
  return text;
}

}  // namespace

int RunReport(int argc, char** argv) {
  ReportOptions options;
  std::string error;
  if (!ParseOptions(argc, argv, &options, &error)) {
    std::fprintf(stderr, "afterglow report: %s\n%s", error.c_str(), kReportUsage);
    return 2;
  }
  if (options.viewer.empty()) {
    options.viewer = DefaultViewer();
    std::error_code ec;
    if (options.viewer.empty() || !fs::exists(options.viewer, ec)) {
      std::fprintf(stderr,
                   "afterglow report: the viewer page %s is missing: build the page first "
                   "(./scripts/build.sh web) or pass --viewer afterglow-standalone.html\n",
                   options.viewer.empty() ? "afterglow-standalone.html" : options.viewer.c_str());
      return 2;
    }
  }
  std::string viewer;
  std::vector<PartToSave> parts;
  if (!ReadWhole(options.viewer, &viewer, &error) || !PlanParts(options.path, &parts, &error)) {
    std::fprintf(stderr, "afterglow report: %s\n", error.c_str());
    return 2;
  }
  share::ShareJob job(options.redact, options.route);
  std::vector<uint8_t> buffer(kReadChunkBytes + kReadPadding);
  for (int pass = options.redact ? 0 : 1; pass <= 1; ++pass) {
    for (const PartToSave& part : parts) {
      if (!StreamPart(job, part, pass, buffer, &error)) {
        std::fprintf(stderr, "afterglow report: %s\n", error.c_str());
        return 1;
      }
    }
  }
  if (!job.Finish(viewer)) {
    std::fprintf(stderr, "afterglow report: %s\n", job.error().c_str());
    return 1;
  }
  std::unique_ptr<FILE, int (*)(FILE*)> out(std::fopen(options.output.c_str(), "wb"), &std::fclose);
  const std::string& html = job.html();
  if (!out || std::fwrite(html.data(), 1, html.size(), out.get()) != html.size() ||
      std::fflush(out.get()) != 0) {
    std::fprintf(stderr, "afterglow report: cannot write %s: %s\n", options.output.c_str(),
                 std::strerror(errno));
    return 1;
  }
  std::printf("%s: %s, opens at %s%s\n", options.output.c_str(), Size(html.size()).c_str(),
              options.route.c_str(), options.redact ? ", redacted" : "");
  for (const share::SharedFile& f : job.files()) {
    if (f.bytes == 0 && f.zstd.empty()) {
      std::printf("  %s  (marker)\n", f.name.c_str());
    } else {
      std::printf("  %s  %s of log, %s compressed\n", f.name.c_str(), Size(f.bytes).c_str(),
                  Size(f.zstd.size()).c_str());
    }
  }
  if (options.redact) {
    const share::ReplacedCounts& c = job.counts();
    std::printf("  replaced: %llu hosts, %llu IP addresses, %llu users, %llu paths, %llu secret "
                "properties\n",
                static_cast<unsigned long long>(c.hosts), static_cast<unsigned long long>(c.ips),
                static_cast<unsigned long long>(c.users), static_cast<unsigned long long>(c.paths),
                static_cast<unsigned long long>(c.properties));
  }
  return 0;
}

}  // namespace afterglow::cli
