// The front every "afterglow <command> PATH [--json]" shares: the two arguments read, the logs
// under PATH loaded, and the applications found. Its messages and exit codes are the commands'
// contract (scripts read them): 2 for a usage or load error, 1 when PATH holds no event log.
#pragma once

#include <string>
#include <vector>

#include "core/session.h"

namespace afterglow::cli {

struct PathJsonArgs {
  std::string path;
  bool json = false;
};

// Reads `argc`/`argv` (the arguments after `command`, e.g. "streaming") as PATH and an optional
// --json, loads PATH into `session` and fills `summaries` with its applications. Returns -1 to go
// on; otherwise the exit code to return, its reason already written to stderr.
int OpenPathJsonCommand(const char* command, int argc, char** argv, Session& session,
                        PathJsonArgs* args, std::vector<AttemptSummary>* summaries);

}  // namespace afterglow::cli
