#include "core/cli/findings_command.h"

#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "core/analysis/diagnostics.h"
#include "core/analysis/rules/rule_context.h"
#include "core/api/findings_json.h"
#include "core/api/json_writer.h"
#include "core/base/epoch_clock.h"
#include "core/load/load_path.h"
#include "core/session.h"
#include "core/share/findings_digest.h"

namespace afterglow::cli {
namespace {

constexpr const char* kFindingsUsage =
    "usage: afterglow findings PATH [--json] [--fail-on warning|critical] [--digest]\n";

struct FindingsOptions {
  std::string path;
  bool json = false;
  bool digest = false;
  std::optional<FindingSeverity> fail_on;
};

std::optional<FindingsOptions> ParseFindingsOptions(int argc, char** argv) {
  FindingsOptions options;
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--json") {
      options.json = true;
    } else if (arg == "--digest") {
      options.digest = true;
    } else if (arg == "--fail-on" && i + 1 < argc) {
      const std::string level = argv[++i];
      if (level == "warning") {
        options.fail_on = FindingSeverity::kWarning;
      } else if (level == "critical") {
        options.fail_on = FindingSeverity::kCritical;
      } else {
        return std::nullopt;
      }
    } else if (options.path.empty() && !arg.starts_with("--")) {
      options.path = arg;
    } else {
      return std::nullopt;
    }
  }
  if (options.path.empty() || (options.json && options.digest)) return std::nullopt;
  return options;
}

void PrintText(const Finding& f) {
  std::printf("[%s] %s: %s\n", FindingSeverityName(f.severity), f.rule.c_str(), f.title.c_str());
  std::printf("    time at stake %s", rules::Duration(f.time_at_stake_ms).c_str());
  if (!f.time_at_stake_basis.empty()) std::printf(" (%s)", f.time_at_stake_basis.c_str());
  std::printf("\n");
  if (!f.fix.empty()) std::printf("    fix: %s\n", f.fix.c_str());
}

}  // namespace

int RunFindings(int argc, char** argv) {
  const std::optional<FindingsOptions> options = ParseFindingsOptions(argc, argv);
  if (!options) {
    std::fputs(kFindingsUsage, stderr);
    return 2;
  }
  Session session;
  std::string error;
  if (!LoadPath(session, options->path, &error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 2;
  }
  const int64_t now_ms = NowEpochMs();
  const StringPool& pool = session.strings();
  bool failed = false;
  JsonWriter json;
  if (options->json) json.BeginArray();
  const std::vector<AttemptSummary> summaries = session.Summaries();
  for (const AttemptSummary& summary : summaries) {
    const AttemptModel& model = *session.model(summary.model_index);
    const std::vector<Finding> findings = Diagnose(model, pool, now_ms);
    for (const Finding& f : findings) {
      // Severities order most urgent first: reaching `fail_on` is being at most as far down.
      if (options->fail_on && f.severity <= *options->fail_on) failed = true;
    }
    if (options->json) {
      for (const Finding& f : findings) WriteFindingJson(f, summary.app_id, json);
    } else if (options->digest) {
      const std::string digest = share::FindingsDigest(model, pool, findings);
      std::fwrite(digest.data(), 1, digest.size(), stdout);
    } else {
      std::printf("%s: %zu finding%s\n", summary.app_id.c_str(), findings.size(),
                  findings.size() == 1 ? "" : "s");
      for (const Finding& f : findings) PrintText(f);
    }
  }
  if (options->json) {
    json.EndArray();
    std::fwrite(json.text().data(), 1, json.text().size(), stdout);
    std::fputc('\n', stdout);
  } else if (summaries.empty()) {
    std::printf("no event logs under %s\n", options->path.c_str());
  }
  for (const LoadProblem& p : session.problems()) {
    std::fprintf(stderr, "problem: %s: %s\n", p.file.c_str(), p.cause.c_str());
  }
  return failed ? 1 : 0;
}

}  // namespace afterglow::cli
