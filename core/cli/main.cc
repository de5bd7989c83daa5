// The `afterglow` command: a summary of event logs, or the History Server's REST answer for an
// API path, computed from the logs alone.
#include <cstdio>
#include <cstring>
#include <string>

#include "core/api/dates.h"
#include "core/cli/compare_command.h"
#include "core/cli/findings_command.h"
#include "core/cli/logs_download.h"
#include "core/cli/report_command.h"
#include "core/cli/streaming_command.h"
#include "core/cli/time_command.h"
#include "core/load/load_path.h"
#include "core/session.h"

namespace {

constexpr const char* kUsage =
    "afterglow: Apache Spark event logs, answered as the History Server would.\n"
    "\n"
    "Usage:\n"
    "  afterglow summary PATH          application, counts, and any bad input\n"
    "  afterglow api PATH API_PATH     the History Server's JSON for API_PATH, e.g.\n"
    "                                  /api/v1/applications or /api/v1/applications/<id>/jobs\n"
    "  afterglow report PATH -o FILE [--redact] [--route ROUTE] [--viewer FILE]\n"
    "                                  the logs saved inside the offline viewer page\n"
    "  afterglow findings PATH [--json] [--fail-on warning|critical] [--digest]\n"
    "                                  problems, their evidence, time at stake and fix\n"
    "  afterglow compare A B [--json]  two runs lined up: what changed and what it cost\n"
    "  afterglow streaming PATH [--json]  Structured Streaming runs and their statistics\n"
    "  afterglow --help\n"
    "\n"
    "PATH is one event log (plain, .zstd, .lz4, .snappy, .lzf, .gz), a History Server download\n"
    "zip, a rolling eventlog_v2_* folder, a Databricks or Spark 1.x log folder, or a History\n"
    "Server log directory holding any of these.\n";

std::string DateOrDash(int64_t ms) { return ms < 0 ? "-" : afterglow::FormatSparkDate(ms); }

int Summary(const std::string& path) {
  afterglow::Session session;
  std::string error;
  if (!afterglow::LoadPath(session, path, &error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 2;
  }
  const auto summaries = session.Summaries();
  for (const afterglow::AttemptSummary& s : summaries) {
    std::printf("application   %s%s%s\n", s.app_id.empty() ? "(no application id)" : s.app_id.c_str(),
                s.attempt_id.empty() ? "" : "  attempt ", s.attempt_id.c_str());
    std::printf("  name        %s\n", s.name.c_str());
    std::printf("  spark       %s\n", s.spark_version.empty() ? "-" : s.spark_version.c_str());
    std::printf("  user        %s\n", s.user.c_str());
    std::printf("  start       %s\n", DateOrDash(s.start_ms).c_str());
    std::printf("  end         %s\n", s.completed ? DateOrDash(s.end_ms).c_str() : "- (no ApplicationEnd)");
    if (s.completed && s.start_ms >= 0) {
      std::printf("  duration    %.3f s\n", static_cast<double>(s.end_ms - s.start_ms) / 1000.0);
    } else {
      std::printf("  duration    -\n");
    }
    std::printf("  jobs        %llu\n", static_cast<unsigned long long>(s.jobs));
    std::printf("  stages      %llu (attempts)\n", static_cast<unsigned long long>(s.stage_attempts));
    std::printf("  tasks       %llu (finished attempts)\n",
                static_cast<unsigned long long>(s.finished_tasks));
    std::printf("  executors   %llu (excluding the driver)\n",
                static_cast<unsigned long long>(s.executors));
    for (const afterglow::LoadCounterInfo& counter : afterglow::kLoadCounterTable) {
      char label[64];
      std::printf("  %-22s  %llu\n", afterglow::LoadCounterLabel(counter, label, sizeof label),
                  static_cast<unsigned long long>(s.counters.*counter.value));
    }
  }
  if (summaries.empty()) std::printf("no event logs under %s\n", path.c_str());
  for (const afterglow::LoadProblem& p : session.problems()) {
    if (p.line > 0) {
      std::printf("problem: %s line %llu: %s\n", p.file.c_str(),
                  static_cast<unsigned long long>(p.line), p.cause.c_str());
    } else if (p.offset > 0) {
      std::printf("problem: %s at byte %llu: %s\n", p.file.c_str(),
                  static_cast<unsigned long long>(p.offset), p.cause.c_str());
    } else {
      std::printf("problem: %s: %s\n", p.file.c_str(), p.cause.c_str());
    }
  }
  return 0;
}

int Api(const std::string& path, const std::string& api_path) {
  afterglow::Session session;
  std::string error;
  if (!afterglow::LoadPath(session, path, &error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 2;
  }
  // applications/<id>[/<attempt>]/logs: a zip of the log files, which only the CLI can read.
  if (const auto logs = afterglow::cli::ParseLogsPath(api_path)) {
    return afterglow::cli::DownloadLogs(session, *logs);
  }
  const afterglow::ApiResponse response = session.Api(api_path);
  if (response.status != 200) {
    std::fprintf(stderr, "%d %s\n", response.status, response.body.c_str());
    return 1;
  }
  std::fwrite(response.body.data(), 1, response.body.size(), stdout);
  std::fputc('\n', stdout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (argc == 3 && std::strcmp(argv[1], "summary") == 0) return Summary(argv[2]);
  if (argc == 4 && std::strcmp(argv[1], "api") == 0) return Api(argv[2], argv[3]);
  if (argc >= 2 && std::strcmp(argv[1], "time") == 0) return afterglow::cli::RunTime(argc - 2, argv + 2);
  if (argc >= 2 && std::strcmp(argv[1], "findings") == 0) {
    return afterglow::cli::RunFindings(argc - 2, argv + 2);
  }
  if (argc >= 2 && std::strcmp(argv[1], "report") == 0) {
    return afterglow::cli::RunReport(argc - 2, argv + 2);
  }
  if (argc >= 2 && std::strcmp(argv[1], "streaming") == 0) {
    return afterglow::cli::RunStreaming(argc - 2, argv + 2);
  }
  if (argc >= 2 && std::strcmp(argv[1], "compare") == 0) {
    return afterglow::cli::RunCompare(argc - 2, argv + 2);
  }
  std::fputs(kUsage, stderr);
  return 2;
}
